import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_CHANNEL_HEADER } from '../../contract/bookings.ts';
import { REPORTS_MESSAGES, type CountGroup, type Report, type TripGroup } from '../../contract/reports.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { addDays, londonParts, londonWallClock } from '../../server/domain/pricing/londonTime.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { seedReportBookings } from '../helpers/reportBookings.ts';

/**
 * Issue 35, reports: every figure of GET /api/admin/reports against a count made here, in JavaScript, over the seeded
 * bookings' rows (the report's SQL aggregates and this plain loop must agree to the penny); owners only; another
 * site's bookings never counted; a bad range is a 400 with its message.
 */
describe(`reports on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let siteId: number;
  const today = londonParts(new Date()).date;
  // Six weeks of pick-ups ending yesterday (London), 700 bookings on our site and 300 on another.
  const seedStart = londonWallClock(addDays(today, -42), 0, 0);
  const seedSpan = londonWallClock(today, 0, 0).getTime() - seedStart.getTime();

  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    [owner, dispatcher] = await Promise.all([api.owner(), api.dispatcher()]);
    siteId = Number((await api.sql<{ id: number }>('SELECT id FROM sites WHERE is_default'))[0].id);
    const other = await api.otherSite();
    await seedReportBookings(provider.db, { siteId, start: seedStart, spanMs: seedSpan, count: 700, prefix: 'rp' });
    await seedReportBookings(provider.db, { siteId: other.siteId, start: seedStart, spanMs: seedSpan, count: 300, prefix: 'ot' });
  });
  afterAll(() => provider.dispose());

  const report = async (from: string, to: string): Promise<Report> => {
    const response = await api.as(owner, 'GET', `reports?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().report;
  };

  interface Row {
    id: string;
    created_at: Date;
    pick_up_at: Date;
    status: string;
    total_pence: number;
    payment_method: string;
    company_name: string;
    vehicle_category: string;
    source: string;
    driver: string | null;
    cancel_reason: string | null;
    cancelled_by: string | null;
    cancellation_fee_pence: number | null;
    refunded: string | null;
    promo: string | null;
    discount: number | null;
  }
  /** Every booking of the site with its refunds and promo use, computed here one by one. */
  const rows = () =>
    api.sql<Row>(
      `SELECT b.id, b.created_at, b.pick_up_at, b.status, b.total_pence, b.payment_method, b.company_name, b.vehicle_category, b.source,
              b.assigned_driver ->> 'name' AS driver, b.cancel_reason, b.cancelled_by, b.cancellation_fee_pence,
              (SELECT sum(amount_pence)::text FROM refunds f WHERE f.site_id = b.site_id AND f.booking_id = b.id AND f.status = 'succeeded') AS refunded,
              (SELECT p.code FROM promo_code_uses u JOIN promo_codes p ON p.site_id = u.site_id AND p.id = u.promo_id WHERE u.site_id = b.site_id AND u.booking_id = b.id AND u.state = 'used') AS promo,
              (SELECT u.discount_pence FROM promo_code_uses u WHERE u.site_id = b.site_id AND u.booking_id = b.id AND u.state = 'used') AS discount
         FROM bookings b WHERE b.site_id = $1`,
      [siteId],
    );

  /** The figures of one period, counted row by row. */
  function expected(all: Row[], from: string, to: string) {
    const start = londonWallClock(from, 0, 0).getTime();
    const end = londonWallClock(addDays(to, 1), 0, 0).getTime();
    const inside = (date: Date) => new Date(date).getTime() >= start && new Date(date).getTime() < end;
    const trips = all.filter((row) => inside(row.pick_up_at));
    const made = all.filter((row) => inside(row.created_at));
    const done = trips.filter((row) => row.status === 'completed');
    const sum = (list: Row[], of: (row: Row) => number) => list.reduce((total, row) => total + of(row), 0);
    const fares = sum(done, (row) => row.total_pence);
    const refunds = sum(done, (row) => Number(row.refunded ?? 0));
    const fees = sum(trips.filter((row) => row.status === 'cancelled'), (row) => row.cancellation_fee_pence ?? 0);
    const used = made.filter((row) => row.promo !== null);
    const revenueOf = (list: Row[]) => sum(list.filter((row) => row.status === 'completed'), (row) => row.total_pence - Number(row.refunded ?? 0)) + sum(list.filter((row) => row.status === 'cancelled'), (row) => row.cancellation_fee_pence ?? 0);
    const group = (key: (row: Row) => string) => {
      const groups = new Map<string, Row[]>();
      for (const row of trips) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
      return new Map([...groups].map(([name, list]) => [name, { due: list.length, done: list.filter((row) => row.status === 'completed').length, cancelled: list.filter((row) => row.status === 'cancelled').length, noShows: list.filter((row) => row.status === 'no_show').length, revenuePence: revenueOf(list) }]));
    };
    const hours = (date: Date) => String(londonParts(new Date(date)).hour).padStart(2, '0');
    const lead = (row: Row) => {
      const hoursAhead = (new Date(row.pick_up_at).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
      return hoursAhead < 1 ? 'under_1h' : hoursAhead < 4 ? '1h_4h' : hoursAhead < 24 ? '4h_24h' : hoursAhead < 72 ? '1d_3d' : hoursAhead < 168 ? '3d_7d' : '7d_plus';
    };
    const counts = (list: Row[], key: (row: Row) => string) => {
      const out = new Map<string, number>();
      for (const row of list) out.set(key(row), (out.get(key(row)) ?? 0) + 1);
      return out;
    };
    return {
      totals: {
        bookingsMade: made.length,
        tripsDue: trips.length,
        tripsDone: done.length,
        cancelled: trips.filter((row) => row.status === 'cancelled').length,
        noShows: trips.filter((row) => row.status === 'no_show').length,
        faresPence: fares,
        refundsPence: refunds,
        cancellationFeesPence: fees,
        revenuePence: fares - refunds + fees,
        // The demo operator is VAT-registered (20 %, prices include VAT): VAT on the period's revenue, halves up.
        revenueWithVatPence: fares - refunds + fees,
        revenueWithoutVatPence: fares - refunds + fees - Math.floor((2 * (fares - refunds + fees) * 2000 + 12_000) / 24_000),
        averageFarePence: done.length ? Math.round((fares - refunds) / done.length) : null,
        promoUses: used.length,
        promoCostPence: sum(used, (row) => row.discount ?? 0),
      },
      byCategory: group((row) => row.vehicle_category),
      byCompany: group((row) => row.company_name),
      bySource: group((row) => row.source),
      byDriver: group((row) => row.driver ?? ''),
      byPayment: group((row) => (row.total_pence === 0 ? 'nothing_to_pay' : row.payment_method)),
      byHour: group((row) => hours(row.pick_up_at)),
      leadTime: counts(made, lead),
      reasons: counts(trips.filter((row) => row.status === 'cancelled' || row.status === 'no_show'), (row) => (row.status === 'no_show' ? 'no_show' : (row.cancel_reason ?? `by_${row.cancelled_by}`))),
      promos: counts(used, (row) => row.promo!),
    };
  }

  const asMap = (groups: TripGroup[], period: 'current' | 'previous') => new Map(groups.filter((group) => group[period].due > 0).map((group) => [group.key, group[period]]));
  const countMap = (groups: CountGroup[], period: 'current' | 'previous') => new Map(groups.filter((group) => group[period].count > 0).map((group) => [group.key, group[period].count]));

  it('each figure of a fortnight and the fortnight before equals a count over the bookings (this site only), to the penny', async () => {
    const from = addDays(today, -14);
    const to = addDays(today, -1);
    const answer = await report(from, to);
    expect(answer.period).toEqual({ from, to, days: 14 });
    expect(answer.previousPeriod).toEqual({ from: addDays(today, -28), to: addDays(today, -15), days: 14 });
    expect(answer.vat).toEqual({ ratePercent: 20, pricesIncludeVat: true });
    const all = await rows();
    for (const [period, range] of [['current', [from, to]], ['previous', [addDays(today, -28), addDays(today, -15)]]] as const) {
      const want = expected(all, range[0], range[1]);
      expect(answer[period]).toEqual(want.totals);
      expect(answer[period].tripsDue).toBeGreaterThan(150);
      expect(answer[period].cancelled).toBeGreaterThan(0);
      expect(answer[period].refundsPence).toBeGreaterThan(0);
      expect(answer[period].promoUses).toBeGreaterThan(0);
      expect(asMap(answer.byCategory, period)).toEqual(want.byCategory);
      expect(asMap(answer.byCompany!, period)).toEqual(want.byCompany);
      expect(asMap(answer.bySource, period)).toEqual(want.bySource);
      expect(asMap(answer.byDriver, period)).toEqual(want.byDriver);
      expect(asMap(answer.byPayment, period)).toEqual(want.byPayment);
      expect(asMap(answer.byHour, period)).toEqual(want.byHour);
      expect(countMap(answer.leadTime, period)).toEqual(want.leadTime);
      expect(countMap(answer.cancellations, period)).toEqual(want.reasons);
      expect(countMap(answer.promos, period)).toEqual(want.promos);
    }
    expect(answer.byHour.map((row) => row.key)).toEqual(Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')));
    expect(answer.bySource.map((row) => row.label).sort()).toEqual(['Console', 'Embedded site', 'QUOTE NOW offer', 'Website']);
    expect(answer.byDriver.find((row) => row.key === '')?.label).toBe('Not assigned');
    expect(answer.cancellations.map((row) => row.label)).toContain('No-show');
  });

  it('without a VAT number (not VAT-registered) the revenue has no VAT figures', async () => {
    const [saved] = await api.sql<{ setting_value: string }>("SELECT setting_value FROM settings WHERE site_id = $1 AND setting_name = 'VAT_NUMBER'", [siteId]);
    await api.sql("UPDATE settings SET setting_value = '' WHERE site_id = $1 AND setting_name = 'VAT_NUMBER'", [siteId]);
    await provider.cache.invalidate(siteId);
    try {
      const answer = await report(addDays(today, -7), addDays(today, -1));
      expect(answer.vat).toBeNull();
      expect(answer.current.revenuePence).toBeGreaterThan(0);
      expect([answer.current.revenueWithVatPence, answer.current.revenueWithoutVatPence]).toEqual([null, null]);
    } finally {
      await api.sql("UPDATE settings SET setting_value = $2 WHERE site_id = $1 AND setting_name = 'VAT_NUMBER'", [siteId, saved.setting_value]);
      await provider.cache.invalidate(siteId);
    }
  });

  it('owners only: a dispatcher gets 403; a bad range is a 400 with its message; a booking made on the website is counted with its source', async () => {
    const refused = await api.as(dispatcher, 'GET', `reports?from=${today}&to=${today}`);
    expect([refused.statusCode, refused.json()]).toEqual([403, { success: false, message: STAFF_MESSAGES.ownerOnly, code: 'forbidden' }]);
    for (const [query, message] of [
      ['from=2026-13-01&to=2026-12-31', REPORTS_MESSAGES.badDate],
      ['from=2026-02-30&to=2026-03-01', REPORTS_MESSAGES.badDate],
      ['from=0000-01-01&to=0000-01-02', REPORTS_MESSAGES.badDate],
      ['from=yesterday&to=2026-03-01', `from: ${REPORTS_MESSAGES.badDate}`],
      ['to=2026-03-01', `from: ${REPORTS_MESSAGES.badDate}`],
      ['from=2026-03-02&to=2026-03-01', REPORTS_MESSAGES.toBeforeFrom],
      ['from=2025-01-01&to=2026-12-31', REPORTS_MESSAGES.tooLong],
    ] as const) {
      const response = await api.as(owner, 'GET', `reports?${query}`);
      expect([query, response.statusCode, response.json()]).toEqual([query, 400, { success: false, message, code: 'invalid_input' }]);
    }
    const before = await report(today, addDays(today, 30));
    await api.bookInCar('reports-website@example.test');
    const after = await report(today, addDays(today, 30));
    expect(after.current.bookingsMade).toBe(before.current.bookingsMade + 1);
    expect(asMap(after.bySource, 'current').get('website')!.due).toBe((asMap(before.bySource, 'current').get('website')?.due ?? 0) + 1);
    expect(await api.sql("SELECT source FROM bookings WHERE passenger_email = 'reports-website@example.test'")).toEqual([{ source: 'website' }]);
  });

  it('the website framed in the operator\'s page books as the embedded site, in the car and by card; no other channel can be claimed', async () => {
    const before = await report(today, addDays(today, 30));
    await api.bookInCar('reports-framed@example.test', {}, { [BOOKING_CHANNEL_HEADER]: 'embedded' });
    // The card's submission is stored with the intent: the booking written at its confirmation keeps where it came from.
    await api.bookByCard('reports-framed-card@example.test', { [BOOKING_CHANNEL_HEADER]: 'embedded' });
    for (const claimed of ['console', 'quote_offer', 'EMBEDDED', 'embedded, console']) await api.bookInCar(`reports-claims-${claimed.length}@example.test`, {}, { [BOOKING_CHANNEL_HEADER]: claimed });
    const rows = await api.sql<{ passenger_email: string; source: string }>(
      "SELECT passenger_email, source FROM bookings WHERE passenger_email LIKE 'reports-framed%' OR passenger_email LIKE 'reports-claims-%' ORDER BY passenger_email",
    );
    expect(rows).toEqual([
      { passenger_email: 'reports-claims-11@example.test', source: 'website' },
      { passenger_email: 'reports-claims-17@example.test', source: 'website' },
      { passenger_email: 'reports-claims-7@example.test', source: 'website' },
      { passenger_email: 'reports-claims-8@example.test', source: 'website' },
      { passenger_email: 'reports-framed-card@example.test', source: 'embedded' },
      { passenger_email: 'reports-framed@example.test', source: 'embedded' },
    ]);
    const after = await report(today, addDays(today, 30));
    const embedded = (r: Report) => asMap(r.bySource, 'current').get('embedded');
    expect((embedded(after)?.due ?? 0) - (embedded(before)?.due ?? 0)).toBe(2);
  });
});
