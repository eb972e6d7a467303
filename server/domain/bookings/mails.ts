import { NOTHING_TO_PAY, PAYMENT_METHOD_LABELS } from '../../../contract/bookings.ts';
import { tripPlaces } from '../../../contract/tripPlaces.ts';
import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import type { ConfirmationManage } from '../manage/confirmation.ts';
import type { PreparedBooking } from './prepare.ts';
import { poundsText } from '../../../contract/money.ts';

export const MANAGE_LINK_LABEL = 'Manage your booking';

const dmy = (date: string | null) => (date ? date.split('-').reverse().join('-') : '');

export function bookingFields(bookingNumber: string, prepared: PreparedBooking): [string, string][] {
  const amount = poundsText(prepared.totalPence, prepared.currency);
  const fields: [string, string][] = [
    ['Booking number', bookingNumber],
    ...tripPlaces(prepared.pickupAddress, prepared.stops.map((stop) => stop.stop_address), prepared.dropoffAddress).map(({ label, address }): [string, string] => [label, address]),
  ];
  fields.push(['Date and time', `${dmy(prepared.pickupDate)} ${prepared.pickupTime}`]);
  if (prepared.returnDate) fields.push(['Return', `${dmy(prepared.returnDate)} ${prepared.returnTime ?? ''}`]);
  if (prepared.hours) fields.push(['Hire', `${prepared.hours} hours`]);
  if (prepared.flightNo) fields.push(['Flight / train', prepared.flightNo]);
  fields.push(
    ['Vehicle', `${prepared.quantity} × ${prepared.row.vehicle_type} (${prepared.row.company_name})`],
    ['Passengers', String(prepared.totalPassengers)],
    ['Passenger', [prepared.passenger.name, prepared.passenger.phone].filter(Boolean).join(', ')],
  );
  // Both mails show the discount as the booking's breakdown does: "Promo code SUMMER10 (10% off)  -£4.55".
  if (prepared.promo) fields.push([prepared.promo.label, poundsText(-prepared.promo.discount_pence, prepared.currency)]);
  // A booking its promo code made free reads "Payment: Nothing to pay" (no method, no £0.00).
  fields.push(['Payment', prepared.totalPence === 0 ? NOTHING_TO_PAY : `${PAYMENT_METHOD_LABELS[prepared.paymentMethod]}: ${amount}`]);
  if (prepared.passenger.additionalInfo) fields.push(['Notes', prepared.passenger.additionalInfo]);
  return fields;
}

/**
 * The passenger's confirmation (with the "Manage your booking" link and the booking's .ics) and the operator's notice
 * (neither: the link is the passenger's), written in the booking's transaction.
 */
export function bookingMails(identity: MailIdentity, bookingNumber: string, prepared: PreparedBooking, manage: ConfirmationManage): MailMessage[] {
  const fields = bookingFields(bookingNumber, prepared);
  const mails: MailMessage[] = [
    {
      kind: 'booking_confirmation',
      to: formatAddress(prepared.passenger.name, prepared.passenger.email),
      from: identity.from,
      replyTo: identity.operatorEmail,
      subject: `Booking ${bookingNumber} confirmed — ${identity.companyName}`,
      ...renderMail({
        companyName: identity.companyName,
        heading: 'Your booking is confirmed',
        intro: [`Hello ${prepared.passenger.name || 'there'},`, 'Thank you for booking with us. Here are the details:'],
        fields: [...fields, [MANAGE_LINK_LABEL, manage.manageUrl]],
        outro: [
          'Your driver will be waiting at the pick-up time.',
          `Open "${MANAGE_LINK_LABEL}" to see your booking's status or cancel it. The booking is attached as a calendar file. You can also reply to this e-mail or call us.`,
        ],
      }),
      attachments: [manage.calendar],
    },
  ];
  if (identity.operatorEmail) {
    mails.push({
      kind: 'booking_notice',
      to: identity.operatorEmail,
      from: identity.from,
      replyTo: prepared.passenger.email,
      subject: `New booking ${bookingNumber}: ${prepared.pickupDate} ${prepared.pickupTime}`,
      ...renderMail({ companyName: identity.companyName, heading: `New booking ${bookingNumber}`, fields }),
    });
  }
  return mails;
}

/** What the operator is told when a second charge for one booking was refunded automatically. */
export interface DuplicateChargeFacts {
  bookingNumber: string;
  refundedIntentId: string;
  paidIntentId: string;
  amount: string;
}

/** The operator's notice of an automatic refund (none when the operator has no e-mail address). */
export function duplicateChargeMail(identity: MailIdentity, facts: DuplicateChargeFacts): MailMessage | null {
  if (!identity.operatorEmail) return null;
  return {
    kind: 'duplicate_charge_refunded',
    to: identity.operatorEmail,
    from: identity.from,
    subject: `Booking ${facts.bookingNumber}: a second card payment was refunded`,
    ...renderMail({
      companyName: identity.companyName,
      heading: `Second payment refunded for booking ${facts.bookingNumber}`,
      intro: ['The card processor reported a second successful payment for a booking that was already paid. It is refunded automatically; the booking stands and is paid once.'],
      fields: [
        ['Booking number', facts.bookingNumber],
        ['Refunded payment', facts.refundedIntentId],
        ['Amount refunded', facts.amount],
        ['Payment kept', facts.paidIntentId],
      ],
      outro: ['Nothing needs doing unless the refund shows as failed in the processor’s dashboard.'],
    }),
  };
}
