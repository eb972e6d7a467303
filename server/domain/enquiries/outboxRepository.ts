import { INBOX_MESSAGES, type MailStatus, type OutboxDetail, type OutboxRow } from '../../../contract/consoleEnquiries.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';

const iso = (value: unknown) => new Date(value as string).toISOString();
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));
const attachmentNames = (value: unknown): string[] => {
  const list = (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as { filename?: unknown }[];
  return list.map((attachment) => String(attachment.filename ?? ''));
};

const LIST_COLUMNS = 'id, kind, to_address, subject, status, attempts, last_error, created_at, sent_at, resend_of, attachments';

function toRow(row: Record<string, unknown>): OutboxRow {
  return {
    id: Number(row.id),
    kind: String(row.kind),
    to: String(row.to_address),
    subject: String(row.subject),
    status: row.status as MailStatus,
    attempts: Number(row.attempts),
    error: (row.last_error as string | null) ?? null,
    created_at: iso(row.created_at),
    sent_at: isoOrNull(row.sent_at),
    attachments: attachmentNames(row.attachments),
    resend_of: row.resend_of === null || row.resend_of === undefined ? null : Number(row.resend_of),
  };
}

/** The console's reading of one site's mail_outbox, and its resends (a copy of a row as a new queued row). */
export function createOutboxRepository(db: Queryable) {
  return {
    /** Newest first by id (the primary key's order); the cursor is the last id shown. */
    async list(siteId: number, filter: { status?: MailStatus; after?: string; limit: number }) {
      let before: number | null = null;
      if (filter.after !== undefined) {
        if (!/^\d{1,15}$/.test(filter.after)) throw new DomainError('invalid_input', INBOX_MESSAGES.badCursor);
        before = Number(filter.after);
      }
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT ${LIST_COLUMNS} FROM mail_outbox
          WHERE site_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::bigint IS NULL OR id < $3)
          ORDER BY id DESC LIMIT $4`,
        [siteId, filter.status ?? null, before, filter.limit + 1],
      );
      const mails = rows.slice(0, filter.limit).map(toRow);
      return { mails, next: rows.length > filter.limit ? String(mails[mails.length - 1].id) : null };
    },

    async detail(siteId: number, id: number): Promise<OutboxDetail | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT ${LIST_COLUMNS}, from_address, reply_to, text_body, sensitive, transport, message_id,
                (SELECT coalesce(array_agg(copy.id ORDER BY copy.id), '{}') FROM mail_outbox copy WHERE copy.site_id = m.site_id AND copy.resend_of = m.id) AS resends
           FROM mail_outbox m WHERE site_id = $1 AND id = $2`,
        [siteId, id],
      );
      const row = rows[0];
      if (!row) return null;
      // A delivered secret's bodies are blanked by the dispatcher; one still queued is not shown either.
      const text = row.sensitive ? null : String(row.text_body);
      return {
        ...toRow(row),
        from: String(row.from_address),
        reply_to: (row.reply_to as string | null) ?? null,
        text,
        transport: (row.transport as string | null) ?? null,
        message_id: (row.message_id as string | null) ?? null,
        resends: (row.resends as (string | number)[]).map(Number),
      };
    },

    /** A new queued copy of a mail (bodies, attachments and addresses as stored); null when there is no such mail. */
    async copy(siteId: number, id: number): Promise<{ copyId: number; sensitive: boolean } | null> {
      const { rows } = await db.query<{ sensitive: boolean }>('SELECT sensitive FROM mail_outbox WHERE site_id = $1 AND id = $2', [siteId, id]);
      if (!rows[0]) return null;
      if (rows[0].sensitive) return { copyId: 0, sensitive: true };
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO mail_outbox (site_id, kind, to_address, from_address, reply_to, subject, text_body, html_body, attachments, resend_of)
         SELECT site_id, kind, to_address, from_address, reply_to, subject, text_body, html_body, attachments, id
           FROM mail_outbox WHERE site_id = $1 AND id = $2
         RETURNING id`,
        [siteId, id],
      );
      return { copyId: Number(inserted.rows[0].id), sensitive: false };
    },
  };
}
