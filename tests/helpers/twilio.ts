import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Twilio's Messages REST API (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth (Account SID : Auth Token), a
 * form-encoded body with `To`, `From` (or `MessagingServiceSid`) and `Body`. It answers as Twilio does: 201 with the
 * message resource, or Twilio's error JSON `{ code, message, more_info, status }` (401 20003 for a wrong credential,
 * 400 21604/21602 for a missing To/Body, 404 20404 for another path). `answer` may replace the success by anything.
 */
export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: Record<string, string>;
}

export interface DeliveredText {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  env: Record<string, string>;
  /** Every request, as received (also the refused ones). */
  requests: TwilioRequest[];
  /** The messages answered 201. */
  delivered: DeliveredText[];
  /** Decides the answer of a well-formed request: null for the usual 201. */
  answer: (request: TwilioRequest) => { status: number; body: unknown } | null;
  close(): Promise<void>;
}

const error = (status: number, code: number, message: string) => ({ status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } });

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
  const authToken = 'test_auth_token_0123456789abcdef';
  const from = '+447700900999';
  let serial = 0;
  const fake: FakeTwilio = {
    url: '',
    accountSid,
    authToken,
    from,
    env: {},
    requests: [],
    delivered: [],
    answer: () => null,
    close: async () => undefined,
  };

  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const text = await read(request);
    const received: TwilioRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: String(request.headers.authorization ?? ''),
      contentType: String(request.headers['content-type'] ?? ''),
      form: Object.fromEntries(new URLSearchParams(text)),
    };
    fake.requests.push(received);
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (received.authorization !== expectedAuth) return send(response, 401, error(401, 20003, 'Authenticate').body);
    if (received.method !== 'POST' || received.path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return send(response, 404, error(404, 20404, 'The requested resource was not found').body);
    if (!received.contentType.startsWith('application/x-www-form-urlencoded')) return send(response, 400, error(400, 21601, 'Unsupported content type').body);
    if (!received.form.To) return send(response, 400, error(400, 21604, "A 'To' phone number is required.").body);
    if (!received.form.From && !received.form.MessagingServiceSid) return send(response, 400, error(400, 21603, "A 'From' phone number is required.").body);
    if (!received.form.Body) return send(response, 400, error(400, 21602, 'Message body is required.').body);
    const decided = fake.answer(received);
    if (decided) return send(response, decided.status, decided.body);
    const sid = `SM${String(++serial).padStart(32, '0')}`;
    fake.delivered.push({ sid, to: received.form.To, from: received.form.From, body: received.form.Body });
    send(response, 201, { sid, account_sid: accountSid, to: received.form.To, from: received.form.From, body: received.form.Body, status: 'queued', num_segments: '1', direction: 'outbound-api', error_code: null, error_message: null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_URL: fake.url };
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** Twilio's error answers used by the tests. */
export const TWILIO_ERRORS = {
  invalidTo: (to: string) => error(400, 21211, `The 'To' number ${to} is not a valid phone number.`),
  serverError: () => error(500, 20500, 'An internal server error has occurred'),
  tooManyRequests: () => error(429, 20429, 'Too Many Requests'),
};
