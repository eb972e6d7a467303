import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday, QUERY_REASONS } from '../../contract/enquiries.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { parseMail } from '../helpers/smtp.ts';
import { createTestClock } from '../helpers/clock.ts';


const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const quote = (overrides: Record<string, unknown> = {}) => ({
  pickup_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  dropoff_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  pickup_date: addDays(londonToday(), 1),
  pickup_time: '2:30pm',
  passenger_email: 'jane.doe@example.test',
  passenger_phone: '07700 900456',
  passenger_name: 'Jane Doe',
  additional_info: 'Two child seats, please',
  passengers: 3,
  luggages: 2,
  ...overrides,
});

const contact = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Sam',
  lastName: 'Taylor',
  email: 'sam.taylor@example.test',
  telephone: '020 7946 0999',
  queryReason: 'Invoice',
  bookingNumber: 'WC-10042',
  comments: 'Please send the invoice for last Tuesday.',
  ...overrides,
});

const clock = createTestClock();

describe(`quote requests and Contact Us, stored and mailed to the operator, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let nextAddress = 1;
  // Each test posts from its own client address, so the per-address limits of one test do not hit another.
  const newAddress = () => `198.51.100.${nextAddress++}`;

  beforeAll(async () => {
    provider = await startTestProvider({ now: clock.now });
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown, remoteAddress: string, headers: Record<string, string> = KEY_HEADERS) =>
    provider.fastify.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
  const count = async (table: string) => Number((await provider.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  const outboxFiles = () => {
    try {
      return readdirSync(path.join(provider.config.dataDir, 'outbox')).filter((file) => file.endsWith('.eml'));
    } catch {
      return [];
    }
  };
  const emlFor = (mailId: number) => {
    const file = outboxFiles().find((name) => name.startsWith(`1-${String(mailId).padStart(6, '0')}-`));
    expect(file, `an .eml file for mail ${mailId}`).toBeDefined();
    return readFileSync(path.join(provider.config.dataDir, 'outbox', file!), 'utf8');
  };

  it('send-instant-email stores the request, queues the notice to FROM_EMAIL in the same write, and the outbox delivers it as .eml', async () => {
    const response = await post('/api/v1/send-instant-email', quote(), newAddress());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ success: true, message: 'Your booking has been sent!', quote_request_id: expect.any(Number) });

    const { rows } = await provider.db.query<Record<string, unknown>>('SELECT * FROM quote_requests WHERE site_id = 1 AND id = $1', [body.quote_request_id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ passenger_email: 'jane.doe@example.test', passenger_phone: '07700 900456', passengers: 3, luggages: 2, pickup_time: '2:30pm' });
    const mailId = Number(rows[0].mail_id);
    const mail = (await provider.db.query<Record<string, unknown>>('SELECT * FROM mail_outbox WHERE site_id = 1 AND id = $1', [mailId])).rows[0];
    expect(mail).toMatchObject({ kind: 'quote_request_notice', to_address: 'bookings@westwaycars.test', reply_to: 'jane.doe@example.test' });
    expect(mail.from_address).toBe('"Westway Cars" <bookings@westwaycars.test>');

    await provider.mail.flush();
    const sent = (await provider.db.query<Record<string, unknown>>('SELECT status, attempts, transport, sent_at FROM mail_outbox WHERE site_id = 1 AND id = $1', [mailId])).rows[0];
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, transport: 'outbox' });
    expect(sent.sent_at).not.toBeNull();

    const eml = parseMail(emlFor(mailId));
    expect(eml.headers.to).toBe('bookings@westwaycars.test');
    expect(eml.headers['reply-to']).toBe('jane.doe@example.test');
    expect(eml.subject).toMatch(/^Quote request #\d+: /);
    expect(eml.text).toContain('Heathrow Airport Terminal 5, Hounslow TW6 2GA');
    expect(eml.text).toContain('Two child seats, please');
    expect(eml.text).toContain('— Westway Cars');
    expect(eml.html).toContain('Westway Cars');
    expect(eml.html).toContain('jane.doe@example.test');
  });

  it('contact-us stores every query reason, defaults to Booking, and mails the operator', async () => {
    const address = newAddress();
    const ids: number[] = [];
    for (const queryReason of QUERY_REASONS) {
      const response = await post('/api/v1/contact-us', contact({ queryReason }), address);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Your form has been submitted successfully!. Thank You for Contacting', contact_id: expect.any(Number) });
      ids.push(response.json().contact_id);
    }
    const defaulted = await post('/api/v1/contact-us', { comments: 'Do you take dogs?' }, address);
    expect(defaulted.statusCode).toBe(200);
    ids.push(defaulted.json().contact_id);

    const { rows } = await provider.db.query<{ query_reason: string; mail_id: string }>(
      'SELECT query_reason, mail_id FROM contact_messages WHERE site_id = 1 AND id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(rows.map((row) => row.query_reason)).toEqual([...QUERY_REASONS, 'Booking']);
    await provider.mail.flush();
    const eml = parseMail(emlFor(Number(rows[1].mail_id)));
    expect(eml.subject).toBe(`Contact Us #${ids[1]} (Invoice) from Sam Taylor`);
    expect(eml.text).toContain('WC-10042');
    expect(eml.text).toContain('Please send the invoice for last Tuesday.');
  });

  it('escapes what visitors type in the HTML body', async () => {
    const response = await post('/api/v1/contact-us', contact({ comments: '<script>alert("x")</script> & <b>bold</b>' }), newAddress());
    expect(response.statusCode).toBe(200);
    const { rows } = await provider.db.query<{ html_body: string; text_body: string }>(
      'SELECT m.html_body, m.text_body FROM contact_messages c JOIN mail_outbox m ON m.site_id = c.site_id AND m.id = c.mail_id WHERE c.site_id = 1 AND c.id = $1',
      [response.json().contact_id],
    );
    expect(rows[0].html_body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(rows[0].html_body).not.toContain('<script>');
    expect(rows[0].text_body).toContain('<script>alert("x")</script>');
  });

  it.each([
    ['pickup_date', 'Pickup date is required'],
    ['pickup_time', 'Pickup time is required'],
    ['passenger_email', 'Email is required'],
    ['passenger_phone', 'Telephone is required'],
  ])('send-instant-email refuses a request without %s (400) and stores nothing', async (field, message) => {
    const before = await count('quote_requests');
    const payload: Record<string, unknown> = quote();
    delete payload[field];
    const response = await post('/api/v1/send-instant-email', payload, newAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, error: message, field, code: 'invalid_input' });
    expect(await count('quote_requests')).toBe(before);
  });

  it.each([
    ['a bad e-mail', { passenger_email: 'jane.doe@' }, 'Enter a valid email address'],
    ['a bad telephone', { passenger_phone: 'call me' }, 'Enter a valid telephone number'],
    ['a date in the past (London time)', { pickup_date: addDays(londonToday(), -1) }, 'Pickup date cannot be in the past'],
    ['a date that does not exist', { pickup_date: '2031-02-30' }, 'Pickup date must be a real date'],
    ['a time that is not one', { pickup_time: '25:61' }, 'Pickup time must be a time such as 14:30 or 2:30pm'],
    ['0 passengers', { passengers: 0 }, 'Passengers must be at least 1'],
    ['51 passengers', { passengers: 51 }, 'Passengers must be at most 50'],
    ['21 luggages', { luggages: 21 }, 'Luggages must be at most 20'],
    ['passengers of the wrong type', { passengers: true }, 'Invalid input'],
    ['an over-long name', { passenger_name: 'x'.repeat(121) }, 'must be at most 120 characters'],
  ])('send-instant-email refuses %s with 400', async (_label, overrides, message) => {
    const response = await post('/api/v1/send-instant-email', quote(overrides), newAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
  });

  it("accepts today's date, a 24-hour time and counts sent as text by a number input", async () => {
    const response = await post('/api/v1/send-instant-email', quote({ pickup_date: londonToday(), pickup_time: '23:55', passengers: '50', luggages: '0', passenger_phone: 7700900456 }), newAddress());
    expect(response.statusCode).toBe(200);
    const { rows } = await provider.db.query<Record<string, unknown>>('SELECT passengers, luggages, passenger_phone FROM quote_requests WHERE site_id = 1 AND id = $1', [
      response.json().quote_request_id,
    ]);
    expect(rows[0]).toEqual({ passengers: 50, luggages: 0, passenger_phone: '7700900456' });
  });

  it.each([
    ['an empty form', {}, 'Please fill in the form before sending it'],
    ['a bad e-mail', contact({ email: 'not-an-email' }), 'Enter a valid email address'],
    ['an unknown query reason', contact({ queryReason: 'Refund' }), 'Query reason must be one of Booking, Invoice, Complaint, Lost Item, Other'],
    ['over-long comments', contact({ comments: 'x'.repeat(5001) }), 'must be at most 5000 characters'],
  ])('contact-us refuses %s with 400, the reason in `error` as the spec reads it', async (_label, payload, message) => {
    const before = await count('contact_messages');
    const response = await post('/api/v1/contact-us', payload, newAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message, error: message });
    expect(await count('contact_messages')).toBe(before);
  });

  it('refuses a 1 MB comment with 413 JSON, unread and unstored', async () => {
    const before = [await count('contact_messages'), await count('quote_requests')];
    const huge = 'x'.repeat(1024 * 1024);
    const contactResponse = await post('/api/v1/contact-us', contact({ comments: huge }), newAddress());
    expect(contactResponse.statusCode).toBe(413);
    expect(contactResponse.json()).toEqual({ success: false, message: 'The form is too large to send', error: 'The form is too large to send', code: 'payload_too_large' });
    const quoteResponse = await post('/api/v1/send-instant-email', quote({ additional_info: huge }), newAddress());
    expect(quoteResponse.statusCode).toBe(413);
    expect(quoteResponse.json()).toMatchObject({ success: false });
    expect([await count('contact_messages'), await count('quote_requests')]).toEqual(before);
  });

  it('refuses malformed JSON with 400 and the error field', async () => {
    const response = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/contact-us',
      headers: { ...KEY_HEADERS, 'content-type': 'application/json' },
      payload: '{"comments": "unfinished',
      remoteAddress: newAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Malformed JSON body', error: 'Malformed JSON body', code: 'invalid_input' });
  });

  it.each(['/api/v1/send-instant-email', '/api/v1/contact-us'])('a burst of 100 posts to %s: 429 after the limit, every accepted one stored', async (url) => {
    clock.awayFromWindowEdge(600, 10);
    const table = url.endsWith('contact-us') ? 'contact_messages' : 'quote_requests';
    const before = await count(table);
    const address = newAddress();
    const payload = url.endsWith('contact-us') ? contact() : quote();
    const responses = await Promise.all(Array.from({ length: 100 }, () => post(url, payload, address)));
    const statuses = responses.map((response) => response.statusCode);
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted).toBe(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/), error: refused.json().message, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(table)).toBe(before + accepted);
    // Another address is not affected.
    expect((await post(url, payload, newAddress())).statusCode).toBe(200);
  });

  it("stores another site's requests under that site and mails that operator", async () => {
    const created = await provider.fastify.inject({
      method: 'POST',
      url: '/api/admin/sites',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'Northern Cabs' },
    });
    const site = created.json().site;
    const keys = { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key };
    await provider.fastify.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...keys },
      payload: { Company_Name: 'Northern Cabs', FROM_EMAIL: 'office@northerncabs.test' },
    });
    const response = await post('/api/v1/contact-us', contact(), newAddress(), keys);
    expect(response.statusCode).toBe(200);
    const { rows } = await provider.db.query<{ to_address: string; from_address: string }>(
      'SELECT m.to_address, m.from_address FROM contact_messages c JOIN mail_outbox m ON m.site_id = c.site_id AND m.id = c.mail_id WHERE c.site_id = $1 AND c.id = $2',
      [site.id, response.json().contact_id],
    );
    expect(rows).toEqual([{ to_address: 'office@northerncabs.test', from_address: '"Northern Cabs" <office@northerncabs.test>' }]);
  });

  it('refuses a request without the key pair with 401, error field included on contact-us', async () => {
    const response = await post('/api/v1/contact-us', contact(), newAddress(), {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: expect.stringMatching(/API/) });
  });
});
