// Issue 15, "Hostile text and slow clients" (input part): NUL bytes and unpaired surrogates refused at the edge by one
// rule, no statement parameters or secrets in the log, every mail recipient exactly one address, per-address limits on
// the booking, payment and quoting calls, and a repeat-search cache keyed on the parsed search and bounded by bytes.
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAddress, type MailMessage } from '../../server/adapters/mail/index.ts';
import { buildApp, type App } from '../../server/app.ts';
import { DEMO_KEYS } from '../../server/config.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { REPEAT_CACHE_BYTES } from '../../server/domain/quotes/quoting.ts';
import { API_LIMITS } from '../../server/plugins/apiLimits.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { hourlyForm, oneWayForm } from '../helpers/forms.ts';
import { stringPaths } from '../helpers/fuzz.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
type Path = (string | number)[];

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';
const REFUSED = 'Text must not contain NUL characters or unpaired UTF-16 surrogates';

/** Every client gets its own address, so one test's per-address limits never answer for another's. */
let nextAddress = 0;
const newAddress = () => {
  nextAddress += 1;
  return `198.18.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

const WRITE_TABLES = ['bookings', 'passengers', 'payments', 'quotes', 'quote_requests', 'contact_messages', 'mail_outbox', 'sandbox_intents', 'settings', 'sites'];
const rowCounts = async (provider: TestProvider) => {
  const counts: Record<string, number> = {};
  for (const table of WRITE_TABLES) counts[table] = Number((await provider.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);
  return counts;
};

/** A copy of `value` with the string at `path` given the hostile character in its middle. */
function withTextAt(value: unknown, path: Path, bad: string): unknown {
  if (path.length === 0) {
    const text = value as string;
    return `${text.slice(0, 3)}${bad}${text.slice(3)}`;
  }
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]] = withTextAt(copy[path[0]], path.slice(1), bad);
  return copy;
}

interface Call {
  method: Method;
  url: string;
  body: unknown;
  headers?: Record<string, string>;
}

/** A valid request for every call that takes a body (each mutated one string at a time by the tests). */
async function validCalls(provider: TestProvider): Promise<Call[]> {
  const inject = (method: Method, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    provider.fastify.inject({ method, url, headers: { ...KEY_HEADERS, ...headers }, payload: payload as object, remoteAddress: newAddress() });
  const { form, row } = await quoteFor(provider);
  const login = (await inject('POST', '/api/v1/check-passenger-login', { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password })).json();
  const amount = Math.round(row.final_price * 100);
  const cardBooking = bookingPayload(form, row, { payment_method: 'card' });
  const intent = (await inject('POST', '/api/v1/create-payment-intent', { paymentMethodId: 'pm_card_authenticationRequired', amount, booking: cardBooking })).json();
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  return [
    { method: 'POST', url: '/api/v1/calculate-distance', body: { pickup: form.pickup, dropoff: form.dropoff, stops: [{ address: 'Paddington Station' }] } },
    { method: 'POST', url: '/api/v1/calculate-distance-price', body: { ...form, stops: [{ address: 'Paddington Station' }] } },
    { method: 'POST', url: '/api/v1/calculate-hourly-price', body: hourlyForm() },
    { method: 'POST', url: '/api/v1/calculate-selected-vehicle-price', body: { vehicle: { quote_id: row.quote_id, vehicle_id: 1, company_id: 1 }, meet_and_greet: 'yes' } },
    { method: 'POST', url: '/api/v1/booking', body: bookingPayload(form, row) },
    {
      method: 'POST',
      url: '/api/v1/booking',
      body: bookingPayload(form, row, { selected_passenger: 'new_client', registrationData: { ...guestRegistration, email: 'sweep.new@example.test', password: 'Velvet-Orbit-7291!', privacyAccepted: true, termsAccepted: true } }),
    },
    { method: 'POST', url: '/api/v1/create-payment-intent', body: { paymentMethodId: 'pm_card_visa', amount, booking: cardBooking, idempotencyKey: 'sweep-1' } },
    { method: 'POST', url: '/api/v1/confirm-payment-intent', body: { paymentIntentId: intent.paymentIntentId } },
    { method: 'POST', url: '/api/v1/sandbox/authenticate', body: { paymentIntentId: intent.paymentIntentId, outcome: 'fail' } },
    {
      method: 'POST',
      url: '/api/v1/send-instant-email',
      body: { pickup_address: 'Heathrow', dropoff_address: 'Savoy', pickup_date: form.pickup_date, pickup_time: '2:30pm', passenger_email: 'sweep@example.test', passenger_phone: '07700 900456', passenger_name: 'Jane', additional_info: 'Two bags' },
    },
    { method: 'POST', url: '/api/v1/contact-us', body: { firstName: 'Sam', lastName: 'Taylor', email: 'sam@example.test', telephone: '020 7946 0999', queryReason: 'Invoice', bookingNumber: 'WC-1', comments: 'Hello there' } },
    { method: 'POST', url: '/api/v1/check-passenger-login', body: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } },
    { method: 'POST', url: '/api/v1/check-passenger-email', body: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } },
    { method: 'PATCH', url: '/api/v1/update-passenger', body: { passenger_id: login.passenger.passenger_id, name: DEMO_CORPORATE.name, email: DEMO_CORPORATE.email, phone: DEMO_CORPORATE.phone }, headers: { authorization: `Bearer ${login.access_token}` } },
    { method: 'POST', url: '/api/v1/auth/forgot-password', body: { email: DEMO_CORPORATE.email, type: 'website' } },
    { method: 'POST', url: '/api/v1/auth/verify-code', body: { email: DEMO_CORPORATE.email, code: '123456' } },
    { method: 'POST', url: '/api/v1/auth/reset-password', body: { email: DEMO_CORPORATE.email, code: '123456', new_password: 'Another-Orbit-2291', type: 'website' } },
    { method: 'PUT', url: '/api/admin/settings', body: { Company_Name: 'Westway Cars' }, headers: admin },
    { method: 'POST', url: '/api/admin/sites', body: { name: 'Other Cabs', hosts: ['other.test'] }, headers: admin },
  ];
}

describe(`hostile text is refused at the edge by one rule, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let calls: Call[];
  beforeAll(async () => {
    provider = await startTestProvider();
    calls = await validCalls(provider);
  });
  afterAll(() => provider.dispose());

  const send = (call: Call, body: unknown, headers: Record<string, string> = {}) =>
    provider.fastify.inject({ method: call.method, url: call.url, headers: { ...KEY_HEADERS, ...call.headers, ...headers }, payload: body as object, remoteAddress: newAddress() });
  const callTo = (url: string) => calls.find((call) => call.url === url)!;

  // The eleven calls that answered 500 to a NUL in these fields (a PostgreSQL error reached the error handler).
  it.each([
    ['POST', '/api/v1/calculate-distance-price', ['pickup']],
    ['POST', '/api/v1/calculate-hourly-price', ['pickup']],
    ['POST', '/api/v1/calculate-selected-vehicle-price', ['vehicle', 'quote_id']],
    ['POST', '/api/v1/booking', ['registrationData', 'firstName']],
    ['POST', '/api/v1/create-payment-intent', ['booking', 'registrationData', 'surname']],
    ['POST', '/api/v1/confirm-payment-intent', ['paymentIntentId']],
    ['POST', '/api/v1/sandbox/authenticate', ['paymentIntentId']],
    ['POST', '/api/v1/send-instant-email', ['passenger_name']],
    ['POST', '/api/v1/contact-us', ['comments']],
    ['PUT', '/api/admin/settings', ['Company_Name']],
    ['POST', '/api/admin/sites', ['name']],
  ] as [Method, string, Path][])('a NUL in %s %s %j is a 400 JSON message, not a 500, and writes nothing', async (_method, url, path) => {
    const before = await rowCounts(provider);
    const response = await send(callTo(url), withTextAt(callTo(url).body, path, NUL));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: `${path.join('.')}: ${REFUSED}` });
    expect(await rowCounts(provider)).toEqual(before);
  });

  // An unpaired surrogate 500ed where text reaches a quote or a payment's jsonb, and was stored as U+FFFD elsewhere.
  it.each([
    ['/api/v1/calculate-distance-price', ['dropoff']],
    ['/api/v1/calculate-hourly-price', ['pickup']],
    ['/api/v1/create-payment-intent', ['booking', 'registrationData', 'firstName']],
    ['/api/v1/contact-us', ['firstName']],
    ['/api/v1/booking', ['registrationData', 'additionalInfo']],
  ] as [string, Path][])('an unpaired surrogate in POST %s %j is a 400, neither a 500 nor stored as U+FFFD', async (url, path) => {
    const before = await rowCounts(provider);
    const response = await send(callTo(url), withTextAt(callTo(url).body, path, LONE_SURROGATE));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: `${path.join('.')}: ${REFUSED}` });
    expect(await rowCounts(provider)).toEqual(before);
    const replaced = await provider.db.query("SELECT 1 FROM contact_messages WHERE first_name LIKE '%' || chr(65533) || '%' UNION ALL SELECT 1 FROM bookings WHERE additional_info LIKE '%' || chr(65533) || '%'");
    expect(replaced.rows).toEqual([]);
  });

  it('every string field of every call with a body: a NUL or an unpaired surrogate is the same 400, whatever the route', async () => {
    const answers: string[] = [];
    for (const bad of [NUL, LONE_SURROGATE, '\udc00', `x${NUL}`]) {
      for (const call of calls) {
        for (const path of stringPaths(call.body)) {
          const response = await send(call, withTextAt(call.body, path, bad));
          const body = response.json();
          if (response.statusCode !== 400 || body.message !== `${path.join('.')}: ${REFUSED}` || body.success !== false) answers.push(`${JSON.stringify(bad)} ${call.method} ${call.url} ${path.join('.')} → ${response.statusCode} ${response.body.slice(0, 80)}`);
        }
      }
    }
    expect(answers).toEqual([]);
  });

  it('object keys are text too: a NUL in a key is refused without echoing it', async () => {
    const response = await send(callTo('/api/admin/settings'), { [`Company${NUL}_Name`]: 'Westway Cars' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: `(a key): ${REFUSED}`, code: 'invalid_input' });
    const nested = await send(callTo('/api/v1/calculate-distance-price'), { ...oneWayForm(), stops: [{ [`addr${LONE_SURROGATE}`]: 'x' }] });
    expect(nested.json()).toEqual({ success: false, message: `stops.0.(a key): ${REFUSED}`, code: 'invalid_input' });
  });

  it('query strings and route parameters: a NUL is refused before the route runs', async () => {
    const get = (url: string, headers: Record<string, string> = {}) => provider.fastify.inject({ method: 'GET', url, headers: { ...KEY_HEADERS, ...headers }, remoteAddress: newAddress() });
    const places = await get('/api/v1/places?q=Heath%00row');
    expect(places.statusCode).toBe(400);
    expect(places.json()).toEqual({ success: false, message: `q: ${REFUSED}`, code: 'invalid_input' });
    const booking = await get('/api/v1/get_booking/1%00');
    expect(booking.json()).toEqual({ success: false, message: `passenger_id: ${REFUSED}`, code: 'invalid_input' });
    const page = await get('/quotationview?from=%00');
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ success: false, message: `from: ${REFUSED}`, code: 'invalid_input' });
  });

  it('headers the app reads: a NUL in Authorization is refused; over a real socket Node refuses it before the app', async () => {
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/passenger/logout', headers: { ...KEY_HEADERS, authorization: `Bearer abc${NUL}def` }, remoteAddress: newAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: `headers.authorization: ${REFUSED}`, code: 'invalid_input' });

    const address = await provider.fastify.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(`GET /api/v1/setting HTTP/1.1\r\nHost: localhost\r\napi-public-key: ${DEMO_KEYS.publicKey}\r\napi-secret-key: ${DEMO_KEYS.secretKey}\r\nCookie: a=1${NUL}2\r\nConnection: close\r\n\r\n`, 'latin1');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('text that is only unusual is still accepted: emoji, accents, a paired surrogate, control characters other than NUL', async () => {
    const call = callTo('/api/v1/contact-us');
    const response = await send(call, { ...(call.body as object), comments: 'Taxi 🚕 for Zoë\tand Ǆ — 𝒳 \u0001' });
    expect(response.statusCode).toBe(200);
    const { rows } = await provider.db.query<{ comments: string }>('SELECT comments FROM contact_messages WHERE id = $1', [response.json().contact_id]);
    expect(rows[0].comments).toBe('Taxi 🚕 for Zoë\tand Ǆ — 𝒳 \u0001');
  });
});

