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

const OUTBOX_INSERT = 'INSERT INTO mail_outbox (site_id, kind, to_address, from_address, reply_to, subject, text_body, html_body, sensitive, attachments)';
// Each column's type, for rows of a VALUES list that is not the INSERT's own (its parameters are then not typed by the columns).
const OUTBOX_TYPES = ['integer', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'boolean', 'jsonb'];

/** The statement parameters of queued messages, OUTBOX_TYPES.length per message, in the table's column order. */
function outboxValues(siteId: number, messages: readonly MailMessage[]): unknown[] {
  return messages.flatMap((message) => [
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
}

/** `($1, $2, …), (…)`: one row per message, its parameters numbered from `first`, each cast to its column's type if asked. */
const outboxRows = (count: number, first: number, typed: boolean) =>
  Array.from({ length: count }, (_, row) => `(${OUTBOX_TYPES.map((type, column) => `$${first + row * OUTBOX_TYPES.length + column}${typed ? `::${type}` : ''}`).join(', ')})`).join(', ');

/** Inserts queued messages in one statement, in the caller's transaction; their ids in the messages' order. */
export async function enqueueMails(tx: Queryable, siteId: number, messages: readonly MailMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  // Each row's id (bigserial) is drawn in the rows' order, so the ids ascending are the messages' order.
  const { rows: inserted } = await tx.query<{ id: string | number }>(`${OUTBOX_INSERT} VALUES ${outboxRows(messages.length, 1, false)} RETURNING id`, outboxValues(siteId, messages));
  return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * Queued messages as a part of the caller's own statement (a data-modifying WITH of a business INSERT): the INSERT of
 * their rows, taken only when the named WITH query `onlyIf` returns a row, and its parameters, numbered from `first`.
 * The rows are then written, or not, in the same statement and transaction as the business row.
 */
export function outboxInsertIf(onlyIf: string, siteId: number, messages: readonly MailMessage[], first: number): { sql: string; values: unknown[] } {
  const columns = 'site_id, kind, to_address, from_address, reply_to, subject, text_body, html_body, sensitive, attachments';
  return {
    sql: `${OUTBOX_INSERT} SELECT * FROM (VALUES ${outboxRows(messages.length, first, true)}) AS queued (${columns}) WHERE EXISTS (SELECT FROM ${onlyIf})`,
    values: outboxValues(siteId, messages),
  };
}
