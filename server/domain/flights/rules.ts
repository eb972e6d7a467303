import { FLIGHT_DEFAULTS, type ArrivalSource, type FlightActionReason, type FlightView, type PassengerFlight, passengerFlightMessage } from '../../../contract/flights.ts';
import type { FlightAirport, FlightRecord } from '../../adapters/flights/port.ts';
import { gazetteer } from '../geo/gazetteer.ts';
import { londonParts } from '../pricing/londonTime.ts';

/**
 * The flight rules (issue 33), pure: which of the provider's flights is the booking's, where the expected arrival
 * comes from, the driver's due time, when a flight needs a person and when the sweep looks again.
 */

const MINUTE = 60_000;

/** A booking's flight as stored (booking_flights, migration 027). */
export interface StoredFlight {
  flightNumber: string;
  airportIata: string | null;
  scheduledArrivalAt: Date | null;
  estimatedArrivalAt: Date | null;
  actualArrivalAt: Date | null;
  status: string;
  cancelled: boolean;
  diverted: boolean;
  originIata: string | null;
  originCity: string | null;
  domestic: boolean | null;
  lastCheckedAt: Date | null;
  lastResult: string | null;
  lookupsUsed: number;
  nextCheckAt: Date | null;
  manualArrivalAt: Date | null;
}

/** The owner's flight settings. */
export interface FlightRules {
  internationalWaitMinutes: number;
  domesticWaitMinutes: number;
  lookupBudget: number;
  checkStartMinutes: number;
}

const whole = (value: string | null | undefined, fallback: number, min: number, max: number) => {
  if (value === null || value === undefined || !/^\d{1,7}$/.test(value.trim())) return fallback;
  return Math.min(max, Math.max(min, Number(value)));
};

export function flightRulesOf(settings: {
  AIRPORT_WAIT_INTERNATIONAL_MINUTES?: string | null;
  AIRPORT_WAIT_DOMESTIC_MINUTES?: string | null;
  FLIGHT_LOOKUP_BUDGET?: string | null;
  FLIGHT_CHECK_START_MINUTES?: string | null;
}): FlightRules {
  return {
    internationalWaitMinutes: whole(settings.AIRPORT_WAIT_INTERNATIONAL_MINUTES, FLIGHT_DEFAULTS.internationalWaitMinutes, 0, 240),
    domesticWaitMinutes: whole(settings.AIRPORT_WAIT_DOMESTIC_MINUTES, FLIGHT_DEFAULTS.domesticWaitMinutes, 0, 240),
    lookupBudget: whole(settings.FLIGHT_LOOKUP_BUDGET, FLIGHT_DEFAULTS.lookupBudget, 0, 50),
    checkStartMinutes: whole(settings.FLIGHT_CHECK_START_MINUTES, FLIGHT_DEFAULTS.checkStartMinutes, 30, 1_440),
  };
}

/** 'ba 117', 'BA-117', 'ba117' → 'BA117'; null when it is not an airline code and a number (a train reference, a ferry). */
export function normaliseFlightNumber(text: string): string | null {
  const compact = text.toUpperCase().replace(/[\s-]+/g, '');
  return /^(?:[A-Z]{2,3}|[A-Z]\d|\d[A-Z])\d{1,4}[A-Z]?$/.test(compact) ? compact : null;
}

/** From an airport in the United Kingdom (ICAO EG…, or a UK airport of the gazetteer): the domestic wait applies. */
export function isDomesticOrigin(origin: FlightAirport | null): boolean | null {
  if (!origin) return null;
  if (origin.icao) return origin.icao.toUpperCase().startsWith('EG');
  if (origin.iata) return gazetteer().byIata.has(origin.iata.toUpperCase());
  return null;
}

const arrivalOf = (flight: FlightRecord) => flight.scheduledIn ?? flight.scheduledOn;

/**
 * The booking's flight among the provider's: one arriving at the pick-up airport on the pick-up's London day (a
 * diverted one counts: it no longer arrives there), the one scheduled nearest the pick-up time; null when none.
 */
