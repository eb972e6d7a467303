import type { Queryable } from '../../adapters/db/index.ts';

/** The statements of automatic offers (migration 029; autoOffers.ts), in the caller's transaction where it has one. Every one names the site. */

type Row = Record<string, unknown>;
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A booking as the passes read it. */
export interface WaitingBooking {
  id: number;
  bookingNumber: string;
  status: string;
  pickupAt: Date;
  pickupAddress: string;
  categoryId: number;
  categoryName: string;
  passengers: number;
  options: Record<string, unknown>;
  durationSeconds: number | null;
  hireHours: number | null;
  returnAt: Date | null;
  /** Any offer of it open (a dispatcher's or ours). */
  openOffers: number;
}

const BOOKING_COLUMNS = `b.id, b.booking_number, b.status, b.pick_up_at, b.pick_up_address, b.vehicle_id, b.vehicle_category, b.total_passengers, b.options,
  b.duration_seconds, b.hourly_duration, b.return_at,
  (SELECT count(*) FROM driver_offers o WHERE o.site_id = b.site_id AND o.booking_id = b.id AND o.state = 'open')::int AS open_offers`;
const toBooking = (row: Row): WaitingBooking => ({
  id: Number(row.id),
  bookingNumber: String(row.booking_number),
  status: String(row.status),
  pickupAt: new Date(row.pick_up_at as string),
  pickupAddress: String(row.pick_up_address),
  categoryId: Number(row.vehicle_id),
  categoryName: String(row.vehicle_category),
  passengers: Number(row.total_passengers),
  options: (typeof row.options === 'string' ? JSON.parse(row.options) : (row.options ?? {})) as Record<string, unknown>,
  durationSeconds: numberOrNull(row.duration_seconds),
  hireHours: numberOrNull(row.hourly_duration),
  returnAt: dateOrNull(row.return_at),
  openOffers: Number(row.open_offers),
});

/** An automatic offer of a booking, with its driver's name. */
export interface AutoOfferRecord {
  id: number;
  driverId: number;
  driverName: string;
  state: string;
  note: string;
  offeredAt: Date;
  expiresAt: Date;
  outcomeNotedAt: Date | null;
}

export interface AutoOfferState {
  pickupAddress: string | null;
  pickupLat: number | null;
  pickupLng: number | null;
  gaveUpAt: Date | null;
  gaveUpReason: string | null;
  lastNote: string | null;
}

