import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { enqueueMail, type FlushResult, type MailPort } from './port.ts';
import { maskedAddress, parseRecipient, withMaskedAddresses } from './recipient.ts';
import { createOutboxTransport, createSmtpTransport, type MailTransport, type OutboxRow } from './transports.ts';

export interface MailPortOptions {
  db: Db;
  /** DATA_DIR: the outbox adapter writes DATA_DIR/outbox/*.eml. */
  dataDir: string;
  /** Set: deliver over SMTP; null: the outbox adapter. */
  smtpUrl: string | null;
  /** How often the background dispatcher looks for due rows (default 5 s). */
  pollMs?: number;
  /** First retry delay, doubled per failed attempt (default 5 s) up to retryMaxMs (default 30 min). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts before a row is marked failed (default 25: over ten hours at the cap). It stays in the table. */
  maxAttempts?: number;
  batchSize?: number;
  /** How long a claimed row is hidden from other dispatchers (other processes) while it is being sent. */
  leaseMs?: number;
  smtpTimeoutMs?: number;
  /** Logs until start() passes the app's logger. */
  log?: FastifyBaseLogger;
}

const silentLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

const CLAIM_SQL = `
  UPDATE mail_outbox AS m
     SET attempts = m.attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond'
    FROM (SELECT site_id, id FROM mail_outbox
           WHERE status = 'queued' AND next_attempt_at <= now()
           ORDER BY next_attempt_at, id
           LIMIT $2
           FOR UPDATE SKIP LOCKED) AS due
   WHERE m.site_id = due.site_id AND m.id = due.id
  RETURNING m.site_id, m.id, m.kind, m.to_address, m.from_address, m.reply_to, m.subject, m.text_body, m.html_body, m.attachments, m.attempts, m.created_at`;

/**
 * The rows of one claim that were delivered, marked sent in one statement (issue 20: one UPDATE per claim, not per
 * mail). A crash between a delivery and this mark sends that message again once its lease ends, with the same
 * Message-ID (messageIdFor), as a crash between a send and a per-mail mark did.
 */
const SENT_SQL = `
  UPDATE mail_outbox AS m
     SET status = 'sent', sent_at = now(), last_error = NULL, transport = $1, message_id = s.message_id,
         text_body = CASE WHEN m.sensitive THEN '[removed after delivery]' ELSE m.text_body END,
         html_body = CASE WHEN m.sensitive THEN '[removed after delivery]' ELSE m.html_body END
    FROM unnest($2::bigint[], $3::bigint[], $4::text[]) AS s(site_id, id, message_id)
   WHERE m.site_id = s.site_id AND m.id = s.id`;

/** A message that must never be sent as it stands: failed at once, kept in the table with the reason. */
const REFUSED_SQL = `UPDATE mail_outbox SET status = 'failed', last_error = $3 WHERE site_id = $1 AND id = $2`;
export const RECIPIENT_REFUSED = 'Refused: the recipient is not exactly one e-mail address';

const FAILED_SQL = `
  UPDATE mail_outbox
     SET last_error = $3,
         status = CASE WHEN attempts >= $4 THEN 'failed' ELSE 'queued' END,
         next_attempt_at = now() + $5 * interval '1 millisecond'
   WHERE site_id = $1 AND id = $2
  RETURNING status`;

/** Exponential backoff with ±20 % jitter, so many processes retrying after an outage do not stampede. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/**
 * Creates the mail port with the adapter chosen once from the configuration: SMTP when smtpUrl is set, else the
 * outbox directory. Both deliver from the mail_outbox table, so a message is never lost between the business write
 * and the delivery: rows are claimed with a lease (FOR UPDATE SKIP LOCKED, safe with several processes), marked sent
 * after delivery, or rescheduled with backoff after a failure.
 */
