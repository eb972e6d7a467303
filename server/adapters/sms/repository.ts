import type { Queryable } from '../db/index.ts';
import type { SmsMessage } from './port.ts';
import type { SmsRow } from './transports.ts';

/** Notified (pg_notify, delivered at commit) by every enqueue: each process's dispatcher looks for due rows. */
export const SMS_CHANNEL = 'cabflow_sms_outbox';

/** Inserts a queued text in the caller's transaction, once per (site, booking, event_key); tells the dispatchers at commit. */
export async function enqueueSms(tx: Queryable, siteId: number, message: SmsMessage): Promise<number | null> {
  const { rows } = await tx.query<{ id: string | number }>(
    // The notification is a RETURNING expression: sent (at commit) only for a row written.
    `INSERT INTO sms_outbox (site_id, booking_id, kind, event_key, to_number, body) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (site_id, booking_id, event_key) DO NOTHING RETURNING id, pg_notify($7, '') AS notified`,
    [siteId, message.bookingId, message.kind, message.eventKey, message.to, message.body, SMS_CHANNEL],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * A queued text as a part of the caller's own statement (the data-modifying WITH query `name` of the booking's INSERT): its row
 * taken only when the named WITH query `booking` returns one (its `id` is the booking), with the notification (a
 * RETURNING expression: a data-modifying WITH query always runs); the parameters numbered from `first`.
 */
export function smsInsertWith(name: string, booking: string, siteId: number, message: Omit<SmsMessage, 'bookingId'>, first: number): { sql: string; values: unknown[] } {
  const p = (index: number) => `$${first + index}`;
  return {
    sql: `${name} AS (INSERT INTO sms_outbox (site_id, booking_id, kind, event_key, to_number, body)
            SELECT ${p(0)}::integer, ${booking}.id, ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text FROM ${booking}
            ON CONFLICT (site_id, booking_id, event_key) DO NOTHING RETURNING id, pg_notify(${p(5)}::text, '') AS notified)`,
    values: [siteId, message.kind, message.eventKey, message.to, message.body, SMS_CHANNEL],
  };
}

const CLAIM_SQL = `
  UPDATE sms_outbox AS s
     SET attempts = s.attempts + 1, next_attempt_at = now() + $1 * interval '1 millisecond'
    FROM (SELECT site_id, id FROM sms_outbox
           WHERE status = 'queued' AND next_attempt_at <= now()
           ORDER BY next_attempt_at, id
           LIMIT $2
           FOR UPDATE SKIP LOCKED) AS due
   WHERE s.site_id = due.site_id AND s.id = due.id
  RETURNING s.site_id, s.id, s.kind, s.to_number, s.body, s.attempts, s.created_at`;

/** Marked one by one as Twilio accepts each (a crash in between resends one text, not a batch). */
const SENT_SQL = `UPDATE sms_outbox SET status = 'sent', sent_at = now(), last_error = NULL, transport = $3, provider_id = $4 WHERE site_id = $1 AND id = $2`;
const REFUSED_SQL = `UPDATE sms_outbox SET status = 'failed', last_error = $3, transport = $4 WHERE site_id = $1 AND id = $2`;
const FAILED_SQL = `
  UPDATE sms_outbox
     SET last_error = $3, transport = $6,
         status = CASE WHEN $7::boolean OR attempts >= $4 THEN 'failed' ELSE 'queued' END,
         next_attempt_at = now() + $5 * interval '1 millisecond'
   WHERE site_id = $1 AND id = $2
  RETURNING status`;

/** The dispatcher's statements on sms_outbox. */
export function createSmsOutboxRepository(db: Queryable) {
  return {
    /** Due rows, each hidden from other dispatchers for `leaseMs` and its attempt counted. */
    async claim(leaseMs: number, limit: number): Promise<SmsRow[]> {
      return (await db.query<SmsRow>(CLAIM_SQL, [leaseMs, limit])).rows;
    },
    async markSent(siteId: number, id: number, transport: string, providerId: string): Promise<void> {
      await db.query(SENT_SQL, [siteId, id, transport, providerId]);
    },
    async refuse(siteId: number, id: number, reason: string, transport: string): Promise<void> {
      await db.query(REFUSED_SQL, [siteId, id, reason, transport]);
    },
    /** A failed attempt: failed for good when permanent or out of attempts, else due again after `delayMs`. */
    async markFailed(siteId: number, id: number, failure: { reason: string; maxAttempts: number; delayMs: number; transport: string; permanent: boolean }): Promise<string | undefined> {
      const { rows } = await db.query<{ status: string }>(FAILED_SQL, [siteId, id, failure.reason, failure.maxAttempts, failure.delayMs, failure.transport, failure.permanent]);
      return rows[0]?.status;
    },
  };
}
