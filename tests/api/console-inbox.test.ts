import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_MESSAGES, QUOTE_OFFER_ROUTE, QUOTE_OFFER_UNKNOWN } from '../../contract/consoleEnquiries.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { RECIPIENT_REFUSED } from '../../server/adapters/mail/index.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { DEMO_CORPORATE, DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 17, the enquiries inbox and the mail outbox (server): list and page, reply through the outbox (idempotent per
 * reply_key), close and reopen, a QUOTE NOW request priced by the site's engine and offered with a link, the outbox's
 * delivery states and resends; every change audited; other sites, passengers, missing CSRF and hostile input refused.
 */

const HOST = 'console.westwaycars.test';
const ORIGIN = `http://${HOST}`;
type Method = 'GET' | 'POST';
type Headers = Record<string, string>;
interface Signed {
  cookie: string;
  csrf: string;
}

describe(`enquiries inbox and mail outbox on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let dispatcher: Signed;
  let contactId: number;
  let quoteId: number;
  let noEmailId: number;

  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);
  const inject = (method: Method, url: string, headers: Headers = {}, payload?: unknown) =>
    provider.fastify.inject({ method, url: `/api/admin/${url}`, headers: { host: HOST, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const as = (who: Signed, method: Method, url: string, payload?: unknown, headers: Headers = {}) =>
    inject(method, url, { cookie: who.cookie, 'x-csrf-token': who.csrf, origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...headers }, payload);
  async function signIn(email: string, password: string, headers: Headers = {}): Promise<Signed> {
    const response = await inject('POST', 'session', { origin: ORIGIN, ...headers }, { email, password });
    expect(response.statusCode, response.body).toBe(200);
    return { cookie: String(response.headers['set-cookie']).split(';')[0], csrf: response.json().csrf_token };
  }
  const publicPost = (url: string, payload: object, remoteAddress: string) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload, remoteAddress });
  let keyCounter = 0;
  const key = () => `key-${Date.now().toString(36)}-${(keyCounter += 1)}`;

  beforeAll(async () => {
    provider = await startTestProvider();
    dispatcher = await signIn(DEMO_STAFF.dispatcher.email, DEMO_STAFF.dispatcher.password);
    const contact = await publicPost('contact-us', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', queryReason: 'Lost Item', comments: 'I left an umbrella in the car.' }, '10.0.0.1');
    contactId = contact.json().contact_id;
    const quote = await publicPost(
      'send-instant-email',
      {
        pickup_address: 'Paddington Station, Praed Street, London W2 1HB',
        dropoff_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        pickup_date: '2030-06-14',
        pickup_time: '2:30pm',
        passenger_email: 'grace@example.test',
        passenger_phone: '07700 900123',
        passenger_name: 'Grace Hopper',
        passengers: 2,
      },
      '10.0.0.2',
    );
    quoteId = quote.json().quote_request_id;
    const anonymous = await publicPost('contact-us', { telephone: '07700 900999', comments: 'Call me back please' }, '10.0.0.3');
    noEmailId = anonymous.json().contact_id;
  });
  afterAll(() => provider?.dispose());

  it('lists QUOTE NOW requests and Contact Us messages newest first, open, filtered by kind and status, keyset paged', async () => {
    const all = await as(dispatcher, 'GET', 'enquiries');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().enquiries.map((row: { kind: string; id: number }) => `${row.kind}-${row.id}`)).toEqual([`contact-${noEmailId}`, `quote-${quoteId}`, `contact-${contactId}`]);
    expect(all.json().enquiries[2]).toEqual({
      kind: 'contact',
      id: contactId,
      received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      status: 'open',
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      phone: '',
      summary: 'Lost Item: I left an umbrella in the car.',
    });
    expect(all.json().next).toBeNull();
    const quotes = await as(dispatcher, 'GET', 'enquiries?kind=quote');
    expect(quotes.json().enquiries).toEqual([expect.objectContaining({ kind: 'quote', id: quoteId, name: 'Grace Hopper', summary: 'Paddington Station, Praed Street, London W2 1HB → Heathrow Airport Terminal 5, Hounslow TW6 2GA' })]);

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await as(dispatcher, 'GET', `enquiries?limit=1${after ? `&after=${after}` : ''}`);
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().enquiries.map((row: { kind: string; id: number }) => `${row.kind}-${row.id}`));
      after = page.json().next;
    } while (after);
    expect(seen).toEqual([`contact-${noEmailId}`, `quote-${quoteId}`, `contact-${contactId}`]);

    expect((await as(dispatcher, 'GET', 'enquiries?after=nonsense')).json()).toEqual({ success: false, message: INBOX_MESSAGES.badCursor, code: 'invalid_input' });
    expect((await as(dispatcher, 'GET', 'enquiries?status=pending')).statusCode).toBe(400);
    expect((await as(dispatcher, 'GET', 'enquiries?limit=1000')).statusCode).toBe(400);
  });

  it('replies by e-mail through the outbox: From and Reply-To the operator, to the visitor; stored with who and when; answered; audited; the same reply_key again changes nothing', async () => {
    const replyKey = key();
    const text = 'Hello Ada,\nWe found your umbrella. It is at our office.';
    const answered = await as(dispatcher, 'POST', `enquiries/contact/${contactId}/reply`, { text, reply_key: replyKey });
    expect(answered.statusCode, answered.body).toBe(200);
    const { enquiry } = answered.json();
    // Queued by the reply; on PostgreSQL the mail dispatcher, woken by the commit, may have sent it before the answer read it.
    expect(enquiry).toMatchObject({ kind: 'contact', id: contactId, status: 'answered', fields: { kind: 'contact', query_reason: 'Lost Item', booking_number: '', comments: 'I left an umbrella in the car.' } });
    expect(enquiry.replies).toEqual([{ id: expect.any(Number), at: expect.any(String), author: DEMO_STAFF.dispatcher.name, text, mail_id: expect.any(Number), mail_status: expect.stringMatching(/^(queued|sent)$/), offer: null }]);

    const [mail] = await sql<Record<string, string>>('SELECT kind, to_address, from_address, reply_to, subject, text_body, status FROM mail_outbox WHERE id = $1', [enquiry.replies[0].mail_id]);
    expect(mail).toMatchObject({
      kind: 'enquiry_reply',
      to_address: '"Ada Lovelace" <ada@example.test>',
      from_address: '"Westway Cars" <bookings@westwaycars.test>',
      reply_to: 'bookings@westwaycars.test',
      subject: 'Re: your message (Lost Item)',
    });
    // Queued by the reply (its answer says so above); the provider's mail dispatcher may have sent it since.
    expect(['queued', 'sent']).toContain(mail.status);
    expect(mail.text_body).toContain('We found your umbrella. It is at our office.');
    expect(mail.text_body).toContain('I left an umbrella in the car.');

    const again = await as(dispatcher, 'POST', `enquiries/contact/${contactId}/reply`, { text: 'A different text', reply_key: replyKey });
    expect(again.statusCode).toBe(200);
    expect(again.json().enquiry.replies).toHaveLength(1);
    const audit = await sql<{ action: string; entity_id: string; actor_kind: string; before: unknown; after: { status: string } }>(
      "SELECT action, entity_id, actor_kind, before, after FROM audit_log WHERE entity_type = 'enquiry' ORDER BY id",
    );
    expect(audit).toEqual([{ action: 'enquiry.reply', entity_id: `contact-${contactId}`, actor_kind: 'staff', before: { status: 'open' }, after: { status: 'answered', reply_id: enquiry.replies[0].id, mail_id: enquiry.replies[0].mail_id } }]);

    const none = await as(dispatcher, 'POST', `enquiries/contact/${noEmailId}/reply`, { text: 'Hi', reply_key: key() });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ success: false, message: INBOX_MESSAGES.noEmail, code: 'conflict' });
  });

  it('20 concurrent replies with one reply_key store one reply and one mail; 20 with their own keys store 20 of each', async () => {
    const before = Number((await sql<{ n: string }>("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'enquiry_reply'"))[0].n);
    const same = key();
    const identical = await Promise.all(Array.from({ length: 20 }, () => as(dispatcher, 'POST', `enquiries/quote/${quoteId}/reply`, { text: 'We will call you.', reply_key: same })));
    expect(identical.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect((await sql('SELECT id FROM enquiry_replies WHERE reply_key = $1', [same])).length).toBe(1);
    const distinct = await Promise.all(Array.from({ length: 20 }, (_, n) => as(dispatcher, 'POST', `enquiries/quote/${quoteId}/reply`, { text: `Reply ${n}`, reply_key: key() })));
    expect(distinct.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect((await sql("SELECT id FROM enquiry_replies WHERE enquiry_kind = 'quote'")).length).toBe(21);
    expect(Number((await sql<{ n: string }>("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'enquiry_reply'"))[0].n)).toBe(before + 21);
  });

  it('closes and reopens (audited); closing twice, reopening an open one and replying to a closed one are 409', async () => {
    const closed = await as(dispatcher, 'POST', `enquiries/contact/${noEmailId}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().enquiry).toMatchObject({ status: 'closed', status_changed_at: expect.any(String) });
    expect((await as(dispatcher, 'GET', 'enquiries?status=closed')).json().enquiries.map((row: { id: number }) => row.id)).toEqual([noEmailId]);
    expect((await as(dispatcher, 'POST', `enquiries/contact/${noEmailId}/close`)).json()).toEqual({ success: false, message: INBOX_MESSAGES.alreadyClosed, code: 'conflict' });
    expect((await as(dispatcher, 'POST', `enquiries/contact/${noEmailId}/reply`, { text: 'Hi', reply_key: key() })).json()).toEqual({ success: false, message: INBOX_MESSAGES.closed, code: 'conflict' });
    const reopened = await as(dispatcher, 'POST', `enquiries/contact/${noEmailId}/reopen`);
    expect(reopened.json().enquiry.status).toBe('open');
    expect((await as(dispatcher, 'POST', `enquiries/contact/${noEmailId}/reopen`)).statusCode).toBe(409);
    const audit = await sql<{ action: string; before: unknown; after: unknown }>('SELECT action, before, after FROM audit_log WHERE entity_id = $1 ORDER BY id', [`contact-${noEmailId}`]);
    expect(audit).toEqual([
      { action: 'enquiry.close', before: { status: 'open' }, after: { status: 'closed' } },
      { action: 'enquiry.reopen', before: { status: 'closed' }, after: { status: 'open' } },
    ]);
    expect((await as(dispatcher, 'GET', 'enquiries/contact/999999')).statusCode).toBe(404);
    expect((await as(dispatcher, 'GET', 'enquiries/booking/1')).statusCode).toBe(400);
  });

  it('prices a QUOTE NOW request with the site engine and mails an offer whose link opens that vehicle at the server price, kept bookable', async () => {
    const trip = { pickup: 'Paddington Station, Praed Street, London W2 1HB', dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', pickup_date: '2030-06-14', pickup_time: '14:30', passengers: 2, luggages: 1 };
    const priced = await as(dispatcher, 'POST', `enquiries/quote/${quoteId}/price`, trip);
    expect(priced.statusCode, priced.body).toBe(200);
    const { quote_id, options } = priced.json();
    expect(quote_id).toMatch(/^q_/);
    expect(options.length).toBeGreaterThan(0);
    const choice = options[0];
    expect(choice.final_price).toBeGreaterThan(0);

    const wrongVehicle = await as(dispatcher, 'POST', `enquiries/quote/${quoteId}/offer`, { quote_id, vehicle_id: 99999, company_id: choice.company_id, reply_key: key() });
    expect(wrongVehicle.json()).toEqual({ success: false, message: INBOX_MESSAGES.notInQuote, code: 'unprocessable' });
    const unknownQuote = await as(dispatcher, 'POST', `enquiries/quote/${quoteId}/offer`, { quote_id: 'q_doesnotexist', vehicle_id: choice.vehicle_id, company_id: choice.company_id, reply_key: key() });
    expect(unknownQuote.statusCode).toBe(409);
    expect(unknownQuote.json().message).toBe(INBOX_MESSAGES.quoteExpired);

    const offered = await as(dispatcher, 'POST', `enquiries/quote/${quoteId}/offer`, {
      quote_id,
      vehicle_id: choice.vehicle_id,
      company_id: choice.company_id,
      text: 'Here is your price.',
      reply_key: key(),
      // A price from the browser is never read.
      final_price: 1,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const last = offered.json().enquiry.replies.at(-1);
    expect(last.offer).toEqual({
      id: expect.any(Number),
      quote_id,
      vehicle_id: choice.vehicle_id,
      company_id: choice.company_id,
      vehicle_type: choice.vehicle_type,
      company_name: choice.company_name,
      price: choice.final_price,
      expires_at: expect.any(String),
    });
    const days = (Date.parse(last.offer.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [stored] = await sql<{ expires_at: string }>('SELECT expires_at FROM quotes WHERE id = $1', [quote_id]);
    expect(new Date(stored.expires_at).toISOString()).toBe(last.offer.expires_at);

    const [mail] = await sql<{ kind: string; to_address: string; text_body: string }>('SELECT kind, to_address, text_body FROM mail_outbox WHERE id = $1', [last.mail_id]);
    expect(mail.kind).toBe('quote_offer');
    expect(mail.to_address).toBe('"Grace Hopper" <grace@example.test>');
    const link = new RegExp(`Book this quote: +(http://localhost:\\d+|[a-z]+://[^\\s/]+)${QUOTE_OFFER_ROUTE}#token=([A-Za-z0-9_-]{43})`).exec(mail.text_body);
    expect(link, mail.text_body).not.toBeNull();
    const token = link![2];
    expect(mail.text_body).toContain(`£${choice.final_price.toFixed(2)}`);
    expect(JSON.stringify(await sql('SELECT * FROM quote_offers'))).not.toContain(token);

    const opened = await publicPost('quote-offer', { token }, '10.0.0.8');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      success: true,
      booking_type: 'milleage',
      booking_form: { pickup: trip.pickup, dropoff: trip.dropoff, pickup_date: '2030-06-14', pickup_hour: '2pm', pickup_min: '30', passengers: 2 },
      vehicle: { quote_id, vehicle_id: choice.vehicle_id, company_id: choice.company_id, final_price: choice.final_price },
      expires_at: last.offer.expires_at,
    });
    const forged = await publicPost('quote-offer', { token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` }, '10.0.0.8');
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ success: false, message: QUOTE_OFFER_UNKNOWN, code: 'not_found' });
    expect((await publicPost('quote-offer', { token: 'short' }, '10.0.0.8')).statusCode).toBe(400);
    // The visitor's booking flow reads the same quote: its price is the server's.
    const reprice = await publicPost('calculate-selected-vehicle-price', { quote_id, vehicle_id: choice.vehicle_id, company_id: choice.company_id }, '10.0.0.9');
    expect(reprice.json()).toMatchObject({ success: true, quote_id, final_price: choice.final_price });

    const audit = await sql<{ action: string }>("SELECT action FROM audit_log WHERE action = 'enquiry.quote_offer'");
    expect(audit).toHaveLength(1);
    expect((await as(dispatcher, 'POST', `enquiries/quote/${quoteId}/price`, { ...trip, pickup_time: '14:32' })).statusCode).toBe(400);
  });

  it('shows the outbox with delivery states (queued, sent, failed with its error), attachments by name, and resends a copy (audited); secrets are neither shown nor resent', async () => {
    const [site] = await sql<{ id: number }>('SELECT id FROM sites WHERE is_default');
    await sql(
      `INSERT INTO mail_outbox (site_id, kind, to_address, from_address, subject, text_body, html_body, attachments)
       VALUES ($1, 'test_failed', 'two@example.test, three@example.test', 'bookings@westwaycars.test', 'Broken', 'Body', '<p>Body</p>', '[{"filename":"trip.ics","contentType":"text/calendar","content":"X"}]')`,
      [site.id],
    );
    await provider.mail.flush();
    const list = await as(dispatcher, 'GET', 'mail?limit=100');
    expect(list.statusCode).toBe(200);
    const failed = list.json().mails.find((row: { kind: string }) => row.kind === 'test_failed');
    expect(failed).toMatchObject({ to: 'two@example.test, three@example.test', subject: 'Broken', status: 'failed', error: RECIPIENT_REFUSED, attachments: ['trip.ics'], sent_at: null, resend_of: null });
    const reply = list.json().mails.find((row: { kind: string }) => row.kind === 'enquiry_reply');
    expect(reply).toMatchObject({ status: 'sent', error: null, sent_at: expect.any(String) });
    expect((await as(dispatcher, 'GET', 'mail?status=failed')).json().mails.map((row: { id: number }) => row.id)).toEqual([failed.id]);
    const paged = await as(dispatcher, 'GET', 'mail?limit=2');
    const second = await as(dispatcher, 'GET', `mail?limit=2&after=${paged.json().next}`);
    expect(second.json().mails[0].id).toBeLessThan(paged.json().mails[1].id);

    const detail = await as(dispatcher, 'GET', `mail/${reply.id}`);
    expect(detail.json().mail).toMatchObject({ id: reply.id, from: '"Westway Cars" <bookings@westwaycars.test>', reply_to: 'bookings@westwaycars.test', transport: 'outbox', resends: [] });
    expect(detail.json().mail.text).toContain('— Westway Cars');

    const resent = await as(dispatcher, 'POST', `mail/${reply.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json().mail).toMatchObject({ kind: 'enquiry_reply', to: reply.to, subject: reply.subject, status: 'queued', resend_of: reply.id });
    expect((await as(dispatcher, 'GET', `mail/${reply.id}`)).json().mail.resends).toEqual([resent.json().mail.id]);
    expect(await sql("SELECT action, entity_type, entity_id, after FROM audit_log WHERE action = 'mail.resend'")).toEqual([
      { action: 'mail.resend', entity_type: 'mail', entity_id: String(reply.id), after: { mail_id: resent.json().mail.id } },
    ]);

    await sql("INSERT INTO mail_outbox (site_id, kind, to_address, from_address, subject, text_body, html_body, sensitive) VALUES ($1, 'password_reset_code', 'a@example.test', 'b@example.test', 'Code', '123456', '123456', true)", [site.id]);
    const [secret] = await sql<{ id: string }>("SELECT id FROM mail_outbox WHERE kind = 'password_reset_code' ORDER BY id DESC LIMIT 1");
    expect((await as(dispatcher, 'GET', `mail/${secret.id}`)).json().mail.text).toBeNull();
    expect((await as(dispatcher, 'POST', `mail/${secret.id}/resend`)).json()).toEqual({ success: false, message: INBOX_MESSAGES.sensitive, code: 'conflict' });
    expect((await as(dispatcher, 'POST', 'mail/999999/resend')).statusCode).toBe(404);
  });

  it("keeps each site's enquiries and mail to its own staff: another site's member sees none of them and changes nothing (404)", async () => {
    const created = await inject('POST', 'sites', { authorization: `Bearer ${ADMIN_TOKEN}` }, { name: 'Northern Cabs', hosts: ['book.northerncabs.test'] });
    expect(created.statusCode).toBe(201);
    const site = created.json().site;
    const keysB = { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key };
    await sql('INSERT INTO staff (site_id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5)', [site.id, 'dispatch@northerncabs.test', 'Nell North', 'dispatcher', await hashPassword('Northern-Lights-77')]);
    const other = await signIn('dispatch@northerncabs.test', 'Northern-Lights-77', keysB);
    expect((await as(other, 'GET', 'enquiries')).json()).toEqual({ success: true, enquiries: [], next: null });
    expect((await as(other, 'GET', 'mail')).json().mails).toEqual([]);
    expect((await as(other, 'GET', `enquiries/contact/${contactId}`)).statusCode).toBe(404);
    const [mail] = await sql<{ id: string }>("SELECT id FROM mail_outbox WHERE kind = 'enquiry_reply' ORDER BY id LIMIT 1");
    for (const [method, url, body] of [
      ['GET', `mail/${mail.id}`],
      ['POST', `mail/${mail.id}/resend`],
      ['POST', `enquiries/contact/${contactId}/close`],
      ['POST', `enquiries/contact/${contactId}/reply`, { text: 'Hijack', reply_key: key() }],
    ] as const) {
      const refused = await as(other, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
    }
    // Naming site A with its key pair is refused outright.
    expect((await as(other, 'GET', 'enquiries', undefined, KEY_HEADERS)).json()).toEqual({ success: false, message: STAFF_MESSAGES.otherSite, code: 'forbidden' });
    expect(await sql("SELECT 1 FROM enquiry_replies WHERE body = 'Hijack'")).toEqual([]);
    expect((await sql<{ status: string }>('SELECT status FROM contact_messages WHERE id = $1', [contactId]))[0].status).toBe('answered');
  });

  it('refuses a passenger token (401), no session (401), a change without the CSRF token (403, nothing stored), a NUL byte and a huge body', async () => {
    const login = await publicPost('check-passenger-login', { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password }, '10.0.0.5');
    const passengerToken = login.json().access_token as string;
    expect((await inject('GET', 'enquiries', { authorization: `Bearer ${passengerToken}` })).json()).toEqual({ success: false, message: STAFF_MESSAGES.adminTokenWrong, code: 'unauthenticated' });
    expect((await inject('GET', 'mail')).statusCode).toBe(401);
    const noCsrf = await inject('POST', `enquiries/contact/${noEmailId}/close`, { cookie: dispatcher.cookie, origin: ORIGIN });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual({ success: false, message: STAFF_MESSAGES.csrfMissing, code: 'forbidden' });
    expect((await sql<{ status: string }>('SELECT status FROM contact_messages WHERE id = $1', [noEmailId]))[0].status).toBe('open');

    const nul = await as(dispatcher, 'POST', `enquiries/contact/${contactId}/reply`, { text: 'Hello\u0000there', reply_key: key() });
    expect(nul.statusCode).toBe(400);
    const huge = await as(dispatcher, 'POST', `enquiries/contact/${contactId}/reply`, { text: 'x'.repeat(70_000), reply_key: key() });
    expect(huge.statusCode).toBe(413);
    const long = await as(dispatcher, 'POST', `enquiries/contact/${contactId}/reply`, { text: 'x'.repeat(10_001), reply_key: key() });
    expect(long.json()).toEqual({ success: false, message: 'text: At most 10000 characters', code: 'invalid_input' });
    expect((await as(dispatcher, 'POST', `enquiries/contact/${contactId}/reply`, { text: 'Hi', reply_key: 'short' })).statusCode).toBe(400);
    expect((await sql("SELECT 1 FROM enquiry_replies WHERE body LIKE 'xxxx%' OR body LIKE 'Hello%there'")).length).toBe(0);
  });
});