describe(`no statement parameters and no secrets in the log, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let logged: App;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });

  beforeAll(async () => {
    // The provider's own workers stay out of the way (no dispatcher, sweep or pass): this app's mail port delivers (and
    // logs) the mails below, and the statements counted are the requests' alone.
    provider = await startTestProvider({ background: false });
    // A second app on the same database, logging as `npm start` does (level info) into a stream the test reads.
    logged = await buildApp({ config: provider.config, db: provider.db, logger: { level: 'debug', stream } });
  });
  afterAll(async () => {
    await logged.fastify.close();
    await logged.mail.stop();
    await provider.dispose();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    logged.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...KEY_HEADERS, ...headers }, payload: payload as object, remoteAddress: newAddress() });

  it('after hostile and failing requests (a failing INSERT of a new client among them) the log holds no password, hash, e-mail, phone, token or reset code', async () => {
    // A database error that used to be logged with the statement's parameters: the new client's INSERT is refused.
    await provider.db.query("ALTER TABLE passengers ADD CONSTRAINT security_input_probe CHECK (name <> 'Refused Probe') NOT VALID");
    const secret = { email: 'refused.probe@example.test', phone: '+44 7700 900987', password: 'Velvet-Orbit-7291!' };
    const { form, row } = await quoteFor(provider);
    const registrationData = { ...guestRegistration, firstName: 'Refused', surname: 'Probe', email: secret.email, number: secret.phone, password: secret.password, privacyAccepted: true, termsAccepted: true };
    const failed = await post('booking', bookingPayload(form, row, { selected_passenger: 'new_client', registrationData }));
    expect(failed.statusCode, failed.body).toBe(500);
    expect(failed.json()).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.', code: 'internal' });

    // Hostile and failing requests around it.
    await post('booking', bookingPayload(form, row, { selected_passenger: 'new_client', registrationData: { ...registrationData, surname: `Pro${NUL}be` } }));
    await post('check-passenger-login', { email: DEMO_CORPORATE.email, password: `${secret.password}-wrong` });
    await logged.fastify.inject({ method: 'POST', url: '/api/v1/contact-us', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, payload: `{"email":"${secret.email}","comments":`, remoteAddress: newAddress() });
    const signIn = (await post('check-passenger-login', { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password })).json();
    const token: string = signIn.access_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const bearer = { authorization: `Bearer ${token}` };
    // A failing UPDATE with the passenger's details as parameters, from a signed-in passenger.
    const update = await logged.fastify.inject({
      method: 'PATCH',
      url: '/api/v1/update-passenger',
      headers: { ...KEY_HEADERS, ...bearer },
      payload: { passenger_id: signIn.passenger.passenger_id, name: 'Refused Probe', email: DEMO_CORPORATE.email, phone: secret.phone },
      remoteAddress: newAddress(),
    });
    expect(update.statusCode, update.body).toBe(500);
    await post('passenger/validate-token', {}, bearer);
    // A secret in a page's query string (a manage link's token, a payment's client secret) is not written with the URL.
    await logged.fastify.inject({ method: 'GET', url: `/manage-booking?token=${token}&payment_intent_client_secret=pi_1_secret_${token.slice(0, 8)}`, remoteAddress: newAddress() });

    // A reset code, read from the queued mail before it is delivered (its body is blanked once sent).
    expect((await post('auth/forgot-password', { email: DEMO_CORPORATE.email, type: 'website' })).statusCode).toBe(200);
    const { rows } = await provider.db.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'password_reset_code' ORDER BY id DESC LIMIT 1");
    const code = /\b(\d{6})\b/.exec(rows[0].text_body)![1];
    await post('auth/verify-code', { email: DEMO_CORPORATE.email, code });
    await post('auth/reset-password', { email: DEMO_CORPORATE.email, code: String((Number(code) + 1) % 1_000_000).padStart(6, '0'), new_password: 'Another-Orbit-2291', type: 'website' });
    // Mail delivery is logged too.
    logged.mail.start(logged.fastify.log);
    await logged.mail.flush();
    // What other code may hand the logger: objects and errors carrying secrets by name.
    logged.fastify.log.warn(
      { req: { headers: { authorization: `Bearer ${token}`, cookie: `cabflow_trip=${token}`, 'api-secret-key': DEMO_KEYS.secretKey } }, password: secret.password, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', body: { new_password: secret.password, code } },
      'a careless log line',
    );
    logged.fastify.log.error({ err: Object.assign(new Error('failed'), { token, resetCode: code, paymentMethodId: 'pm_card_visa', card: { number: '4242424242424242' } }) }, 'a careless error');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('request failed');
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('mail delivered');
    expect(log).toContain('/manage-booking?token=[redacted]&payment_intent_client_secret=[redacted]');
    for (const leaked of [secret.password, '$argon2', secret.email, secret.phone, 'Refused Probe', token, DEMO_KEYS.secretKey, DEMO_CORPORATE.email, DEMO_CORPORATE.password, '4242424242424242', 'pm_card_visa']) {
      expect(log, `the log holds ${leaked}`).not.toContain(leaked);
    }
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(log).not.toMatch(/"params"|"parameters"|Failing row contains \(\d/);
  });
});

describe(`every mail recipient is exactly one validated address (SMTP), on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let smtp: TestSmtpServer;
  const victim = 'victim@elsewhere.test';
  beforeAll(async () => {
    smtp = await startSmtpServer();
    provider = await startTestProvider({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await provider.dispose();
    await smtp.close();
  });

  const message = (overrides: Partial<MailMessage>): MailMessage => ({
    kind: 'recipient_probe',
    to: 'jane@example.test',
    from: '"Westway Cars" <bookings@westwaycars.test>',
    subject: 'A probe',
    text: 'Plain body',
    html: '<p>HTML body</p>',
    ...overrides,
  });

  it.each([
    'a@x.test>, <victim@elsewhere.test',
    '"Jane" <a@x.test>, <victim@elsewhere.test>',
    'a@x.test, victim@elsewhere.test',
    'a@x.test;victim@elsewhere.test',
    'Jane <victim@elsewhere.test>',
    'a@x.test\r\nBcc: victim@elsewhere.test',
    'victim@elsewhere.test (Victim)',
    'undisclosed:victim@elsewhere.test;',
  ])('a caller passing %j as the recipient: refused by the mail layer, nothing reaches a second recipient', async (to) => {
    const id = await provider.db.transaction((tx) => provider.mail.enqueue(tx, 1, message({ to })));
    await provider.mail.flush();
    const { rows } = await provider.db.query<{ status: string; last_error: string }>('SELECT status, last_error FROM mail_outbox WHERE site_id = 1 AND id = $1', [id]);
    expect(rows[0]).toEqual({ status: 'failed', last_error: 'Refused: the recipient is not exactly one e-mail address' });
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(victim))).toEqual([]);
    expect(smtp.messages.filter((mail) => mail.raw.includes(victim))).toEqual([]);
  });

  it('a display name written by formatAddress is kept, even a hostile one, and the mail goes to its one address only', async () => {
    const to = formatAddress(`Jane" <${victim}>, "x`, 'jane.named@example.test');
    await provider.db.transaction((tx) => provider.mail.enqueue(tx, 1, message({ to, replyTo: `a@x.test>, <${victim}` })));
    await provider.mail.flush();
    const mail = await smtp.waitFor((candidate) => candidate.envelopeTo.includes('jane.named@example.test'));
    expect(mail.envelopeTo).toEqual(['jane.named@example.test']);
    expect(mail.headers['reply-to']).toBeUndefined();
  });

  it("POST /booking with passengerEmail 'a@x>, <victim@y': the confirmation never reaches a second recipient", async () => {
    const { form, row } = await quoteFor(provider);
    const registrationData = { ...guestRegistration, passengerDetails: 'yes', passengerName: 'Jane Doe', passengerEmail: `a@x.test>, <${victim}`, passengerPhone: '07700 900111' };
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row, { registrationData }), remoteAddress: newAddress() });
    expect(response.statusCode).toBeLessThan(500);
    await provider.mail.flush();
    const bookingMails = smtp.messages.filter((mail) => mail.headers['x-cabflow-kind']?.startsWith('booking_'));
    expect(bookingMails.filter((mail) => mail.envelopeTo.includes(victim) || mail.raw.includes(victim))).toEqual([]);
  });
});

