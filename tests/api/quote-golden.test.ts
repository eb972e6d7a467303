import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourlyForm, oneWayForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 20: the priced rows of a search are what they were, byte for byte in content, whatever is done to make them
 * faster. The server's clock is fixed, so each answer is the same on every run but for its quote id; the golden file
 * holds each search's answer with the quote id blanked. Written again (UPDATE_GOLDEN=1) only when a price rule changes
 * on purpose.
 */
const NOW = new Date('2026-11-25T12:00:00Z');
// A Wednesday, a Saturday night and 25 December (bank holiday, festive break): night, airport and daily-zone lines.
const SEARCHES: { kind: 'distance' | 'hourly'; form: Record<string, unknown> }[] = [
  { kind: 'distance', form: oneWayForm({ pickup_date: '2026-12-02', pickup_hour: '2pm', pickup_min: '30' }) },
  { kind: 'distance', form: oneWayForm({ pickup_date: '2026-12-05', pickup_hour: '11pm', pickup_min: '45', passengers: 4, luggages: 3, dropoff: 'Gatwick Airport South Terminal, Crawley RH6 0NP' }) },
  {
    kind: 'distance',
    form: oneWayForm({
      pickup_date: '2026-12-25',
      pickup_hour: '8am',
      pickup_min: '05',
      pickup: 'Paddington Station, Praed Street, London W2 1HB',
      dropoff: 'Wembley Stadium, London HA9 0WS',
      stops: [{ street_name: 'Kings Cross Station, London', number: '', postcode: 'N1 9AL' }],
      select_option: 'return',
      return_date: '2026-12-26',
      return_hour: '6pm',
      return_min: '15',
      return_passengers: 3,
      return_luggages: 2,
      return_hand_luggages: 1,
      meet_and_greet: 'yes',
      baby_seats: 1,
    }),
  },
  { kind: 'hourly', form: hourlyForm({ pickup_date: '2026-12-03', pickup_hour: '7pm', pickup_min: '00', pickup_duration: '6hour' }) },
];
const GOLDEN = path.join(import.meta.dirname, '__golden__', 'priced-rows.jsonl');

describe(`the priced rows are unchanged, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ now: () => NOW });
  });
  afterAll(() => provider.dispose());

  it('each search answers the golden rows, gzipped or plain alike, and stores them', async () => {
    const lines: string[] = [];
    for (const { kind, form } of SEARCHES) {
      const url = `/api/v1/${kind === 'hourly' ? 'calculate-hourly-price' : 'calculate-distance-price'}`;
      const plain = await provider.fastify.inject({ method: 'POST', url, headers: KEY_HEADERS, payload: form });
      expect(plain.statusCode, plain.body).toBe(200);
      // The same search again by a browser: the remembered answer, gzipped, the same bytes once inflated.
      const gzipped = await provider.fastify.inject({ method: 'POST', url, headers: { ...KEY_HEADERS, 'accept-encoding': 'gzip' }, payload: form });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
      const quoteId = (plain.json() as { price_details: { quote_id: string }[] }).price_details[0].quote_id;
      expect(quoteId).toMatch(/^q_[A-Za-z0-9_-]{16}$/);
      // What the quotes table keeps is that answer.
      const { rows } = await provider.db.query<{ payload: Uint8Array }>('SELECT payload FROM quotes WHERE id = $1', [quoteId]);
      expect(gunzipSync(rows[0].payload).toString('utf8')).toBe(plain.body);
      lines.push(plain.body.replaceAll(quoteId, 'q_GOLDEN'));
    }
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, `${lines.join('\n')}\n`);
    const expected = readFileSync(GOLDEN, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBe(expected.length);
    for (const [index, line] of lines.entries()) {
      // A digest first, so a failure says which search changed before the long diff.
      expect({ search: index, sha256: createHash('sha256').update(line).digest('hex') }).toEqual({ search: index, sha256: createHash('sha256').update(expected[index]).digest('hex') });
      expect(line).toBe(expected[index]);
    }
  });
});
