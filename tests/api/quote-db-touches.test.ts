import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceListResponseSchema } from '../../contract/booking.ts';
import { hourlyForm, oneWayForm } from '../helpers/forms.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 8: "a quote touches the database at most once". The statements are counted by the database adapter itself
 * (Db.stats), so nothing the quoting code does can hide from it. The mail dispatcher polls its outbox in the
 * background; its statements (all on mail_outbox) are left out.
 */
describe(`a quote touches the database at most once, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    // No worker of the process (dispatchers, sweeps, automatic offers): its statements would join the counted ones.
    provider = await startTestProvider({ background: false });
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object });

  /** The SQL of every statement sent while `work` runs. */
  async function statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const stop = provider.db.stats!.observe((sql) => {
      if (!sql.includes('mail_outbox')) statements.push(sql.replace(/\s+/g, ' ').trim());
    });
    try {
      return { result: await work(), statements };
    } finally {
      stop();
    }
  }

  const storedQuotes = async (ids: string[]) =>
    Number((await provider.db.query<{ n: string }>('SELECT count(*)::text AS n FROM quotes WHERE id = ANY($1)', [ids])).rows[0].n);

  it('the adapter counts what it sends', async () => {
    const before = provider.db.stats!.statements;
    const { statements } = await statementsDuring(() => provider.db.query('SELECT 1'));
    expect(statements).toEqual(['SELECT 1']);
    expect(provider.db.stats!.statements).toBeGreaterThanOrEqual(before + 1);
  });

  it('a new search is one INSERT, stored before the answer; the same search repeated touches no table', async () => {
    // The first request after start loads the site's catalogue into the cache (that is not per quote).
    expect((await post('calculate-distance-price', oneWayForm({ pickup_min: '05' }))).statusCode).toBe(200);

    const form = oneWayForm({ pickup_min: '10', passengers: 3 });
    const fresh = await statementsDuring(() => post('calculate-distance-price', form));
    expect(fresh.result.statusCode).toBe(200);
    expect(fresh.statements).toHaveLength(1);
    expect(fresh.statements[0]).toMatch(/^INSERT INTO quotes /);
    const quoteId = priceListResponseSchema.parse(fresh.result.json()).price_details[0].quote_id;
    expect(await storedQuotes([quoteId])).toBe(1);

    const repeat = await statementsDuring(() => post('calculate-distance-price', form));
    expect(repeat.result.statusCode).toBe(200);
    expect(repeat.statements).toEqual([]);
    expect(repeat.result.body).toBe(fresh.result.body);
  });

  it('an hourly search likewise: one INSERT, then nothing for its repeat', async () => {
    const form = hourlyForm({ pickup_duration: '5hour' });
    const fresh = await statementsDuring(() => post('calculate-hourly-price', form));
    expect(fresh.result.statusCode).toBe(200);
    expect(fresh.statements.map((sql) => sql.slice(0, 19))).toEqual(['INSERT INTO quotes ']);
    const repeat = await statementsDuring(() => post('calculate-hourly-price', form));
    expect(repeat.statements).toEqual([]);
    expect(repeat.result.json().price_details[0].quote_id).toBe(fresh.result.json().price_details[0].quote_id);
  });

  it('a refused search (rule or bad body) touches no table', async () => {
    const banned = await statementsDuring(() => post('calculate-distance-price', oneWayForm({ pickup: '12 Unpaid Fares Close, London W12 7FR' })));
    expect(banned.result.statusCode).toBe(422);
    const malformed = await statementsDuring(() => post('calculate-distance-price', oneWayForm({ passengers: -1 })));
    expect(malformed.result.statusCode).toBe(400);
    expect([...banned.statements, ...malformed.statements]).toEqual([]);
  });

  it('twenty different searches at once: every quote stored, in no more statements than quotes (they share INSERTs)', async () => {
    const forms = Array.from({ length: 20 }, (_, index) => oneWayForm({ pickup_min: String((index % 12) * 5).padStart(2, '0'), passengers: 1 + Math.floor(index / 12), luggages: 0 }));
    const { result, statements } = await statementsDuring(() => Promise.all(forms.map((form) => post('calculate-distance-price', form))));
    expect(result.map((response) => response.statusCode)).toEqual(forms.map(() => 200));
    const ids = result.map((response) => response.json().price_details[0].quote_id as string);
    expect(new Set(ids).size).toBe(20);
    expect(statements.length).toBeGreaterThanOrEqual(1);
    expect(statements.length).toBeLessThanOrEqual(20);
    expect(statements.every((sql) => sql.startsWith('INSERT INTO quotes '))).toBe(true);
    expect(await storedQuotes(ids)).toBe(20);
  });

  it('after an operator change the next search reloads the catalogue once, and the one after is back to one statement', async () => {
    const put = await provider.fastify.inject({ method: 'PUT', url: '/api/admin/settings', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { MEET_AND_GREET: '13' } });
    expect(put.statusCode).toBe(200);
    // The admin call itself reloads the catalogue for its answer; a NOTIFY from the trigger may make the next search reload it again.
    const first = await statementsDuring(() => post('calculate-distance-price', oneWayForm({ pickup_min: '15', passengers: 4 })));
    expect(first.result.statusCode).toBe(200);
    expect(first.statements.filter((sql) => sql.startsWith('INSERT')).length).toBe(1);
    expect(first.statements.every((sql) => sql.startsWith('INSERT INTO quotes ') || sql.startsWith('SELECT'))).toBe(true);
    // Once the change has reached this process (at once through the console API; PostgreSQL's NOTIFY may follow a moment later), one statement again.
    let minute = 0;
    await expect
      .poll(async () => (await statementsDuring(() => post('calculate-distance-price', oneWayForm({ pickup_min: String(++minute * 5).padStart(2, '0'), passengers: 3, luggages: 0 })))).statements, { timeout: 3000, interval: 50 })
      .toEqual([expect.stringMatching(/^INSERT INTO quotes /)]);
    expect(minute).toBeLessThan(11);
  });
});
