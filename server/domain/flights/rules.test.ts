import { describe, expect, it } from 'vitest';
import { passengerFlightMessage } from '../../../contract/flights.ts';
import type { FlightRecord } from '../../adapters/flights/port.ts';
import { toFlightRecord } from '../../adapters/flights/aeroapi.ts';
import { londonWallClock } from '../pricing/londonTime.ts';
import { driverDueAt, expectedArrival, flightNeedsAction, flightRulesOf, isDomesticOrigin, nextCheckAt, normaliseFlightNumber, pickFlight, type StoredFlight } from './rules.ts';

const at = (date: string, time: string) => londonWallClock(date, Number(time.slice(0, 2)), Number(time.slice(3, 5)));
const DAY = '2026-07-15'; // British Summer Time: London is UTC+1
const rules = flightRulesOf({});

const stored = (over: Partial<StoredFlight> = {}): StoredFlight => ({
  flightNumber: 'BA117',
  airportIata: 'LHR',
  scheduledArrivalAt: at(DAY, '13:55'),
  estimatedArrivalAt: null,
  actualArrivalAt: null,
  status: 'Scheduled',
  cancelled: false,
  diverted: false,
  originIata: 'JFK',
  originCity: 'New York',
  domestic: false,
  lastCheckedAt: null,
  lastResult: 'found',
  lookupsUsed: 1,
  nextCheckAt: null,
  manualArrivalAt: null,
  ...over,
});

const record = (date: string, time: string, destination: string, over: Partial<FlightRecord> = {}): FlightRecord => ({
  ident: 'BAW117',
  identIata: 'BA117',
  faFlightId: `BAW117-${date}-${destination}`,
  scheduledIn: at(date, time).toISOString(),
  estimatedIn: null,
  actualIn: null,
  scheduledOn: null,
  estimatedOn: null,
  actualOn: null,
  status: 'Scheduled',
  cancelled: false,
  diverted: false,
  origin: { iata: 'JFK', icao: 'KJFK', city: 'New York', timezone: 'America/New_York' },
  destination: { iata: destination, icao: null, city: null, timezone: null },
  ...over,
});

describe('the due-time rule', () => {
  it('is the expected arrival plus 30 minutes for an international flight, 15 for a domestic one, the owner\'s waits when set', () => {
    expect(driverDueAt(stored({ estimatedArrivalAt: at(DAY, '14:35') }), rules)).toEqual(at(DAY, '15:05'));
    expect(driverDueAt(stored({ estimatedArrivalAt: at(DAY, '14:35'), domestic: true }), rules)).toEqual(at(DAY, '14:50'));
    // Origin not known yet: the longer, international wait.
    expect(driverDueAt(stored({ domestic: null }), rules)).toEqual(at(DAY, '14:25'));
    const owner = flightRulesOf({ AIRPORT_WAIT_INTERNATIONAL_MINUTES: '45', AIRPORT_WAIT_DOMESTIC_MINUTES: '0' });
    expect(driverDueAt(stored(), owner)).toEqual(at(DAY, '14:40'));
    expect(driverDueAt(stored({ domestic: true }), owner)).toEqual(at(DAY, '13:55'));
  });

  it('counts from the typed arrival, else the actual, the estimated, the scheduled; none known: no due time', () => {
    const all = stored({ manualArrivalAt: at(DAY, '16:00'), actualArrivalAt: at(DAY, '14:40'), estimatedArrivalAt: at(DAY, '14:35') });
    expect(expectedArrival(all)).toEqual({ at: at(DAY, '16:00'), source: 'manual' });
    expect(expectedArrival({ ...all, manualArrivalAt: null })).toEqual({ at: at(DAY, '14:40'), source: 'provider' });
    expect(expectedArrival({ ...all, manualArrivalAt: null, actualArrivalAt: null })).toEqual({ at: at(DAY, '14:35'), source: 'provider' });
    expect(driverDueAt(stored({ scheduledArrivalAt: null }), rules)).toBeNull();
  });

  it('falls back to the defaults for a missing or malformed setting and keeps within bounds', () => {
    expect(flightRulesOf({ AIRPORT_WAIT_INTERNATIONAL_MINUTES: 'thirty', FLIGHT_LOOKUP_BUDGET: null, FLIGHT_CHECK_START_MINUTES: '5' })).toEqual({
      internationalWaitMinutes: 30,
      domesticWaitMinutes: 15,
      lookupBudget: 8,
      checkStartMinutes: 30,
    });
  });

  it('says in London time: "Your flight BA117 is expected at 14:35; your driver will meet you at 15:05"', () => {
    const expected = at(DAY, '14:35').toISOString();
    const due = at(DAY, '15:05').toISOString();
    expect(passengerFlightMessage({ number: 'BA117', expected_at: expected, driver_due_at: due, cancelled: false, diverted: false })).toBe(
      'Your flight BA117 is expected at 14:35; your driver will meet you at 15:05',
    );
    // In winter London is on GMT.
    expect(passengerFlightMessage({ number: 'BA117', expected_at: at('2026-01-15', '09:05').toISOString(), driver_due_at: at('2026-01-15', '09:35').toISOString(), cancelled: false, diverted: false })).toBe(
      'Your flight BA117 is expected at 09:05; your driver will meet you at 09:35',
    );
  });
});

