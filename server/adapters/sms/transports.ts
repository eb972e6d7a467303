import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A claimed row as the dispatcher hands it to a transport. */
export interface SmsRow {
  site_id: number;
  id: number;
  kind: string;
  to_number: string;
  body: string;
  attempts: number;
  created_at: Date;
}

export interface SmsDelivered {
  /** Twilio's message SID, or the outbox file. */
  providerId: string;
}

/**
 * A delivery that failed. `permanent`: the provider refused this message as it stands (Twilio's 4xx: an invalid or
 * unreachable number, a number that opted out), so it is marked failed at once; otherwise (5xx, 429, a timeout, the
 * network) it is retried with backoff.
 */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export interface SmsTransport {
  readonly name: 'outbox' | 'twilio';
  deliver(row: SmsRow): Promise<SmsDelivered>;
}

/** The embedded default: each text becomes DATA_DIR/outbox/<site>-<id>-sms-<kind>.txt (written atomically), beside the mails. */
export function createOutboxSmsTransport(outboxDir: string, from: string | null): SmsTransport {
  return {
    name: 'outbox',
    async deliver(row) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${row.site_id}-${String(row.id).padStart(6, '0')}-sms-${row.kind.replace(/[^a-z0-9_-]/gi, '_')}.txt`);
      const text = [`To: ${row.to_number}`, `From: ${from ?? '(TWILIO_FROM not set)'}`, `Kind: ${row.kind}`, `Date: ${new Date(row.created_at).toISOString()}`, '', row.body, ''].join('\n');
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, text);
      await rename(partial, file);
      return { providerId: file };
    },
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number in E.164, an alphanumeric sender ID, or a Messaging Service SID (MG…). */
  from: string;
  /** TWILIO_API_URL: https://api.twilio.com unless a test points it at a local fake. */
  apiUrl: string;
}

/** Twilio's error body (https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions). */
interface TwilioError {
  code?: number;
  message?: string;
  status?: number;
  more_info?: string;
}

/**
 * Twilio's Messages REST API: `POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth
 * (Account SID, Auth Token), form-encoded `To`, `From` (or `MessagingServiceSid` for an MG… sender) and `Body`.
 * 201 with the message's `sid` is delivered to Twilio; a 4xx but 429 is Twilio refusing this message (permanent:
 * 21211 invalid 'To', 21610 opted out …); 429, a 5xx, a timeout or a network error is retried.
 */
export function createTwilioTransport(config: TwilioConfig, timeoutMs = 15_000): SmsTransport {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const sender: [string, string] = /^MG[0-9a-f]{32}$/i.test(config.from) ? ['MessagingServiceSid', config.from] : ['From', config.from];
  return {
    name: 'twilio',
    async deliver(row) {
      const form = new URLSearchParams([['To', row.to_number], sender, ['Body', row.body]]);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
        throw new SmsDeliveryError(`Twilio unreachable: ${cause}`, false);
      }
      const text = await response.text().catch(() => '');
      let json: (TwilioError & { sid?: string }) | null = null;
      try {
        json = JSON.parse(text) as TwilioError & { sid?: string };
      } catch {
        json = null;
      }
      if (response.ok) {
        if (!json?.sid) throw new SmsDeliveryError(`Twilio answered ${response.status} without a message SID`, false);
        return { providerId: String(json.sid) };
      }
      const detail = json && (json.code !== undefined || json.message) ? `Twilio ${response.status}${json.code !== undefined ? ` error ${json.code}` : ''}: ${json.message ?? ''}`.trim() : `Twilio ${response.status}`;
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 408;
      throw new SmsDeliveryError(detail.slice(0, 500), permanent);
    },
  };
}
