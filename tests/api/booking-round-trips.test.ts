import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 20: what a booking and a quote read back cost the database, counted by the adapter (Db.stats). The mail
 * dispatcher's own work (claims and sends on mail_outbox) is left out; the booking's mail INSERTs are counted.
 */
describe(`round trips of a booking, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let clock = new Date('2026-11-25T12:00:00Z');
  beforeAll(async () => {
    provider = await startTestProvider({ now: () => clock });
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object });

  async function statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    const stop = provider.db.stats!.observe((sql) => {
      if (!sql.includes('mail_outbox') || sql.startsWith('INSERT')) statements.push(sql.replace(/\s+/g, ' ').trim().split(' ').slice(0, 3).join(' '));
    });
    try {
      return { result: await work(), statements };
    } finally {
      stop();
    }
  }

  it('a guest booking is written in one transaction of one INSERT returning its row, its manage link, mails and event; the answer is not read back', async () => {
    const { form, row } = await quoteFor(provider, { pickup_date: '2026-12-02' });
    const { result, statements } = await statementsDuring(() => post('booking', bookingPayload(form, row)));
    expect(result.statusCode, result.body).toBe(200);
    expect(statements).toEqual([
      // the quote, read once after the search (the search's own process remembers it from then on)
      'SELECT id, booking_type,',
      'BEGIN',
      'INSERT INTO bookings',
      'INSERT INTO booking_manage_links',
      'SELECT b.id, b.booking_number,',
      'INSERT INTO mail_outbox',
      'SELECT pg_notify($1, $2)',
      'COMMIT',
    ]);
    const booking = result.json().data.booking;
    const stored = await provider.db.query<{ n: string }>('SELECT count(*)::text AS n FROM bookings WHERE booking_number = $1', [booking.booking_number]);
    expect(stored.rows[0].n).toBe('1');

    // The same submission again: the first booking, read back (no second row, no second mail).
    const again = await statementsDuring(() => post('booking', bookingPayload(form, row)));
    expect(again.result.statusCode).toBe(200);
    expect(again.result.json().data.booking.booking_number).toBe(booking.booking_number);
    expect(again.statements.filter((sql) => sql.startsWith('INSERT INTO mail_outbox'))).toEqual([]);
    expect(again.statements).not.toContain('SELECT id, booking_type,');
  });

  it('two stops are stored in one INSERT and answered in their order', async () => {
    const stops = [
      { street_name: 'Praed Street', number: '', postcode: 'W2 1HB' },
      { street_name: 'Strand', number: '100', postcode: 'WC2R 0EZ' },
    ];
    const { form, row } = await quoteFor(provider, { pickup_date: '2026-12-02', stops });
    const { result, statements } = await statementsDuring(() => post('booking', bookingPayload(form, row, { registrationData: { ...bookingPayload(form, row).registrationData, email: 'stops@example.test' } })));
    expect(result.statusCode, result.body).toBe(200);
    expect(statements.filter((sql) => sql === 'INSERT INTO booking_stops')).toHaveLength(1);
    expect(result.json().data.bookingStops).toEqual([
      { id: 1, stop_address: 'Praed Street, W2 1HB', stop_post_code: 'W2 1HB' },
      { id: 2, stop_address: '100 Strand, WC2R 0EZ', stop_post_code: 'WC2R 0EZ' },
    ]);
  });

  it('a quote read back is remembered while unexpired; an expiry moved later in the table is found once the remembered one passes', async () => {
    const { row } = await quoteFor(provider, { pickup_date: '2026-12-03' });
    const reprice = () => post('calculate-selected-vehicle-price', { quote_id: row.quote_id, vehicle_id: row.vehicle_id, company_id: row.company_id });
    const first = await statementsDuring(reprice);
    expect(first.result.statusCode).toBe(200);
    expect(first.statements).toEqual(['SELECT id, booking_type,']);
    const second = await statementsDuring(reprice);
    expect(second.result.body).toBe(first.result.body);
    expect(second.statements).toEqual([]);

    // An operator's offer keeps the quote an hour longer (as the enquiry inbox does); 31 minutes on, it still prices.
    await provider.db.query("UPDATE quotes SET expires_at = expires_at + interval '1 hour' WHERE id = $1", [row.quote_id]);
    clock = new Date(clock.getTime() + 31 * 60_000);
    const later = await statementsDuring(reprice);
    expect(later.result.statusCode, later.result.body).toBe(200);
    expect(later.statements).toEqual(['SELECT id, booking_type,']);
    // Past the new expiry: refused.
    clock = new Date(clock.getTime() + 60 * 60_000);
    const expired = await reprice();
    expect(expired.statusCode).toBe(410);
    clock = new Date('2026-11-25T12:00:00Z');
  });
});