describe('which flight, and when it needs a person', () => {
  it('picks the flight arriving at the pick-up airport on the pick-up day, nearest the pick-up time', () => {
    const flights = [record('2026-07-14', '13:55', 'LHR'), record(DAY, '13:55', 'MAN'), record(DAY, '13:55', 'LHR'), record(DAY, '21:55', 'LHR'), record('2026-07-16', '13:55', 'LHR')];
    expect(pickFlight(flights, { airportIata: 'LHR', pickupAt: at(DAY, '14:30') })?.faFlightId).toBe(`BAW117-${DAY}-LHR`);
    expect(pickFlight(flights, { airportIata: 'LGW', pickupAt: at(DAY, '14:30') })).toBeNull();
    // Diverted elsewhere: still the booking's flight.
    expect(pickFlight([record(DAY, '13:55', 'STN', { diverted: true })], { airportIata: 'LHR', pickupAt: at(DAY, '14:30') })?.diverted).toBe(true);
  });

  it('tells domestic from international by the origin (ICAO EG…, or a UK airport code)', () => {
    expect(isDomesticOrigin({ iata: 'EDI', icao: 'EGPH', city: 'Edinburgh', timezone: 'Europe/London' })).toBe(true);
    expect(isDomesticOrigin({ iata: 'BHD', icao: null, city: 'Belfast', timezone: null })).toBe(true);
    expect(isDomesticOrigin({ iata: 'DUB', icao: 'EIDW', city: 'Dublin', timezone: 'Europe/Dublin' })).toBe(false);
    expect(isDomesticOrigin(null)).toBeNull();
  });

  it('flags cancelled, diverted and early flights of live bookings only', () => {
    const pickup = { pickupAt: at(DAY, '14:30'), status: 'confirmed' };
    expect(flightNeedsAction(stored({ cancelled: true }), pickup)).toBe('cancelled');
    expect(flightNeedsAction(stored({ diverted: true }), pickup)).toBe('diverted');
    expect(flightNeedsAction(stored({ estimatedArrivalAt: at(DAY, '13:30') }), pickup)).toBe('early');
    expect(flightNeedsAction(stored({ estimatedArrivalAt: at(DAY, '13:58') }), pickup)).toBeNull();
    expect(flightNeedsAction(stored({ cancelled: true }), { ...pickup, status: 'completed' })).toBeNull();
    expect(flightNeedsAction(null, pickup)).toBeNull();
  });

  it('normalises flight numbers and refuses what is not one', () => {
    expect(normaliseFlightNumber(' ba 117 ')).toBe('BA117');
    expect(normaliseFlightNumber('U2-8012')).toBe('U28012');
    expect(normaliseFlightNumber('EZY123')).toBe('EZY123');
    expect(normaliseFlightNumber('Eurostar 9014 coach 7')).toBeNull();
    expect(normaliseFlightNumber('')).toBeNull();
  });
});

