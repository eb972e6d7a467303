import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bookingFormSchema, distanceBodySchema, hourlyRateFormSchema } from '../../../contract/booking.ts';
import { DEMO_ADDRESSES, DEMO_SITE } from '../../db/seed/demo.ts';
import { createOfflineMaps } from '../geo/mapsPort.ts';
import { DEMO_BANNED_ADDRESSES, DEMO_SURCHARGES, DEMO_TARIFFS, demoPricingSql } from './demoTariffs.ts';
import { priceHourlyQuote, priceQuote } from './engine.ts';
import { bannedAddressFromRow, surchargeFromRow, tariffFromRow } from './rows.ts';
import { companies, settings, vehicles } from './testKit.ts';
import { planDistance, planHourly, planTrip, SAME_POINT_MILES } from './trip.ts';
import type { PricingCatalog } from './types.ts';

const maps = createOfflineMaps();
const context = { savedAddresses: DEMO_ADDRESSES, base: { lat: DEMO_SITE.baseLat, lon: DEMO_SITE.baseLon } };
const demo: PricingCatalog = { settings: settings(), companies, vehicles, tariffs: [...DEMO_TARIFFS], surcharges: [...DEMO_SURCHARGES], bannedAddresses: [...DEMO_BANNED_ADDRESSES] };
const NOW = new Date('2026-06-01T08:00:00Z');

const bookingForm = (changes: Record<string, unknown>) =>
  bookingFormSchema.parse({ pickup_date: '2026-06-10', pickup_hour: '10am', pickup_min: '00', passengers: 2, ...changes });

