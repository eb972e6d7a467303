import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { retryDelayMs } from '../mail/dispatcher.ts';
import { maskedNumber, ukMobileE164 } from './phone.ts';
import type { SmsFlushResult, SmsPort } from './port.ts';
import { createSmsOutboxRepository, enqueueSms, SMS_CHANNEL } from './repository.ts';
import { createOutboxSmsTransport, createTwilioTransport, SmsDeliveryError, type SmsRow, type SmsTransport, type TwilioConfig } from './transports.ts';

export interface SmsPortOptions {
  db: Db;
  /** DATA_DIR: the outbox adapter writes DATA_DIR/outbox/*.txt. */
  dataDir: string;
  /** Set: deliver through Twilio; null: the outbox adapter. */
  twilio: TwilioConfig | null;
  /** How often the background dispatcher looks for due rows (default 5 s); every commit's notification wakes it too. */
  pollMs?: number;
  /** First retry delay, doubled per failed attempt (default 10 s) up to retryMaxMs (default 10 min). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts before a row is marked failed (default 12: about an hour and a half). A late text is worse than none. */
  maxAttempts?: number;
  batchSize?: number;
  /** How long a claimed row is hidden from other dispatchers (other processes) while it is being sent. */
  leaseMs?: number;
  timeoutMs?: number;
  log?: FastifyBaseLogger;
}

const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

export const NUMBER_REFUSED = 'Refused: not a UK mobile number';

/** Phone numbers in a provider's message, masked for the log (the console's row keeps the message whole). */
const withMaskedNumbers = (text: string) => text.replace(/\+?\d[\d ]{6,}\d/g, (number) => maskedNumber(number.replace(/ /g, '')));

/**
 * Creates the SMS port with the adapter chosen once from the configuration: Twilio when its settings are given, else
 * the outbox directory. Both deliver from the sms_outbox table: rows are claimed with a lease (FOR UPDATE SKIP LOCKED,
 * safe with several processes), marked sent once delivered, or rescheduled with backoff after a failure that may pass
 * (a 5xx, 429, the network), or failed at once when Twilio refuses the message (a 4xx). Every enqueue notifies
 * SMS_CHANNEL at commit, which wakes the dispatcher of every process (one of them claims the row).
 */
export function createSmsPort(options: SmsPortOptions): SmsPort {
  const { db, pollMs = 5_000, retryBaseMs = 10_000, retryMaxMs = 10 * 60_000, maxAttempts = 12, batchSize = 20, leaseMs = 2 * 60_000 } = options;
  const transport: SmsTransport = options.twilio
    ? createTwilioTransport(options.twilio, options.timeoutMs)
    : createOutboxSmsTransport(path.join(options.dataDir, 'outbox'), null);
  const outbox = createSmsOutboxRepository(db);
  let log = options.log ?? silentLog;
  let timer: NodeJS.Timeout | null = null;
  let kickPending = false;
  let stopped = false;
  let listening = false;
  let chain: Promise<unknown> = Promise.resolve();

  async function deliverOne(row: SmsRow): Promise<boolean> {
    const siteId = Number(row.site_id);
    const id = Number(row.id);
    const about = { site_id: siteId, id, kind: row.kind, attempt: row.attempts, transport: transport.name };
    // Whoever wrote the row, it goes to one UK mobile number or nowhere.
    if (ukMobileE164(row.to_number) !== row.to_number) {
      await outbox.refuse(siteId, id, NUMBER_REFUSED, transport.name);
      log.warn({ sms: about }, 'text refused: not a UK mobile number');
      return false;
    }
    const sms = { ...about, to: maskedNumber(row.to_number) };
    try {
      const delivered = await transport.deliver({ ...row, site_id: siteId, id });
      await outbox.markSent(siteId, id, transport.name, delivered.providerId);
      log.info({ sms: { ...sms, provider_id: transport.name === 'twilio' ? delivered.providerId : undefined } }, 'text delivered');
      return true;
    } catch (error) {
      const permanent = error instanceof SmsDeliveryError && error.permanent;
      const reason = ((error as Error).message || String(error)).slice(0, 500);
      const delay = retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
      const status = await outbox.markFailed(siteId, id, { reason, maxAttempts, delayMs: delay, transport: transport.name, permanent });
      if (permanent) log.warn({ sms, err: withMaskedNumbers(reason) }, 'text refused by the provider: marked failed (row kept in sms_outbox)');
      else if (status === 'failed') log.error({ sms, err: withMaskedNumbers(reason) }, 'text undeliverable: gave up retrying (row kept in sms_outbox)');
      else log.warn({ sms, err: withMaskedNumbers(reason), retry_in_ms: delay }, 'text delivery failed: will retry');
      return false;
    }
  }

  async function dispatchDue(): Promise<SmsFlushResult> {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      const rows = await outbox.claim(leaseMs, batchSize);
      for (const row of rows) {
        if (await deliverOne(row)) result.sent++;
        else result.failed++;
      }
      if (rows.length < batchSize) return result;
    }
  }

  function flush(): Promise<SmsFlushResult> {
    const run = chain.then(dispatchDue);
    chain = run.catch(() => undefined);
    return run;
  }

  const background = () => {
    flush().catch((error) => log.error({ err: error }, 'text dispatch failed'));
  };

  function kick() {
    if (!timer || kickPending || stopped) return;
    kickPending = true;
    setImmediate(() => {
      kickPending = false;
      background();
    });
  }

  return {
    transport: transport.name,
    enqueue: enqueueSms,
    kick,
    flush,
    start(logger) {
      if (logger) log = logger;
      if (timer || stopped) return;
      timer = setInterval(background, pollMs);
      timer.unref();
      if (!listening) {
        listening = true;
        // A commit that queued a text wakes every process's dispatcher; a lost notification waits for the poll.
        db.listen(SMS_CHANNEL, () => kick(), () => kick()).catch((error: unknown) => log.warn({ err: error }, 'texts: no notifications, polling only'));
      }
      background();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
    },
  };
}
