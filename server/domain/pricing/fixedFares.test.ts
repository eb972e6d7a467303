import { describe, expect, it } from 'vitest';
import type { BookingFormInput } from '../../../contract/booking.ts';
import { priceQuote } from './engine.ts';
import { outwardCodeOf, zoneAreaKm2, zonesAt } from './fixedFares.ts';
import { catalog, form, leg, NOW, P, simpleTariff, tariffs } from './testKit.ts';
import type { FareZone, FixedFare, PricedRow, PricingCatalog, QuoteOutcome, RoutePoint, TripRoutes } from './types.ts';

const windsor: RoutePoint = { text: 'Windsor', label: 'Windsor, SL4', lat: 51.4839, lon: -0.6044, kind: 'place', iata: null };

/** Zones: a 2-mile circle on Heathrow, a large West London polygon around it, Windsor by postcode, Reading by radius. */
const Z = {
  heathrow: { id: 1, name: 'Heathrow', priority: 0, area: { kind: 'radius', lat: 51.47, lon: -0.4543, radius_miles: 2 } },
  westLondon: {
    id: 2,
    name: 'West London',
    priority: 0,
    area: { kind: 'polygon', points: [[51.40, -0.60], [51.60, -0.60], [51.60, -0.15], [51.40, -0.15]] },
  },
  windsor: { id: 3, name: 'Windsor', priority: 0, area: { kind: 'postcodes', districts: ['SL4'] } },
  reading: { id: 4, name: 'Reading', priority: 0, area: { kind: 'radius', lat: 51.4543, lon: -0.9781, radius_miles: 3 } },
} satisfies Record<string, FareZone>;

let nextId = 100;
const fare = (from: FareZone, to: FareZone, amount_pence: number, changes: Partial<FixedFare> = {}): FixedFare => ({
  id: nextId++,
  from_zone_id: from.id,
  to_zone_id: to.id,
  company_id: null,
  vehicle_id: 1,
  both_ways: true,
  amount_pence,
  valid_from: '2025-01-01',
  valid_to: null,
  ...changes,
});

const pricing = (fixedFares: FixedFare[], changes: Partial<PricingCatalog> = {}) => catalog({ zones: Object.values(Z), fixedFares, ...changes });

const oneWay = (points: RoutePoint[], miles = 10): TripRoutes => ({ outbound: leg(points, miles), return: null });
const withReturn = (points: RoutePoint[], miles = 10): TripRoutes => ({ outbound: leg(points, miles), return: leg([...points].reverse(), miles) });
const RETURN_FORM: Partial<BookingFormInput> = { select_option: 'return', return_date: '2026-06-12', return_hour: '12pm', return_min: '00' };

function row(outcome: QuoteOutcome, companyId = 1, vehicleId = 1): PricedRow {
  if (!outcome.ok) throw new Error(`expected prices, got ${outcome.error.message}`);
  const found = outcome.rows.find((candidate) => candidate.company_id === companyId && candidate.vehicle_id === vehicleId);
  if (!found) throw new Error(`no row ${companyId}/${vehicleId}`);
  return found;
}

const lines = (priced: PricedRow) => priced.breakdown.lines.map((line) => [line.code, line.label, line.amount_pence] as const);
const fareLines = (priced: PricedRow) => priced.breakdown.lines.filter((line) => line.group === 'fare').map((line) => [line.code, line.leg, line.amount_pence] as const);

