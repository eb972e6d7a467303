import type { Breakdown, BreakdownLine, LegOptions } from '../../../contract/booking.ts';
import { ENABLE, type Settings } from '../../../contract/settings.ts';
import { extraLines } from './extraLines.ts';
import { fixedFareLine, findTariff, hourlyHireLine, legFareLines } from './fareLines.ts';
import { findFixedFare, type LegZones } from './fixedFares.ts';
import { sumPence, type LegName, type Line } from './lines.ts';
import { penceToPounds, roundToPounds } from './money.ts';
import { airportLines, dailyZoneLines, surchargesOn, timeSurchargeLine } from './surchargeLines.ts';
import type { LegFacts } from './surcharges.ts';
import type { CompanyRecord, LegRoute, Pence, PricedRow, PricingCatalog, Tariff, TripRoutes, VehicleRecord } from './types.ts';
import { poundsText } from '../../../contract/money.ts';

/**
 * The row builder: one company's vehicle priced for a trip's facts (fare, surcharges, extras, the ROUND_OFF
 * adjustment) as a row of the price list, and the list's order. A row's `price` is the journey (fare + surcharges);
 * `final_price` adds the options and the rounding.
 */

const RETURN_PREFIX = 'Return: ';

export interface TripFacts {
  bookingType: 'milleage' | 'hourly';
  /** zones: the ranked fare zones at the leg's ends, worked out once per pricing call (null: no fixed fare possible). */
  legs: Array<{ facts: LegFacts; route: LegRoute | null; options: LegOptions | null; zones: LegZones | null }>;
  pricingDate: string;
  hours: number | null;
  trip: TripRoutes | null;
  estimated: boolean;
  notes: string[];
}

function finish(lines: Line[], settings: Settings, roundingLeg: LegName): { lines: Line[]; price: Pence; extras: Pence; rounding: Pence; final: Pence } {
  let fare = 0;
  let surcharges = 0;
  let extras = 0;
  for (const line of lines) {
    if (line.group === 'fare') fare += line.amount_pence;
    else if (line.group === 'surcharge') surcharges += line.amount_pence;
    else if (line.group === 'extra') extras += line.amount_pence;
  }
  const total = fare + surcharges + extras;
  const rounded = settings.ROUND_OFF === 'yes' ? roundToPounds(total) : total;
  const all = [...lines];
  if (rounded !== total) all.push({ code: 'rounding', label: 'Rounded to whole pounds', leg: roundingLeg, group: 'adjustment', amount_pence: rounded - total });
  return { lines: all, price: fare + surcharges, extras, rounding: rounded - total, final: rounded };
}

/**
 * A line as answered: its pence with the pounds after them. Spelt out key by key in the order the lines are made
 * (`{ ...line, amount }` was the pricing engine's costliest step: lines of two shapes spread on every row).
 */
function withPounds(line: Line): BreakdownLine {
  const amount = penceToPounds(line.amount_pence);
  const { code, label, leg, group, amount_pence } = line;
  return line.quantity === undefined && line.unit_pence === undefined
    ? { code, label, leg, group, amount_pence, amount }
    : { code, label, leg, group, amount_pence, quantity: line.quantity, unit_pence: line.unit_pence, amount };
}

const instantsOf = new WeakMap<TripFacts, { pickupAt: string; returnAt: string | null }>();

/** The trip's pickup and return instants as answered, written once per pricing call rather than once per row. */
function tripInstants(facts: TripFacts) {
  let instants = instantsOf.get(facts);
  if (!instants) {
    instants = { pickupAt: facts.legs[0].facts.start.toISOString(), returnAt: facts.legs.find((leg) => leg.facts.leg === 'return')?.facts.start.toISOString() ?? null };
    instantsOf.set(facts, instants);
  }
  return instants;
}

function breakdownOf(lines: Line[], facts: TripFacts, settings: Settings, notes: string[]): { breakdown: Breakdown; price: Pence; final: Pence } {
  const done = finish(lines, settings, facts.bookingType === 'hourly' ? 'hire' : 'trip');
  const groups = { fare: 0, surcharge: 0, extra: 0, adjustment: 0 } as Record<BreakdownLine['group'], Pence>;
  for (const line of done.lines) groups[line.group] += line.amount_pence;
  const outbound = facts.trip?.outbound ?? null;
  const back = facts.trip?.return ?? null;
  const instants = tripInstants(facts);
  return {
    price: done.price,
    final: done.final,
    breakdown: {
      currency: 'GBP',
      lines: done.lines.map(withPounds),
      fare: penceToPounds(groups.fare),
      surcharges: penceToPounds(groups.surcharge),
      extras: penceToPounds(groups.extra),
      rounding: penceToPounds(done.rounding),
      final_price: penceToPounds(done.final),
      final_price_pence: done.final,
      price_pence: done.price,
      booking_type: facts.bookingType,
      distance_miles: outbound ? outbound.miles : null,
      duration_seconds: outbound ? outbound.seconds : null,
      return_distance_miles: back ? back.miles : null,
      return_duration_seconds: back ? back.seconds : null,
      hours: facts.hours,
      pickup_at: instants.pickupAt,
      return_at: instants.returnAt,
      estimated: facts.estimated,
      notes: [...facts.notes, ...notes],
    },
  };
}

