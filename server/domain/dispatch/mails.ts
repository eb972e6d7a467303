import { CANCEL_REASON_LABELS, type AssignedVehicle, type CancelReason } from '../../../contract/dispatch.ts';
import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import { clock12 } from '../manage/clock.ts';
import type { Operator } from '../manage/terms.ts';
import { londonParts } from '../pricing/londonTime.ts';
import { poundsText } from '../../../contract/money.ts';

/** What the passenger's dispatch mails say of the booking (read under the booking's lock). */
export interface DispatchMailBooking {
  bookingNumber: string;
  passengerName: string;
  passengerEmail: string;
  pickupAt: Date;
  pickupAddress: string;
  dropoffAddress: string;
  currency: string;
  totalPence: number;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function when(at: Date): string {
  const local = londonParts(at);
  return `${local.date.split('-').reverse().join('-')} ${clock12(local.hour, local.minute)}`;
}

const contact = (operator: Operator) => (operator.phone ? `Questions? Call us on ${operator.phone} or reply to this e-mail.` : 'Questions? Reply to this e-mail.');

function journeyFields(booking: DispatchMailBooking): [string, string][] {
  return [
    ['Booking number', booking.bookingNumber],
    ['Pick-up', booking.pickupAddress],
    ...(booking.dropoffAddress ? [['Drop-off', booking.dropoffAddress] as [string, string]] : []),
    ['Date and time', when(booking.pickupAt)],
  ];
}

/** One mail to the passenger (none for a booking without an address, e.g. anonymised). */
function toPassenger(
  identity: MailIdentity,
  booking: DispatchMailBooking,
  kind: string,
  subject: string,
  content: { heading: string; intro: string[]; fields: [string, string][]; outro: string[] },
): MailMessage[] {
  if (!booking.passengerEmail) return [];
  return [
    {
      kind,
      to: formatAddress(booking.passengerName, booking.passengerEmail),
      from: identity.from,
      replyTo: identity.operatorEmail,
      subject: `${subject} — ${identity.companyName}`,
      ...renderMail({ companyName: identity.companyName, ...content }),
    },
  ];
}

const hello = (booking: DispatchMailBooking) => `Hello ${booking.passengerName || 'there'},`;

export function acceptedMail(identity: MailIdentity, operator: Operator, booking: DispatchMailBooking): MailMessage[] {
  return toPassenger(identity, booking, 'booking_accepted', `Booking ${booking.bookingNumber} accepted`, {
    heading: 'Your booking is accepted',
    intro: [hello(booking), 'We have accepted your booking. We will e-mail you again with your driver and vehicle.'],
    fields: journeyFields(booking),
    outro: [contact(operator)],
  });
}

/** The driver's first name only, and the car to look for. */
export function driverAssignedMail(identity: MailIdentity, operator: Operator, booking: DispatchMailBooking, driverName: string, vehicle: AssignedVehicle): MailMessage[] {
  return toPassenger(identity, booking, 'driver_assigned', `Your driver for booking ${booking.bookingNumber}`, {
    heading: 'Your driver',
    intro: [hello(booking), `${firstName(driverName)} will drive you.`],
    fields: [
      ...journeyFields(booking),
      ['Driver', firstName(driverName)],
      ['Vehicle', `${vehicle.colour} ${vehicle.make} ${vehicle.model}`],
      ['Registration', vehicle.registration],
    ],
    outro: [contact(operator)],
  });
}

/** The operator cancelled: the reason and what happens to the money (the refund, with its amount, or nothing to pay). */
export function operatorCancelledMail(
  identity: MailIdentity,
  operator: Operator,
  booking: DispatchMailBooking,
  cancel: { reason: CancelReason; paidByCard: boolean; refundPence: number },
): MailMessage[] {
  const refund = !cancel.paidByCard
    ? 'Nothing to pay: the fare was to be paid to the driver.'
    : cancel.refundPence > 0
      ? `${poundsText(cancel.refundPence, booking.currency)} back to the card you paid with.`
      : 'No refund.';
  return toPassenger(identity, booking, 'booking_cancelled_by_operator', `Booking ${booking.bookingNumber} cancelled`, {
    heading: 'Your booking is cancelled',
    intro: [hello(booking), 'We are sorry: we have had to cancel this booking.'],
    fields: [...journeyFields(booking), ['Passenger', booking.passengerName], ['Reason', CANCEL_REASON_LABELS[cancel.reason]], ['Refund', refund]],
    outro: [...(cancel.refundPence > 0 ? ['A card refund usually shows on your statement within 5 to 10 working days.'] : []), contact(operator)],
  });
}

/** Sent when the operator completes the job (the lead attaches the PDF receipt). */
export function completedMail(identity: MailIdentity, operator: Operator, booking: DispatchMailBooking): MailMessage[] {
  return toPassenger(identity, booking, 'booking_completed', `Thank you for travelling with us: booking ${booking.bookingNumber}`, {
    heading: 'Thank you for travelling with us',
    intro: [hello(booking), 'Your journey is complete.'],
    fields: [...journeyFields(booking), ['Fare', poundsText(booking.totalPence, booking.currency)]],
    outro: [contact(operator)],
  });
}
