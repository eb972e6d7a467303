import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import type { ManagedBooking } from './record.ts';
import { clock12 } from './clock.ts';
import type { Operator } from './terms.ts';
import { londonParts } from '../pricing/londonTime.ts';
import { poundsText } from '../../../contract/money.ts';

function when(at: Date): string {
  const local = londonParts(at);
  return `${local.date.split('-').reverse().join('-')} ${clock12(local.hour, local.minute)}`;
}

/** What the cancellation did with the money, in the passenger's words. */
function refundLine(booking: ManagedBooking, feePence: number, refundPence: number | null): string {
  if (refundPence === null) return 'Nothing to refund: the fare was to be paid to the driver.';
  const fee = feePence > 0 ? ` (a cancellation fee of ${poundsText(feePence, booking.currency)} is kept)` : '';
  if (refundPence === 0) return `Nothing to refund${fee}.`;
  return `${poundsText(refundPence, booking.currency)} back to the card you paid with${fee}.`;
}

/** The passenger's confirmation of their cancellation and the operator's notice, written in the cancellation's transaction. */
export function cancellationMails(identity: MailIdentity, operator: Operator, booking: ManagedBooking, feePence: number, refundPence: number | null): MailMessage[] {
  const refund = refundLine(booking, feePence, refundPence);
  const fields: [string, string][] = [
    ['Booking number', booking.bookingNumber],
    ['Pick-up', booking.pickupAddress],
    ...(booking.dropoffAddress ? [['Drop-off', booking.dropoffAddress] as [string, string]] : []),
    ['Date and time', when(booking.pickupAt)],
    ...(booking.returnAt ? [['Return', when(booking.returnAt)] as [string, string]] : []),
    ['Passenger', booking.passengerName],
    ['Refund', refund],
  ];
  const mails: MailMessage[] = [];
  if (booking.passengerEmail) {
    mails.push({
      kind: 'booking_cancelled',
      to: formatAddress(booking.passengerName, booking.passengerEmail),
      from: identity.from,
      replyTo: identity.operatorEmail,
      subject: `Booking ${booking.bookingNumber} cancelled — ${identity.companyName}`,
      ...renderMail({
        companyName: identity.companyName,
        heading: 'Your booking is cancelled',
        intro: [`Hello ${booking.passengerName || 'there'},`, 'As you asked, we have cancelled this booking:'],
        fields,
        outro: [
          ...(refundPence ? ['A card refund usually shows on your statement within 5 to 10 working days.'] : []),
          operator.phone ? `Questions? Call us on ${operator.phone} or reply to this e-mail.` : 'Questions? Reply to this e-mail.',
        ],
      }),
    });
  }
  if (identity.operatorEmail) {
    mails.push({
      kind: 'booking_cancelled_notice',
      to: identity.operatorEmail,
      from: identity.from,
      replyTo: booking.passengerEmail || null,
      subject: `Booking ${booking.bookingNumber} cancelled by the passenger: ${when(booking.pickupAt)}`,
      ...renderMail({
        companyName: identity.companyName,
        heading: `Booking ${booking.bookingNumber} cancelled by the passenger`,
        intro: [
          'The passenger cancelled this booking online, before your cancellation cut-off: no vehicle is needed.',
          ...(booking.driverName ? [`${booking.driverName} was assigned to it: please let them know.`] : []),
        ],
        fields,
      }),
    });
  }
  return mails;
}