describe('fare zones', () => {
  it.each([
    ['Heathrow T5 by its circle and the polygon; the circle is smaller', P.heathrow, ['Heathrow', 'West London']],
    ['Hammersmith: the polygon only', P.hammersmith, ['West London']],
    ['Windsor by the postcode in its label (just west of the polygon)', windsor, ['Windsor']],
    ['Oxford: none', P.oxford, []],
  ] as const)('%s', (_why, point, names) => {
    expect(zonesAt(Object.values(Z), point).map((zone) => zone.name)).toEqual(names);
  });

  it('an explicit priority ranks before size', () => {
    const zones = [Z.heathrow, { ...Z.westLondon, priority: 5 }];
    expect(zonesAt(zones, P.heathrow).map((zone) => zone.name)).toEqual(['West London', 'Heathrow']);
  });

  it.each([
    ['a postcode in the text', { text: 'Bath Road, TW6 2GA', label: 'Bath Road', lat: 0, lon: 0 }, 'TW6'],
    ['an outward code in the label', { text: 'Castle', label: 'Windsor Castle, SL4', lat: 0, lon: 0 }, 'SL4'],
    ["an airport: its terminals' district", { text: 'Heathrow Terminal 5', label: 'Heathrow Terminal 5', lat: 51.4723, lon: -0.4877, iata: 'LHR' }, 'TW6'],
    ['no postcode: the nearest district centre within 5 km', { text: 'Hounslow', label: 'Hounslow', lat: 51.468, lon: -0.361 }, 'TW3'],
    ['no postcode and no district near', { text: 'Oxford', label: 'Oxford', lat: 51.752, lon: -1.2577 }, null],
  ] as const)('outward code from %s', (_why, point, code) => {
    expect(outwardCodeOf(point)).toBe(code);
  });

  it('a parent district covers its sub-districts; a district does not cover a longer number', () => {
    const sw1 = { id: 9, name: 'SW1', priority: 0, area: { kind: 'postcodes', districts: ['SW1', 'TW6'] } } satisfies FareZone;
    const at = (text: string) => zonesAt([sw1], { text, label: text, lat: 0, lon: 0, kind: 'place', iata: null }).length;
    expect([at('SW1A 1AA'), at('SW1 2AB'), at('TW6 1EW'), at('SW19 1AA'), at('TW7 1AA')]).toEqual([1, 1, 1, 0, 0]);
  });

  it('areas: a 1-mile circle is about 8.14 km², the 0.2° × 0.45° polygon about 694 km²', () => {
    expect(zoneAreaKm2({ kind: 'radius', lat: 0, lon: 0, radius_miles: 1 })).toBeCloseTo(8.14, 2);
    expect(Math.round(zoneAreaKm2(Z.westLondon.area))).toBe(694);
  });
});