export function createAutoOffersRepository(db: Queryable) {
  return {
    /**
     * The bookings a pass looks at: waiting for a driver (accepted), due within the lead time and not more than
     * `staleMinutes` past their pick-up, no offer open, not given up; and any booking with an automatic offer's
     * outcome not yet on its timeline. Soonest pick-up first.
     */
    async bookingsToDecide(siteId: number, now: Date, leadMinutes: number, staleMinutes: number, limit: number): Promise<number[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM (
           SELECT b.id, b.pick_up_at FROM bookings b
            WHERE b.site_id = $1 AND b.status = 'accepted'
              AND b.pick_up_at <= $2::timestamptz + $3 * interval '1 minute' AND b.pick_up_at > $2::timestamptz - $4 * interval '1 minute'
              AND NOT EXISTS (SELECT 1 FROM driver_offers o WHERE o.site_id = b.site_id AND o.booking_id = b.id AND o.state = 'open')
              AND NOT EXISTS (SELECT 1 FROM auto_offer_bookings a WHERE a.site_id = b.site_id AND a.booking_id = b.id AND a.gave_up_at IS NOT NULL)
           UNION
           SELECT b.id, b.pick_up_at FROM driver_offers o JOIN bookings b ON b.site_id = o.site_id AND b.id = o.booking_id
            WHERE o.site_id = $1 AND o.automatic AND o.outcome_noted_at IS NULL AND o.state IN ('declined', 'expired')
         ) due ORDER BY pick_up_at, id LIMIT $5`,
        [siteId, now, leadMinutes, staleMinutes, limit],
      );
      return rows.map((row) => Number(row.id));
    },

    async booking(siteId: number, bookingId: number): Promise<WaitingBooking | null> {
      const { rows } = await db.query<Row>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.site_id = $1 AND b.id = $2`, [siteId, bookingId]);
      return rows.length ? toBooking(rows[0]) : null;
    },

    /** The booking's row locked for this transaction, or null when another transaction holds it (another process is deciding it). */
    async lockBookingOrSkip(siteId: number, bookingId: number): Promise<WaitingBooking | null> {
      const { rows } = await db.query<Row>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.site_id = $1 AND b.id = $2 FOR UPDATE SKIP LOCKED`, [siteId, bookingId]);
      return rows.length ? toBooking(rows[0]) : null;
    },

    /**
     * The booking's open offers, read by a statement of its own: after the row lock, so it sees an offer committed by
     * the transaction that held the lock (the locking statement's subquery may still read from before it).
     */
    async openOffers(siteId: number, bookingId: number): Promise<number> {
      const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM driver_offers WHERE site_id = $1 AND booking_id = $2 AND state = 'open'", [siteId, bookingId]);
      return Number(rows[0].n);
    },

    async autoOffersOf(siteId: number, bookingId: number): Promise<AutoOfferRecord[]> {
      const { rows } = await db.query<Row>(
        `SELECT o.id, o.driver_id, d.name AS driver_name, o.state, o.auto_note, o.offered_at, o.expires_at, o.outcome_noted_at
           FROM driver_offers o JOIN drivers d ON d.site_id = o.site_id AND d.id = o.driver_id
          WHERE o.site_id = $1 AND o.booking_id = $2 AND o.automatic ORDER BY o.id`,
        [siteId, bookingId],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        driverId: Number(row.driver_id),
        driverName: String(row.driver_name),
        state: String(row.state),
        note: String(row.auto_note ?? ''),
        offeredAt: new Date(row.offered_at as string),
        expiresAt: new Date(row.expires_at as string),
        outcomeNotedAt: dateOrNull(row.outcome_noted_at),
      }));
    },

    /** Each driver who declined an offer of this booking or let one time out (a dispatcher's or ours), with the last such answer. */
    async answeredBy(siteId: number, bookingId: number): Promise<{ driverId: number; state: 'declined' | 'expired' }[]> {
      const { rows } = await db.query<Row>(
        `SELECT DISTINCT ON (driver_id) driver_id, state FROM driver_offers
          WHERE site_id = $1 AND booking_id = $2 AND state IN ('declined', 'expired') ORDER BY driver_id, id DESC`,
        [siteId, bookingId],
      );
      return rows.map((row) => ({ driverId: Number(row.driver_id), state: row.state as 'declined' | 'expired' }));
    },

    async markOutcomeNoted(siteId: number, offerId: number, at: Date): Promise<void> {
      await db.query('UPDATE driver_offers SET outcome_noted_at = $3 WHERE site_id = $1 AND id = $2', [siteId, offerId, at]);
    },

    async state(siteId: number, bookingId: number): Promise<AutoOfferState | null> {
      const { rows } = await db.query<Row>(
        'SELECT pickup_address, pickup_lat, pickup_lng, gave_up_at, gave_up_reason, last_note FROM auto_offer_bookings WHERE site_id = $1 AND booking_id = $2',
        [siteId, bookingId],
      );
      if (!rows.length) return null;
      const row = rows[0];
      return {
        pickupAddress: (row.pickup_address as string | null) ?? null,
        pickupLat: numberOrNull(row.pickup_lat),
        pickupLng: numberOrNull(row.pickup_lng),
        gaveUpAt: dateOrNull(row.gave_up_at),
        gaveUpReason: (row.gave_up_reason as string | null) ?? null,
        lastNote: (row.last_note as string | null) ?? null,
      };
    },

    /** Where the pick-up is (null coordinates: the maps port could not place the address). */
    async savePickupPoint(siteId: number, bookingId: number, address: string, point: { lat: number; lng: number } | null): Promise<void> {
      await db.query(
        `INSERT INTO auto_offer_bookings (site_id, booking_id, pickup_address, pickup_lat, pickup_lng) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (site_id, booking_id) DO UPDATE SET pickup_address = EXCLUDED.pickup_address, pickup_lat = EXCLUDED.pickup_lat,
           pickup_lng = EXCLUDED.pickup_lng, updated_at = now()`,
        [siteId, bookingId, address, point?.lat ?? null, point?.lng ?? null],
      );
    },

    async saveLastNote(siteId: number, bookingId: number, note: string | null): Promise<void> {
      await db.query(
        `INSERT INTO auto_offer_bookings (site_id, booking_id, last_note) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, booking_id) DO UPDATE SET last_note = EXCLUDED.last_note, updated_at = now()`,
        [siteId, bookingId, note],
      );
    },

    async giveUp(siteId: number, bookingId: number, at: Date, reason: string): Promise<void> {
      await db.query(
        `INSERT INTO auto_offer_bookings (site_id, booking_id, gave_up_at, gave_up_reason) VALUES ($1, $2, $3, $4)
         ON CONFLICT (site_id, booking_id) DO UPDATE SET gave_up_at = EXCLUDED.gave_up_at, gave_up_reason = EXCLUDED.gave_up_reason, updated_at = now()`,
        [siteId, bookingId, at, reason],
      );
    },

    /** Drivers on duty now with their shift's vehicle and its category, the register's facts, the latest trusted position, and whether an offer is open on their phone. */
    async candidates(siteId: number, now: Date): Promise<Row[]> {
      const { rows } = await db.query<Row>(
        `SELECT s.driver_id, d.name, d.active AS driver_active, d.licence_expiry::text AS driver_licence_expiry,
                v.id AS vehicle_id, v.registration, v.active AS vehicle_active, v.licence_expiry::text AS vehicle_licence_expiry,
                v.category_id, c.category_name, c.seats, c.luggage, c.hand_luggage, c.wheelchair, p.lat, p.lng,
                EXISTS (SELECT 1 FROM driver_offers o WHERE o.site_id = s.site_id AND o.driver_id = s.driver_id AND o.state = 'open' AND o.expires_at > $2) AS has_open_offer
           FROM driver_shifts s
           JOIN drivers d ON d.site_id = s.site_id AND d.id = s.driver_id
           JOIN vehicles v ON v.site_id = s.site_id AND v.id = s.vehicle_id
           JOIN vehicle_categories c ON c.site_id = v.site_id AND c.id = v.category_id
           LEFT JOIN driver_positions p ON p.site_id = s.site_id AND p.driver_id = s.driver_id
          WHERE s.site_id = $1 AND s.ended_at IS NULL
          ORDER BY s.driver_id`,
        [siteId, now],
      );
      return rows.map((row) => ({ ...row, driver_licence_expiry: day(row.driver_licence_expiry), vehicle_licence_expiry: day(row.vehicle_licence_expiry) }));
    },

    /** The jobs assigned to these drivers and not finished (their pick-up within the last day or later). */
    async assignedJobs(siteId: number, driverIds: readonly number[], now: Date): Promise<Row[]> {
      if (!driverIds.length) return [];
      const { rows } = await db.query<Row>(
        `SELECT (b.assigned_driver ->> 'id')::bigint AS driver_id, b.booking_number, b.pick_up_at, b.duration_seconds, b.hourly_duration, b.return_at, b.job_stage
           FROM bookings b
          WHERE b.site_id = $1 AND b.status = 'driver_assigned' AND b.assigned_driver IS NOT NULL
            AND (b.assigned_driver ->> 'id')::bigint = ANY($2::bigint[]) AND b.pick_up_at > $3::timestamptz - interval '1 day'
          ORDER BY b.pick_up_at`,
        [siteId, driverIds, now],
      );
      return rows;
    },

    /**
     * A new open automatic offer, or null when the database refuses it: this booking or this driver already has one
     * open (another process was quicker), or the driver already has this job open.
     */
    async insertAutoOffer(siteId: number, offer: { bookingId: number; driverId: number; vehicleId: number; offeredAt: Date; expiresAt: Date; note: string }): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO driver_offers (site_id, booking_id, driver_id, vehicle_id, offered_at, expires_at, automatic, auto_note)
         VALUES ($1, $2, $3, $4, $5, $6, true, $7) ON CONFLICT DO NOTHING RETURNING id`,
        [siteId, offer.bookingId, offer.driverId, offer.vehicleId, offer.offeredAt, offer.expiresAt, offer.note],
      );
      return rows.length ? Number(rows[0].id) : null;
    },

    /** Bookings still waiting for a driver (accepted) that automatic offers gave up on, by booking number. */
    async gaveUp(siteId: number, bookingNumbers: readonly string[] | null): Promise<Row[]> {
      const { rows } = await db.query<Row>(
        `SELECT b.id, b.booking_number, a.gave_up_at, a.gave_up_reason FROM auto_offer_bookings a JOIN bookings b ON b.site_id = a.site_id AND b.id = a.booking_id
          WHERE a.site_id = $1 AND a.gave_up_at IS NOT NULL AND b.status = 'accepted' AND ($2::text[] IS NULL OR b.booking_number = ANY($2::text[]))
          ORDER BY b.pick_up_at, b.id`,
        [siteId, bookingNumbers],
      );
      return rows;
    },
  };
}

export type AutoOffersRepository = ReturnType<typeof createAutoOffersRepository>;
