import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../contract/invoices.ts';
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
 * Issue 34, credit notes: a booking on an issued invoice later cancelled or made cheaper is credited by the next run
 * (CN- numbers, gapless; once under 20 concurrent runs), set against its invoice (what the account owes, its ageing and
 * credit limit go down) or owed back when the invoice was paid; the PDF; who may see which; and the ledger property:
 * invoices − credit notes = the account's invoiced bookings as the ledger bills them. Debits (migration 038): a booking
 * on an issued invoice later billed more is billed the difference once, as a 'change' line of the account's next
 * invoice; a fall after a rise credits only what was billed; over random sequences the ledger still adds up.
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
                 JOIN company_invoices i ON i.site_id = l.site_id AND i.id = l.invoice_id WHERE i.account_id = $1 AND l.kind <> 'change')::text AS bookings`,
      [accountId],
    );
    return { invoiced: Number(row.invoiced), credited: Number(row.credited), bookings: Number(row.bookings) };
  };
  /** The credit note mails to `email` in the outbox, oldest first: subject, text, the one attachment's name, type and bytes. */
  const creditNoteMails = async (email: string) =>
    (
      await api.sql<{ subject: string; text_body: string; attachments: { filename: string; contentType: string; content: string; encoding?: string }[] }>(
        "SELECT subject, text_body, attachments FROM mail_outbox WHERE kind = 'company_credit_note' AND to_address = $1 ORDER BY id",
        [email],
      )
    ).map((row) => {
      const attachments = typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments;
      expect(attachments).toHaveLength(1);
      const [file] = attachments;
      return { subject: row.subject, text: row.text_body, filename: file.filename, contentType: file.contentType, pdf: Buffer.from(file.content, file.encoding === 'base64' ? 'base64' : 'utf8') };
    });
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
    // Mailed once (20 runs at once) to the billing e-mail, its PDF attached, as the invoice is.
    const noteMails = await creditNoteMails('ledger@acmecredit.test');
    expect(noteMails.map(({ subject, filename, contentType }) => ({ subject, filename, contentType }))).toEqual([
      { subject: 'Credit note CN-000001 from Westway Cars', filename: 'credit-note-CN-000001.pdf', contentType: 'application/pdf' },
    ]);
    for (const expected of ['Credit note', 'CN-000001', invoice.number, b, c, '£30.00']) expect(await pdfText(noteMails[0].pdf)).toContain(expected);
    expect(noteMails[0].text).toMatch(new RegExp(`Credits invoice:\\s+${invoice.number}\\n`));
    expect(noteMails[0].text).toMatch(/Total credit:\s+£30\.00\n/);
    expect(await creditNoteMails('ledger@betacredit.test')).toEqual([]);
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
    const secondMails = await creditNoteMails('ledger@acmecredit.test');
    expect(secondMails.map((mail) => mail.filename)).toEqual(['credit-note-CN-000001.pdf', 'credit-note-CN-000002.pdf']);
    expect(secondMails[1].text).toMatch(/To be repaid to you:\s+£10\.00/);
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

  /** Noon (London) `months` × 31 days after today: each a later month, so each run issues the account's next invoice. */
  const monthsOn = (months: number) => londonWallClock(plusDays(today, 31 * months), 12, 0);
  const siteOf = async (accountId: number) => Number((await api.sql<{ site_id: number }>('SELECT site_id FROM company_accounts WHERE id = $1', [accountId]))[0].site_id);

  it('a booking billed more after its invoice: the difference once as a line of the next invoice (20 concurrent runs); a later fall credits only what was billed', async () => {
    const gamma = await createAccount('Gamma Debit Ltd', 'ledger@gammadebit.test');
    const site = await siteOf(gamma);
    const x = await accountBooking(gamma, { total: 2000, at: inPeriod(5), po: 'PO-77' });
    const y = await accountBooking(gamma, { total: 1000, at: inPeriod(6) });
    await provider.invoices.run(site, monthsOn(0));
    const [first] = (await api.as(owner, 'GET', `invoices?account_id=${gamma}`)).json().invoices as Invoice[];
    expect(first).toMatchObject({ total_pence: 3000, lines: 2 });
    const usedBefore = await used(gamma);

    // X changed up to £26 on account. This period is invoiced: nothing billed until the account's next invoice.
    await api.sql('UPDATE bookings SET total_pence = 2600 WHERE booking_number = $1', [x]);
    expect(await provider.invoices.run(site, monthsOn(0))).toEqual([]);
    expect(await api.sql('SELECT count(*)::integer AS n FROM company_credit_notes WHERE account_id = $1', [gamma])).toEqual([{ n: 0 }]);

    const answers = await Promise.all(Array.from({ length: 20 }, () => provider.invoices.run(site, monthsOn(1))));
    const issued = answers.flat().filter((invoice) => invoice.account_id === gamma);
    expect(issued).toEqual([expect.objectContaining({ total_pence: 600, lines: 1, status: 'unpaid' })]);
    expect(await api.sql('SELECT booking_number, kind, route, po_number, amount_pence, billed_before_pence FROM company_invoice_lines WHERE invoice_id = $1', [issued[0].id])).toEqual([
      { booking_number: x, kind: 'change', route: `Change to booking ${x} after invoice ${first.number}`, po_number: 'PO-77', amount_pence: 600, billed_before_pence: 2000 },
    ]);
    expect(await used(gamma)).toBe(usedBefore + 600);
    const pdf = await pdfText((await api.as(owner, 'GET', `invoices/${issued[0].id}/file?format=pdf`)).rawPayload);
    for (const expected of [issued[0].number, `Change to booking ${x} after invoice ${first.number}`, 'Change', '£6.00']) expect(pdf).toContain(expected);
    const csv = (await api.as(owner, 'GET', `invoices/${issued[0].id}/file?format=csv`)).body;
    expect(csv).toContain(`${issued[0].number},${x},`);
    expect(csv).toContain(',Change,6.00');
    // Mailed like any invoice, once.
    expect(await api.sql("SELECT count(*)::integer AS n FROM mail_outbox WHERE kind = 'company_invoice' AND to_address = 'ledger@gammadebit.test'")).toEqual([{ n: 2 }]);

    // Down to £18, then up to £24 and Y cancelled free, then down to £26 − nothing: each run bills or credits the difference from what the documents billed.
    await api.sql('UPDATE bookings SET total_pence = 1800 WHERE booking_number = $1', [x]);
    await Promise.all(Array.from({ length: 20 }, () => provider.invoices.run(site, monthsOn(1))));
    expect(await api.sql('SELECT booking_number, before_pence, after_pence, amount_pence, credited_before_pence FROM company_credit_note_lines l JOIN company_credit_notes n ON n.id = l.credit_note_id WHERE n.account_id = $1', [gamma])).toEqual([
      { booking_number: x, before_pence: 2600, after_pence: 1800, amount_pence: 800, credited_before_pence: 0 },
    ]);
    await api.sql('UPDATE bookings SET total_pence = 2400 WHERE booking_number = $1', [x]);
    await api.sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancellation_fee_pence = NULL WHERE booking_number = $1", [y]);
    await Promise.all(Array.from({ length: 20 }, () => provider.invoices.run(site, monthsOn(2))));
    await api.sql('UPDATE bookings SET total_pence = 1800 WHERE booking_number = $1', [x]);
    await Promise.all(Array.from({ length: 20 }, () => provider.invoices.run(site, monthsOn(2))));
    expect(await api.sql('SELECT booking_number, kind, amount_pence, billed_before_pence FROM company_invoice_lines l JOIN company_invoices i ON i.id = l.invoice_id WHERE i.account_id = $1 ORDER BY i.invoice_number, l.booking_id', [gamma])).toEqual([
      { booking_number: x, kind: 'trip', amount_pence: 2000, billed_before_pence: 0 },
      { booking_number: y, kind: 'trip', amount_pence: 1000, billed_before_pence: 0 },
      { booking_number: x, kind: 'change', amount_pence: 600, billed_before_pence: 2000 },
      { booking_number: x, kind: 'change', amount_pence: 600, billed_before_pence: 2600 },
    ]);
    expect(await api.sql('SELECT booking_number, amount_pence, credited_before_pence FROM company_credit_note_lines l JOIN company_credit_notes n ON n.id = l.credit_note_id WHERE n.account_id = $1 ORDER BY n.credit_number, l.booking_id', [gamma])).toEqual([
      { booking_number: x, amount_pence: 800, credited_before_pence: 0 },
      { booking_number: y, amount_pence: 1000, credited_before_pence: 0 },
      { booking_number: x, amount_pence: 600, credited_before_pence: 800 },
    ]);
    expect(await ledger(gamma)).toEqual({ invoiced: 4200, credited: 2400, bookings: 1800 });
  });

  it('the ledger property: over random rises, falls and cancellations around invoice runs, invoices − credit notes = the bookings as the ledger bills them', async () => {
    let accounts = 0;
    const step = fc.oneof(
      fc.record({ kind: fc.constant('price' as const), booking: fc.nat(2), total: fc.integer({ min: 100, max: 9000 }) }),
      fc.record({ kind: fc.constant('cancel' as const), booking: fc.nat(2), fee: fc.option(fc.integer({ min: 1, max: 1500 }), { nil: null }) }),
      fc.record({ kind: fc.constant('run' as const), concurrent: fc.integer({ min: 1, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 100, max: 9000 }), { minLength: 1, maxLength: 3 }), fc.array(step, { maxLength: 8 }), async (totals, steps) => {
        const account = await createAccount(`Property Ledger ${++accounts} Ltd`, `ledger${accounts}@property.test`);
        const site = await siteOf(account);
        const numbers: string[] = [];
        for (const [index, total] of totals.entries()) numbers.push(await accountBooking(account, { total, at: inPeriod(10 + index) }));
        let month = 0;
        await provider.invoices.run(site, monthsOn(month));
        for (const next of steps) {
          const number = next.kind === 'run' ? '' : numbers[next.booking % numbers.length];
          if (next.kind === 'price') await api.sql("UPDATE bookings SET total_pence = $2 WHERE booking_number = $1 AND status <> 'cancelled'", [number, next.total]);
          else if (next.kind === 'cancel') await api.sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancellation_fee_pence = $2 WHERE booking_number = $1 AND status <> 'cancelled'", [number, next.fee]);
          else {
            month += 1;
            await Promise.all(Array.from({ length: next.concurrent }, () => provider.invoices.run(site, monthsOn(month))));
          }
        }
        await provider.invoices.run(site, monthsOn(month + 1));
        const books = await ledger(account);
        expect(books.invoiced - books.credited).toBe(books.bookings);
        // Booking by booking: its invoice lines less its credit lines are what the ledger bills it now.
        const drift = await api.sql(
          `SELECT b.booking_number FROM bookings b WHERE b.company_account_id = $1 AND b.invoiced_at IS NOT NULL
              AND (SELECT sum(amount_pence) FROM company_invoice_lines l WHERE l.booking_id = b.id)
                - COALESCE((SELECT sum(amount_pence) FROM company_credit_note_lines c WHERE c.booking_id = b.id), 0)
               <> CASE WHEN b.status = 'cancelled' THEN COALESCE(b.cancellation_fee_pence, 0) ELSE b.total_pence END`,
          [account],
        );
        expect(drift).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
