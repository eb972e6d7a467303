import { londonMoment } from '../../../contract/dispatch.ts';
import { poundsText } from '../../../contract/money.ts';
import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import { bookingFields } from './mails.ts';
import type { PreparedBooking } from './prepare.ts';

export const PAY_LINK_LABEL = 'Pay for your booking';

/** The passenger's mail with the payment link: the trip, the price, the link and its time limit. */
export function payLinkMail(identity: MailIdentity, bookingNumber: string, prepared: PreparedBooking, link: { url: string; dueAt: Date }): MailMessage {
  const due = londonMoment(link.dueAt);
  return {
    kind: 'booking_pay_link',
    to: formatAddress(prepared.passenger.name, prepared.passenger.email),
    from: identity.from,
    replyTo: identity.operatorEmail,
    subject: `Pay for booking ${bookingNumber} — ${identity.companyName}`,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Your booking is waiting for payment',
      intro: [`Hello ${prepared.passenger.name || 'there'},`, `Thank you for booking with us by phone. Please pay ${poundsText(prepared.totalPence, prepared.currency)} by card to confirm it:`],
      fields: [...bookingFields(bookingNumber, prepared), [PAY_LINK_LABEL, link.url]],
      outro: [
        `Please pay by ${due} (London time). Until then we hold the booking for you; if it is not paid by then, it is cancelled.`,
        `Once you have paid, we send your confirmation with a link to manage the booking. You can also reply to this e-mail or call us.`,
      ],
    }),
  };
}

/** The passenger's mail when the time limit passed unpaid: the booking is cancelled, nothing was charged. */
export function payLinkReleasedMail(identity: MailIdentity, booking: { bookingNumber: string; passengerName: string; passengerEmail: string; prepared: PreparedBooking }): MailMessage {
  const { prepared } = booking;
  return {
    kind: 'booking_pay_link_released',
    to: formatAddress(booking.passengerName, booking.passengerEmail),
    from: identity.from,
    replyTo: identity.operatorEmail,
    subject: `Booking ${booking.bookingNumber} cancelled: not paid in time — ${identity.companyName}`,
    ...renderMail({
      companyName: identity.companyName,
      heading: 'Your booking is cancelled',
      intro: [`Hello ${booking.passengerName || 'there'},`, 'We held this booking for your card payment, but it was not paid in time, so it is cancelled. Nothing was charged.'],
      fields: [
        ['Booking number', booking.bookingNumber],
        ['Pick-up', prepared.pickupAddress],
        ['Date and time', `${prepared.pickupDate.split('-').reverse().join('-')} ${prepared.pickupTime}`],
      ],
      outro: ['If you still need the trip, please call us or reply to this e-mail and we will book it again.'],
    }),
  };
}
