import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonParts } from '../../server/domain/pricing/londonTime.ts';
import { bookingPayload, quoteFor } from '../helpers/booking.ts';
import { consoleOf, TARIFF_FIGURES } from '../helpers/console.ts';
import { driverAppOf } from '../helpers/driver.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { bodyOf, COLUMN_EDGES, expectEdgeRule, expectSafeAnswer, fuzzRuns, hostileLeaf, hostileString, leafPaths, replacedAt, tableCounts, valueAt, type Template } from '../helpers/fuzz.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Every operator call (/api/admin, as the owner through the admin token): random bodies and query strings never
 * get a 5xx, a refusal is JSON with a message, and a refused call writes nothing to any table. The calls are read
 * from the server's own route list, so a new admin call is fuzzed without being listed here. Then the write calls
 * that take numbers or free text, with valid bodies that have one value made hostile: these reach the handlers.
 */

/** Not fuzzed: the event stream (it stays open by design; tests/api/console-bookings.test.ts covers it). */
const SKIPPED = new Set(['GET /api/admin/events']);
/** Tables a refused call may still write: the per-address limits count refusals. */
const COUNTED_ON_REFUSAL = new Set(['rate_limit_hits', 'staff_known_addresses', 'passenger_known_addresses']);

const body = bodyOf([
  'status', 'reason', 'driver_id', 'vehicle_id', 'company_id', 'category_id', 'revision', 'name', 'email', 'role', 'text', 'subject', 'price',
  'amount_pence', 'percent', 'valid_from', 'valid_to', 'code', 'kind', 'label', 'lat', 'lon', 'radius_m', 'points', 'postcodes', 'pattern',
  'address', 'popular', 'active', 'rating', 'seats', 'luggage', 'image', 'settings', 'licence_number', 'licence_expiry', 'registration',
  'base_fare_pence', 'mile_bands', 'from', 'to', 'cursor', 'q', 'date',
]);

