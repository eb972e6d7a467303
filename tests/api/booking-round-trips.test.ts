import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 20: what a booking and a quote read back cost the database, counted by the adapter (Db.stats). The mail
 * dispatcher's own work (its claims and marks, UPDATEs of mail_outbox) is left out; the booking's mails are counted.
 */
describe(`round trips of a booking, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let clock = new Date('2026-11-25T12:00:00Z');
  beforeAll(async () => {
    // No worker of the process (dispatchers, sweeps, automatic offers): its statements would join the counted ones.
    provider = await startTestProvider({ now: () => clock, background: false });
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object });

  /** The statements sent while `work` ran, each as its first three words, and in full. */
  async function statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[]; sql: string[] }> {
    const sql: string[] = [];
    const stop = provider.db.stats!.observe((text) => {
      if (!/^\s*UPDATE mail_outbox/.test(text)) sql.push(text.replace(/\s+/g, ' ').trim());
    });
    try {
      const result = await work();
      return { result, statements: sql.map((text) => text.split(' ').slice(0, 3).join(' ')), sql };
    } finally {
      stop();
    }
  }

  it('a guest booking is one statement: its INSERT returning its row, with its manage link, mails and event; no transaction, nothing read back', async () => {
    const { form, row } = await quoteFor(provider, { pickup_date: '2026-12-02' });
    const { result, statements, sql } = await statementsDuring(() => post('booking', bookingPayload(form, row)));
    expect(result.statusCode, result.body).toBe(200);
    expect(statements).toEqual([
      // the quote, read once after the search (the search's own process remembers it from then on)
      'SELECT id, booking_type,',
      'WITH booking AS',
    ]);
    for (const part of ['INSERT INTO bookings', 'INSERT INTO booking_manage_links', 'INSERT INTO mail_outbox', 'pg_notify(']) expect(sql[1]).toContain(part);
    const booking = result.json().data.booking;
    const stored = await provider.db.query<{ id: string }>('SELECT id FROM bookings WHERE booking_number = $1', [booking.booking_number]);
    expect(stored.rows).toHaveLength(1);
    const links = await provider.db.query('SELECT token_hash FROM booking_manage_links WHERE booking_id = $1', [stored.rows[0].id]);
    expect(links.rows).toHaveLength(1);
    const mails = await provider.db.query<{ kind: string }>("SELECT kind FROM mail_outbox WHERE subject LIKE '%' || $1 || '%' ORDER BY id", [booking.booking_number]);
    expect(mails.rows.map((mail) => mail.kind)).toEqual(['booking_confirmation', 'booking_notice']);

    // The same submission again: the first booking, read back (no second row, no second mail).
    const again = await statementsDuring(() => post('booking', bookingPayload(form, row)));
    expect(again.result.statusCode).toBe(200);
    expect(again.result.json().data.booking.booking_number).toBe(booking.booking_number);
    expect(again.statements.filter((sql) => sql.startsWith('INSERT INTO mail_outbox'))).toEqual([]);
    expect(again.statements).not.toContain('SELECT id, booking_type,');
  });

  it('a card payment through the sandbox: the quote read once and 3 statements to create the intent, 9 to confirm and book, 2 for the booking call', async () => {
    const { form, row } = await quoteFor(provider, { pickup_date: '2026-12-04' });
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email: 'card.trips@example.test' } });
    const created = await statementsDuring(() => post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: Math.round(row.final_price * 100), booking }));
    expect(created.result.statusCode, created.result.body).toBe(200);
    // no transaction around the payment's one INSERT (a promo code's reservation would need one)
    expect(created.statements).toEqual(['SELECT id, booking_type,', 'SELECT booking_number FROM', 'INSERT INTO sandbox_intents', 'INSERT INTO payments']);
    const { paymentIntentId } = created.result.json();

    const confirmed = await statementsDuring(() => post('confirm-payment-intent', { paymentIntentId }));
    expect(confirmed.result.json()).toMatchObject({ status: 'succeeded', booking_number: expect.stringMatching(/^CF-/) });
    expect(confirmed.statements).toEqual([
      'UPDATE payments SET', // the charging slot taken, the payment's record returned
      'SELECT * FROM', // the sandbox processor: its intent…
      'UPDATE sandbox_intents SET', // …charged
      'UPDATE payments SET', // the processor's status recorded
      'BEGIN',
      'SELECT intent_id, charge,', // the submission's payments locked
      'UPDATE payments SET', // this one succeeded
      'WITH booking AS', // the booking, its link, mails and event, and the payment bound to it
      'COMMIT',
    ]);
    expect(confirmed.sql[7]).toContain('UPDATE payments SET booking_id = booking.id');

    const answered = await statementsDuring(() => post('booking', { ...booking, paymentId: paymentIntentId }));
    expect(answered.result.json().data.booking.booking_number).toBe(confirmed.result.json().booking_number);
    expect(answered.statements).toEqual(['SELECT intent_id, amount_pence,', 'SELECT id, booking_number,']);
    const bound = await provider.db.query<{ booking_number: string }>(
      'SELECT b.booking_number FROM payments p JOIN bookings b ON b.site_id = p.site_id AND b.id = p.booking_id WHERE p.intent_id = $1',
      [paymentIntentId],
    );
    expect(bound.rows).toEqual([{ booking_number: confirmed.result.json().booking_number }]);
  });

  it.runIf(testDatabaseKind === 'postgres')('on PostgreSQL a statement is prepared once per connection and then only bound', async () => {
    const prepared = await provider.db.transaction(async (tx) => {
      for (let run = 0; run < 3; run++) await tx.query('SELECT $1::integer + 41 AS answer', [run]);
      return (await tx.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%+ 41 AS answer'")).rows;
    });
    expect(prepared).toEqual([{ statement: 'SELECT $1::integer + 41 AS answer' }]);
  });

  it('two stops are stored in the booking\'s statement and answered in their order', async () => {
    const stops = [
      { street_name: 'Praed Street', number: '', postcode: 'W2 1HB' },
      { street_name: 'Strand', number: '100', postcode: 'WC2R 0EZ' },
    ];
    const { form, row } = await quoteFor(provider, { pickup_date: '2026-12-02', stops });
    const { result, sql } = await statementsDuring(() => post('booking', bookingPayload(form, row, { registrationData: { ...bookingPayload(form, row).registrationData, email: 'stops@example.test' } })));
    expect(result.statusCode, result.body).toBe(200);
    expect(sql.filter((text) => text.includes('INSERT INTO booking_stops'))).toHaveLength(1);
    const stored = await provider.db.query(
      'SELECT s.position, s.stop_address, s.stop_post_code, s.stop_street_number FROM booking_stops s JOIN bookings b ON b.site_id = s.site_id AND b.id = s.booking_id WHERE b.booking_number = $1 ORDER BY s.position',
      [result.json().data.booking.booking_number],
    );
    expect(stored.rows).toEqual([
      { position: 1, stop_address: 'Praed Street, W2 1HB', stop_post_code: 'W2 1HB', stop_street_number: '' },
      { position: 2, stop_address: '100 Strand, WC2R 0EZ', stop_post_code: 'WC2R 0EZ', stop_street_number: '100' },
    ]);
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
