import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/index.ts';

/**
 * A file sent with a mail, stored in `mail_outbox.attachments` (jsonb): text content as is (the confirmation's
 * calendar file), or a binary file (a PDF receipt) as base64 with `encoding: 'base64'` (see `binaryAttachment`).
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** Set for a binary file: `content` is its bytes in base64. */
  encoding?: 'base64';
}

/** A binary file as an attachment: its bytes kept in base64 in the outbox row, sent as the same bytes. */
export const binaryAttachment = (filename: string, contentType: string, content: Buffer): MailAttachment => ({
  filename,
  contentType,
  content: content.toString('base64'),
  encoding: 'base64',
});

/** One e-mail as domain code writes it: both bodies, addresses already formatted ('"Name" <a@b>' or 'a@b'). */
export interface MailMessage {
  /** What it is, for logs and tests: 'quote_request_notice', 'contact_notice', 'password_reset_code' … */
  kind: string;
  to: string;
  from: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /** Holds a secret (a reset code): the bodies are blanked in the table once delivered. */
  sensitive?: boolean;
  attachments?: MailAttachment[];
}

export interface FlushResult {
  sent: number;
  failed: number;
}

/**
 * The mail port (ARCHITECTURE §4). Domain code never sends: it calls `enqueue(tx, …)` inside the transaction of its
 * business write, and the dispatcher delivers the committed row (outbox: an .eml file; smtp: nodemailer), retrying
 * failures with backoff. A crash before commit loses both the write and the mail; a crash after loses neither.
 */
export interface MailPort {
  readonly transport: 'outbox' | 'smtp';
  /** Inserts a queued row in the caller's transaction; returns its id. Call `kick()` after the commit. */
  enqueue(tx: Queryable, siteId: number, message: MailMessage): Promise<number>;
  /** Asks for a dispatch soon (after a commit); the periodic poll catches whatever a kick misses. */
  kick(): void;
  /** Delivers every due row now; resolves when done (waits for a dispatch already running). */
  flush(): Promise<FlushResult>;
  /** Starts the background dispatcher (poll and retries). */
  start(log?: FastifyBaseLogger): void;
  /** Stops it, waiting for a dispatch in flight. */
  stop(): Promise<void>;
}

/** Strips line breaks from a header value (subjects, display names): no header injection. */
export const headerSafe = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** Inserts a queued message in the caller's transaction (the one that writes the business row). */
export async function enqueueMail(tx: Queryable, siteId: number, message: MailMessage): Promise<number> {
  return (await enqueueMails(tx, siteId, [message]))[0];
}

const OUTBOX_COLUMNS = 10;

/** Inserts queued messages in one statement, in the caller's transaction; their ids in the messages' order. */
export async function enqueueMails(tx: Queryable, siteId: number, messages: readonly MailMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const values = messages.flatMap((message) => [
    siteId,
    message.kind,
    headerSafe(message.to),
    headerSafe(message.from),
    message.replyTo ? headerSafe(message.replyTo) : null,
    headerSafe(message.subject),
    message.text,
    message.html,
    message.sensitive ?? false,
    JSON.stringify(message.attachments ?? []),
  ]);
  const rows = messages.map((_, row) => `(${Array.from({ length: OUTBOX_COLUMNS }, (_, column) => `$${row * OUTBOX_COLUMNS + column + 1}`).join(', ')})`).join(', ');
  // Each row's id (bigserial) is drawn in the rows' order, so the ids ascending are the messages' order.
  const { rows: inserted } = await tx.query<{ id: string | number }>(
    `INSERT INTO mail_outbox (site_id, kind, to_address, from_address, reply_to, subject, text_body, html_body, sensitive, attachments)
     VALUES ${rows} RETURNING id`,
    values,
  );
  return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
}
