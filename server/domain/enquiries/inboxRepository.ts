import {
  INBOX_MESSAGES,
  type EnquiryDetail,
  type EnquiryKind,
  type EnquiryReply,
  type EnquiryStatus,
  type InboxRow,
  type MailStatus,
} from '../../../contract/consoleEnquiries.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';

/** The table of each kind (never from input: the kind is parsed against ENQUIRY_KINDS first). */
const TABLE: Record<EnquiryKind, 'quote_requests' | 'contact_messages'> = { quote: 'quote_requests', contact: 'contact_messages' };

const iso = (value: unknown) => new Date(value as string).toISOString();
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

/** Keyset cursor of the inbox: the row's instant in microseconds since 1970, its kind and id ('1764…_quote_12'). */
export function encodeInboxCursor(row: { at_us: string; kind: string; id: string | number }): string {
  return `${row.at_us}_${row.kind}_${row.id}`;
}

export function decodeInboxCursor(cursor: string): { atUs: string; kind: EnquiryKind; id: number } {
  const match = /^(\d{1,17})_(quote|contact)_(\d{1,15})$/.exec(cursor);
  if (!match) throw new DomainError('invalid_input', INBOX_MESSAGES.badCursor);
  return { atUs: match[1], kind: match[2] as EnquiryKind, id: Number(match[3]) };
}

export interface EnquiryCore {
  kind: EnquiryKind;
  id: number;
  status: EnquiryStatus;
  name: string;
  email: string;
  /** The request's trip (quote kind) or reason (contact kind), for the reply mail. */
  row: Record<string, unknown>;
}

export interface NewReply {
  kind: EnquiryKind;
  enquiryId: number;
  replyKey: string;
  actorKind: 'staff' | 'admin-token';
  staffId: number | null;
  author: string;
  body: string;
  mailId: number;
  quoteOfferId: number | null;
}

export interface NewOffer {
  quoteRequestId: number;
  quoteId: string;
  vehicleId: number;
  companyId: number;
  vehicleType: string;
  companyName: string;
  pricePence: number;
  tokenHash: Buffer;
  expiresAt: Date;
}