describe('planTrip with the offline maps and the demo operator', () => {
  it('prices Heathrow T5 → The Savoy for every vehicle of every company', async () => {
    const form = bookingForm({ pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', dropoff: 'The Savoy, Strand, London WC2R 0EZ' });
    const trip = await planTrip(form, maps, context);
    if (!trip.ok) throw new Error(trip.error.message);
    expect(trip.value.outbound.points.map((point) => point.iata)).toEqual(['LHR', null]);
    expect(trip.value.outbound.miles).toBeGreaterThan(15);
    expect(trip.value.outbound.miles).toBeLessThan(25);
    const outcome = priceQuote(form, trip.value, demo, NOW);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.rows).toHaveLength(18);
    expect(outcome.rows.filter((row) => row.price === 0).map((row) => [row.company_id, row.vehicle_id])).toEqual([
      [2, 5],
      [3, 6],
    ]);
    const saloon = outcome.rows.find((row) => row.company_id === 1 && row.vehicle_id === 1)!;
    expect(saloon.breakdown.lines.map((line) => line.code)).toEqual(['base_fare', 'mileage', 'mileage', 'airport_pickup', 'congestion_charge']);
    expect(saloon.price).toBeGreaterThan(50);
    expect(saloon.price).toBeLessThan(90);
    expect(saloon.estimated).toBe(true);
  });

  it('routes a return trip back direct, and stops in order', async () => {
    const form = bookingForm({
      pickup: 'Paddington Station',
      dropoff: 'Oxford',
      stops: [{ street_name: 'High Street', number: '1', postcode: 'Reading' }],
      select_option: 'return',
      return_date: '2026-06-11',
      return_hour: '6pm',
      return_min: '00',
    });
    const trip = await planTrip(form, maps, context);
    if (!trip.ok) throw new Error(trip.error.message);
    expect(trip.value.outbound.points.map((point) => point.text)).toEqual(['Paddington Station', '1 High Street, Reading', 'Oxford']);
    expect(trip.value.return?.points.map((point) => point.text)).toEqual(['Oxford', 'Paddington Station']);
    expect(trip.value.return!.miles).toBeLessThan(trip.value.outbound.miles);
  });

  it('says which address it cannot find', async () => {
    const trip = await planTrip(bookingForm({ pickup: 'Xyzzy Plugh', dropoff: 'Oxford' }), maps, context);
    expect(trip).toEqual({ ok: false, error: { code: 'unknown_place', message: 'We could not find "Xyzzy Plugh". Please choose a suggested address or add a UK postcode.' } });
  });

  it('gives zero miles for the same place twice, and an assumed mile for two addresses in one district', async () => {
    const same = bookingForm({ pickup: 'Heathrow Terminal 5', dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' });
    const sameTrip = await planTrip(same, maps, context);
    if (!sameTrip.ok) throw new Error(sameTrip.error.message);
    expect(priceQuote(same, sameTrip.value, demo, NOW)).toMatchObject({ ok: false, error: { code: 'zero_distance' } });

    const district = bookingForm({ pickup: '10 Downing Street, London SW1A 2AA', dropoff: 'Buckingham Palace, London SW1A 1AA' });
    const districtTrip = await planTrip(district, maps, context);
    if (!districtTrip.ok) throw new Error(districtTrip.error.message);
    expect(districtTrip.value.outbound.miles).toBe(SAME_POINT_MILES);
    const outcome = priceQuote(district, districtTrip.value, demo, NOW);
    expect(outcome.ok && outcome.rows[0].breakdown.notes[0]).toContain('1 mile assumed');
  });

  it('answers calculate-distance through the stops', async () => {
    const body = distanceBodySchema.parse({ pickup: 'London', dropoff: 'Manchester', stops: [{ street_name: '', number: '', postcode: 'Birmingham' }] });
    const route = await planDistance(body, maps, context);
    if (!route.ok) throw new Error(route.error.message);
    expect(route.value.points).toHaveLength(3);
    expect(route.value.miles).toBeGreaterThan(200);
    expect(route.value.estimated).toBe(true);
  });

  it("falls back to the browser's position for an hourly pickup it cannot place", async () => {
    const form = hourlyRateFormSchema.parse({ pickup: 'My front door', pickup_date: '2026-06-10', pickup_duration: '4hour', pickup_hour: '12pm', pickup_min: '00', userLocation: { lat: 51.5, lon: -0.22 } });
    const pickup = await planHourly(form, maps, context);
    if (!pickup.ok) throw new Error(pickup.error.message);
    expect(pickup.value).toMatchObject({ kind: 'location', lat: 51.5, lon: -0.22 });
    expect(priceHourlyQuote(form, pickup.value, demo, NOW).ok).toBe(true);
    const nowhere = await planHourly({ ...form, userLocation: null }, maps, context);
    expect(nowhere.ok).toBe(false);
  });
});

describe('demo pricing data', () => {
  it('is what tariffs.sql.md seeds', () => {
    const markdown = readFileSync(new URL('./tariffs.sql.md', import.meta.url), 'utf8');
    expect(markdown).toContain(demoPricingSql());
  });

  it('maps database rows (as pg and PGlite return them) to the engine data', () => {
    expect(
      tariffFromRow({
        company_id: 1, vehicle_id: 2, valid_from: new Date('2025-01-01T00:00:00Z'), base_fare_pence: 500,
        mile_bands: [{ up_to_miles: 10, per_mile_pence: 200 }, { up_to_miles: null, per_mile_pence: 150 }],
        minimum_fare_pence: 1500, per_extra_stop_pence: 300, hourly_rate_pence: null, hourly_included_miles_per_hour: 0, hourly_extra_mile_pence: null,
      }),
    ).toEqual({
      company_id: 1, vehicle_id: 2, valid_from: '2025-01-01', base_fare_pence: 500,
      mile_bands: [{ up_to_miles: 10, per_mile_pence: 200 }, { up_to_miles: null, per_mile_pence: 150 }],
      minimum_fare_pence: 1500, per_extra_stop_pence: 300, hourly_rate_pence: null, hourly_included_miles_per_hour: 0, hourly_extra_mile_pence: null,
    });
    expect(
      surchargeFromRow({ code: 'night', kind: 'night', label: 'Night', valid_from: '2025-01-01', valid_to: null, percent: '25.00', amount_pence: null, airport: null, start_time: '22:00:00', end_time: '06:00:00', company_ids: null, vehicle_ids: [1, 2] }),
    ).toEqual({ code: 'night', kind: 'night', label: 'Night', valid_from: '2025-01-01', valid_to: null, percent: 25, start: '22:00', end: '06:00', company_ids: null, vehicle_ids: [1, 2] });
    expect(bannedAddressFromRow({ pattern: 'Unpaid Fares Close', reason: null })).toEqual({ pattern: 'Unpaid Fares Close', reason: null });
  });

  it('charges a wheelchair-accessible vehicle what a saloon costs', () => {
    for (const company of [1, 2]) {
      const saloon = DEMO_TARIFFS.find((tariff) => tariff.company_id === company && tariff.vehicle_id === 1);
      const accessible = DEMO_TARIFFS.find((tariff) => tariff.company_id === company && tariff.vehicle_id === 6);
      expect({ ...accessible, vehicle_id: 1 }).toEqual(saloon);
    }
  });
});