describe('fixed fares in the engine', () => {
  it('a fixed fare replaces the base fare, the mileage and the minimum fare; the airport charge is still added', () => {
    const priced = row(priceQuote(form(), oneWay([P.heathrow, windsor], 8), pricing([fare(Z.heathrow, Z.windsor, 4500)]), NOW));
    expect(lines(priced)).toEqual([
      ['fixed_fare', 'Fixed fare', 4500],
      ['airport_pickup', 'Heathrow pick-up parking', 1000],
    ]);
    expect(priced.breakdown.final_price_pence).toBe(5500);
    expect(priced.price).toBe(55);
  });

  it('only the vehicle category and company the fare is for; the others keep their tariff', () => {
    const outcome = priceQuote(form(), oneWay([P.heathrow, windsor], 8), pricing([fare(Z.heathrow, Z.windsor, 4500, { company_id: 2 })]), NOW);
    expect(fareLines(row(outcome, 2, 1))).toEqual([['fixed_fare', 'outbound', 4500]]);
    expect(fareLines(row(outcome, 1, 1)).map(([code]) => code)).toEqual(['base_fare', 'mileage']);
    expect(fareLines(row(outcome, 2, 2)).map(([code]) => code)).toEqual(['base_fare', 'mileage']);
  });

  it.each([
    // what, fares, expected fare pence of the Heathrow → Windsor leg
    ['the smaller zone wins over the enclosing one', () => [fare(Z.westLondon, Z.windsor, 6000), fare(Z.heathrow, Z.windsor, 4500)], 4500],
    ['the enclosing zone applies when the smaller one has no fare', () => [fare(Z.westLondon, Z.windsor, 6000), fare(Z.heathrow, Z.reading, 7000)], 6000],
    ["a company's own fare beats an every-company fare", () => [fare(Z.heathrow, Z.windsor, 4500, { company_id: 1 }), fare(Z.heathrow, Z.windsor, 4000)], 4500],
    ['the latest valid_from on or before the date wins', () => [fare(Z.heathrow, Z.windsor, 4500), fare(Z.heathrow, Z.windsor, 4800, { valid_from: '2026-06-01' }), fare(Z.heathrow, Z.windsor, 5200, { valid_from: '2026-07-01' })], 4800],
    ['a fare past its valid_to no longer applies', () => [fare(Z.heathrow, Z.windsor, 4500, { valid_to: '2026-06-10' })], null],
    ['a one-way fare from Windsor does not match Heathrow → Windsor', () => [fare(Z.windsor, Z.heathrow, 4500, { both_ways: false })], null],
    ['a both-ways fare from Windsor does', () => [fare(Z.windsor, Z.heathrow, 4500)], 4500],
  ] as const)('%s', (_why, fares, expected) => {
    const priced = row(priceQuote(form(), oneWay([P.heathrow, windsor], 8), pricing([...fares()]), NOW));
    const fixed = fareLines(priced).filter(([code]) => code === 'fixed_fare').map(([, , pence]) => pence);
    expect(fixed).toEqual(expected === null ? [] : [expected]);
  });

  it('an explicit priority makes the enclosing zone win', () => {
    const zones = [Z.heathrow, { ...Z.westLondon, priority: 1 }, Z.windsor];
    const outcome = priceQuote(form(), oneWay([P.heathrow, windsor], 8), catalog({ zones, fixedFares: [fare(Z.westLondon, Z.windsor, 6000), fare(Z.heathrow, Z.windsor, 4500)] }), NOW);
    expect(fareLines(row(outcome))).toEqual([['fixed_fare', 'outbound', 6000]]);
  });

  it('a return trip prices each leg on its own: a one-way fare only on its direction', () => {
    const oneWayOut = pricing([fare(Z.heathrow, Z.windsor, 4500, { both_ways: false })]);
    const priced = row(priceQuote(form(RETURN_FORM), withReturn([P.heathrow, windsor], 8), oneWayOut, NOW));
    expect(fareLines(priced).map(([code, legName]) => `${legName}:${code}`)).toEqual(['outbound:fixed_fare', 'return:base_fare', 'return:mileage']);
    const both = row(priceQuote(form(RETURN_FORM), withReturn([P.heathrow, windsor], 8), pricing([fare(Z.heathrow, Z.windsor, 4500)]), NOW));
    expect(lines(both).filter(([code]) => code === 'fixed_fare')).toEqual([
      ['fixed_fare', 'Fixed fare', 4500],
      ['fixed_fare', 'Return: Fixed fare', 4500],
    ]);
    // Airport pick-up on the way out, drop-off on the way back.
    expect(lines(both).filter(([code]) => code.startsWith('airport')).map(([code, , pence]) => [code, pence])).toEqual([
      ['airport_pickup', 1000],
      ['airport_dropoff', 600],
    ]);
    expect(both.breakdown.final_price_pence).toBe(4500 + 1000 + 4500 + 600);
  });

  it('a leg with a stop is priced by its tariff', () => {
    const priced = row(priceQuote(form(), oneWay([P.heathrow, P.hammersmith, windsor], 20), pricing([fare(Z.heathrow, Z.windsor, 4500)]), NOW));
    expect(fareLines(priced).map(([code]) => code)).toEqual(['base_fare', 'mileage', 'mileage', 'extra_stops']);
  });

  it('the night rate is a percentage of the fixed fare', () => {
    const priced = row(priceQuote(form({ pickup_hour: '11pm' }), oneWay([P.heathrow, windsor], 8), pricing([fare(Z.heathrow, Z.windsor, 4500)]), NOW));
    expect(priced.breakdown.lines.filter((line) => line.code === 'night').map((line) => line.amount_pence)).toEqual([1125]);
  });

  it('a fixed fare prices a vehicle that has no tariff; a return leg without one stays unpriced', () => {
    const noSaloonTariff = tariffs.filter((tariff) => !(tariff.company_id === 1 && tariff.vehicle_id === 1));
    const fares = [fare(Z.heathrow, Z.windsor, 4500, { both_ways: false })];
    expect(row(priceQuote(form(), oneWay([P.heathrow, windsor], 8), pricing(fares, { tariffs: noSaloonTariff }), NOW)).breakdown.final_price_pence).toBe(5500);
    const back = row(priceQuote(form(RETURN_FORM), withReturn([P.heathrow, windsor], 8), pricing(fares, { tariffs: noSaloonTariff }), NOW));
    expect([back.final_price, back.breakdown.notes]).toEqual([0, ['Not priced online for this vehicle: contact us for a quote.']]);
  });

  it('no zones: the rows are those of the tariffs alone', () => {
    const trip = oneWay([P.heathrow, windsor], 8);
    const without = priceQuote(form(), trip, catalog(), NOW);
    expect(priceQuote(form(), trip, catalog({ zones: [], fixedFares: [] }), NOW)).toEqual(without);
    expect(priceQuote(form(), trip, pricing([fare(Z.reading, Z.windsor, 4500)], { tariffs: [simpleTariff(1, 1), ...tariffs.slice(1)] }), NOW)).toEqual(without);
  });
});