export function createMailPort(options: MailPortOptions): MailPort {
  const {
    db,
    pollMs = 5_000,
    retryBaseMs = 5_000,
    retryMaxMs = 30 * 60_000,
    maxAttempts = 25,
    batchSize = 20,
    leaseMs = 5 * 60_000,
  } = options;
  const transport: MailTransport = options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, options.smtpTimeoutMs)
    : createOutboxTransport(path.join(options.dataDir, 'outbox'));
  let log = options.log ?? silentLog;
  let timer: NodeJS.Timeout | null = null;
  let kickPending = false;
  let stopped = false;
  // One dispatch at a time in this process: flush() queues behind a running one, so when it resolves every row
  // that was due when it was called has been tried.
  let chain: Promise<unknown> = Promise.resolve();

  /** Delivers one claimed row: its Message-ID once sent (the claim's caller marks it), null when refused or failed. */
  async function deliverOne(row: OutboxRow): Promise<string | null> {
    const siteId = Number(row.site_id);
    const id = Number(row.id);
    const about = { site_id: siteId, id, kind: row.kind, attempt: row.attempts, transport: transport.name };
    // Whoever wrote the row, it goes to exactly one address or nowhere (the text is not logged: it may be personal).
    const to = parseRecipient(row.to_address);
    if (!to) {
      await db.query(REFUSED_SQL, [siteId, id, RECIPIENT_REFUSED]);
      log.warn({ mail: { ...about, to: `${row.to_address.length} characters, not one address` } }, 'mail refused: the recipient is not exactly one address');
      return null;
    }
    const replyTo = row.reply_to ? parseRecipient(row.reply_to) : null;
    if (row.reply_to && !replyTo) log.warn({ mail: about }, 'mail sent without its Reply-To: not exactly one address');
    const mail = { ...about, to: maskedAddress(to.address) };
    try {
      const delivered = await transport.deliver({ ...row, site_id: siteId, id }, { to, replyTo });
      log.info({ mail: { ...mail, subject: row.subject, detail: withMaskedAddresses(delivered.detail) } }, 'mail delivered');
      return delivered.messageId;
    } catch (error) {
      const reason = ((error as Error).message || String(error)).slice(0, 500);
      const delay = retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
      const { rows } = await db.query<{ status: string }>(FAILED_SQL, [siteId, id, reason, maxAttempts, delay]);
      if (rows[0]?.status === 'failed') log.error({ mail, err: withMaskedAddresses(reason) }, 'mail undeliverable: gave up retrying (row kept in mail_outbox)');
      else log.warn({ mail, err: withMaskedAddresses(reason), retry_in_ms: delay }, 'mail delivery failed: will retry');
      return null;
    }
  }

  async function dispatchDue(): Promise<FlushResult> {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      const { rows } = await db.query<OutboxRow>(CLAIM_SQL, [leaseMs, batchSize]);
      const sent: { siteId: number; id: number; messageId: string }[] = [];
      try {
        for (const row of rows) {
          const messageId = await deliverOne(row);
          if (messageId === null) result.failed++;
          else sent.push({ siteId: Number(row.site_id), id: Number(row.id), messageId });
        }
      } finally {
        // Whatever stopped the claim half-way, what was delivered is marked.
        if (sent.length > 0) await db.query(SENT_SQL, [transport.name, sent.map((mail) => mail.siteId), sent.map((mail) => mail.id), sent.map((mail) => mail.messageId)]);
      }
      result.sent += sent.length;
      if (rows.length < batchSize) return result;
    }
  }

  function flush(): Promise<FlushResult> {
    const run = chain.then(dispatchDue);
    chain = run.catch(() => undefined);
    return run;
  }

  const background = () => {
    flush().catch((error) => log.error({ err: error }, 'mail dispatch failed'));
  };

  return {
    transport: transport.name,
    enqueue: enqueueMail,
    kick() {
      if (!timer || kickPending || stopped) return;
      kickPending = true;
      setImmediate(() => {
        kickPending = false;
        background();
      });
    },
    flush,
    start(logger) {
      if (logger) log = logger;
      if (timer || stopped) return;
      timer = setInterval(background, pollMs);
      timer.unref();
      background();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
      transport.close();
    },
  };
}
