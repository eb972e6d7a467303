import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type Invoice } from '../../contract/invoices.ts';
import { endedPeriod, plusDays } from '../../contract/invoiceRules.ts';
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
 * Issue 34, company accounts' invoices: the run (one invoice per account and period, the site's one gapless INV-
 * sequence under concurrent runs, each booking once, totals to the penny, a cancellation by its fee), the mail, the
 * PDF and CSV, payments (part, full, never more than owed, concurrent), the aging, and who may see which invoice.
 */
describe(`company invoices on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let nextAddress = 1;
  const today = londonParts(new Date()).date;
  const period = endedPeriod('monthly', today);
  /** An instant in the ended period (hours after its first day's 9am, London). */
  const inPeriod = (hours: number) => new Date(londonWallClock(period.start, 9, 0).getTime() + hours * 3_600_000);

  const accounts: Record<'acme' | 'beta' | 'gamma', { id: number; admin: string; booker?: string }> = {} as never;
  const numbers: Record<string, string> = {};
  let invoices: Invoice[] = [];

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
    const number = `INV-T-${++copies}`;
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

  it('the run: one invoice per account and period, numbered 1..n without gaps under 10 concurrent runs, each booking once, totals to the penny', async () => {
    accounts.acme = { id: await createAccount('Acme Invoicing Ltd', 'ledger@acme.test'), admin: '' };
    accounts.beta = { id: await createAccount('Beta Partners', 'pay@beta.test'), admin: '' };
    accounts.gamma = { id: await createAccount('Gamma & Sons', 'gamma@gamma.test'), admin: '' };
    accounts.acme.admin = await member(accounts.acme.id, 'ada@acme.test', 'admin');
    accounts.acme.booker = await member(accounts.acme.id, 'bo@acme.test', 'booker');
    accounts.beta.admin = await member(accounts.beta.id, 'bea@beta.test', 'admin');
    const trip = await quoteFor(provider);
    const real = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/booking',
      headers: { ...KEY_HEADERS, authorization: `Bearer ${accounts.acme.booker}` },
      payload: bookingPayload(trip.form, trip.row, { payment_method: 'account', selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email: 'ignored@example.test' } }) as object,
    });
    expect(real.statusCode, real.body).toBe(200);
    template = real.json().data.booking.booking_number;
    const realTotal = Math.round(trip.row.final_price * 100);
    // The real booking is picked up after the period: left for the next invoice.

    numbers.a1 = await accountBooking(accounts.acme.id, { total: 1234, at: inPeriod(1), po: 'PO-7' });
    numbers.a2 = await accountBooking(accounts.acme.id, { total: 5678, at: inPeriod(30), status: 'confirmed' });
    numbers.a3 = await accountBooking(accounts.acme.id, { total: 999, at: inPeriod(50), status: 'no_show' });
    numbers.aFee = await accountBooking(accounts.acme.id, { total: 4000, at: inPeriod(60), status: 'cancelled', fee: 250 });
    numbers.aFree = await accountBooking(accounts.acme.id, { total: 4000, at: inPeriod(70), status: 'cancelled', fee: 0 });
    numbers.aNoFee = await accountBooking(accounts.acme.id, { total: 4000, at: inPeriod(71), status: 'cancelled', fee: null });
    // Left over from the month before (never invoiced): it joins this invoice.
    numbers.aOld = await accountBooking(accounts.acme.id, { total: 101, at: new Date(inPeriod(0).getTime() - 5 * 86_400_000) });
    numbers.b1 = await accountBooking(accounts.beta.id, { total: 2001, at: inPeriod(2) });
    numbers.b2 = await accountBooking(accounts.beta.id, { total: 3333, at: inPeriod(200) });
    numbers.c1 = await accountBooking(accounts.gamma.id, { total: 777, at: inPeriod(3) });

    const [counter] = await api.sql<{ last_number: number }>('SELECT COALESCE(max(last_number), 0) AS last_number FROM receipt_invoice_counters WHERE site_id = 1');
    const base = Number(counter?.last_number ?? 0);
    const runs = await Promise.all([
      ...Array.from({ length: 5 }, () => api.as(owner, 'POST', 'invoices/run')),
      ...Array.from({ length: 5 }, () => provider.invoices.run(null, new Date())),
    ]);
    const issued: Invoice[] = [];
    for (const answer of runs) {
      if (Array.isArray(answer)) issued.push(...answer);
      else {
        expect(answer.statusCode, answer.body).toBe(200);
        issued.push(...(answer.json().issued as Invoice[]));
      }
    }
    expect(issued.map((invoice) => invoice.number).sort()).toEqual([1, 2, 3].map((n) => `INV-${String(base + n).padStart(6, '0')}`));
    const stored = await api.sql<{ invoice_number: number; account_id: string; total_pence: string }>('SELECT invoice_number, account_id::text, total_pence::text FROM company_invoices WHERE site_id = 1 ORDER BY invoice_number');
    expect(stored.map((row) => Number(row.invoice_number))).toEqual([base + 1, base + 2, base + 3]);
    const totalOf = (accountId: number) => Number(stored.find((row) => Number(row.account_id) === accountId)!.total_pence);
    expect(totalOf(accounts.acme.id)).toBe(1234 + 5678 + 999 + 250 + 101);
    expect(totalOf(accounts.beta.id)).toBe(2001 + 3333);
    expect(totalOf(accounts.gamma.id)).toBe(777);

    // Each booking once; the cancellation without a fee and the booking after the period are not invoiced.
    const lines = await api.sql<{ booking_number: string; kind: string; amount_pence: number; n: string }>(
      'SELECT booking_number, kind, amount_pence, count(*) OVER (PARTITION BY booking_id)::text AS n FROM company_invoice_lines WHERE site_id = 1 ORDER BY booking_number',
    );
    expect(lines.every((line) => line.n === '1')).toBe(true);
    expect(lines.map((line) => line.booking_number).sort()).toEqual([numbers.a1, numbers.a2, numbers.a3, numbers.aFee, numbers.aOld, numbers.b1, numbers.b2, numbers.c1].sort());
    expect(lines.find((line) => line.booking_number === numbers.aFee)).toMatchObject({ kind: 'cancellation_fee', amount_pence: 250 });
    const uninvoiced = await api.sql<{ booking_number: string }>('SELECT booking_number FROM bookings WHERE company_account_id IS NOT NULL AND invoiced_at IS NULL ORDER BY booking_number');
    expect(uninvoiced.map((row) => row.booking_number).sort()).toEqual([numbers.aFree, numbers.aNoFee, template].sort());
    // The database refuses a booking on a second invoice.
    await expect(api.sql("INSERT INTO company_invoice_lines SELECT site_id, booking_id, invoice_id, booking_number, pick_up_at, passenger_name, booker_name, route, po_number, cost_centre, kind, amount_pence FROM company_invoice_lines LIMIT 1")).rejects.toThrow();

    // Mailed once each, to the billing e-mail, with the PDF and the CSV.
    const mails = await api.sql<{ to_address: string; subject: string; files: string }>(
      "SELECT to_address, subject, (SELECT string_agg(a->>'filename', ',') FROM jsonb_array_elements(attachments) a) AS files FROM mail_outbox WHERE kind = 'company_invoice' ORDER BY to_address",
    );
    expect(mails.map((mail) => mail.to_address)).toEqual(['gamma@gamma.test', 'ledger@acme.test', 'pay@beta.test']);
    const acmeInvoice = issued.find((invoice) => invoice.account_id === accounts.acme.id)!;
    expect(mails[1].subject).toBe(`Invoice ${acmeInvoice.number} from Westway Cars`);
    expect(mails[1].files).toBe(`invoice-${acmeInvoice.number}.pdf,invoice-${acmeInvoice.number}.csv`);
    expect(acmeInvoice).toMatchObject({ period_start: period.start, period_end: plusDays(period.end, -1), issued_on: period.end, due_on: plusDays(period.end, 30), lines: 5, status: 'unpaid', outstanding_pence: 8262, mailed_to: 'ledger@acme.test' });

    // Again: nothing due, nothing mailed twice.
    const again = await api.as(owner, 'POST', 'invoices/run');
    expect(again.json()).toEqual({ success: true, message: INVOICE_MESSAGES.issued(0), issued: [] });
    // The credit used: the unpaid invoice plus the uninvoiced booking after the period.
    const listed = (await api.as(owner, 'GET', 'company-accounts')).json().accounts.find((account: { id: number }) => account.id === accounts.acme.id);
    expect(listed.used_pence).toBe(8262 + realTotal);
    invoices = issued;
  });

  it('the PDF and the CSV: the invoice number, the lines and the total, the same from the console and for the account admin', async () => {
    const acme = invoices.find((invoice) => invoice.account_id === accounts.acme.id)!;
    const pdf = await api.as(owner, 'GET', `invoices/${acme.id}/file?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${acme.number}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [acme.number, 'Acme Invoicing Ltd', numbers.a1, numbers.aFee, 'Cancellation fee', '£82.62', '£2.50', '£12.34', 'PO-7']) expect(text).toContain(expected);
    expect(text).not.toContain(numbers.aFree);
    const admins = await v1('GET', `corporate/invoices/${acme.id}/file?format=pdf`, accounts.acme.admin);
    expect(admins.statusCode).toBe(200);
    expect(await pdfText(admins.rawPayload)).toBe(text);

    const csv = await v1('GET', `corporate/invoices/${acme.id}/file?format=csv`, accounts.acme.admin);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body.split('\r\n');
    expect(rows[0]).toBe('Invoice,Booking number,Pick-up,Passenger,Booked by,Route,PO number,Cost centre,Item,Amount');
    expect(rows).toHaveLength(5 + 2);
    const amounts = rows.slice(1, -1).map((row) => Number(row.split(',').at(-1)));
    expect(Math.round(amounts.reduce((sum, amount) => sum + amount, 0) * 100)).toBe(acme.total_pence);
    expect(rows.find((row) => row.includes(numbers.aFee))).toMatch(/,Cancellation fee,2\.50$/);
  });

  it('payments: part, then the rest; never more than owed (also when 8 arrive at once); the credit freed', async () => {
    const beta = invoices.find((invoice) => invoice.account_id === accounts.beta.id)!;
    const pay = (amount: unknown, extra: Record<string, unknown> = {}) => api.as(owner, 'POST', `invoices/${beta.id}/payments`, { amount_pence: amount, reference: 'BACS 1', ...extra });
    const part = await pay(1000);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().message).toBe(`Payment of £10.00 recorded against ${beta.number}.`);
    expect(part.json().invoice).toMatchObject({ paid_pence: 1000, outstanding_pence: 4334, status: 'part_paid' });
    const over = await pay(4335);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ success: false, message: INVOICE_MESSAGES.overpaid(4334) });
    // 8 payments of £20 at once against £43.34 owed: two fit.
    const racing = await Promise.all(Array.from({ length: 8 }, () => pay(2000)));
    expect(racing.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(racing.filter((answer) => answer.statusCode === 422)).toHaveLength(6);
    const rest = await pay(334);
    expect(rest.json().invoice).toMatchObject({ paid_pence: 5334, outstanding_pence: 0, status: 'paid' });
    const done = await pay(1);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(INVOICE_MESSAGES.alreadyPaid);
    const [row] = await api.sql<{ paid: string; payments: string; unpaid: number }>(
      'SELECT i.paid_pence::text AS paid, (SELECT sum(amount_pence) FROM company_invoice_payments p WHERE p.site_id = i.site_id AND p.invoice_id = i.id)::text AS payments, a.unpaid_pence AS unpaid FROM company_invoices i JOIN company_accounts a ON a.site_id = i.site_id AND a.id = i.account_id WHERE i.id = $1',
      [beta.id],
    );
    expect(row).toEqual({ paid: '5334', payments: '5334', unpaid: 0 });
    // A future payment date is refused.
    const acme = invoices.find((invoice) => invoice.account_id === accounts.acme.id)!;
    const future = await api.as(owner, 'POST', `invoices/${acme.id}/payments`, { amount_pence: 1, received_on: plusDays(today, 2) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(INVOICE_MESSAGES.receivedInFuture);
    const [audit] = await api.sql<{ n: string }>("SELECT count(*)::text AS n FROM audit_log WHERE action = 'invoice.payment' AND entity_id = $1", [String(beta.id)]);
    expect(audit.n).toBe('4');
  });

  it('aging: what each account owes by days past its due date (current, 1–30, 31–60, 61–90, over 90)', async () => {
    const acme = invoices.find((invoice) => invoice.account_id === accounts.acme.id)!;
    const gamma = invoices.find((invoice) => invoice.account_id === accounts.gamma.id)!;
    await api.as(owner, 'POST', `invoices/${acme.id}/payments`, { amount_pence: 262 });
    await api.sql('UPDATE company_invoices SET due_on = $2::date WHERE id = $1', [acme.id, plusDays(today, -45)]);
    await api.sql('UPDATE company_invoices SET due_on = $2::date WHERE id = $1', [gamma.id, plusDays(today, -91)]);
    const list = await api.as(owner, 'GET', 'invoices');
    expect(list.statusCode, list.body).toBe(200);
    const aging = list.json().aging as { account_id: number; owed: Record<string, number> }[];
    const owed = (id: number) => aging.find((entry) => entry.account_id === id)!.owed;
    expect(owed(accounts.acme.id)).toEqual({ current: 0, days_1_30: 0, days_31_60: 8000, days_61_90: 0, days_over_90: 0, total: 8000 });
    expect(owed(accounts.gamma.id)).toEqual({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 777, total: 777 });
    expect(owed(accounts.beta.id).total).toBe(0);
    await api.sql('UPDATE company_invoices SET due_on = $2::date WHERE id = $1', [gamma.id, plusDays(today, -30)]);
    await api.sql('UPDATE company_invoices SET due_on = $2::date WHERE id = $1', [acme.id, today]);
    const later = (await api.as(owner, 'GET', `invoices?account_id=${accounts.gamma.id}`)).json();
    expect(later.invoices.map((invoice: Invoice) => invoice.id)).toEqual([gamma.id]);
    expect(later.aging).toEqual([{ account_id: accounts.gamma.id, account_name: 'Gamma & Sons', payment_terms_days: 30, owed: { current: 0, days_1_30: 777, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 777 } }]);
    const acmeNow = (await api.as(owner, 'GET', `invoices?account_id=${accounts.acme.id}`)).json().aging[0].owed;
    expect(acmeNow.current).toBe(8000);
  });

  it("who sees which: an account's admins their own invoices only, bookers none; dispatchers and another site's owner none", async () => {
    const acme = invoices.find((invoice) => invoice.account_id === accounts.acme.id)!;
    const mine = await v1('GET', 'corporate/invoices', accounts.acme.admin);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().invoices.map((invoice: Invoice) => invoice.number)).toEqual([acme.number]);
    const booker = await v1('GET', 'corporate/invoices', accounts.acme.booker);
    expect(booker.statusCode).toBe(403);
    expect(booker.json()).toMatchObject({ success: false, message: INVOICE_MESSAGES.adminsOnly });
    const bookerFile = await v1('GET', `corporate/invoices/${acme.id}/file?format=pdf`, accounts.acme.booker);
    expect(bookerFile.statusCode).toBe(403);
    const otherAdmin = await v1('GET', `corporate/invoices/${acme.id}/file?format=csv`, accounts.beta.admin);
    expect(otherAdmin.statusCode).toBe(404);
    expect(otherAdmin.json()).toMatchObject({ success: false, message: INVOICE_MESSAGES.notFound });
    expect((await v1('GET', 'corporate/invoices')).statusCode).toBe(401);
    expect((await v1('GET', 'corporate/invoices', 'not-a-token')).statusCode).toBe(401);

    expect((await api.as(dispatcher, 'GET', 'invoices')).statusCode).toBe(403);
    expect((await api.as(dispatcher, 'POST', `invoices/${acme.id}/payments`, { amount_pence: 1 })).statusCode).toBe(403);
    const other = await api.otherSite('Far Cars');
    const far = (method: 'GET' | 'POST', url: string, payload?: unknown) => api.as(other.owner, method, url, payload, other.headers);
    expect((await far('GET', `invoices/${acme.id}/file?format=pdf`)).statusCode).toBe(404);
    expect((await far('POST', `invoices/${acme.id}/payments`, { amount_pence: 1 })).statusCode).toBe(404);
    expect((await far('GET', 'invoices')).json()).toEqual({ success: true, invoices: [], credit_notes: [], aging: [] });
    expect((await far('POST', 'invoices/run')).json().issued).toEqual([]);
  });

  it('hostile input: NUL, huge, malformed — a 4xx JSON message, nothing recorded', async () => {
    const acme = invoices.find((invoice) => invoice.account_id === accounts.acme.id)!;
    const [{ before }] = await api.sql<{ before: string }>('SELECT count(*)::text AS before FROM company_invoice_payments');
    const cases: [string, string, unknown][] = [
      ['POST', `invoices/${acme.id}/payments`, { amount_pence: 1, reference: 'BACS\u0000x' }],
      ['POST', `invoices/${acme.id}/payments`, { amount_pence: 1, reference: 'x'.repeat(10_000) }],
      ['POST', `invoices/${acme.id}/payments`, { amount_pence: 1e300 }],
      ['POST', `invoices/${acme.id}/payments`, { amount_pence: 1.5 }],
      ['POST', `invoices/${acme.id}/payments`, { amount_pence: -5 }],
      ['POST', `invoices/${acme.id}/payments`, { amount_pence: '100' }],
      ['POST', `invoices/${acme.id}/payments`, { amount_pence: 1, received_on: '2026-02-30' }],
      ['POST', `invoices/${acme.id}/payments`, { amount_pence: 1, received_on: '2026-01-01\u0000' }],
      ['POST', `invoices/99999999999999999999/payments`, { amount_pence: 1 }],
      ['GET', `invoices/${acme.id}/file?format=exe`, undefined],
      ['GET', `invoices/%00/file`, undefined],
      ['GET', `invoices?account_id=abc`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const answer = await api.as(owner, method as 'GET', url, payload);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    const huge = await api.as(owner, 'POST', `invoices/${acme.id}/payments`, { amount_pence: 1, reference: 'y'.repeat(400_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect((await v1('GET', `corporate/invoices/${acme.id}/file?format=%00`, accounts.acme.admin)).statusCode).toBe(400);
    const [{ after }] = await api.sql<{ after: string }>('SELECT count(*)::text AS after FROM company_invoice_payments');
    expect(after).toBe(before);
  });
});
