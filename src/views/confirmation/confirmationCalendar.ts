/**
 * The confirmation page's "Add to calendar" file, built in the browser from the booking response with the same code
 * and the same event UIDs as the server's (contract/bookingCalendar.ts), so importing the mailed file too, or a later
 * one from the manage page, updates the events instead of adding them. The response has no journey time: a transfer
 * takes an hour in the calendar (as the server does when it does not know), an hourly hire its hours.
 */
import { bookingCalendarText, calendarFilename, type CalendarClock, type CalendarLeg } from '../../../contract/bookingCalendar.ts';
import { addressLine, tripPlaces, type TripPlace } from '../../../contract/tripPlaces.ts';
import type { BookingResponse } from '../../../machines/booking/booking.types.ts';

const UNKNOWN_JOURNEY_MINUTES = 60;
const REMINDER_MINUTES = 60;

/** '2030-07-01' and '8:05am' (or '08:05', '20:05:00') → the London wall clock; null when either is unreadable. */
export function calendarClock(date: string | null | undefined, time: string | null | undefined): CalendarClock | null {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(date?.trim() ?? '')?.[1];
  const raw = (time ?? '').trim().toLowerCase().replace(/\s+/g, '');
  if (!day || !raw) return null;
  const twelve = /^(\d{1,2})(?::(\d{2}))?(am|pm)$/.exec(raw);
  if (twelve) {
    const hour = Number(twelve[1]);
    if (hour < 1 || hour > 12) return null;
    return { date: day, hour: (hour % 12) + (twelve[3] === 'pm' ? 12 : 0), minute: Number(twelve[2] ?? 0) };
  }
  const clock = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(raw);
  if (clock && Number(clock[1]) <= 23 && Number(clock[2]) <= 59) return { date: day, hour: Number(clock[1]), minute: Number(clock[2]) };
  return null;
}

export interface Operator {
  companyName: string;
  phone: string | null;
}

/** The .ics of a confirmed booking; null when its pick-up time cannot be read. */
export function confirmationCalendar(data: BookingResponse['data'], operator: Operator, now = new Date()): { filename: string; text: string } | null {
  // Our provider also returns the vehicle (contract/bookings.ts); the spec's response may not.
  const booking: BookingResponse['data']['booking'] & Partial<{ vehicle_category: string; company_name: string; vehicle_qty: number }> = data.booking;
  const dropoff = booking.drop_off_address ?? '';
  const start = calendarClock(booking.pick_up_date, booking.pick_up_time);
  if (!start) return null;
  const hourly = booking.ride_type !== 'Q';
  const passengers = data.passengerDetails.total_passengers;
  const contact = operator.phone ? `${operator.companyName}: ${operator.phone}` : operator.companyName;
  const description = (places: TripPlace[]) => [
    `Booking ${booking.booking_number}`,
    ...(booking.vehicle_category ? [`${booking.vehicle_qty ?? 1} × ${booking.vehicle_category}${booking.company_name ? ` (${booking.company_name})` : ''}, ${passengers} passenger${passengers === 1 ? '' : 's'}`] : []),
    ...places.map(({ label, address }) => `${label}: ${address}`),
    contact,
  ];
  const hours = Number(booking.hourly_duration);
  const legs: CalendarLeg[] = [
    {
      key: 'pickup',
      start,
      durationMinutes: hourly && hours > 0 ? hours * 60 : UNKNOWN_JOURNEY_MINUTES,
      summary: hourly ? `${hours > 0 ? hours : ''} hour hire with ${operator.companyName}`.trim() : `Taxi to ${dropoff || 'your destination'} (${operator.companyName})`,
      location: booking.pick_up_address,
      description: description(tripPlaces(booking.pick_up_address, (data.bookingStops ?? []).map((stop) => addressLine(stop.stop_address, stop.stop_post_code)), hourly ? '' : dropoff)),
    },
  ];
  const back = calendarClock(booking.return_date, booking.return_time);
  if (back && !hourly) {
    legs.push({
      key: 'return',
      start: back,
      durationMinutes: UNKNOWN_JOURNEY_MINUTES,
      summary: `Taxi to ${booking.pick_up_address} (${operator.companyName})`,
      location: dropoff,
      description: description(tripPlaces(dropoff, [], booking.pick_up_address)),
    });
  }
  return {
    filename: calendarFilename(booking.booking_number),
    text: bookingCalendarText({ bookingNumber: booking.booking_number, sequence: 0, cancelled: false, stamp: now, legs, reminderMinutes: REMINDER_MINUTES }),
  };
}
