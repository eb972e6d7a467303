import { INBOX_MESSAGES, type MailStatus, type TextRow } from '../../../contract/consoleEnquiries.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import type { TextCar } from './bodies.ts';

/** A booking as its texts read it, in the event's transaction. */
export interface TextBooking {
  id: number;
  bookingNumber: string;
  status: string;
  phone: string;
  pickupAt: Date;
  pickupAddress: string;
  /** When the current driver was given the job: the driver's texts are once per assignment. */
  assignedAt: Date | null;
  driverName: string | null;
  car: TextCar | null;
  /** The operator revoked the booking's manage links: no text carries a new one. */
  linksRevoked: boolean;
}

type Row = Record<string, unknown>;
const json = (value: unknown) => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>));

/** A booking due for its reminder: the page's cursor is (pick_up_at, site_id, id). */
export interface DueReminder {
  siteId: number;
  bookingId: number;
  pickupAt: Date;
}

/** SMS_REMINDER_MINUTES of the booking's site, 60 unless set to whole minutes. */
const REMINDER_MINUTES = `(SELECT CASE WHEN s.setting_value ~ '^[0-9]{1,4}$' THEN s.setting_value::integer ELSE 60 END
                             FROM (SELECT NULL) AS one LEFT JOIN settings s ON s.site_id = b.site_id AND s.setting_name = 'SMS_REMINDER_MINUTES')`;

export function createTextsRepository(db: Queryable) {
  return {
    async booking(siteId: number, bookingId: number): Promise<TextBooking | null> {
      const { rows } = await db.query<Row>(
        `SELECT b.id, b.booking_number, b.status, b.passenger_phone, b.pick_up_at, b.pick_up_address, b.assigned_at, b.assigned_driver, b.assigned_vehicle,
                EXISTS (SELECT FROM booking_manage_links l WHERE l.site_id = b.site_id AND l.booking_id = b.id AND l.revoked_at IS NOT NULL) AS links_revoked
           FROM bookings b WHERE b.site_id = $1 AND b.id = $2`,
        [siteId, bookingId],
      );
      const row = rows[0];
      if (!row) return null;
      const driver = json(row.assigned_driver);
      const vehicle = json(row.assigned_vehicle);
      return {
        id: Number(row.id),
        bookingNumber: String(row.booking_number),
        status: String(row.status),
        phone: String(row.passenger_phone ?? ''),
        pickupAt: new Date(row.pick_up_at as string),
        pickupAddress: String(row.pick_up_address ?? ''),
        assignedAt: row.assigned_at ? new Date(row.assigned_at as string) : null,
        driverName: driver ? String(driver.name ?? '') : null,
        car: vehicle ? { colour: String(vehicle.colour ?? ''), make: String(vehicle.make ?? ''), model: String(vehicle.model ?? ''), registration: String(vehicle.registration ?? '') } : null,
        linksRevoked: Boolean(row.links_revoked),
      };
    },

    /** A new manage link of the booking (the SHA-256 of a token a text carries). */
    async addManageLink(siteId: number, bookingId: number, tokenHash: Buffer): Promise<void> {
      await db.query('INSERT INTO booking_manage_links (site_id, booking_id, token_hash) VALUES ($1, $2, $3)', [siteId, bookingId, tokenHash]);
    },

    /** The booking's id by its number, on its site. */
    async idOf(siteId: number, bookingNumber: string): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM bookings WHERE site_id = $1 AND booking_number = $2', [siteId, bookingNumber]);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** The console's message log of texts: one site's, newest first by id; the cursor is the last id shown. */
    async list(siteId: number, filter: { status?: MailStatus; after?: string; limit: number }): Promise<{ texts: TextRow[]; next: string | null }> {
      let before: number | null = null;
      if (filter.after !== undefined) {
        if (!/^\d{1,15}$/.test(filter.after)) throw new DomainError('invalid_input', INBOX_MESSAGES.badCursor);
        before = Number(filter.after);
      }
      const { rows } = await db.query<Row>(
        `SELECT o.id, o.kind, o.to_number, b.booking_number, o.body, o.status, o.attempts, o.last_error, o.created_at, o.sent_at, o.transport
           FROM sms_outbox o LEFT JOIN bookings b ON b.site_id = o.site_id AND b.id = o.booking_id
          WHERE o.site_id = $1 AND ($2::text IS NULL OR o.status = $2) AND ($3::bigint IS NULL OR o.id < $3)
          ORDER BY o.id DESC LIMIT $4`,
        [siteId, filter.status ?? null, before, filter.limit + 1],
      );
      const texts = rows.slice(0, filter.limit).map(
        (row): TextRow => ({
          id: Number(row.id),
          kind: String(row.kind),
          to: String(row.to_number),
          booking_number: (row.booking_number as string | null) ?? null,
          body: String(row.body),
          status: row.status as MailStatus,
          attempts: Number(row.attempts),
          error: (row.last_error as string | null) ?? null,
          created_at: new Date(row.created_at as string).toISOString(),
          sent_at: row.sent_at ? new Date(row.sent_at as string).toISOString() : null,
          transport: (row.transport as string | null) ?? null,
        }),
      );
      return { texts, next: rows.length > filter.limit ? String(texts[texts.length - 1].id) : null };
    },

    /**
     * Bookings of every site whose reminder is due at `now` and not yet queued: live (booked, accepted or with a
     * driver not yet on the way), picked up within the site's SMS_REMINDER_MINUTES from now but not yet, booked at least that long before
     * the pick-up (a booking made later has just had its confirmation), on a site that has not switched reminders off.
     * One page in pick-up order after `after`.
     */
    async dueReminders(now: Date, after: DueReminder | null, limit: number): Promise<DueReminder[]> {
      const { rows } = await db.query<Row>(
        `SELECT b.site_id, b.id, b.pick_up_at
           FROM bookings b
          WHERE b.status IN ('confirmed', 'accepted', 'driver_assigned') AND b.job_stage IS NULL
            AND b.pick_up_at > $1::timestamptz AND b.pick_up_at <= $1::timestamptz + interval '1440 minutes'
            AND ($2::timestamptz IS NULL OR (b.pick_up_at, b.site_id, b.id) > ($2::timestamptz, $3::integer, $4::bigint))
            AND b.pick_up_at <= $1::timestamptz + ${REMINDER_MINUTES} * interval '1 minute'
            AND b.created_at <= b.pick_up_at - ${REMINDER_MINUTES} * interval '1 minute'
            AND NOT EXISTS (SELECT FROM sms_outbox o WHERE o.site_id = b.site_id AND o.booking_id = b.id AND o.event_key = 'reminder')
            AND NOT EXISTS (SELECT FROM settings s WHERE s.site_id = b.site_id AND s.setting_name = 'SMS_REMINDER' AND s.setting_value = 'disable')
          ORDER BY b.pick_up_at, b.site_id, b.id
          LIMIT $5`,
        [now, after?.pickupAt ?? null, after?.siteId ?? 0, after?.bookingId ?? 0, limit],
      );
      return rows.map((row) => ({ siteId: Number(row.site_id), bookingId: Number(row.id), pickupAt: new Date(row.pick_up_at as string) }));
    },
  };
}
