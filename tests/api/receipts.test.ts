import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryAttachment } from '../../server/adapters/mail/index.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { ReceiptNotFound, receiptPdf } from '../../server/domain/receipts/index.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 18, receipts: a booking's PDF receipt (a VAT invoice for the VAT-registered demo operator) through a manage
 * link or a corporate passenger's own booking, the invoice number given once, a cancelled booking's receipt, the
 * monthly statement as PDF and CSV, and a binary attachment through the mail outbox.
 */

const PHONE = '020 7946 0321';
const TOKEN_IN_MAIL = /manage-booking\?token=([A-Za-z0-9_-]{43})\n/;

/** The PDF's text, its runs joined by single spaces. */
async function pdfText(content: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(content)), { mergePages: true });
  return text.replace(/\s+/g, ' ').trim();
}

describe(`receipts and statements on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    provider = await startTestProvider();
    const login = await post('check-passenger-login', { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password });
    bearer = { ...KEY_HEADERS, authorization: `Bearer ${login.json().access_token}` };
  });
  afterAll(() => provider.dispose());

  function post(url: string, payload: unknown, headers: Record<string, string> = KEY_HEADERS) {
    return provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload: payload as object });
  }
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);
  const receipt = (access: Record<string, string>, headers?: Record<string, string>) => post('manage-booking/receipt', access, headers);

  async function tokenOf(email: string) {
    const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
    return TOKEN_IN_MAIL.exec(mail.text_body)![1];
  }

  async function bookByCard(email: string) {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
    const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: Math.round(row.final_price * 100), booking })).json();
    const confirmed = (await post('confirm-payment-intent', { paymentIntentId })).json();
    expect(confirmed.status).toBe('succeeded');
    return { bookingNumber: confirmed.booking_number as string, token: await tokenOf(email), row };
  }

  let corporateBookings = 0;
  /** A new booking of the corporate passenger (its own additional info, so not the same submission as the last). */
  async function bookCorporate() {
    const { form, row } = await quoteFor(provider);
    corporateBookings += 1;
    const registrationData = { ...guestRegistration, email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password, additionalInfo: `Booking ${corporateBookings}` };
    const response = await post('booking', bookingPayload(form, row, { selected_passenger: 'existing_client', registrationData }));
    expect(response.statusCode).toBe(200);
    return response.json().data.booking.booking_number as string;
  }

  const bookingOf = async (bookingNumber: string) =>
    (await sql<{ id: string; total_pence: number; pick_up_at: Date }>('SELECT id, total_pence, pick_up_at FROM bookings WHERE booking_number = $1', [bookingNumber]))[0];
  const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  const london = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })
      .format(at)
      .replace(/^(\w+),? (\d+ \w+ \d+),? (\d+:\d+) (am|pm)$/, '$1 $2, $3$4');

  it('a manage link downloads the booking as a VAT invoice: operator, trip in London time, passenger, price lines, VAT, payment', async () => {
    const { bookingNumber, token, row } = await bookByCard('receipt.card@example.test');
    const response = await receipt({ token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="receipt-${bookingNumber}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    const { total_pence: total, pick_up_at: pickupAt } = await bookingOf(bookingNumber);
    const vat = Math.floor((2 * total * 2000 + 12000) / 24000);
    expect(text).toContain('Westway Cars Phone 020 7946 0321 · E-mail bookings@westwaycars.test VAT registration number GB 123 4567 89 VAT invoice');
    expect(text).toMatch(new RegExp(`Booking number ${bookingNumber} Invoice number INV-\\d{6} Invoice date `));
    expect(text).toContain(`Pick-up ${london(new Date(pickupAt))} (London time) From Heathrow Airport Terminal 5, Hounslow TW6 2GA To The Savoy, Strand, London WC2R 0EZ`);
    expect(text).toContain(`Vehicle ${row.vehicle_type} Operated by ${row.company_name}`);
    expect(text).toContain('Passenger Name Jane Doe E-mail receipt.card@example.test Phone +44 7700 900456 Passengers 2');
    for (const line of row.breakdown.lines) expect(text).toContain(`${line.label} ${pounds(line.amount_pence)}`);
    expect(text).toContain(`Total fare ${pounds(total)}`);
    expect(text).toContain(`Net amount ${pounds(total - vat)} VAT at 20% ${pounds(vat)} Total including VAT ${pounds(total)}`);
    const paid = pounds(total).replace('.', '\\.');
    expect(text).toMatch(new RegExp(`Method Pay by Card Paid by card on \\w{3} \\d+ \\w{3} \\d{4} \\(card payment 1: the booking\\) ${paid} Amount paid by card ${paid}$`));
  });

  it('VAT is exact on awkward amounts: inclusive at 20 %, at 17.5 %, and added on top; a plain receipt when not VAT-registered', async () => {
    const bookingNumber = await bookCorporate();
    const { id } = await bookingOf(bookingNumber);
    const lines = [
      { code: 'base_fare', label: 'Base fare', leg: 'outbound', group: 'fare', amount: 100, amount_pence: 10000 },
      { code: 'mileage', label: '3.1 mi at £7.45/mile', leg: 'outbound', group: 'fare', amount: 23.45, amount_pence: 2345 },
    ];
    await sql("UPDATE bookings SET total_pence = 12345, breakdown = jsonb_set(breakdown, '{lines}', $2::jsonb) WHERE id = $1", [id, JSON.stringify(lines)]);
    const setVat = async (values: Record<string, string>) => {
      for (const entry of Object.entries(values)) await sql('UPDATE settings SET setting_value = $2 WHERE site_id = 1 AND setting_name = $1', entry);
    };
    const textOf = async () => pdfText((await receipt({ booking_number: bookingNumber }, bearer)).rawPayload);
    try {
      expect(await textOf()).toContain('Base fare £100.00 3.1 mi at £7.45/mile £23.45 Total fare £123.45 VAT Net amount £102.87 VAT at 20% £20.58 Total including VAT £123.45');
      await setVat({ VAT_RATE: '17.5' });
      expect(await textOf()).toContain('Net amount £105.06 VAT at 17.5% £18.39 Total including VAT £123.45'); // 1838.62…p
      await setVat({ VAT_RATE: '20', PRICES_INCLUDE_VAT: 'no' });
      expect(await textOf()).toContain('Net amount £123.45 VAT at 20% £24.69 Total including VAT £148.14 VAT is added to the fare, to the nearest penny: the amount due is £148.14.');
      await setVat({ VAT_NUMBER: '' });
      const plain = await textOf();
      expect(plain).toContain(`Westway Cars Phone ${PHONE} · E-mail bookings@westwaycars.test Receipt Booking number ${bookingNumber} Receipt date `);
      expect(plain).not.toMatch(/VAT|Invoice/);
    } finally {
      await setVat({ VAT_NUMBER: 'GB 123 4567 89', VAT_RATE: '20', PRICES_INCLUDE_VAT: 'yes' });
    }
  });

  it('gives a booking one invoice number under 20 concurrent first downloads, and the site\'s sequence has no gap', async () => {
    const bookingNumber = await bookCorporate();
    const before = await sql<{ n: number }>('SELECT count(*)::int AS n FROM receipt_invoices WHERE site_id = 1');
    const answers = await Promise.all(Array.from({ length: 20 }, () => receipt({ booking_number: bookingNumber }, bearer)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const distinct = [...new Map(answers.map((answer) => [answer.rawPayload.toString('base64'), answer.rawPayload])).values()];
    const numbers = new Set(await Promise.all(distinct.map(async (content) => /Invoice number (INV-\d{6})/.exec(await pdfText(content))![1])));
    const { id } = await bookingOf(bookingNumber);
    const rows = await sql<{ invoice_number: number }>('SELECT invoice_number FROM receipt_invoices WHERE site_id = 1 AND booking_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect([...numbers]).toEqual([`INV-${String(rows[0].invoice_number).padStart(6, '0')}`]);
    expect(rows[0].invoice_number).toBe(before[0].n + 1);
    const all = (await sql<{ invoice_number: number }>('SELECT invoice_number FROM receipt_invoices WHERE site_id = 1 ORDER BY invoice_number')).map((row) => row.invoice_number);
    expect(all).toEqual(all.map((_, index) => index + 1));
    expect(await sql('SELECT last_number FROM receipt_invoice_counters WHERE site_id = 1')).toEqual([{ last_number: all.length }]);
  });

  it("refuses another passenger's booking, another site, a forged or revoked token, no access, a NUL byte: JSON, never a PDF", async () => {
    const { bookingNumber: guestNumber, token } = await bookByCard('receipt.refused@example.test');
    const ownNumber = await bookCorporate();
    const refusals: [Awaited<ReturnType<typeof receipt>>, number, Record<string, unknown>][] = [];
    refusals.push([await receipt({ booking_number: guestNumber }, bearer), 404, { message: 'This booking is not in your account.', code: 'not_your_booking', operator_phone: PHONE }]);
    refusals.push([await receipt({ booking_number: 'CF-NOSUCH1' }, bearer), 404, { code: 'not_your_booking' }]);
    refusals.push([await receipt({ token, booking_number: ownNumber }), 403, { message: 'This link is for another booking.', code: 'wrong_booking' }]);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    refusals.push([await receipt({ token: forged }), 401, { code: 'link_invalid', operator_phone: PHONE }]);
    refusals.push([await receipt({ booking_number: ownNumber }, { ...KEY_HEADERS, authorization: 'Bearer not-a-session-token' }), 401, {}]);
    refusals.push([await receipt({ booking_number: ownNumber }), 400, { message: 'Open the link in your confirmation e-mail, or sign in to your corporate account.' }]);
    refusals.push([await receipt({ booking_number: `CF-\u0000` }, bearer), 400, {}]);
    const site = (await provider.fastify.inject({ method: 'POST', url: '/api/admin/sites', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Northern Cabs', hosts: ['receipts.northern.test'] } })).json().site;
    const otherKeys = { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key };
    refusals.push([await receipt({ token }, otherKeys), 401, { code: 'link_invalid', operator_phone: null }]);
    refusals.push([await receipt({ booking_number: ownNumber }, { ...otherKeys, authorization: bearer.authorization }), 401, {}]);
    await provider.fastify.inject({ method: 'POST', url: `/api/admin/bookings/${guestNumber}/revoke-manage-links`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    refusals.push([await receipt({ token }), 401, { code: 'link_revoked' }]);
    for (const [response, status, body] of refusals) {
      expect({ status: response.statusCode, type: response.headers['content-type'] }).toEqual({ status, type: 'application/json; charset=utf-8' });
      expect(response.json()).toMatchObject({ success: false, ...body });
    }
    // The function the completion mail calls is scoped by site as well.
    await expect(receiptPdf(provider.db, site.id, Number((await bookingOf(ownNumber)).id))).rejects.toBeInstanceOf(ReceiptNotFound);
  });

  it("a cancelled card booking's receipt shows what was kept and refunded, VAT on the kept fee only", async () => {
    await sql("UPDATE settings SET setting_value = '7.50' WHERE site_id = 1 AND setting_name = 'CANCELLATION_FEE'");
    provider.cache.invalidate(1);
    try {
      const { bookingNumber, token } = await bookByCard('receipt.cancelled@example.test');
      expect((await post('manage-booking/cancel', { token })).json()).toMatchObject({ status: 'cancelled' });
      const { total_pence: total } = await bookingOf(bookingNumber);
      const text = await pdfText((await receipt({ token })).rawPayload);
      expect(text).toContain('Status Cancelled');
      expect(text).toMatch(/Cancellation Cancelled on \w{3} \d+ \w{3} \d{4}, \d+:\d{2}(am|pm) \(London time\) by the passenger\. /);
      expect(text).toContain(`Kept (cancellation fee) £7.50 Refunded ${pounds(total - 750)} VAT Net amount £6.25 VAT at 20% £1.25 Total including VAT £7.50 Prices include VAT. VAT is worked out on the amount kept`);
      expect(text).toMatch(new RegExp(`Paid by card on [^£]+ ${pounds(total).replace('.', '\\.')} Refund \\(cancellation\\) on [^:]+ to card payment 1: refunded -${pounds(total - 750).replace('.', '\\.')} Amount paid by card £7\\.50$`));
    } finally {
      await sql("UPDATE settings SET setting_value = '0' WHERE site_id = 1 AND setting_name = 'CANCELLATION_FEE'");
      provider.cache.invalidate(1);
    }
  });

  it('after paid changes and a cancellation the receipt and the statement are built from the ledger: every charge and refund, dated, on its card payment, adding up to the amount paid', async () => {
    const { bookingNumber, token } = await bookByCard('receipt.ledger@example.test');
    const { total_pence: first } = await bookingOf(bookingNumber);
    const change = async (revision: number, changes: Record<string, unknown>) => {
      const answer = await post('manage-booking/change', { token, revision, changes, payment_method_id: 'pm_card_visa' });
      expect(answer.json()).toMatchObject({ result: 'applied' });
    };
    const date = String.raw`\w{3} \d+ \w{3} \d{4}`;
    const amount = (pence: number) => pounds(pence).replace('.', '\\.');
    const paymentsPart = async () => /Payment Method Pay by Card (.*)$/.exec(await pdfText((await receipt({ token })).rawPayload))![1];

    // A dearer change is a charge of its own: the receipt shows it beside the booking's payment (it showed the first only).
    await change(0, { meet_and_greet: 'yes' });
    const text = await pdfText((await receipt({ token })).rawPayload);
    expect(text).toContain(`Total fare ${pounds(first + 1200)}`);
    expect(await paymentsPart()).toMatch(new RegExp(`^Paid by card on ${date} \\(card payment 1: the booking\\) ${amount(first)} Paid by card on ${date} \\(card payment 2: a change to the booking\\) £12\\.00 Amount paid by card ${amount(first + 1200)}$`));

    // A cheaper change is refunded from the payments oldest first, as a change's refund (it said "cancellation").
    await change(1, { meet_and_greet: 'no' });
    expect(await paymentsPart()).toMatch(new RegExp(`£12\\.00 Refund \\(change to the booking\\) on ${date} to card payment 1: refunded -£12\\.00 Amount paid by card ${amount(first)}$`));

    // Cancelled: the rest goes back to both payments; what was paid reconciles to nothing kept.
    expect((await post('manage-booking/cancel', { token })).json()).toMatchObject({ status: 'cancelled' });
    const cancelled = await paymentsPart();
    expect(cancelled).toMatch(new RegExp(`-£12\\.00 Refund \\(cancellation\\) on ${date} to card payment 1: refunded -${amount(first - 1200)} Refund \\(cancellation\\) on ${date} to card payment 2: refunded -£12\\.00 Amount paid by card £0\\.00$`));
    expect(await pdfText((await receipt({ token })).rawPayload)).toContain(`Kept (cancellation fee) £0.00 Refunded ${pounds(first + 1200)}`);

    // On a corporate statement the cancelled trip is listed with its refunds, and left out of the fare total.
    await sql("UPDATE bookings SET passenger_id = (SELECT id FROM passengers WHERE site_id = 1 AND lower(email) = lower($2)), pick_up_at = '2031-06-10T09:00:00Z' WHERE booking_number = $1", [bookingNumber, DEMO_CORPORATE.email]);
    const csv = (await provider.fastify.inject({ method: 'GET', url: '/api/v1/passenger/statement?month=2031-06&format=csv', headers: bearer })).body;
    expect(csv).toContain(`,Cancelled,Refunded,${((first) / 100).toFixed(2)},${((first + 1200) / 100).toFixed(2)},0.00,0.00\r\n`);
    const pdf = await pdfText((await provider.fastify.inject({ method: 'GET', url: '/api/v1/passenger/statement?month=2031-06', headers: bearer })).rawPayload);
    expect(pdf).toContain(`Total £0.00 ${pounds(first + 1200)} £0.00 £0.00`);
  });

  it("a corporate passenger's monthly statement (London month) as CSV and PDF: their bookings only, totals, formula-safe cells", async () => {
    const [march, aprilFirst, aprilLate] = [await bookCorporate(), await bookCorporate(), await bookCorporate()];
    const guest = await bookByCard('receipt.statement.other@example.test');
    // 00:30 on 1 March is GMT; 23:30 UTC on 31 March is already 00:30 on 1 April in BST.
    const moves: [string, string][] = [[march, '2030-03-01T00:30:00Z'], [aprilFirst, '2030-03-31T23:30:00Z'], [aprilLate, '2030-04-30T22:59:00Z'], [guest.bookingNumber, '2030-04-10T10:00:00Z']];
    for (const [number, at] of moves) await sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [number, at]);
    await sql("UPDATE bookings SET pick_up_address = '=HYPERLINK(\"http://evil.test\",\"Click\")', drop_off_address = '+44, \"quoted\"' WHERE booking_number = $1", [aprilLate]);
    await sql("UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = 'operator' WHERE booking_number = $1", [aprilFirst]);
    const statement = (query: string, headers = bearer) => provider.fastify.inject({ method: 'GET', url: `/api/v1/passenger/statement?${query}`, headers });

    const csv = await statement('month=2030-04&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="statement-2030-04.csv"');
    const [first, late] = [await bookingOf(aprilFirst), await bookingOf(aprilLate)];
    const vat = (pence: number) => (Math.floor((2 * pence * 2000 + 12000) / 24000) / 100).toFixed(2);
    const fare = (pence: number) => (pence / 100).toFixed(2);
    expect(csv.body).toBe(
      '\uFEFFBooking number,Pick-up date,Pick-up time,From,To,Vehicle,Passenger,Status,Payment,Fare,Refunded,Paid,VAT\r\n' +
        `${aprilFirst},2030-04-01,12:30am,"Heathrow Airport Terminal 5, Hounslow TW6 2GA","The Savoy, Strand, London WC2R 0EZ",Saloon,Alex Morgan,Cancelled,Pay in car (cancelled: nothing to pay),${fare(first.total_pence)},0.00,0.00,0.00\r\n` +
        `${aprilLate},2030-04-30,11:59pm,"'=HYPERLINK(""http://evil.test"",""Click"")","'+44, ""quoted""",Saloon,Alex Morgan,Confirmed,Pay in car (to pay the driver),${fare(late.total_pence)},0.00,0.00,${vat(late.total_pence)}\r\n`,
    );

    const pdf = await statement('month=2030-04');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="statement-2030-04.pdf"');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Statement for April 2030 Account Alex Morgan Month April 2030 (pick-up dates, London time) Bookings 2');
    expect(text).toContain(`2030-04-01 12:30am ${aprilFirst}`);
    expect(text).toContain(`2030-04-30 11:59pm ${aprilLate} =HYPERLINK`);
    expect(text).not.toContain(march);
    expect(text).not.toContain(guest.bookingNumber);
    // The cancelled trip is listed, and left out of the fare total; the trip not yet paid to the driver is not paid.
    expect(text).toContain(`Total ${pounds(late.total_pence)} £0.00 £0.00 £${vat(late.total_pence)}`);
    expect(text).toContain('Cancelled trips are listed with their refunds; the fare total leaves them out.');

    // Once completed, the pay-in-car trip was paid to the driver.
    await sql("UPDATE bookings SET status = 'completed', completed_at = now() WHERE booking_number = $1", [aprilLate]);
    expect((await statement('month=2030-04&format=csv')).body).toContain(`,Completed,Pay in car (paid to the driver),${fare(late.total_pence)},0.00,${fare(late.total_pence)},${vat(late.total_pence)}\r\n`);

    const empty = await statement('month=2031-01&format=csv');
    expect(empty.body).toBe('\uFEFFBooking number,Pick-up date,Pick-up time,From,To,Vehicle,Passenger,Status,Payment,Fare,Refunded,Paid,VAT\r\n');
    for (const [query, message] of [
      ['month=2030-13', 'month: Choose a month as YYYY-MM.'],
      ['month=1999-12', 'month: Choose a month as YYYY-MM.'],
      ['format=csv', 'month: Choose a month as YYYY-MM.'],
      ['month=2030-04&format=xls', 'format: Choose a statement as pdf or csv.'],
    ]) {
      const refused = await statement(query);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: { success: false, message, code: 'invalid_input' } });
    }
    expect((await statement('month=2030-04', KEY_HEADERS)).statusCode).toBe(401);
    // Signed out, a bad month is still 401: the query's problems are told only to the signed-in passenger.
    expect((await statement('month=2030-13&format=doc', KEY_HEADERS)).statusCode).toBe(401);
  });

  it('a receipt made in the transaction that queues its mail (as the completion mail is) goes through the outbox as base64 and arrives as the same bytes', async () => {
    const bookingNumber = await bookCorporate();
    const bookingId = Number((await bookingOf(bookingNumber)).id);
    const { id, file } = await provider.db.transaction(async (tx) => {
      const receiptFile = await receiptPdf(tx, 1, bookingId);
      const mailId = await provider.mail.enqueue(tx, 1, {
        kind: 'receipt_test',
        to: 'receipt.mail@example.test',
        from: 'bookings@westwaycars.test',
        subject: `Receipt ${bookingNumber}`,
        text: 'Your receipt is attached.',
        html: '<p>Your receipt is attached.</p>',
        attachments: [binaryAttachment(receiptFile.filename, receiptFile.contentType, receiptFile.content)],
      });
      return { id: mailId, file: receiptFile };
    });
    const [invoice] = await sql<{ invoice_number: number }>('SELECT invoice_number FROM receipt_invoices WHERE site_id = 1 AND booking_id = $1', [bookingId]);
    expect(await pdfText(file.content)).toContain(`Invoice number INV-${String(invoice.invoice_number).padStart(6, '0')}`);
    const [row] = await sql<{ attachments: { encoding: string; content: string }[] }>('SELECT attachments FROM mail_outbox WHERE id = $1', [id]);
    expect(row.attachments).toEqual([{ filename: `receipt-${bookingNumber}.pdf`, contentType: 'application/pdf', encoding: 'base64', content: file.content.toString('base64') }]);
    await provider.mail.flush();
    const outbox = path.join(provider.config.dataDir, 'outbox');
    const eml = readFileSync(path.join(outbox, readdirSync(outbox).find((name) => name.startsWith(`1-${String(id).padStart(6, '0')}-receipt_test`))!), 'utf8');
    const part = new RegExp(`Content-Type: application/pdf; name=receipt-${bookingNumber}\\.pdf\\nContent-Transfer-Encoding: base64\\nContent-Disposition: attachment;\\s+filename=receipt-${bookingNumber}\\.pdf\\n\\n([A-Za-z0-9+/=\\n]+)\\n`).exec(eml);
    expect(part).not.toBeNull();
    expect(Buffer.from(part![1].replace(/\n/g, ''), 'base64').equals(file.content)).toBe(true);
  });
});
