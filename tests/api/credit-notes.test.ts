import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../contract/invoices.ts';
import { endedPeriod } from '../../contract/invoiceRules.ts';
import { londonParts, londonWallClock } from '../../server/domain/pricing/londonTime.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

const INVITATION_LINK = /(https?:\/\/[a-z0-9.:-]+\/account-invitation#token=([A-Za-z0-9_-]{43}))/;

async function pdfText(content: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(content));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

/**
 * Issue 34, credit notes: a booking on an issued invoice later cancelled or made cheaper is credited by the next run
 * (CN- numbers, gapless; once under 20 concurrent runs), set against its invoice (what the account owes, its ageing and
 * credit limit go down) or owed back when the invoice was paid; the PDF; who may see which; and the ledger property:
 * invoices − credit notes = the account's invoiced bookings as the ledger bills them.
 */
describe(`credit notes on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let nextAddress = 1;
  const today = londonParts(new Date()).date;
  const period = endedPeriod('monthly', today);
  /** An instant in the ended period (hours after its first day's 9am, London). */
  const inPeriod = (hours: number) => new Date(londonWallClock(period.start, 9, 0).getTime() + hours * 3_600_000);

  
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    [owner, dispatcher] = await Promise.all([api.owner(), api.dispatcher()]);
  });
  afterAll(() => provider.dispose());

  const v1 = (method: 'GET' | 'POST', url: string, token?: string) =>
    provider.fastify.inject({ method, url: `/api/v1/${url}`, headers: { ...KEY_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) }, remoteAddress: `198.51.100.${nextAddress++ % 250}` });

  async function invitationTo(email: string): Promise<string> {
    const [mail] = await api.sql<{ id: string; site_id: number }>("SELECT id, site_id FROM mail_outbox WHERE kind = 'company_account_invitation' AND to_address = $1 ORDER BY id DESC LIMIT 1", [email]);
    await provider.mail.flush();
    const outbox = path.join(provider.config.dataDir, 'outbox');
    const file = readdirSync(outbox).find((name) => name.startsWith(`${mail.site_id}-${String(mail.id).padStart(6, '0')}-company_account_invitation`));
    const eml = readFileSync(path.join(outbox, file!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return INVITATION_LINK.exec(eml)![2];
  }

  async function member(accountId: number, email: string, role: 'admin' | 'booker'): Promise<string> {
    const invited = await api.as(owner, 'POST', `company-accounts/${accountId}/invitations`, { email, role });
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await provider.fastify.inject({ method: 'POST', url: '/api/v1/corporate/invitation/accept', headers: KEY_HEADERS, remoteAddress: `203.0.113.${nextAddress++ % 250}`, payload: { token: await invitationTo(email), password: 'Heron-Quay-Ledger-7' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return accepted.json().access_token as string;
  }

  async function createAccount(name: string, email: string) {
    const response = await api.as(owner, 'POST', 'company-accounts', { name, billing_email: email, credit_limit_pence: 1_000_000, payment_terms_days: 30 });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().account.id as number;
  }

  /** A booking on account written straight to the table, copied from a real one (another number, account, price, time, status). */
  let template = '';
  let copies = 0;
  async function accountBooking(accountId: number, changes: { total: number; at: Date; status?: string; fee?: number | null; po?: string }): Promise<string> {
    const number = `CN-T-${++copies}`;
    await api.sql(
      `INSERT INTO bookings (site_id, booking_number, request_key, status, ride_type, booking_type, quote_id, company_id, company_name, vehicle_id, vehicle_category,
         vehicle_qty, passenger_mode, passenger_id, passenger_name, passenger_email, passenger_phone, total_passengers, additional_info, pick_up_address, drop_off_address,
         pick_up_at, pick_up_date, pick_up_time, options, currency, unit_price_pence, total_pence, breakdown, payment_method, payment_status, company_account_id,
         po_number, cost_centre, cancellation_fee_pence, cancelled_at)
       SELECT site_id, $2, $2, $5, ride_type, booking_type, quote_id, company_id, company_name, vehicle_id, vehicle_category, vehicle_qty, passenger_mode, passenger_id,
         passenger_name, passenger_email, passenger_phone, total_passengers, additional_info, pick_up_address, drop_off_address, $4, pick_up_date, pick_up_time, options,
         currency, unit_price_pence, $6, breakdown, 'account', 'on_account', $3, $7, cost_centre, $8, CASE WHEN $5 = 'cancelled' THEN now() END
         FROM bookings WHERE booking_number = $1`,
      [template, number, accountId, changes.at, changes.status ?? 'completed', changes.total, changes.po ?? '', changes.fee ?? null],
    );
    return number;
  }

  const ledger = async (accountId: number) => {
    const [row] = await api.sql<{ invoiced: string; credited: string; bookings: string }>(
      `SELECT (SELECT COALESCE(sum(total_pence), 0) FROM company_invoices WHERE account_id = $1)::text AS invoiced,
              (SELECT COALESCE(sum(total_pence), 0) FROM company_credit_notes WHERE account_id = $1)::text AS credited,
              (SELECT COALESCE(sum(CASE WHEN b.status = 'cancelled' THEN COALESCE(b.cancellation_fee_pence, 0) ELSE b.total_pence END), 0)
                 FROM company_invoice_lines l JOIN bookings b ON b.site_id = l.site_id AND b.id = l.booking_id
                 JOIN company_invoices i ON i.site_id = l.site_id AND i.id = l.invoice_id WHERE i.account_id = $1)::text AS bookings`,
      [accountId],
    );
    return { invoiced: Number(row.invoiced), credited: Number(row.credited), bookings: Number(row.bookings) };
  };
  const used = async (accountId: number) => Number((await api.as(owner, 'GET', 'company-accounts')).json().accounts.find((account: { id: number }) => account.id === accountId).used_pence);
  const runs = (n: number) => Promise.all([...Array.from({ length: n / 2 }, () => api.as(owner, 'POST', 'invoices/run')), ...Array.from({ length: n / 2 }, () => provider.invoices.run(null, new Date()))]);

  it('cancelled and cheaper bookings on an issued invoice: one credit note under 20 concurrent runs, set against the invoice; the ledger adds up', async () => {
    const acme = await createAccount('Acme Credit Ltd', 'ledger@acmecredit.test');
    const beta = await createAccount('Beta Credit LLP', 'ledger@betacredit.test');
    const admin = await member(acme, 'ada@acmecredit.test', 'admin');
    const booker = await member(acme, 'bo@acmecredit.test', 'booker');
    const betaAdmin = await member(beta, 'bea@betacredit.test', 'admin');
    const trip = await quoteFor(provider);
    const real = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/booking',
      headers: { ...KEY_HEADERS, authorization: `Bearer ${booker}` },
      payload: bookingPayload(trip.form, trip.row, { payment_method: 'account', selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email: 'ignored@example.test' } }) as object,
    });
    expect(real.statusCode, real.body).toBe(200);
    template = real.json().data.booking.booking_number;
    const realTotal = Math.round(trip.row.final_price * 100);
    const a = await accountBooking(acme, { total: 5000, at: inPeriod(1) });
    const b = await accountBooking(acme, { total: 3000, at: inPeriod(2) });
    const c = await accountBooking(acme, { total: 2000, at: inPeriod(3) });
    await accountBooking(beta, { total: 1234, at: inPeriod(4) });
    await runs(2);
    const [invoice] = (await api.as(owner, 'GET', `invoices?account_id=${acme}`)).json().invoices as Invoice[];
    expect(invoice).toMatchObject({ total_pence: 10_000, credited_pence: 0, outstanding_pence: 10_000 });
    expect(await used(acme)).toBe(realTotal + 10_000);

    // After the invoice: B cancelled with a £5 fee, C changed down to £15. Nothing credited until a run; the invoice unchanged.
    await api.sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancellation_fee_pence = 500 WHERE booking_number = $1", [b]);
    await api.sql('UPDATE bookings SET total_pence = 1500 WHERE booking_number = $1', [c]);
    const before = await api.sql('SELECT * FROM company_invoices WHERE id = $1', [invoice.id]);
    const answers = await runs(20);
    for (const answer of answers) if (!Array.isArray(answer)) expect(answer.statusCode, answer.body).toBe(200);
    const notes = await api.sql<{ credit_number: number; total_pence: string; applied_pence: string; refund_due_pence: string; invoice_id: string }>('SELECT credit_number, total_pence::text, applied_pence::text, refund_due_pence::text, invoice_id::text FROM company_credit_notes WHERE account_id = $1', [acme]);
    expect(notes).toEqual([{ credit_number: 1, total_pence: '3000', applied_pence: '3000', refund_due_pence: '0', invoice_id: String(invoice.id) }]);
    expect(await api.sql('SELECT booking_number, reason, before_pence, after_pence, amount_pence FROM company_credit_note_lines ORDER BY pick_up_at')).toEqual([
      { booking_number: b, reason: 'cancelled', before_pence: 3000, after_pence: 500, amount_pence: 2500 },
      { booking_number: c, reason: 'changed', before_pence: 2000, after_pence: 1500, amount_pence: 500 },
    ]);
    // The invoice is never edited (only what credit notes took off it); the account owes less.
    const after = await api.sql<Record<string, unknown>>('SELECT * FROM company_invoices WHERE id = $1', [invoice.id]);
    expect({ ...after[0], credited_pence: before[0].credited_pence }).toEqual(before[0]);
    const list = (await api.as(owner, 'GET', `invoices?account_id=${acme}`)).json();
    expect(list.invoices[0]).toMatchObject({ total_pence: 10_000, credited_pence: 3000, outstanding_pence: 7000, status: 'unpaid' });
    expect(list.credit_notes).toEqual([
      expect.objectContaining({ number: 'CN-000001', account_id: acme, invoice_number: invoice.number, total_pence: 3000, applied_pence: 3000, refund_due_pence: 0, lines: 2 }),
    ]);
    expect(list.aging[0].owed.total).toBe(7000);
    expect(await used(acme)).toBe(realTotal + 7000);
    expect(await ledger(acme)).toEqual({ invoiced: 10_000, credited: 3000, bookings: 7000 });
    // A payment cannot pass what the credit note left owed.
    const over = await api.as(owner, 'POST', `invoices/${invoice.id}/payments`, { amount_pence: 7001 });
    expect(over.statusCode).toBe(422);

    // Paid in full, then A made cheaper: the credit is owed back to the company, nothing taken off the paid invoice.
    expect((await api.as(owner, 'POST', `invoices/${invoice.id}/payments`, { amount_pence: 7000 })).statusCode).toBe(201);
    await api.sql('UPDATE bookings SET total_pence = 4000 WHERE booking_number = $1', [a]);
    await runs(4);
    const second = (await api.as(owner, 'GET', `invoices?account_id=${acme}`)).json();
    expect(second.credit_notes.map((note: { number: string; applied_pence: number; refund_due_pence: number }) => [note.number, note.applied_pence, note.refund_due_pence])).toEqual([
      ['CN-000002', 0, 1000],
      ['CN-000001', 3000, 0],
    ]);
    expect(second.invoices[0]).toMatchObject({ paid_pence: 7000, credited_pence: 3000, outstanding_pence: 0, status: 'paid' });
    expect(await ledger(acme)).toEqual({ invoiced: 10_000, credited: 4000, bookings: 6000 });
    const betaLedger = await ledger(beta);
    expect(betaLedger.invoiced - betaLedger.credited).toBe(betaLedger.bookings);

    // The PDF, in the console and for the account's admins only.
    const noteId = Number((await api.sql<{ id: string }>('SELECT id FROM company_credit_notes WHERE credit_number = 1'))[0].id);
    const pdf = await api.as(owner, 'GET', `credit-notes/${noteId}/file`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('credit-note-CN-000001.pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['Credit note', 'CN-000001', invoice.number, b, c, 'Cancelled', 'Price changed', '£25.00', '£5.00', '£30.00']) expect(text).toContain(expected);
    const mine = await v1('GET', 'corporate/invoices', admin);
    expect(mine.json().credit_notes.map((note: { number: string }) => note.number)).toEqual(['CN-000002', 'CN-000001']);
    expect((await v1('GET', `corporate/credit-notes/${noteId}/file`, admin)).statusCode).toBe(200);
    expect((await v1('GET', `corporate/credit-notes/${noteId}/file`, booker)).statusCode).toBe(403);
    expect((await v1('GET', `corporate/credit-notes/${noteId}/file`, betaAdmin)).statusCode).toBe(404);
    expect((await v1('GET', 'corporate/invoices', betaAdmin)).json().credit_notes).toEqual([]);
    expect((await v1('GET', `corporate/credit-notes/${noteId}/file`)).statusCode).toBe(401);
    expect((await api.as(dispatcher, 'GET', `credit-notes/${noteId}/file`)).statusCode).toBe(403);
    expect((await api.as(owner, 'GET', 'credit-notes/99999999/file')).statusCode).toBe(404);
  });
});