describe('when the sweep looks again', () => {
  const pickup = { pickupAt: at(DAY, '14:30') };
  it('from 3 hours before the arrival, hourly, then every 30 and every 15 minutes; never without a key, once landed or cancelled, nor past the budget', () => {
    const flight = stored({ estimatedArrivalAt: at(DAY, '14:30') });
    expect(nextCheckAt(flight, pickup, rules, at(DAY, '06:00'), true)).toEqual(at(DAY, '11:30'));
    expect(nextCheckAt(flight, pickup, rules, at(DAY, '11:30'), true)).toEqual(at(DAY, '12:30'));
    expect(nextCheckAt(flight, pickup, rules, at(DAY, '13:30'), true)).toEqual(at(DAY, '14:00'));
    expect(nextCheckAt(flight, pickup, rules, at(DAY, '14:10'), true)).toEqual(at(DAY, '14:25'));
    expect(nextCheckAt(flight, pickup, rules, at(DAY, '17:31'), true)).toBeNull();
    expect(nextCheckAt(flight, pickup, rules, at(DAY, '06:00'), false)).toBeNull();
    expect(nextCheckAt({ ...flight, actualArrivalAt: at(DAY, '14:20') }, pickup, rules, at(DAY, '14:21'), true)).toBeNull();
    expect(nextCheckAt({ ...flight, cancelled: true }, pickup, rules, at(DAY, '12:00'), true)).toBeNull();
    expect(nextCheckAt({ ...flight, lookupsUsed: 8 }, pickup, rules, at(DAY, '12:00'), true)).toBeNull();
  });
});

describe("AeroAPI's flights[] item", () => {
  it('reads the documented fields and ignores what is not a flight', () => {
    expect(
      toFlightRecord({
        ident: 'BAW117',
        ident_iata: 'BA117',
        fa_flight_id: 'BAW117-1752000000-schedule-0001',
        scheduled_in: '2026-07-15T12:55:00Z',
        estimated_in: '2026-07-15T13:35:00Z',
        actual_in: null,
        scheduled_on: '2026-07-15T12:45:00Z',
        estimated_on: '2026-07-15T13:25:00Z',
        status: 'En Route / Delayed',
        cancelled: false,
        diverted: false,
        origin: { code: 'KJFK', code_icao: 'KJFK', code_iata: 'JFK', city: 'New York', timezone: 'America/New_York' },
        destination: { code: 'EGLL', code_icao: 'EGLL', code_iata: 'LHR', city: 'London', timezone: 'Europe/London' },
      }),
    ).toEqual({
      ident: 'BAW117',
      identIata: 'BA117',
      faFlightId: 'BAW117-1752000000-schedule-0001',
      scheduledIn: '2026-07-15T12:55:00.000Z',
      estimatedIn: '2026-07-15T13:35:00.000Z',
      actualIn: null,
      scheduledOn: '2026-07-15T12:45:00.000Z',
      estimatedOn: '2026-07-15T13:25:00.000Z',
      actualOn: null,
      status: 'En Route / Delayed',
      cancelled: false,
      diverted: false,
      origin: { iata: 'JFK', icao: 'KJFK', city: 'New York', timezone: 'America/New_York' },
      destination: { iata: 'LHR', icao: 'EGLL', city: 'London', timezone: 'Europe/London' },
    });
    expect(toFlightRecord({ ident_iata: 'BA117' })).toBeNull();
    expect(toFlightRecord('BA117')).toBeNull();
    expect(toFlightRecord({ ident: 'X', scheduled_in: 'not a time' })?.scheduledIn).toBeNull();
  });
});
