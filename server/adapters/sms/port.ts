import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index.ts';

/** One text as domain code writes it: to a UK mobile in E.164, about one event of one booking. */
export interface SmsMessage {
  /** What it is: 'booking_confirmed', 'driver_assigned', 'driver_on_the_way', 'driver_arrived', 'reminder', 'booking_cancelled'. */
  kind: string;
  /** The event it is about, unique per booking: the same event queued twice (a replay, two processes) is one text. */
  eventKey: string;
  bookingId: number;
  /** E.164 (`ukMobileE164`). */
  to: string;
  body: string;
}

export interface SmsFlushResult {
  sent: number;
  failed: number;
}

/**
 * The SMS port, beside the mail port (ARCHITECTURE §4, §8h). Domain code never sends: it calls `enqueue(tx, …)` in the
 * transaction of the event's write, and the dispatcher delivers the committed row (outbox: a file in DATA_DIR/outbox;
 * twilio: the Messages REST API), retrying failures with backoff. The row's unique key (site, booking, event_key)
 * makes each event's text once, whoever queues it and however often.
 */
export interface SmsPort {
  readonly transport: 'outbox' | 'twilio';
  /** Inserts a queued row in the caller's transaction; its id, or null when the event already has its text. */
  enqueue(tx: Queryable, siteId: number, message: SmsMessage): Promise<number | null>;
  /** Asks for a dispatch soon (after a commit); every process also hears each commit's notification, and polls. */
  kick(): void;
  /** Delivers every due row now; resolves when done (waits for a dispatch already running). */
  flush(): Promise<SmsFlushResult>;
  /** Starts the background dispatcher (poll, notifications and retries). */
  start(log?: FastifyBaseLogger): void;
  /** Stops it, waiting for a dispatch in flight. */
  stop(): Promise<void>;
}