/** The owner through the admin token, as every case of this file calls. */
const ADMIN_HEADERS = { ...KEY_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` };

/** The real rows the valid bodies of the second property name (created in beforeAll). */
interface Fixtures {
  /** A driver and a vehicle to assign (never edited by the cases), another pair the PATCH cases edit. */
  assignDriverId: number;
  assignVehicleId: number;
  /** A driver signed in to the app and on duty: the one offered jobs. */
  offerDriverId: number;
  patchDriverId: number;
  patchVehicleId: number;
  patchCompanyId: number;
  patchCategoryId: number;
  /** A company of its own for the tariffs the cases add, and the key of one tariff they edit. */
  tariffCompanyId: number;
  tariffFrom: string;
  surchargeId: number;
  zoneIds: [number, number];
  fixedFareId: number;
  accountId: number;
  invoiceId: number;
  promoId: number;
  placeId: number;
  staffId: number;
  quoteRequestId: number;
  /** Bookings paid by card, cancelled (with a refund) one after another by the cases. */
  cardBookings: string[];
}

/** Valid bodies of the console's forms (the second property's templates start from these). */
const CATEGORY = { category_name: 'Electric Saloon', seats: 4, luggage: 2, hand_luggage: 2, wheelchair: false, vehicle_img: 'vehicles/saloon.svg' };
const PROMO = { kind: 'percent', percent: 10, amount_pence: null, valid_from: '2026-01-01', valid_to: '2099-12-31', total_cap: 100, per_passenger_cap: 1, min_fare_pence: 2000, categories: [1, 2], active: true };
const TRIP = { pickup: 'Paddington Station, Praed Street, London W2 1HB', dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', pickup_date: weekdayAhead(), pickup_time: '14:30', passengers: 2, luggages: 1 };
const surcharge = (code: string, companyId: number) => ({ kind: 'night', code, label: 'Night rate', valid_from: '2031-01-01', valid_to: '2031-12-31', company_ids: [companyId], vehicle_ids: null, percent: 12.5, start_time: '22:00', end_time: '06:00' });
const fixedFare = (zones: [number, number], companyId: number, validFrom: string) => ({ from_zone_id: zones[0], to_zone_id: zones[1], company_id: companyId, vehicle_id: 1, both_ways: true, amount_pence: 4500, valid_from: validFrom, valid_to: null });

describe(`fuzzing every /api/admin call on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let calls: { method: string; url: string }[];
  let bookingNumber: string;
  let tables: Awaited<ReturnType<typeof tableCounts>>;
  let fixtures: Fixtures;

  /** One admin call with a JSON body. */
  const admin = (method: Template['method'] | 'GET', url: string, body?: unknown) =>
    provider.fastify.inject({ method, url: `/api/admin/${url}`, headers: { ...ADMIN_HEADERS, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, payload: body === undefined ? undefined : JSON.stringify(body) });
  const created = async (method: Template['method'], url: string, body: unknown) => {
    const response = await admin(method, url, body);
    expect(response.statusCode, `${method} ${url} → ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  beforeAll(async () => {
    provider = await startTestProvider();
    const { form, row } = await quoteFor(provider);
    const booked = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row) as object });
    bookingNumber = booked.json().data.booking.booking_number;
    calls = provider.routes.filter((route) => route.url.startsWith('/api/admin') && !SKIPPED.has(`${route.method} ${route.url}`));
    tables = await tableCounts(provider, COUNTED_ON_REFUSAL);

    // The second property's rows: each made as the console makes it.
    const driver = (n: number) => ({ name: `Fixture Driver ${n}`, phone: '07700 900100', licence_number: `FZ-FIX-${n}`, licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' });
    const vehicle = (n: number) => ({ registration: `FZF${n}`, make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: 1, licence_number: `FZV-FIX-${n}`, licence_expiry: '2035-01-31' });
    const company = async (name: string) => (await created('POST', 'catalogue/companies', { company_name: name, rating: 4.5, active: false })).company.id as number;
    const zone = async (name: string, lat: number) => (await created('POST', 'prices/zones', { name, priority: 0, area: { kind: 'radius', lat, lon: -0.45, radius_miles: 1 } })).zone.id as number;
    const tariffCompanyId = await company('Fixture Tariff Cars');
    const tariffFrom = '2031-01-01';
    await created('POST', 'prices/tariffs', { ...TARIFF_FIGURES, company_id: tariffCompanyId, vehicle_id: 1, valid_from: tariffFrom });
    const zoneIds: [number, number] = [await zone('Fixture Zone A', 51.1), await zone('Fixture Zone B', 51.2)];
    const accountId = (await created('POST', 'company-accounts', { name: 'Fixture Account Ltd', billing_email: 'ledger@fixture.test', credit_limit_pence: 100_000 })).account.id as number;
    // An invoice of that account, owing far more than any payment a case records (the invoice run needs an ended period of bookings).
    const [invoice] = (
      await provider.db.query<{ id: string }>(
        `INSERT INTO company_invoices (site_id, account_id, invoice_number, period_start, period_end, due_on, account_name, billing_email, billing_address, customer_vat_number,
           vat_rate_bp, prices_include_vat, net_pence, vat_pence, total_pence)
         SELECT site_id, id, 900001, DATE '2025-01-01', DATE '2025-02-01', DATE '2025-03-03', name, billing_email, billing_address, vat_number, 2000, true, 800000000000, 200000000000, 1000000000000
           FROM company_accounts WHERE id = $1 RETURNING id`,
        [accountId],
      )
    ).rows;
    const api = consoleOf(provider);
    const quoteRequest = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/send-instant-email',
      headers: KEY_HEADERS,
      payload: { pickup_address: TRIP.pickup, dropoff_address: TRIP.dropoff, pickup_date: TRIP.pickup_date, pickup_time: '2:30pm', passenger_email: 'quote.fuzz@example.test', passenger_phone: '07700 900123', passenger_name: 'Quentin Fuzz', passengers: 2 },
    });
    expect(quoteRequest.statusCode, quoteRequest.body).toBe(200);
    const app = driverAppOf(provider, api);
    const dispatcher = await api.dispatcher();
    const onDuty = await app.newDriver(dispatcher, 'Fixture On Duty');
    expect((await app.as(onDuty, 'POST', 'shift', { vehicle_id: await app.newVehicle(dispatcher) })).statusCode).toBe(200);
    fixtures = {
      offerDriverId: onDuty.driverId,
      assignDriverId: (await created('POST', 'drivers', driver(1))).driver.id,
      assignVehicleId: (await created('POST', 'vehicles', vehicle(1))).vehicle.id,
      patchDriverId: (await created('POST', 'drivers', driver(2))).driver.id,
      patchVehicleId: (await created('POST', 'vehicles', vehicle(2))).vehicle.id,
      patchCompanyId: await company('Fixture Patch Cars'),
      patchCategoryId: (await created('POST', 'catalogue/categories', { ...CATEGORY, category_name: 'Fixture Category', active: false })).category.id,
      tariffCompanyId,
      tariffFrom,
      surchargeId: (await created('POST', 'prices/surcharges', surcharge('fixture_night', tariffCompanyId))).surcharge.id,
      zoneIds,
      fixedFareId: (await created('POST', 'prices/fixed-fares', fixedFare(zoneIds, tariffCompanyId, '2031-01-01'))).fixed_fare.id,
      accountId,
      invoiceId: Number(invoice!.id),
      promoId: (await created('POST', 'promos', { ...PROMO, code: 'FIXTURE10' })).promo.id,
      placeId: (await created('POST', 'places/addresses', { address: 'Fixture House, 1 Fixture Street, London', lat: 51.5, lon: -0.12, kind: 'place', popular: false })).address.id,
      staffId: (await created('POST', 'staff', { email: 'fixture.staff@example.test', name: 'Fixture Staff', role: 'dispatcher' })).staff.id,
      quoteRequestId: quoteRequest.json().quote_request_id,
      cardBookings: [(await api.bookByCard('card.fuzz1@example.test')).bookingNumber, (await api.bookByCard('card.fuzz2@example.test')).bookingNumber],
    };
  }, 180_000);
  afterAll(() => provider.dispose());

  const counts = () => tables.counts();

  /** A route's parameters filled in: the real booking, ids that exist and ones that do not, or hostile text. */
  const param = fc.oneof(
    fc.constantFrom('1', '2', '999999', '0', '-1', '1e3', '2147483648', '-2147483649', '1000000000000000', '5e-324', 'quote', 'contact', 'x', '%00', '%ED%A0%80', '%E0%A4%A', '..%2F..'),
    hostileString.map((text) => {
      try {
        return encodeURIComponent(text.slice(0, 60));
      } catch {
        return '%ED%A0%80'; // a lone surrogate, as the bytes a client could still send
      }
    }),
  );
  const filled = (url: string, value: string) => url.replace(/:booking_number/g, bookingNumber).replace(/:[A-Za-z_]+/g, value);

  it('random bodies, parameters and queries: no 5xx, JSON refusals, nothing written when refused', async () => {
    expect(calls.length).toBeGreaterThan(30);
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(fc.nat(), param, body, fc.boolean(), async (callIndex, value, payload, asText) => {
        cases++;
        const call = calls[callIndex % calls.length];
        const before = await counts();
        const url = filled(call.url, value);
        const query = call.method === 'GET' ? `?${new URLSearchParams(Object.entries(typeof payload === 'object' && payload && !Array.isArray(payload) ? payload : { q: String(payload) }).map(([key, item]) => [key, String(JSON.stringify(item) ?? '').slice(0, 200)]))}` : '';
        const response = await provider.fastify.inject({
          method: call.method as 'GET',
          url: url + query,
          headers: { ...KEY_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}`, ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          payload: call.method === 'GET' || call.method === 'DELETE' ? undefined : asText ? String(JSON.stringify(payload) ?? 'null').slice(0, -1) : JSON.stringify(payload ?? null),
        });
        const where = `${call.method} ${url}${query.slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expectSafeAnswer(response, where);
        if (response.statusCode >= 400) expect(await counts(), where).toEqual(before);
      }),
      fuzzRuns(900, 20261126),
    );
    console.log(`fuzz: ${cases} cases over ${calls.length} admin calls, zero 5xx`);
  }, 240_000);

  it('valid bodies with one value made hostile, then each number at a column\'s edge, reach the handlers: no 5xx, JSON refusals, unstorable text refused by the edge rule, nothing written when refused', async () => {
    const api = consoleOf(provider);
    const f = fixtures;
    let serial = 0;
    /** A value no earlier case used (codes, names, registrations, licence numbers, dates): a case is no 409 for a duplicate. */
    const fresh = () => ++serial;
    const dayAfter = (base: string, days: number) => new Date(Date.parse(`${base}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const today = londonParts(new Date()).date;
    /** A new booking copied from the real one (picked up in 3 hours), accepted when asked: a dispatch case of its own. */
    const newBooking = async (accepted: boolean) => {
      const number = `CF-FZA${String(fresh()).padStart(5, '0')}`;
      await api.copyBooking(bookingNumber, { number, pickupAt: new Date(Date.now() + 3 * 3_600_000) });
      if (accepted) expect((await admin('POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
      return number;
    };
    /** A priced quote of the QUOTE NOW request (priced again every 10 minutes, within its 30): what offers and phone bookings name. */
    let priced: { at: number; quote_id: string; vehicle_id: number; company_id: number } | null = null;
    const quote = async () => {
      if (!priced || Date.now() - priced.at > 10 * 60_000) {
        const answer = await created('POST', `enquiries/quote/${f.quoteRequestId}/price`, TRIP);
        priced = { at: Date.now(), quote_id: answer.quote_id, vehicle_id: answer.options[0].vehicle_id, company_id: answer.options[0].company_id };
      }
      return priced;
    };
    type Case = Template & { name: string; answered?: (status: number) => void };
    const driver = (n: number) => ({ name: `Fuzz Driver ${n}`, phone: '+44 (0)7700 900123', licence_number: `FZ-${n}`, licensing_authority: 'Transport for London', licence_expiry: '2035-01-31', active: true });
    const vehicle = (n: number) => ({ registration: `FZ${n}`, make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: 1, licence_number: `FZV-${n}`, licence_expiry: '2035-01-31', active: true });
    const account = (n: number) => ({ name: `Fuzz Account ${n} Ltd`, billing_email: `ledger${n}@fuzz.test`, billing_address: '1 High Street, London', vat_number: 'GB123456789', credit_limit_pence: 100_000, invoice_period: 'monthly', payment_terms_days: 30, po_required: false, cost_centre_required: false, active: true });
    /** What the console sends, each a body the server takes as it is (fresh values per case where a duplicate is a 409). */
    const templates: (() => Promise<Case>)[] = [
      async () => ({ name: 'dispatch accept', method: 'POST', url: `bookings/${await newBooking(false)}/dispatch`, body: { event: 'accept', revision: 0 } }),
      async () => ({ name: 'dispatch assign', method: 'POST', url: `bookings/${await newBooking(true)}/dispatch`, body: { event: 'assign', driver_id: f.assignDriverId, vehicle_id: f.assignVehicleId, revision: 1 } }),
      async () => ({ name: 'dispatch cancel', method: 'POST', url: `bookings/${await newBooking(false)}/dispatch`, body: { event: 'cancel', reason: 'operator_other', note: 'The passenger rang to cancel', refund_pence: 0, revision: 0 } }),
      // A card booking cancelled with part of its payment given back: the first taken moves the cases on to the next
      // booking; once the last is cancelled, the cases are its 409.
      async () => ({
        name: 'dispatch cancel card',
        method: 'POST',
        url: `bookings/${f.cardBookings[0]}/dispatch`,
        body: { event: 'cancel', reason: 'no_vehicle_available', note: '', refund_pence: 100 },
        answered: (status) => {
          if (status < 300 && f.cardBookings.length > 1) f.cardBookings.shift();
        },
      }),
      async () => ({ name: 'offer', method: 'POST', url: `bookings/${await newBooking(true)}/offers`, body: { driver_id: f.offerDriverId } }),
      async () => ({ name: 'POST companies', method: 'POST', url: 'catalogue/companies', body: { company_name: `Fuzz Cars ${fresh()}`, rating: 4.5, active: false } }),
      async () => ({ name: 'PATCH companies', method: 'PATCH', url: `catalogue/companies/${f.patchCompanyId}`, body: { company_name: `Fuzz Patched Cars ${fresh()}`, rating: 3.5, active: false } }),
      async () => ({ name: 'POST categories', method: 'POST', url: 'catalogue/categories', body: { ...CATEGORY, category_name: `Fuzz Saloon ${fresh()}`, active: false } }),
      async () => ({ name: 'PATCH categories', method: 'PATCH', url: `catalogue/categories/${f.patchCategoryId}`, body: { ...CATEGORY, category_name: `Fuzz Patched Saloon ${fresh()}`, active: false } }),
      async () => ({ name: 'POST company-accounts', method: 'POST', url: 'company-accounts', body: account(fresh()) }),
      async () => ({ name: 'PATCH company-accounts', method: 'PATCH', url: `company-accounts/${f.accountId}`, body: account(fresh()) }),
      async () => ({ name: 'invitations', method: 'POST', url: `company-accounts/${f.accountId}/invitations`, body: { email: `booker${fresh()}@fuzz.test`, role: 'booker' } }),
      async () => ({ name: 'POST drivers', method: 'POST', url: 'drivers', body: driver(fresh()) }),
      async () => ({ name: 'PATCH drivers', method: 'PATCH', url: `drivers/${f.patchDriverId}`, body: driver(fresh()) }),
      async () => ({ name: 'driver invite', method: 'POST', url: `drivers/${f.patchDriverId}/invite`, body: { email: `driver${fresh()}@fuzz.test` } }),
      async () => ({ name: 'POST vehicles', method: 'POST', url: 'vehicles', body: vehicle(fresh()) }),
      async () => ({ name: 'PATCH vehicles', method: 'PATCH', url: `vehicles/${f.patchVehicleId}`, body: vehicle(fresh()) }),
      async () => ({ name: 'enquiry price', method: 'POST', url: `enquiries/quote/${f.quoteRequestId}/price`, body: TRIP }),
      async () => ({ name: 'enquiry reply', method: 'POST', url: `enquiries/quote/${f.quoteRequestId}/reply`, body: { text: 'We can do that trip: a price follows.', reply_key: `fuzz-reply-${fresh()}` } }),
      async () => {
        const { quote_id, vehicle_id, company_id } = await quote();
        return { name: 'enquiry offer', method: 'POST', url: `enquiries/quote/${f.quoteRequestId}/offer`, body: { quote_id, vehicle_id, company_id, text: 'Here is your price.', reply_key: `fuzz-offer-${fresh()}`, price_override: { price: 42.5, reason: 'A regular customer' } } };
      },
      async () => {
        const { quote_id, vehicle_id, company_id } = await quote();
        return {
          name: 'phone booking',
          method: 'POST',
          url: 'phone-bookings',
          body: { quote_id, vehicle_id, company_id, passenger: { name: 'Tom Caller', email: `caller${fresh()}@fuzz.test`, phone: '07700 900555' }, payment: 'car', po_number: 'PO-1', cost_centre: 'CC-1', notes: 'Meet at arrivals', price_override: { price: 55.25, reason: 'Agreed on the phone' }, booking_key: `fuzz-phone-${fresh()}` },
        };
      },
      async () => ({ name: 'phone price', method: 'POST', url: 'phone-bookings/price', body: TRIP }),
      async () => ({ name: 'payments', method: 'POST', url: `invoices/${f.invoiceId}/payments`, body: { amount_pence: 1500, received_on: today, reference: 'BACS 42' } }),
      async () => ({ name: 'locate', method: 'POST', url: 'places/locate', body: { address: 'Windsor' } }),
      async () => ({ name: 'POST addresses', method: 'POST', url: 'places/addresses', body: { address: `Fuzz House ${fresh()}, London`, lat: 51.51, lon: -0.13, kind: 'hotel', popular: false } }),
      async () => ({ name: 'PATCH addresses', method: 'PATCH', url: `places/addresses/${f.placeId}`, body: { address: `Fuzz Patched House ${fresh()}, London`, lat: 51.52, lon: -0.14, kind: 'place', popular: false } }),
      async () => ({ name: 'banned', method: 'POST', url: 'places/banned', body: { pattern: `Fuzz Banned Lane ${fresh()}`, reason: 'Unpaid fares' } }),
      async () => ({ name: 'check', method: 'POST', url: 'places/check', body: { sample: 'Heathrow Terminal 5', pattern: 'Fuzz Banned Lane' } }),
      async () => ({ name: 'POST tariffs', method: 'POST', url: 'prices/tariffs', body: { ...TARIFF_FIGURES, company_id: f.tariffCompanyId, vehicle_id: 1, valid_from: dayAfter('2032-01-01', fresh()) } }),
      async () => ({ name: 'PUT tariffs', method: 'PUT', url: `prices/tariffs/${f.tariffCompanyId}/1/${f.tariffFrom}`, body: TARIFF_FIGURES }),
      async () => ({ name: 'POST surcharges', method: 'POST', url: 'prices/surcharges', body: surcharge(`fuzz_${fresh()}`, f.tariffCompanyId) }),
      async () => ({ name: 'PUT surcharges', method: 'PUT', url: `prices/surcharges/${f.surchargeId}`, body: surcharge('fixture_night', f.tariffCompanyId) }),
      async () => ({ name: 'POST zones', method: 'POST', url: 'prices/zones', body: { name: `Fuzz Zone ${fresh()}`, priority: 5, area: { kind: 'polygon', points: [[50.1, -4.1], [50.1, -4.0], [50.2, -4.0]] } } }),
      async () => ({ name: 'PUT zones', method: 'PUT', url: `prices/zones/${f.zoneIds[0]}`, body: { name: 'Fixture Zone A', priority: -5, area: { kind: 'radius', lat: 51.1, lon: -0.45, radius_miles: 1.5 } } }),
      async () => ({ name: 'POST fixed-fares', method: 'POST', url: 'prices/fixed-fares', body: fixedFare(f.zoneIds, f.tariffCompanyId, dayAfter('2032-01-01', fresh())) }),
      async () => ({ name: 'PUT fixed-fares', method: 'PUT', url: `prices/fixed-fares/${f.fixedFareId}`, body: fixedFare(f.zoneIds, f.tariffCompanyId, '2031-01-01') }),
      async () => ({
        name: 'preview',
        method: 'POST',
        url: 'prices/preview',
        body: { pickup: 'Heathrow Terminal 5', dropoff: 'Windsor', date: TRIP.pickup_date, time: '08:00', draft: { tariff: { ...TARIFF_FIGURES, company_id: 1, vehicle_id: 1, valid_from: '2026-01-01' } } },
      }),
      async () => ({ name: 'POST promos', method: 'POST', url: 'promos', body: { ...PROMO, code: `FUZZ${fresh()}` } }),
      async () => ({ name: 'PATCH promos', method: 'PATCH', url: `promos/${f.promoId}`, body: { ...PROMO, percent: 15 } }),
      async () => ({ name: 'settings preview', method: 'POST', url: 'settings/preview', body: { Company_Name: 'Fuzz Cars', DRIVER_OFFER_SECONDS: '45', FROM_EMAIL: 'bookings@westwaycars.test' } }),
      async () => ({ name: 'adjustments', method: 'POST', url: `settlement/${f.assignDriverId}/2025-01-06/adjustments`, body: { amount_pence: -2500, reason: 'Fuel card' } }),
      async () => ({ name: 'POST staff', method: 'POST', url: 'staff', body: { email: `staff${fresh()}@fuzz.test`, name: 'Fuzz Staff', role: 'dispatcher' } }),
      async () => ({ name: 'PATCH staff', method: 'PATCH', url: `staff/${f.staffId}`, body: { name: `Fuzz Staff ${fresh()}`, role: 'dispatcher', active: true } }),
      async () => {
        const n = fresh();
        return { name: 'POST sites', method: 'POST', url: 'sites', body: { name: `Fuzz Site ${n}`, hosts: [`fuzz${n}.example.test`] } };
      },
    ];
    /** A case that sends the template as it is (a quarter of them): the handlers' own answers, not only the schema's. */
    const AS_IS = Symbol('as is');
    const statuses = new Map<string, number>();
    let refusedAtEdge = 0;
    let valued = 0;
    /** One case: `template` sent with `value` at `path` (or as it is), and what any answer must be. */
    const check = async (template: Case, path: (string | number)[], value: unknown) => {
      const before = await counts();
      const sent = value === AS_IS ? template.body : replacedAt(template.body, path, value);
      const response = await admin(template.method, template.url, sent);
      template.answered?.(response.statusCode);
      const where = `${template.method} ${template.url} ${path.join('.')}=${(value === AS_IS ? 'as is' : JSON.stringify(value))?.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
      statuses.set(`${template.name} ${response.statusCode}`, (statuses.get(`${template.name} ${response.statusCode}`) ?? 0) + 1);
      expectSafeAnswer(response, where);
      if (expectEdgeRule(response, where, path, value)) refusedAtEdge++;
      if (response.statusCode >= 400) expect(tables.changed(before, await counts()), where).toEqual([]);
    };
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.oneof({ arbitrary: hostileLeaf, weight: 3 }, { arbitrary: fc.constant(AS_IS), weight: 1 }), async (templateIndex, pathIndex, value) => {
        valued++;
        const template = await templates[templateIndex % templates.length]!();
        const paths = leafPaths(template.body);
        await check(template, paths[pathIndex % paths.length]!, value);
      }),
      fuzzRuns(600, 20261206),
    );
    // Then every number of every template at each column edge, in turn (random cases reach a given one rarely: a
    // category id of 2^31 on vehicles and promos was a 500 that 6 000 random cases found once).
    let swept = 0;
    for (const make of templates) {
      const shape = (await make()).body;
      for (const path of leafPaths(shape).filter((leaf) => typeof valueAt(shape, leaf) === 'number')) {
        for (const edge of COLUMN_EDGES) {
          swept++;
          await check(await make(), path, edge);
        }
      }
    }
    // The cases reached the handlers: some were taken, some refused past the schema (a 404, 409 or 422 of the handler).
    const answers = [...statuses.keys()].map((key) => Number(key.split(' ').at(-1)));
    expect(answers.some((status) => status < 300), JSON.stringify([...statuses])).toBe(true);
    expect(answers.some((status) => status === 404 || status === 409 || status === 422), JSON.stringify([...statuses])).toBe(true);
    console.log(`fuzz: ${valued} valid admin bodies with a hostile value over ${templates.length} templates, ${swept} with a number at a column's edge, ${refusedAtEdge} refused by the edge rule, zero 5xx: ${JSON.stringify([...statuses])}`);
  }, 240_000);
});
