import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceListResponseSchema, type PriceDetail } from '../../contract/booking.ts';
import { oneWayForm } from '../helpers/forms.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Quotes price from the cached catalogue (settings, fleet, tariffs, surcharges, addresses, banned addresses) and a
 * repeated search is answered from its cached answer; an operator's change must still reach the next search. Changes
 * through the console API drop the cache at once; any other change (the operator's SQL, a migration) reaches every
 * process through the tables' triggers and NOTIFY.
 */

const post = (provider: TestProvider, url: string, payload: unknown) =>
  provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object });

const quote = async (provider: TestProvider, form: unknown) => {
  const response = await post(provider, 'calculate-distance-price', form);
  return { status: response.statusCode, body: response.json() as { message?: string; price_details: PriceDetail[] } };
};

const saloon = (rows: PriceDetail[]) => rows.find((row) => row.company_id === 1 && row.vehicle_id === 1)!;

/** The Westway Cars saloon of a search (its quote id, price and breakdown). */
const saloonOf = async (provider: TestProvider, form: unknown) => {
  const { status, body } = await quote(provider, form);
  expect(status).toBe(200);
  return saloon(priceListResponseSchema.parse(body).price_details);
};

async function siteId(provider: TestProvider) {
  return (await provider.cache.sites()).find((site) => site.isDefault)!.id;
}

describe(`an operator's change reaches the next quote, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const admin = (payload: Record<string, string | null>) =>
    provider.fastify.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload });

  it('a setting changed through the console API applies to the very next search, even one repeated from the cache', async () => {
    const form = oneWayForm({ pickup_min: '35' });
    const before = await saloonOf(provider, form);
    expect((await saloonOf(provider, form)).quote_id).toBe(before.quote_id); // the repeat is cached

    expect((await admin({ ROUND_OFF: 'yes' })).statusCode).toBe(200);
    const rounded = await saloonOf(provider, form);
    expect(rounded.quote_id).not.toBe(before.quote_id);
    expect(rounded.final_price).toBe(Math.round(before.final_price));
    expect(Number.isInteger(rounded.final_price)).toBe(true);

    // A longer grace period refuses the same search (its pickup is now too soon) instead of answering the cached quote.
    expect((await admin({ ROUND_OFF: 'no', GRACE_TIME: String(60 * 24 * 30) })).statusCode).toBe(200);
    const refused = await quote(provider, form);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Pickup time is within the grace period');
    expect((await admin({ GRACE_TIME: '120' })).statusCode).toBe(200);
  });

  it('a tariff changed in the database (no admin call) reaches the next search of the same trip', async () => {
    const form = oneWayForm({ pickup_min: '40' });
    const before = await saloonOf(provider, form);
    await provider.db.query('UPDATE tariffs SET base_fare_pence = base_fare_pence + 1000 WHERE site_id = $1 AND company_id = 1 AND vehicle_id = 1', [await siteId(provider)]);
    await expect.poll(async () => (await saloonOf(provider, form)).final_price, { timeout: 2000, interval: 20 }).toBe(before.final_price + 10);
    const after = await saloonOf(provider, form);
    expect(after.quote_id).not.toBe(before.quote_id);
    expect(after.breakdown.lines.find((line) => line.code === 'base_fare')!.amount_pence).toBe(before.breakdown.lines.find((line) => line.code === 'base_fare')!.amount_pence + 1000);
  });

  it('fleet, surcharge, saved address and banned address changes in the database reach the next search', async () => {
    const site = await siteId(provider);
    const form = oneWayForm({ pickup_min: '45' });
    await saloonOf(provider, form);

    await provider.db.query("UPDATE vehicle_categories SET category_name = 'Saloon Plus' WHERE site_id = $1 AND id = 1", [site]);
    await expect.poll(async () => (await saloonOf(provider, form)).vehicle_type, { timeout: 2000, interval: 20 }).toBe('Saloon Plus');

    await provider.db.query(
      "INSERT INTO surcharges (site_id, code, kind, label, valid_from, amount_pence, airport) VALUES ($1, 'test_lhr_levy', 'airport_pickup', 'Heathrow test levy', '2020-01-01', 250, 'LHR')",
      [site],
    );
    await expect
      .poll(async () => (await saloonOf(provider, form)).breakdown.lines.some((line) => line.label === 'Heathrow test levy'), { timeout: 2000, interval: 20 })
      .toBe(true);

    const depot = oneWayForm({ pickup_min: '50', dropoff: 'Westway Test Depot' });
    expect((await quote(provider, depot)).status).toBe(400);
    await provider.db.query("INSERT INTO addresses (site_id, id, address, lat, lon, kind) VALUES ($1, 9001, 'Westway Test Depot', 51.5154, -0.2210, 'place')", [site]);
    await expect.poll(async () => (await quote(provider, depot)).status, { timeout: 2000, interval: 20 }).toBe(200);

    await provider.db.query("INSERT INTO banned_addresses (site_id, id, pattern) VALUES ($1, 9001, 'Westway Test Depot')", [site]);
    await expect.poll(async () => (await quote(provider, depot)).body.message, { timeout: 2000, interval: 20 }).toBe('Address is banned');
  });
});

describe.runIf(testDatabaseKind === 'postgres')('an operator change reaches the quotes of another server process on one PostgreSQL', () => {
  let first: TestProvider;
  let second: TestProvider;
  beforeAll(async () => {
    first = await startTestProvider();
    second = await startTestProvider({ databaseUrl: first.config.databaseUrl! });
  });
  afterAll(async () => {
    await second.close();
    await first.dispose();
  });

  it('a setting changed through one process re-prices the search the other had cached', async () => {
    const form = oneWayForm({ pickup_min: '25' });
    const before = await saloonOf(second, form);
    expect((await saloonOf(second, form)).quote_id).toBe(before.quote_id);
    const put = await first.fastify.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { ROUND_OFF: 'yes' } });
    expect(put.statusCode).toBe(200);
    await expect.poll(async () => (await saloonOf(second, form)).final_price, { timeout: 2000, interval: 20 }).toBe(Math.round(before.final_price));
  });

  it('a tariff changed in the database re-prices the next search in both processes', async () => {
    const form = oneWayForm({ pickup_min: '55' });
    const [onFirst, onSecond] = [await saloonOf(first, form), await saloonOf(second, form)];
    await first.db.query('UPDATE tariffs SET base_fare_pence = base_fare_pence + 2000 WHERE site_id = $1 AND company_id = 1 AND vehicle_id = 1', [await siteId(first)]);
    await expect.poll(async () => (await saloonOf(second, form)).final_price, { timeout: 2000, interval: 20 }).toBe(onSecond.final_price + 20);
    await expect.poll(async () => (await saloonOf(first, form)).final_price, { timeout: 2000, interval: 20 }).toBe(onFirst.final_price + 20);
  });
});