export function pickFlight(flights: readonly FlightRecord[], booking: { airportIata: string | null; pickupAt: Date }): FlightRecord | null {
  const day = londonParts(booking.pickupAt).date;
  const atAirport = (flight: FlightRecord) => {
    const destination = flight.destination;
    if (!booking.airportIata || !destination) return false;
    if (destination.iata?.toUpperCase() === booking.airportIata) return true;
    const icao = gazetteer().byIata.get(booking.airportIata)?.icao;
    return Boolean(icao && destination.icao?.toUpperCase() === icao);
  };
  const candidates = flights.filter((flight) => {
    const arrival = arrivalOf(flight);
    if (!arrival || londonParts(new Date(arrival)).date !== day) return false;
    return atAirport(flight) || flight.diverted;
  });
  const distance = (flight: FlightRecord) => Math.abs(new Date(arrivalOf(flight)!).getTime() - booking.pickupAt.getTime());
  const preferred = candidates.filter(atAirport);
  const pool = preferred.length ? preferred : candidates;
  return pool.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

/** The provider's flight as the columns keep it. */
export function providerFields(flight: FlightRecord) {
  return {
    scheduledArrivalAt: arrivalOf(flight) ? new Date(arrivalOf(flight)!) : null,
    estimatedArrivalAt: flight.estimatedIn ? new Date(flight.estimatedIn) : flight.estimatedOn ? new Date(flight.estimatedOn) : null,
    actualArrivalAt: flight.actualIn ? new Date(flight.actualIn) : flight.actualOn ? new Date(flight.actualOn) : null,
    status: flight.status,
    cancelled: flight.cancelled,
    diverted: flight.diverted,
    originIata: flight.origin?.iata ?? null,
    originCity: flight.origin?.city ?? null,
    domestic: isDomesticOrigin(flight.origin),
    faFlightId: flight.faFlightId,
  };
}

/** The arrival the due time counts from: the dispatcher's typed one, else the actual, the estimated, the scheduled. */
export function expectedArrival(flight: StoredFlight): { at: Date; source: ArrivalSource } | null {
  if (flight.manualArrivalAt) return { at: flight.manualArrivalAt, source: 'manual' };
  const provider = flight.actualArrivalAt ?? flight.estimatedArrivalAt ?? flight.scheduledArrivalAt;
  return provider ? { at: provider, source: 'provider' } : null;
}

/** Minutes the driver allows after landing: domestic (a flight from the UK) or international (the default when unknown). */
export const airportWaitMinutes = (flight: Pick<StoredFlight, 'domestic'>, rules: FlightRules) => (flight.domestic === true ? rules.domesticWaitMinutes : rules.internationalWaitMinutes);

/** When the driver should be at the pick-up: expected arrival + the airport wait; null when no arrival is known. */
export function driverDueAt(flight: StoredFlight, rules: FlightRules): Date | null {
  const arrival = expectedArrival(flight);
  return arrival ? new Date(arrival.at.getTime() + airportWaitMinutes(flight, rules) * MINUTE) : null;
}

/** A due time this much before the booked pick-up is "earlier than the pick-up allows". */
export const EARLY_TOLERANCE_MINUTES = 5;

/**
 * Why a booking's flight needs a person, or null: cancelled, diverted, or due before the booked pick-up (the flight
 * lands earlier than the pick-up allows). The needs-action queue (server/domain/dispatch) calls this.
 */
export function flightNeedsAction(flight: StoredFlight | null, booking: { pickupAt: Date; status?: string }, rules: FlightRules = flightRulesOf({})): FlightActionReason | null {
  if (!flight || !flight.airportIata) return null;
  if (booking.status && !['confirmed', 'accepted', 'driver_assigned'].includes(booking.status)) return null;
  if (flight.cancelled) return 'cancelled';
  if (flight.diverted) return 'diverted';
  const due = driverDueAt(flight, rules);
  if (due && due.getTime() < booking.pickupAt.getTime() - EARLY_TOLERANCE_MINUTES * MINUTE) return 'early';
  return null;
}

/** AeroAPI knows flights about two days ahead: a look-up sooner than this before arrival is spent for nothing. */
export const PROVIDER_WINDOW_MS = 48 * 60 * MINUTE;
/** How long after its (expected) arrival a flight with no landing reported is still looked at. */
const FOLLOW_AFTER_MS = 3 * 60 * MINUTE;

/**
 * When the sweep looks again, or null when it stops: from `checkStartMinutes` before the arrival (estimated, else
 * scheduled, else the pick-up), hourly until 90 minutes before, then every 30 minutes, then every 15 from 30 minutes
 * before until it lands (or three hours past); never for a cancelled or landed flight, nor once the budget is spent.
 */
export function nextCheckAt(flight: StoredFlight, booking: { pickupAt: Date }, rules: FlightRules, now: Date, configured: boolean): Date | null {
  if (!configured || !flight.airportIata) return null;
  if (flight.cancelled || flight.actualArrivalAt || flight.lookupsUsed >= rules.lookupBudget) return null;
  const reference = (flight.estimatedArrivalAt ?? flight.scheduledArrivalAt ?? booking.pickupAt).getTime();
  const t = now.getTime();
  if (t > reference + FOLLOW_AFTER_MS) return null;
  const start = reference - rules.checkStartMinutes * MINUTE;
  if (t < start) return new Date(start);
  const before = reference - t;
  const step = before > 90 * MINUTE ? 60 : before > 30 * MINUTE ? 30 : 15;
  return new Date(t + step * MINUTE);
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The console's and driver's view of a booking's flight. */
export function flightView(flight: StoredFlight, booking: { pickupAt: Date; status?: string }, rules: FlightRules): FlightView {
  const arrival = expectedArrival(flight);
  return {
    number: flight.flightNumber,
    airport: flight.airportIata,
    status: flight.status,
    scheduled_arrival: iso(flight.scheduledArrivalAt),
    estimated_arrival: iso(flight.estimatedArrivalAt),
    actual_arrival: iso(flight.actualArrivalAt),
    manual_arrival: iso(flight.manualArrivalAt),
    expected_arrival: iso(arrival?.at ?? null),
    arrival_source: arrival?.source ?? null,
    cancelled: flight.cancelled,
    diverted: flight.diverted,
    domestic: flight.domestic,
    origin: flight.originCity ?? flight.originIata,
    driver_due_at: iso(driverDueAt(flight, rules)),
    wait_minutes: airportWaitMinutes(flight, rules),
    needs_action: flightNeedsAction(flight, booking, rules),
    last_checked_at: iso(flight.lastCheckedAt),
    last_result: flight.lastResult,
    lookups_used: flight.lookupsUsed,
    lookup_budget: rules.lookupBudget,
  };
}

/** The passenger's line: their flight, when it is expected, and when the driver meets them. */
export function passengerFlight(flight: StoredFlight, rules: FlightRules): PassengerFlight {
  const arrival = expectedArrival(flight);
  const due = driverDueAt(flight, rules);
  const view = { number: flight.flightNumber, expected_at: iso(arrival?.at ?? null), driver_due_at: iso(due), cancelled: flight.cancelled, diverted: flight.diverted };
  return { ...view, message: passengerFlightMessage(view) };
}

/** A flight column (the repository's `flight` subquery, jsonb) as a StoredFlight; null without one or off an airport. */
export function storedFlightOf(value: unknown): StoredFlight | null {
  if (value === null || value === undefined) return null;
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  const date = (field: unknown) => (field === null || field === undefined ? null : new Date(field as string));
  const text = (field: unknown) => (field === null || field === undefined ? null : String(field));
  const flight: StoredFlight = {
    flightNumber: String(row.flight_number),
    airportIata: text(row.airport_iata),
    scheduledArrivalAt: date(row.scheduled_arrival_at),
    estimatedArrivalAt: date(row.estimated_arrival_at),
    actualArrivalAt: date(row.actual_arrival_at),
    status: String(row.status ?? ''),
    cancelled: row.cancelled === true,
    diverted: row.diverted === true,
    originIata: text(row.origin_iata),
    originCity: text(row.origin_city),
    domestic: row.domestic === null || row.domestic === undefined ? null : row.domestic === true,
    lastCheckedAt: date(row.last_checked_at),
    lastResult: text(row.last_result),
    lookupsUsed: Number(row.lookups_used ?? 0),
    nextCheckAt: date(row.next_check_at),
    manualArrivalAt: date(row.manual_arrival_at),
  };
  return flight.airportIata ? flight : null;
}
