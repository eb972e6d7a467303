import { stopText } from '../../../contract/booking.ts';
import type { ManageTripValues } from '../../../contract/manageBooking.ts';
import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import type { ManagedBooking } from './record.ts';
import type { Operator } from './terms.ts';
import { poundsText } from '../../../contract/money.ts';

const LABELS: Record<keyof ManageTripValues, string> = {
  pickup_date: 'Pick-up date',
  pickup_hour: 'Pick-up hour',
  pickup_min: 'Pick-up minute',
  passengers: 'Passengers',
  luggages: 'Luggage',
  hand_luggages: 'Hand luggage',
  meet_and_greet: 'Meet and greet',
  baby_seats: 'Baby seats',
  booster_seats: 'Booster seats',
  special_luggage: 'Special luggage',
  wheel_chair: 'Wheelchair',
  waiting_min: 'Waiting time (minutes)',
  flight_no: 'Flight number',
  passenger_name: 'Passenger',
  passenger_email: 'E-mail',
  passenger_phone: 'Phone',
  pickup: 'Pick-up',
  stops: 'Stops',
  dropoff: 'Drop-off',
};

/** A value as a person reads it: the stops as their addresses in order. */
const shown = (values: ManageTripValues, field: keyof ManageTripValues) => (field === 'stops' ? values.stops.map(stopText).join('; ') : String(values[field]));

const showDate = (date: string) => date.split('-').reverse().join('-');
const pickupText = (values: ManageTripValues) => `${values.pickup_hour.replace(/(am|pm)$/, `:${values.pickup_min}$1`)} on ${showDate(values.pickup_date)}`;

/** One line per changed value: 'Pick-up: 10:30am on 12-12-2026 → 11:00am on 12-12-2026', 'Passengers: 2 → 3'. */
export function changeSummary(before: ManageTripValues, after: ManageTripValues, changed: readonly (keyof ManageTripValues)[]): string[] {
  const lines: string[] = [];
  if (changed.some((field) => field === 'pickup_date' || field === 'pickup_hour' || field === 'pickup_min')) lines.push(`Pick-up time: ${pickupText(before)} → ${pickupText(after)}`);
  for (const field of changed) {
    if (field === 'pickup_date' || field === 'pickup_hour' || field === 'pickup_min') continue;
    lines.push(`${LABELS[field]}: ${shown(before, field) || '—'} → ${shown(after, field) || '—'}`);
  }
  return lines;
}

/** What the change did with the money, in the passenger's words. */
export function moneyLine(booking: ManagedBooking, newTotalPence: number, differencePence: number): string {
  const price = poundsText(Math.abs(newTotalPence), booking.currency);
  if (differencePence === 0) return `The price stays ${price}.`;
  if (booking.paymentMethod === 'car') return `The new price is ${price}, paid to the driver.`;
  return differencePence > 0
    ? `The new price is ${price}: ${poundsText(Math.abs(differencePence), booking.currency)} was charged to your card.`
    : `The new price is ${price}: ${poundsText(Math.abs(differencePence), booking.currency)} goes back to the card you paid with (usually within 5 to 10 working days).`;
}

/** The passenger's mail (the new details and price) and the operator's notice of an applied change. */
export function changedMails(identity: MailIdentity, operator: Operator, booking: ManagedBooking, after: ManageTripValues, summary: string[], money: string): MailMessage[] {
  const fields: [string, string][] = [
    ['Booking number', booking.bookingNumber],
    ['Pick-up', after.pickup],
    // A change recorded before stops could change has none in its values.
    ...((after.stops ?? []).length > 0 ? [['Stops', after.stops.map(stopText).join('; ')] as [string, string]] : []),
    ...(after.dropoff ? [['Drop-off', after.dropoff] as [string, string]] : []),
    ['Date and time', pickupText(after)],
    ['Passengers', String(after.passengers)],
    ['Price', money],
  ];
  const mails: MailMessage[] = [];
  if (after.passenger_email) {
    mails.push({
      kind: 'booking_changed',
      to: formatAddress(after.passenger_name, after.passenger_email),
      from: identity.from,
      replyTo: identity.operatorEmail,
      subject: `Booking ${booking.bookingNumber} changed — ${identity.companyName}`,
      ...renderMail({
        companyName: identity.companyName,
        heading: 'Your booking is changed',
        intro: [`Hello ${after.passenger_name || 'there'},`, 'As you asked, we have changed your booking:', ...summary],
        fields,
        outro: [operator.phone ? `Questions? Call us on ${operator.phone} or reply to this e-mail.` : 'Questions? Reply to this e-mail.'],
      }),
    });
  }
  if (identity.operatorEmail) {
    mails.push({
      kind: 'booking_changed_notice',
      to: identity.operatorEmail,
      from: identity.from,
      replyTo: after.passenger_email || null,
      subject: `Booking ${booking.bookingNumber} changed by the passenger: ${pickupText(after)}`,
      ...renderMail({ companyName: identity.companyName, heading: `Booking ${booking.bookingNumber} changed by the passenger`, intro: ['The passenger changed this booking online:', ...summary], fields }),
    });
  }
  return mails;
}

/** A change asked for after a driver was assigned: the operator's mail (the booking is unchanged until they act). */
export function changeRequestMail(identity: MailIdentity, booking: ManagedBooking, after: ManageTripValues, summary: string[]): MailMessage[] {
  if (!identity.operatorEmail) return [];
  return [
    {
      kind: 'booking_change_requested',
      to: identity.operatorEmail,
      from: identity.from,
      replyTo: booking.passengerEmail || null,
      subject: `Change requested for booking ${booking.bookingNumber} (driver assigned)`,
      ...renderMail({
        companyName: identity.companyName,
        heading: `The passenger asks to change booking ${booking.bookingNumber}`,
        intro: [
          `A driver${booking.driverName ? ` (${booking.driverName})` : ''} is assigned, so the change was not applied. Please confirm it with the passenger and change the booking if you agree:`,
          ...summary,
        ],
        fields: [
          ['Booking number', booking.bookingNumber],
          ['Passenger', booking.passengerName],
          ['Phone', after.passenger_phone],
          ['Requested pick-up', pickupText(after)],
        ],
      }),
    },
  ];
}