/** The inbox's SQL: one site's QUOTE NOW requests and Contact Us messages, their status and their replies. */
export function createInboxRepository(db: Queryable) {
  return {
    /** Newest first (received, kind, id), one more than `limit` to tell whether a next page exists. */
    async list(siteId: number, filter: { status?: EnquiryStatus; kind?: EnquiryKind; after?: string; limit: number }) {
      const after = filter.after ? decodeInboxCursor(filter.after) : null;
      const { rows } = await db.query<Record<string, unknown> & { at_us: string; kind: string; id: string }>(
        `SELECT kind, id, created_at, (extract(epoch FROM created_at) * 1000000)::bigint::text AS at_us, status, name, email, phone, summary
           FROM enquiry_inbox
          WHERE site_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR kind = $3)
            AND ($4::bigint IS NULL OR (created_at, kind, id) < (timestamptz 'epoch' + $4::bigint * interval '1 microsecond', $5::text, $6::bigint))
          ORDER BY created_at DESC, kind DESC, id DESC
          LIMIT $7`,
        [siteId, filter.status ?? null, filter.kind ?? null, after?.atUs ?? null, after?.kind ?? null, after?.id ?? null, filter.limit + 1],
      );
      const page = rows.slice(0, filter.limit);
      const enquiries: InboxRow[] = page.map((row) => ({
        kind: row.kind as EnquiryKind,
        id: Number(row.id),
        received_at: iso(row.created_at),
        status: row.status as EnquiryStatus,
        name: String(row.name ?? ''),
        email: String(row.email ?? ''),
        phone: String(row.phone ?? ''),
        summary: String(row.summary ?? ''),
      }));
      const last = page[page.length - 1];
      return { enquiries, next: rows.length > filter.limit && last ? encodeInboxCursor(last) : null };
    },

    /** The enquiry's row, locked for the rest of the transaction when `lock` (every change takes the lock first). */
    async find(siteId: number, kind: EnquiryKind, id: number, lock = false): Promise<EnquiryCore | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT *${kind === 'quote' ? ', pickup_date::text AS pickup_day' : ''} FROM ${TABLE[kind]} WHERE site_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [siteId, id]);
      const row = rows[0];
      if (!row) return null;
      const name = kind === 'quote' ? String(row.passenger_name) : [row.first_name, row.last_name].filter(Boolean).join(' ');
      const email = String(kind === 'quote' ? row.passenger_email : row.email);
      return { kind, id, status: row.status as EnquiryStatus, name, email, row };
    },

    async setStatus(siteId: number, kind: EnquiryKind, id: number, status: EnquiryStatus): Promise<void> {
      await db.query(`UPDATE ${TABLE[kind]} SET status = $3, status_changed_at = now() WHERE site_id = $1 AND id = $2`, [siteId, id, status]);
    },

    async replyByKey(siteId: number, kind: EnquiryKind, id: number, replyKey: string): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM enquiry_replies WHERE site_id = $1 AND enquiry_kind = $2 AND enquiry_id = $3 AND reply_key = $4', [siteId, kind, id, replyKey]);
      return rows[0] ? Number(rows[0].id) : null;
    },

    async insertReply(siteId: number, reply: NewReply): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO enquiry_replies (site_id, enquiry_kind, enquiry_id, reply_key, actor_kind, staff_id, author_name, body, mail_id, quote_offer_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [siteId, reply.kind, reply.enquiryId, reply.replyKey, reply.actorKind, reply.staffId, reply.author, reply.body, reply.mailId, reply.quoteOfferId],
      );
      return Number(rows[0].id);
    },

    /** Keeps an offered quote bookable until `until` (never shortens it). */
    async extendQuote(siteId: number, quoteId: string, until: Date): Promise<void> {
      await db.query('UPDATE quotes SET expires_at = GREATEST(expires_at, $3) WHERE site_id = $1 AND id = $2', [siteId, quoteId, until]);
    },

    async insertOffer(siteId: number, offer: NewOffer): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO quote_offers (site_id, quote_request_id, quote_id, vehicle_id, company_id, vehicle_type, company_name, price_pence, token_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [siteId, offer.quoteRequestId, offer.quoteId, offer.vehicleId, offer.companyId, offer.vehicleType, offer.companyName, offer.pricePence, offer.tokenHash, offer.expiresAt],
      );
      return Number(rows[0].id);
    },

    /** The offer a link's token hash names, on this site only. */
    async offerByToken(siteId: number, tokenHash: Buffer): Promise<{ quoteId: string; vehicleId: number; companyId: number; expiresAt: Date } | null> {
      const { rows } = await db.query<Record<string, unknown>>('SELECT quote_id, vehicle_id, company_id, expires_at FROM quote_offers WHERE site_id = $1 AND token_hash = $2', [siteId, tokenHash]);
      const row = rows[0];
      return row ? { quoteId: String(row.quote_id), vehicleId: Number(row.vehicle_id), companyId: Number(row.company_id), expiresAt: new Date(row.expires_at as string) } : null;
    },

    /** The whole enquiry as the console shows it, or null. */
    async detail(siteId: number, kind: EnquiryKind, id: number): Promise<EnquiryDetail | null> {
      const core = await this.find(siteId, kind, id);
      if (!core) return null;
      const { row } = core;
      const { rows: replies } = await db.query<Record<string, unknown>>(
        `SELECT r.id, r.created_at, r.author_name, r.body, r.mail_id, m.status AS mail_status,
                o.id AS offer_id, o.quote_id, o.vehicle_id, o.company_id, o.vehicle_type, o.company_name, o.price_pence, o.expires_at
           FROM enquiry_replies r
           JOIN mail_outbox m ON m.site_id = r.site_id AND m.id = r.mail_id
           LEFT JOIN quote_offers o ON o.site_id = r.site_id AND o.id = r.quote_offer_id
          WHERE r.site_id = $1 AND r.enquiry_kind = $2 AND r.enquiry_id = $3
          ORDER BY r.id`,
        [siteId, kind, id],
      );
      return {
        kind,
        id,
        received_at: iso(row.created_at),
        status: core.status,
        status_changed_at: isoOrNull(row.status_changed_at),
        name: core.name,
        email: core.email,
        phone: String(kind === 'quote' ? row.passenger_phone : row.telephone),
        summary: kind === 'quote' ? `${row.pickup_address} → ${row.dropoff_address}` : `${row.query_reason}: ${row.comments}`.slice(0, 200),
        fields:
          kind === 'quote'
            ? {
                kind,
                pickup_address: String(row.pickup_address),
                dropoff_address: String(row.dropoff_address),
                pickup_date: String(row.pickup_day),
                pickup_time: String(row.pickup_time),
                passengers: Number(row.passengers),
                luggages: Number(row.luggages),
                additional_info: String(row.additional_info),
              }
            : { kind, query_reason: String(row.query_reason), booking_number: String(row.booking_number), comments: String(row.comments) },
        replies: replies.map(
          (reply): EnquiryReply => ({
            id: Number(reply.id),
            at: iso(reply.created_at),
            author: String(reply.author_name),
            text: String(reply.body),
            mail_id: Number(reply.mail_id),
            mail_status: reply.mail_status as MailStatus,
            offer:
              reply.offer_id === null
                ? null
                : {
                    id: Number(reply.offer_id),
                    quote_id: String(reply.quote_id),
                    vehicle_id: Number(reply.vehicle_id),
                    company_id: Number(reply.company_id),
                    vehicle_type: String(reply.vehicle_type),
                    company_name: String(reply.company_name),
                    price: Number(reply.price_pence) / 100,
                    expires_at: iso(reply.expires_at),
                  },
          }),
        ),
      };
    },
  };
}
