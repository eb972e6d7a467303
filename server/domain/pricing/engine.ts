import { durationHours, outboundOptions, QUOTE_MESSAGES, returnOptions, type BookingForm, type HourlyRateForm, type SelectedOptions } from '../../../contract/booking.ts';
import { fitVehicles, partySize, preflightHourly, preflightQuote, quoteError, tripTimes, type TripTimes } from './checks.ts';
import { legZones } from './fixedFares.ts';
import { londonDateTime, londonParts } from './londonTime.ts';
import { onlyCheapestCompany, rowFor, sortRows, type TripFacts } from './rowBuilder.ts';
import { legFacts } from './surcharges.ts';
import type { PricedRow, PricingCatalog, QuoteError, QuoteOutcome, RoutePoint, TripRoutes } from './types.ts';

export { findBannedAddress, fitVehicles, isWithinGracePeriod, partySize, preflightHourly, preflightQuote, tripTimes, type PartySize, type TripTimes } from './checks.ts';
export { findTariff, legFareLines } from './fareLines.ts';
export { extraLines } from './extraLines.ts';
export { onlyCheapestCompany } from './rowBuilder.ts';

/**
 * The pricing engine: pure functions of (form, catalog, route, now). Amounts are integer pence throughout; the rows
 * carry pounds for the API (contract/booking.ts) with every breakdown line's pence beside it. The jobs are modules of
 * their own: the checks (checks.ts), a leg's fare (fareLines.ts), surcharges (surchargeLines.ts), options
 * (extraLines.ts), fixed fares (fixedFares.ts) and the row builder (rowBuilder.ts); this module turns a form into the
 * trip's facts and prices every row.
 *
 * Checks run in this order and stop at the first that fails: banned address, grace period, return after pickup,
 * zero distance, capacity (spec §5, §8).
 */

function mileageFacts(form: BookingForm, trip: TripRoutes, times: TripTimes, zones: PricingCatalog['zones']): TripFacts {
  const legs: TripFacts['legs'] = [
    { facts: legFacts('outbound', trip.outbound, times.pickupAt, trip.outbound.seconds), route: trip.outbound, options: outboundOptions(form), zones: legZones(zones, trip.outbound) },
  ];
  if (form.select_option === 'return') {
    if (!trip.return || !times.returnAt) throw new Error('A return trip needs the return leg and time');
    legs.push({ facts: legFacts('return', trip.return, times.returnAt, trip.return.seconds), route: trip.return, options: returnOptions(form), zones: legZones(zones, trip.return) });
  }
  return {
    bookingType: 'milleage',
    legs,
    pricingDate: legs[0].facts.startParts.date,
    hours: null,
    trip: { outbound: trip.outbound, return: legs.length > 1 ? trip.return : null },
    estimated: trip.outbound.estimated || (legs.length > 1 && Boolean(trip.return?.estimated)),
    notes: [...(trip.outbound.notes ?? []), ...(legs.length > 1 ? (trip.return?.notes ?? []) : [])],
  };
}

// ─── Public API ───────────────────────────────────────────────────────────────────────────────────

/**
 * calculate-distance-price: a price detail for every vehicle (that fits the party) of every company, cheapest first.
 * A company without a tariff for a vehicle gives a row with price 0 (the card offers Contact Us, spec §2).
 */
export function priceQuote(form: BookingForm, trip: TripRoutes, catalog: PricingCatalog, now: Date): QuoteOutcome {
  const refused = preflightQuote(form, catalog, now, trip);
  if (refused) return { ok: false, error: refused };
  if (trip.outbound.miles <= 0) return { ok: false, error: quoteError('zero_distance', QUOTE_MESSAGES.zeroDistance) };
  const fit = fitVehicles(catalog.vehicles, partySize(form));
  if (!fit.ok) return fit;
  const times = tripTimes(form);
  const facts = mileageFacts(form, trip, times, catalog.zones);
  const rows = catalog.companies.flatMap((company) => fit.vehicles.map((vehicle) => rowFor(company, vehicle, facts, catalog)));
  return { ok: true, rows: onlyCheapestCompany(sortRows(rows, catalog.vehicles), catalog.settings), pickupAt: times.pickupAt, returnAt: times.returnAt };
}

/** calculate-hourly-price: hourly rate × hours for every vehicle of every company (no capacity counts in the hourly form). */
export function priceHourlyQuote(form: HourlyRateForm, pickup: RoutePoint, catalog: PricingCatalog, now: Date): QuoteOutcome {
  const refused = preflightHourly(form, catalog, now, pickup);
  if (refused) return { ok: false, error: refused };
  if (catalog.vehicles.length === 0) return { ok: false, error: quoteError('no_vehicles', QUOTE_MESSAGES.noVehicles) };
  const hours = durationHours(form.pickup_duration);
  const pickupAt = londonDateTime(form.pickup_date, form.pickup_hour, form.pickup_min);
  const hire = legFacts('hire', { points: [pickup] }, pickupAt, hours * 3600);
  const facts: TripFacts = {
    bookingType: 'hourly',
    legs: [{ facts: hire, route: null, options: null, zones: null }],
    pricingDate: hire.startParts.date,
    hours,
    trip: null,
    // An hourly price depends on no distance: only the pickup's place (airport, zones) comes from the maps.
    estimated: false,
    notes: [],
  };
  const rows = catalog.companies.flatMap((company) => catalog.vehicles.map((vehicle) => rowFor(company, vehicle, facts, catalog)));
  return { ok: true, rows: onlyCheapestCompany(sortRows(rows, catalog.vehicles), catalog.settings), pickupAt, returnAt: null };
}

/** The stored form with the options editor's changes applied (an option left out keeps its value). */
export function applySelectedOptions(form: BookingForm, options: SelectedOptions): BookingForm {
  const changes = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  return { ...form, ...changes };
}

/**
 * calculate-selected-vehicle-price: re-prices one row of a stored quote with changed options. The quote's form, route
 * and pricing date are reused; the grace period and capacity were checked when the quote was made (the booking
 * call checks the grace period again).
 */
export function priceSelectedVehicle(
  input: { form: BookingForm; options: SelectedOptions; trip: TripRoutes; vehicle_id: number; company_id: number },
  catalog: PricingCatalog,
): { ok: true; row: PricedRow; form: BookingForm } | { ok: false; error: QuoteError } {
  const company = catalog.companies.find((candidate) => candidate.id === input.company_id);
  const vehicle = catalog.vehicles.find((candidate) => candidate.tbms_vid === input.vehicle_id);
  if (!company || !vehicle) return { ok: false, error: quoteError('no_tariff', QUOTE_MESSAGES.quoteExpired) };
  const form = applySelectedOptions(input.form, input.options);
  const facts = mileageFacts(form, input.trip, tripTimes(form), catalog.zones);
  return { ok: true, row: rowFor(company, vehicle, facts, catalog), form };
}

/** A pickup instant's London date and time, for messages and stored bookings. */
export const londonDateOf = (instant: Date) => londonParts(instant).date;
