import { z } from 'zod';
import { isCalendarDate, londonClock } from './londonClock.ts';

/**
 * Flight arrivals (issue 33): a pick-up at an airport with the passenger's flight number (the spec's
 * `pickup_fight_number`, stored as `bookings.flight_no`) is followed through the flight port (FlightAware AeroAPI when
 * AEROAPI_KEY is set), or a dispatcher types the expected arrival. The driver's due time — when the driver should be
 * at the pick-up — is the expected arrival plus the owner's airport wait: AIRPORT_WAIT_INTERNATIONAL_MINUTES (default
 * 30) after landing, AIRPORT_WAIT_DOMESTIC_MINUTES (default 15) for a flight from an airport in Great Britain and
 * Northern Ireland. The booked pick-up time itself is never moved (the passenger's price and revision stay as booked).
 *
 *   POST /api/admin/bookings/:booking_number/flight/arrival  ManualArrivalRequest → { success, message, booking }
 *        (owners and dispatchers of the booking's site; 404 no such booking, 422 not an airport pick-up with a flight)
 */

export const FLIGHT_DEFAULTS = {
  /** Minutes after landing the driver meets a passenger off an international flight. */
  internationalWaitMinutes: 30,
  /** … off a domestic flight (no passport control, less luggage). */
  domesticWaitMinutes: 15,
  /** Most look-ups of one flight at the provider (AeroAPI bills each call). */
  lookupBudget: 8,
  /** The sweep follows a flight from this long before its scheduled arrival. */
  checkStartMinutes: 180,
} as const;

/** Where the expected arrival came from: the provider's answer, the dispatcher's typed time, or only the booking's pick-up time. */
export const ARRIVAL_SOURCES = ['provider', 'manual'] as const;
export type ArrivalSource = (typeof ARRIVAL_SOURCES)[number];

/** Why a flight needs a person: the queue of bookings that need action reads `flightNeedsAction` (server/domain/flights). */
export const FLIGHT_ACTION_REASONS = ['cancelled', 'diverted', 'early'] as const;
export type FlightActionReason = (typeof FLIGHT_ACTION_REASONS)[number];
export const FLIGHT_ACTION_LABELS: Record<FlightActionReason, string> = {
  cancelled: 'Flight cancelled',
  diverted: 'Flight diverted',
  early: 'Flight lands earlier than the pick-up allows',
};

/** The flight of a booking as the console shows it (board row and detail) and the driver's app reads it. */
export const flightViewSchema = z.object({
  number: z.string(),
  /** The pick-up airport's IATA code. */
  airport: z.string().nullable(),
  /** The provider's words ('Scheduled', 'En Route / On Time', 'Landed / Taxiing', 'Cancelled' …), '' before any answer. */
  status: z.string(),
  scheduled_arrival: z.string().nullable(),
  estimated_arrival: z.string().nullable(),
  actual_arrival: z.string().nullable(),
  /** The dispatcher's typed expected arrival, when set (it wins over the provider's). */
  manual_arrival: z.string().nullable(),
  /** The arrival the due time is counted from (manual, else actual, else estimated, else scheduled), or null. */
  expected_arrival: z.string().nullable(),
  arrival_source: z.enum(ARRIVAL_SOURCES).nullable(),
  cancelled: z.boolean(),
  diverted: z.boolean(),
  /** From an airport in the UK: the domestic wait applies. Null until known. */
  domestic: z.boolean().nullable(),
  origin: z.string().nullable(),
  /** When the driver should be at the pick-up (expected arrival + the airport wait), or null when no arrival is known. */
  driver_due_at: z.string().nullable(),
  wait_minutes: z.number(),
  needs_action: z.enum(FLIGHT_ACTION_REASONS).nullable(),
  last_checked_at: z.string().nullable(),
  /** What the last look-up gave: 'found', 'not_found', 'refused', 'rate_limited', 'failed', or null before any. */
  last_result: z.string().nullable(),
  lookups_used: z.number(),
  lookup_budget: z.number(),
});
export type FlightView = z.infer<typeof flightViewSchema>;

/** The passenger's line on the manage page (no provider internals). */
export const passengerFlightSchema = z.object({
  number: z.string(),
  expected_at: z.string().nullable(),
  driver_due_at: z.string().nullable(),
  cancelled: z.boolean(),
  diverted: z.boolean(),
  /** "Your flight BA117 is expected at 14:35; your driver will meet you at 15:05" (London time). */
  message: z.string(),
});
export type PassengerFlight = z.infer<typeof passengerFlightSchema>;

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A dispatcher's expected arrival: a London date and time, or null to clear it. */
export const manualArrivalRequestSchema = z.object({
  expected_arrival: z
    .object({
      date: z.string().refine(isCalendarDate, 'date must be a real date (YYYY-MM-DD)'),
      time: z.string().regex(hhmm, 'time must be HH:MM (24-hour)'),
    })
    .strict()
    .nullable(),
}).strict();
export type ManualArrivalRequest = z.infer<typeof manualArrivalRequestSchema>;

export const FLIGHT_MESSAGES = {
  manualSet: 'Expected arrival saved. The driver is due accordingly.',
  manualCleared: 'Expected arrival cleared.',
  noFlight: 'This booking is not an airport pick-up with a flight number.',
  tooFar: 'The expected arrival must be within a day of the pick-up time.',
} as const;

const two = (value: number) => String(value).padStart(2, '0');
/** HH:MM in London. */
export const londonTimeText = (iso: string) => {
  const clock = londonClock(new Date(iso));
  return `${two(clock.hour)}:${two(clock.minute)}`;
};

/** The passenger's sentence about their flight. */
export function passengerFlightMessage(flight: { number: string; expected_at: string | null; driver_due_at: string | null; cancelled: boolean; diverted: boolean }): string {
  if (flight.cancelled) return `Your flight ${flight.number} is shown as cancelled. We will be in touch about your pick-up.`;
  if (flight.diverted) return `Your flight ${flight.number} has been diverted. We will be in touch about your pick-up.`;
  if (!flight.expected_at || !flight.driver_due_at) return `We are following your flight ${flight.number} and will meet you when it lands.`;
  return `Your flight ${flight.number} is expected at ${londonTimeText(flight.expected_at)}; your driver will meet you at ${londonTimeText(flight.driver_due_at)}`;
}
