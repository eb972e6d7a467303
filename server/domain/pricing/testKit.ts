import { bookingFormSchema, hourlyRateFormSchema, type BookingForm, type BookingFormInput, type HourlyRateForm, type HourlyRateFormInput } from '../../../contract/booking.ts';
import { settingsFromRows, type Settings } from '../../../contract/settings.ts';
import { DEMO_COMPANIES, DEMO_VEHICLES, demoSettings } from '../../db/seed/demo.ts';
import { driveSeconds } from '../geo/distance.ts';
import type { CompanyRecord, LegRoute, PricingCatalog, RoutePoint, Surcharge, Tariff, VehicleRecord } from './types.ts';

/** Fixtures for the pricing tests (not used by the app). Round numbers, so expected pence are worked by hand. */

export const companies: CompanyRecord[] = DEMO_COMPANIES.map((company) => ({ ...company }));
export const vehicles: VehicleRecord[] = DEMO_VEHICLES.map(({ id, ...vehicle }) => ({ tbms_vid: id, ...vehicle }));

/** base £5, first 10 miles £2/mi, 10–30 £1.50, then £1; minimum £15; stop £3; hourly £30 with 10 miles an hour. */
export const simpleTariff = (company_id: number, vehicle_id: number, changes: Partial<Tariff> = {}): Tariff => ({
  company_id,
  vehicle_id,
  valid_from: '2025-01-01',
  base_fare_pence: 500,
  mile_bands: [
    { up_to_miles: 10, per_mile_pence: 200 },
    { up_to_miles: 30, per_mile_pence: 150 },
    { up_to_miles: null, per_mile_pence: 100 },
  ],
  minimum_fare_pence: 1500,
  per_extra_stop_pence: 300,
  hourly_rate_pence: 3000,
  hourly_included_miles_per_hour: 10,
  hourly_extra_mile_pence: 200,
  ...changes,
});

/** Company 1 at the simple tariff, company 2 at +£1 base, company 3 has only a saloon. */
export const tariffs: Tariff[] = [
  ...vehicles.map((vehicle) => simpleTariff(1, vehicle.tbms_vid)),
  ...vehicles.map((vehicle) => simpleTariff(2, vehicle.tbms_vid, { base_fare_pence: 600 })),
  simpleTariff(3, 1, { base_fare_pence: 450 }),
];

export const surcharges: Surcharge[] = [
  { code: 'night', kind: 'night', label: 'Night rate', valid_from: '2025-01-01', start: '22:00', end: '06:00', percent: 25 },
  { code: 'bank_holiday', kind: 'bank_holiday', label: 'Bank holiday rate', valid_from: '2025-01-01', percent: 50 },
  { code: 'lhr_dropoff', kind: 'airport_dropoff', airport: 'LHR', label: 'Heathrow drop-off charge', valid_from: '2025-01-01', amount_pence: 600 },
  { code: 'lhr_pickup', kind: 'airport_pickup', airport: 'LHR', label: 'Heathrow pick-up parking', valid_from: '2025-01-01', amount_pence: 1000 },
  { code: 'congestion_charge', kind: 'congestion_charge', label: 'London Congestion Charge', valid_from: '2020-06-22', amount_pence: 1500, vehicle_ids: [1, 2, 3, 4, 5] },
  { code: 'congestion_charge', kind: 'congestion_charge', label: 'London Congestion Charge', valid_from: '2026-01-02', amount_pence: 1800, vehicle_ids: [1, 2, 3, 4, 5] },
  { code: 'ulez', kind: 'ulez', label: 'ULEZ daily charge', valid_from: '2023-08-29', amount_pence: 1250, vehicle_ids: [5] },
];

export function settings(changes: Partial<Settings> = {}): Settings {
  const rows = Object.entries(demoSettings(null)).map(([setting_name, setting_value]) => ({ setting_name, setting_value }));
  return { ...settingsFromRows(rows), ...changes };
}

export function catalog(changes: Partial<PricingCatalog> = {}): PricingCatalog {
  return { settings: settings(), companies, vehicles, tariffs, surcharges, bannedAddresses: [{ pattern: 'Unpaid Fares Close' }], ...changes };
}

const point = (text: string, lat: number, lon: number, kind: RoutePoint['kind'] = 'place', iata: string | null = null): RoutePoint => ({ text, label: text, lat, lon, kind, iata });

export const P = {
  hammersmith: point('Hammersmith', 51.493, -0.229), // in ULEZ, outside the Congestion Charge zone
  savoy: point('The Savoy', 51.5104, -0.1204, 'hotel'), // in the Congestion Charge zone
  heathrow: point('Heathrow Terminal 5', 51.4723, -0.4877, 'airport', 'LHR'), // in ULEZ
  oxford: point('Oxford', 51.752, -1.2577), // outside both
  reading: point('Reading', 51.4543, -0.9781), // outside both
  wokingham: point('Wokingham', 51.4112, -0.8339), // outside both
};

export function leg(points: RoutePoint[], miles: number): LegRoute {
  return { points, miles, seconds: driveSeconds(miles), estimated: true };
}

/** Wednesday 10 June 2026 (BST), noon, outside London: 12.5 miles Oxford → Reading unless told otherwise. */
export function form(changes: Partial<BookingFormInput> = {}): BookingForm {
  return bookingFormSchema.parse({
    pickup: 'Oxford',
    dropoff: 'Reading',
    pickup_date: '2026-06-10',
    pickup_hour: '12pm',
    pickup_min: '00',
    passengers: 1,
    ...changes,
  });
}

export function hourlyForm(changes: Partial<HourlyRateFormInput> = {}): HourlyRateForm {
  return hourlyRateFormSchema.parse({ pickup: 'The Savoy', pickup_date: '2026-06-10', pickup_duration: '6hour', pickup_hour: '12pm', pickup_min: '00', ...changes });
}

/** 08:00 UTC (09:00 BST) on Monday 1 June 2026. */
export const NOW = new Date('2026-06-01T08:00:00Z');