describe(`per-address limits on the booking, payment and quoting calls, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    // No worker of the process (dispatchers, sweeps): the statements counted below are the requests' alone.
    provider = await startTestProvider({ background: false });
  });
  afterAll(() => provider.dispose());

  const call = (method: Method, url: string, remoteAddress: string, payload: unknown = {}) =>
    provider.fastify.inject({ method, url, headers: KEY_HEADERS, payload: method === 'GET' ? undefined : (payload as object), remoteAddress });

  it.each([
    ['POST', '/api/v1/booking', API_LIMITS.booking],
    ['POST', '/api/v1/create-payment-intent', API_LIMITS.paymentIntent],
    ['POST', '/api/v1/confirm-payment-intent', API_LIMITS.payment],
    ['POST', '/api/v1/sandbox/authenticate', API_LIMITS.payment],
    ['POST', '/api/v1/calculate-distance-price', API_LIMITS.quote],
    ['POST', '/api/v1/calculate-hourly-price', API_LIMITS.quote],
    ['POST', '/api/v1/calculate-distance', API_LIMITS.quote],
    ['POST', '/api/v1/calculate-selected-vehicle-price', API_LIMITS.quote],
    ['GET', '/api/v1/places?q=Heathrow', API_LIMITS.places],
    ['GET', '/api/v1/places/nearest?lat=51.5&lon=-0.12', API_LIMITS.places],
  ] as [Method, string, { max: number; windowSec: number }][])('%s %s: %j per address, then 429 with Retry-After; another address is not held up', async (method, url, rule) => {
    const address = newAddress();
    for (let index = 0; index < rule.max; index++) expect((await call(method, url, address)).statusCode).not.toBe(429);
    const refused = await call(method, url, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/), error: expect.any(String), code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(method, url, newAddress())).statusCode).not.toBe(429);
  });

  it('the quoting calls share one budget, and the limits answer without a database statement', async () => {
    const address = newAddress();
    const urls = ['/api/v1/calculate-distance-price', '/api/v1/calculate-hourly-price', '/api/v1/calculate-distance', '/api/v1/calculate-selected-vehicle-price'];
    let statements = 0;
    const stop = provider.db.stats!.observe((sql) => {
      if (!sql.includes('mail_outbox')) statements += 1;
    });
    for (let index = 0; index < API_LIMITS.quote.max; index++) await call('POST', urls[index % urls.length], address);
    stop();
    expect(statements).toBe(0);
    expect((await call('POST', urls[0], address)).statusCode).toBe(429);
  });

  it('a hotel lobby on one Wi-Fi address: twenty families each type their addresses, search, change options and book', async () => {
    const lobby = newAddress();
    const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url, headers: KEY_HEADERS, payload: payload as object, remoteAddress: lobby });
    for (let family = 0; family < 20; family++) {
      for (const typed of ['Hea', 'Heath', 'Heathrow T', 'The Sav', 'The Savoy']) {
        expect((await provider.fastify.inject({ method: 'GET', url: `/api/v1/places?q=${encodeURIComponent(typed)}`, headers: KEY_HEADERS, remoteAddress: lobby })).statusCode).toBe(200);
      }
      const form = oneWayForm({ pickup_min: String((family % 12) * 5).padStart(2, '0'), passengers: 1 + (family % 4) });
      const search = await post('/api/v1/calculate-distance-price', form);
      expect(search.statusCode).toBe(200);
      const row = search.json().price_details.find((candidate: { company_id: number; vehicle_id: number }) => candidate.company_id === 1 && candidate.vehicle_id === 1);
      for (const baby_seats of [1, 2, 0]) {
        expect((await post('/api/v1/calculate-selected-vehicle-price', { vehicle: row, baby_seats })).statusCode).toBe(200);
      }
      const booked = await post('/api/v1/booking', bookingPayload(form, row, { registrationData: { ...guestRegistration, email: `family.${family}@example.test` } }));
      expect(booked.statusCode).toBe(200);
    }
  });
});

describe(`the repeat-search cache: keyed on the parsed search, bounded by bytes, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    // No background jobs: the tests count the statements a search makes, and a job's run (the invoice run's credit
    // check, seen in CI) would be counted as the search's.
    provider = await startTestProvider({ background: false });
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object, remoteAddress: newAddress() });
  const statementsDuring = async <T>(work: () => Promise<T>) => {
    const statements: string[] = [];
    const stop = provider.db.stats!.observe((sql) => {
      if (!sql.includes('mail_outbox')) statements.push(sql);
    });
    try {
      return { result: await work(), statements };
    } finally {
      stop();
    }
  };

  it('unknown keys and 100 KB junk fields do not grow it, and the search they carry is still answered from it', async () => {
    const form = oneWayForm({ pickup_min: '35', passengers: 2 });
    const first = await post('calculate-distance-price', form);
    expect(first.statusCode).toBe(200);
    const held = provider.quoting.repeatCache();
    expect(held.entries).toBeGreaterThanOrEqual(1);
    const junk = 'j'.repeat(100 * 1024);
    for (let index = 0; index < 20; index++) {
      const { result, statements } = await statementsDuring(() => post('calculate-distance-price', { ...form, [`unknown_${index}`]: junk, stops: [], extra: { deeper: [junk.slice(index)] } }));
      expect(result.statusCode).toBe(200);
      expect(result.body).toBe(first.body);
      expect(statements).toEqual([]);
    }
    expect(provider.quoting.repeatCache()).toEqual(held);
    const hourly = hourlyForm({ pickup_duration: '6hour' });
    const priced = await post('calculate-hourly-price', hourly);
    const withJunk = await statementsDuring(() => post('calculate-hourly-price', { ...hourly, note: junk }));
    expect(withJunk.statements).toEqual([]);
    expect(withJunk.result.body).toBe(priced.body);
    expect(provider.quoting.repeatCache().bytes).toBeLessThan(held.bytes * 2 + 64 * 1024);
  });

  it(`many different searches never hold more than ${REPEAT_CACHE_BYTES} bytes, and the latest is still a repeat`, async () => {
    const hours = ['9am', '10am', '11am', '12pm', '1pm', '2pm', '3pm', '4pm', '5pm', '6pm', '7pm', '8pm'];
    let last: { form: object; body: string } | null = null;
    let sent = 0;
    for (let batch = 0; provider.quoting.repeatCache().entries + 50 > sent; batch++) {
      const forms = Array.from({ length: 50 }, (_, index) => {
        const n = batch * 50 + index;
        return oneWayForm({ pickup_hour: hours[n % 12], pickup_min: String((Math.floor(n / 12) % 12) * 5).padStart(2, '0'), passengers: 1 + (Math.floor(n / 144) % 4), luggages: Math.floor(n / 576) % 3, padding: 'p'.repeat(10_000) });
      });
      const answers = await Promise.all(forms.map((form) => post('calculate-distance-price', form)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(forms.map(() => 200));
      sent += forms.length;
      last = { form: forms.at(-1)!, body: answers.at(-1)!.body };
      expect(provider.quoting.repeatCache().bytes).toBeLessThanOrEqual(REPEAT_CACHE_BYTES);
      expect(sent).toBeLessThan(3000);
    }
    const { entries, bytes } = provider.quoting.repeatCache();
    expect(entries).toBeLessThan(sent);
    expect(bytes).toBeLessThanOrEqual(REPEAT_CACHE_BYTES);
    const again = await statementsDuring(() => post('calculate-distance-price', last!.form));
    expect(again.statements).toEqual([]);
    expect(again.result.body).toBe(last!.body);
  });
});