export function rowFor(company: CompanyRecord, vehicle: VehicleRecord, facts: TripFacts, catalog: PricingCatalog): PricedRow {
  const tariff = findTariff(catalog.tariffs, company.id, vehicle.tbms_vid, facts.pricingDate);
  const hourlyRate = tariff?.hourly_rate_pence ?? null;
  // A fixed fare is dated by the trip's pickup date, as the tariff is.
  const fixed = facts.legs.map((leg) => findFixedFare(catalog.fixedFares, leg.zones, company.id, vehicle.tbms_vid, facts.pricingDate));
  const priced = facts.bookingType === 'milleage' ? tariff !== null || fixed.every((found) => found !== null) : tariff !== null && hourlyRate !== null && hourlyRate > 0;
  const lines: Line[] = [];
  const notes: string[] = [];
  if (priced) {
    const rowsOn = surchargesOn(catalog.surcharges, company.id, vehicle.tbms_vid);
    facts.legs.forEach(({ facts: leg, route, options }, index) => {
      const prefix = leg.leg === 'return' ? RETURN_PREFIX : '';
      const rows = rowsOn(leg.startParts.date);
      const fixedFare = fixed[index];
      const fareLines: Line[] =
        leg.leg === 'hire'
          ? [hourlyHireLine(facts.hours as number, hourlyRate as number, leg.leg)]
          : fixedFare
            ? [fixedFareLine(fixedFare.fare.amount_pence, leg.leg, prefix)]
            : legFareLines(tariff as Tariff, route?.miles ?? 0, Math.max(0, (route?.points.length ?? 2) - 2), leg.leg, prefix);
      lines.push(...fareLines);
      const timeLine = timeSurchargeLine(leg, sumPence(fareLines), rows, prefix);
      if (timeLine) lines.push(timeLine);
      lines.push(...airportLines(leg, rows, prefix));
      if (options) lines.push(...extraLines(options, catalog.settings, leg.leg, prefix));
    });
    lines.push(...dailyZoneLines(facts.legs.map((leg) => leg.facts), rowsOn));
    if (tariff && facts.bookingType === 'hourly' && tariff.hourly_included_miles_per_hour > 0) {
      const included = tariff.hourly_included_miles_per_hour * (facts.hours as number);
      const extra = tariff.hourly_extra_mile_pence ? `; further miles ${poundsText(tariff.hourly_extra_mile_pence)} each, paid to the driver` : '';
      notes.push(`Includes ${included} miles${extra}.`);
    }
  } else {
    notes.push('Not priced online for this vehicle: contact us for a quote.');
  }
  const { breakdown, price, final } = breakdownOf(lines, facts, catalog.settings, notes);
  return {
    vehicle_id: vehicle.tbms_vid,
    company_id: company.id,
    company_name: company.company_name,
    vehicle_image: vehicle.vehicle_img,
    vehicle_type: vehicle.category_name,
    max_seat: vehicle.seats,
    luggage: vehicle.luggage,
    small_luggage: vehicle.hand_luggage,
    wheelchair: vehicle.wheelchair,
    price: penceToPounds(price),
    final_price: penceToPounds(final),
    rating: company.rating,
    breakdown,
    estimated: facts.estimated,
  };
}

/** Cheapest first; rows without a price (Contact Us) last; then by company and the fleet's order. */
export function sortRows(rows: PricedRow[], vehicles: readonly VehicleRecord[]): PricedRow[] {
  const order = new Map(vehicles.map((vehicle, index) => [vehicle.tbms_vid, index]));
  return rows.sort(
    (a, b) =>
      Number(a.final_price <= 0) - Number(b.final_price <= 0) ||
      a.breakdown.final_price_pence - b.breakdown.final_price_pence ||
      a.company_id - b.company_id ||
      (order.get(a.vehicle_id) ?? 0) - (order.get(b.vehicle_id) ?? 0),
  );
}

/** Spec §5: with MULTIPLE_PRICES and CHEAPEST_COMPANY_PRICE both enable, only the cheapest company's vehicles remain. */
export function onlyCheapestCompany(rows: PricedRow[], settings: Settings): PricedRow[] {
  if (settings.MULTIPLE_PRICES !== ENABLE || settings.CHEAPEST_COMPANY_PRICE !== ENABLE) return rows;
  const priced = rows.filter((row) => row.breakdown.final_price_pence > 0);
  if (priced.length === 0) return rows;
  const cheapest = priced.reduce((best, row) =>
    row.breakdown.final_price_pence < best.breakdown.final_price_pence || (row.breakdown.final_price_pence === best.breakdown.final_price_pence && row.company_id < best.company_id) ? row : best,
  );
  return rows.filter((row) => row.company_id === cheapest.company_id);
}
