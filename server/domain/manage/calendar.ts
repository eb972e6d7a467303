import { bookingCalendarText, calendarFilename, type CalendarLeg } from '../../../contract/bookingCalendar.ts';
import { stopText } from '../../../contract/quoting.constants.ts';
import { tripPlaces, type TripPlace } from '../../../contract/tripPlaces.ts';
import { londonParts } from '../pricing/londonTime.ts';
import type { ManagedBooking } from './record.ts';
import type { Operator } from './terms.ts';

/** A reminder an hour before each pick-up. */
const REMINDER_MINUTES = 60;
/** A leg whose journey time is unknown takes an hour in the calendar. */
const UNKNOWN_JOURNEY_MINUTES = 60;

const minutesOf = (seconds: number | null) => (seconds && seconds > 0 ? Math.ceil(seconds / 60) : UNKNOWN_JOURNEY_MINUTES);

function legs(booking: ManagedBooking, operator: Operator): CalendarLeg[] {
  const hourly = booking.rideType !== 'Q';
  const contact = operator.phone ? `${operator.companyName}: ${operator.phone}` : operator.companyName;
  const description = (flightNo: string, places: TripPlace[]) => [
    `Booking ${booking.bookingNumber}`,
    `${booking.vehicleQty} × ${booking.vehicleCategory} (${booking.companyName}), ${booking.totalPassengers} passenger${booking.totalPassengers === 1 ? '' : 's'}`,
    ...(flightNo ? [`Flight / train: ${flightNo}`] : []),
    ...places.map(({ label, address }) => `${label}: ${address}`),
    contact,
  ];
  const stops = booking.stops.map(stopText);
  const outbound: CalendarLeg = {
    key: 'pickup',
    start: londonParts(booking.pickupAt),
    durationMinutes: hourly && booking.hireHours ? booking.hireHours * 60 : minutesOf(booking.journeySeconds),
    summary: hourly ? `${booking.hireHours ?? ''} hour hire with ${operator.companyName}`.trim() : `Taxi to ${booking.dropoffAddress || 'your destination'} (${operator.companyName})`,
    location: booking.pickupAddress,
    description: description(booking.flightNo, tripPlaces(booking.pickupAddress, stops, hourly ? '' : booking.dropoffAddress)),
  };
  if (!booking.returnAt) return [outbound];
  return [
    outbound,
    {
      key: 'return',
      start: londonParts(booking.returnAt),
      durationMinutes: minutesOf(booking.returnJourneySeconds ?? booking.journeySeconds),
      summary: `Taxi to ${booking.pickupAddress} (${operator.companyName})`,
      location: booking.dropoffAddress,
      description: description(booking.returnFlightNo, tripPlaces(booking.dropoffAddress, [], booking.pickupAddress)),
    },
  ];
}

/** The booking's .ics as it now stands (a cancelled booking's events say CANCELLED), and its file name. */
export function bookingCalendar(booking: ManagedBooking, operator: Operator, now: Date): { filename: string; text: string } {
  return {
    filename: calendarFilename(booking.bookingNumber),
    text: bookingCalendarText({
      bookingNumber: booking.bookingNumber,
      sequence: booking.revision,
      cancelled: booking.status === 'cancelled',
      stamp: now,
      legs: legs(booking, operator),
      reminderMinutes: REMINDER_MINUTES,
    }),
  };
}
