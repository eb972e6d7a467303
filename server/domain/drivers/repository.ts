import { flightColumn } from '../flights/repository.ts';
import type { DriverShift } from '../../../contract/driver.ts';
import type { JobStage, OfferState } from '../../../contract/dispatch.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { KNOWN_ADDRESS_DAYS } from '../accounts/secrets.ts';

/** The statements of the driver's app (migration 025), in the caller's transaction where it has one. Every one names the site but the token lookups. */

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** A driver's account with the register's name and active flag. `id` is the register's driver id. */
export interface DriverAccountRecord {
  id: number;
  siteId: number;
  email: string;
  name: string;
  active: boolean;
  passwordHash: string | null;
  createdAt: Date;
}

const ACCOUNT_COLUMNS = 'a.site_id, a.driver_id AS id, a.email, a.password_hash, a.created_at, d.name, d.active';
const ACCOUNT_FROM = 'driver_accounts a JOIN drivers d ON d.site_id = a.site_id AND d.id = a.driver_id';
const toAccount = (row: Row): DriverAccountRecord => ({
  id: Number(row.id),
  siteId: Number(row.site_id),
  email: String(row.email),
  name: String(row.name),
  active: Boolean(row.active),
  passwordHash: (row.password_hash as string | null) ?? null,
  createdAt: new Date(row.created_at as string),
});

export interface DriverSessionRecord {
  sessionId: number;
  expiresAt: Date;
  account: DriverAccountRecord;
}

export interface OfferRecord {
  id: number;
  bookingId: number;
  bookingNumber: string;
  bookingStatus: string;
  driverId: number;
  driverName: string;
  vehicleId: number;
  state: OfferState;
  offeredAt: Date;
  expiresAt: Date;
  answeredAt: Date | null;
  /** Made by automatic offers (migration 029). */
  automatic: boolean;
}

const OFFER_COLUMNS = `o.id, o.booking_id, b.booking_number, b.status AS booking_status, o.driver_id, d.name AS driver_name, o.vehicle_id, o.state,
  o.offered_at, o.expires_at, o.answered_at, o.automatic`;
const OFFER_FROM = `driver_offers o JOIN bookings b ON b.site_id = o.site_id AND b.id = o.booking_id JOIN drivers d ON d.site_id = o.site_id AND d.id = o.driver_id`;
const toOffer = (row: Row): OfferRecord => ({
  id: Number(row.id),
  bookingId: Number(row.booking_id),
  bookingNumber: String(row.booking_number),
  bookingStatus: String(row.booking_status),
  driverId: Number(row.driver_id),
  driverName: String(row.driver_name),
  vehicleId: Number(row.vehicle_id),
  state: row.state as OfferState,
  offeredAt: new Date(row.offered_at as string),
  expiresAt: new Date(row.expires_at as string),
  answeredAt: row.answered_at ? new Date(row.answered_at as string) : null,
  automatic: Boolean(row.automatic),
});

/** The booking columns of a driver's job and an offer (alias b). */
export const JOB_COLUMNS = `b.id, b.booking_number, b.revision, b.status, b.job_stage, b.pick_up_at, b.pick_up_address, b.drop_off_address, b.passenger_name,
  b.passenger_phone, b.total_passengers, b.flight_no, b.additional_info, b.options, b.vehicle_category, b.currency, b.total_pence, b.payment_method,
  b.payment_status, b.on_the_way_at, b.arrived_at, b.on_board_at, b.hourly_duration, b.assigned_driver ->> 'id' AS driver_id, ${flightColumn('b')},
  (SELECT to_jsonb(c) FROM job_completions c WHERE c.site_id = b.site_id AND c.booking_id = b.id) AS completion`;

const SHIFT_COLUMNS = `s.id, s.started_at, v.id AS vehicle_id, v.registration, v.make, v.model, v.colour, c.category_name`;
const SHIFT_FROM = `driver_shifts s JOIN vehicles v ON v.site_id = s.site_id AND v.id = s.vehicle_id JOIN vehicle_categories c ON c.site_id = v.site_id AND c.id = v.category_id`;
export const toShift = (row: Row): DriverShift => ({
  id: Number(row.id),
  started_at: iso(row.started_at)!,
  vehicle: {
    id: Number(row.vehicle_id),
    registration: String(row.registration),
    make: String(row.make),
    model: String(row.model),
    colour: String(row.colour),
    category_name: String(row.category_name),
  },
});

export function createDriversRepository(db: Queryable) {
  return {
    // ─── Accounts ───────────────────────────────────────────────────────────────────────────────────────────────
    async accountByEmail(siteId: number, email: string): Promise<DriverAccountRecord | null> {
      const { rows } = await db.query<Row>(`SELECT ${ACCOUNT_COLUMNS} FROM ${ACCOUNT_FROM} WHERE a.site_id = $1 AND lower(a.email) = lower($2)`, [siteId, email]);
      return rows.length ? toAccount(rows[0]) : null;
    },

    async accountOf(siteId: number, driverId: number): Promise<DriverAccountRecord | null> {
      const { rows } = await db.query<Row>(`SELECT ${ACCOUNT_COLUMNS} FROM ${ACCOUNT_FROM} WHERE a.site_id = $1 AND a.driver_id = $2`, [siteId, driverId]);
      return rows.length ? toAccount(rows[0]) : null;
    },

    /** The driver's account with this e-mail (a new one, or the e-mail changed); the caller maps a taken e-mail (23505). */
    async saveAccount(siteId: number, driverId: number, email: string): Promise<DriverAccountRecord> {
      await db.query(
        `INSERT INTO driver_accounts (site_id, driver_id, email) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, driver_id) DO UPDATE SET email = EXCLUDED.email, updated_at = now()`,
        [siteId, driverId, email],
      );
      return (await this.accountOf(siteId, driverId))!;
    },

    async setPassword(siteId: number, driverId: number, passwordHash: string): Promise<void> {
      await db.query('UPDATE driver_accounts SET password_hash = $3, updated_at = now() WHERE site_id = $1 AND driver_id = $2', [siteId, driverId, passwordHash]);
    },

    /** A new set-password token ends the driver's earlier unused ones. */
    async insertPasswordToken(siteId: number, driverId: number, tokenHash: Buffer, hours: number): Promise<void> {
      await db.query('UPDATE driver_password_tokens SET used_at = now() WHERE site_id = $1 AND driver_id = $2 AND used_at IS NULL', [siteId, driverId]);
      await db.query("INSERT INTO driver_password_tokens (site_id, driver_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 hour')", [siteId, driverId, tokenHash, hours]);
    },

    async passwordTokenForUpdate(tokenHash: Buffer): Promise<{ id: number; siteId: number; driverId: number; used: boolean; expired: boolean } | null> {
      const { rows } = await db.query<Row>(
        'SELECT id, site_id, driver_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM driver_password_tokens WHERE token_hash = $1 FOR UPDATE',
        [tokenHash],
      );
      if (!rows.length) return null;
      const row = rows[0];
      return { id: Number(row.id), siteId: Number(row.site_id), driverId: Number(row.driver_id), used: Boolean(row.used), expired: Boolean(row.expired) };
    },

    async markPasswordTokenUsed(siteId: number, id: number): Promise<void> {
      await db.query('UPDATE driver_password_tokens SET used_at = now() WHERE site_id = $1 AND id = $2', [siteId, id]);
    },

    async isKnownAddress(siteId: number, driverId: number, addressHash: Buffer): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM driver_known_addresses WHERE site_id = $1 AND driver_id = $2 AND address_hash = $3 AND last_success_at > now() - $4 * interval '1 day'`,
        [siteId, driverId, addressHash, KNOWN_ADDRESS_DAYS],
      );
      return rows.length > 0;
    },

    async rememberAddress(siteId: number, driverId: number, addressHash: Buffer): Promise<void> {
      await db.query(
        `INSERT INTO driver_known_addresses (site_id, driver_id, address_hash) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, driver_id, address_hash) DO UPDATE SET last_success_at = now()`,
        [siteId, driverId, addressHash],
      );
    },

    // ─── Sessions ───────────────────────────────────────────────────────────────────────────────────────────────
    async createSession(siteId: number, driverId: number, tokenHash: Buffer, hours: number): Promise<Date> {
      await db.query("DELETE FROM driver_sessions WHERE site_id = $1 AND driver_id = $2 AND expires_at < now() - interval '7 days'", [siteId, driverId]);
      const { rows } = await db.query<{ expires_at: Date }>(
        `INSERT INTO driver_sessions (site_id, driver_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 hour') RETURNING expires_at`,
        [siteId, driverId, tokenHash, hours],
      );
      return new Date(rows[0].expires_at);
    },

    /** The live session of a cookie's token (not revoked, before its end, used within the idle period, its driver active); marks it used. */
    async touchSession(tokenHash: Buffer, idleMinutes: number): Promise<DriverSessionRecord | null> {
      const { rows } = await db.query<Row>(
        `UPDATE driver_sessions s SET last_seen_at = now()
           FROM driver_accounts a JOIN drivers d ON d.site_id = a.site_id AND d.id = a.driver_id
          WHERE s.token_hash = $1 AND a.site_id = s.site_id AND a.driver_id = s.driver_id AND d.active
            AND s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 minute'
          RETURNING s.id AS session_id, s.expires_at, ${ACCOUNT_COLUMNS}`,
        [tokenHash, idleMinutes],
      );
      if (!rows.length) return null;
      return { sessionId: Number(rows[0].session_id), expiresAt: new Date(rows[0].expires_at as string), account: toAccount(rows[0]) };
    },

    /** Whether a session still holds, read without marking it used (an open event stream is not activity). */
    async sessionIsLive(siteId: number, sessionId: number, idleMinutes: number): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM driver_sessions s JOIN drivers d ON d.site_id = s.site_id AND d.id = s.driver_id
          WHERE s.site_id = $1 AND s.id = $2 AND d.active AND s.revoked_at IS NULL AND s.expires_at > now()
            AND s.last_seen_at > now() - $3 * interval '1 minute'`,
        [siteId, sessionId, idleMinutes],
      );
      return rows.length > 0;
    },

    async revokeSession(siteId: number, sessionId: number): Promise<void> {
      await db.query('UPDATE driver_sessions SET revoked_at = now() WHERE site_id = $1 AND id = $2 AND revoked_at IS NULL', [siteId, sessionId]);
    },

    async revokeAllSessions(siteId: number, driverId: number): Promise<number> {
      const { rows } = await db.query('UPDATE driver_sessions SET revoked_at = now() WHERE site_id = $1 AND driver_id = $2 AND revoked_at IS NULL RETURNING id', [siteId, driverId]);
      return rows.length;
    },

    // ─── Shifts ─────────────────────────────────────────────────────────────────────────────────────────────────
    async openShift(siteId: number, driverId: number): Promise<DriverShift | null> {
      const { rows } = await db.query<Row>(`SELECT ${SHIFT_COLUMNS} FROM ${SHIFT_FROM} WHERE s.site_id = $1 AND s.driver_id = $2 AND s.ended_at IS NULL`, [siteId, driverId]);
      return rows.length ? toShift(rows[0]) : null;
    },

    /** On duty; the caller maps 23505 (already on duty, or the vehicle in another's shift). */
    async startShift(siteId: number, driverId: number, vehicleId: number, at: Date): Promise<void> {
      await db.query('INSERT INTO driver_shifts (site_id, driver_id, vehicle_id, started_at) VALUES ($1, $2, $3, $4)', [siteId, driverId, vehicleId, at]);
    },

    /** A driver deactivated in the register: their shift ends, their sessions end, their open offers are withdrawn. */
    async stopWorking(siteId: number, driverId: number, at: Date): Promise<void> {
      await this.endShift(siteId, driverId, at);
      await this.revokeAllSessions(siteId, driverId);
      await db.query("UPDATE driver_offers SET state = 'withdrawn', answered_at = $3 WHERE site_id = $1 AND driver_id = $2 AND state = 'open'", [siteId, driverId, at]);
    },

    async endShift(siteId: number, driverId: number, at: Date): Promise<number> {
      const { rows } = await db.query('UPDATE driver_shifts SET ended_at = $3 WHERE site_id = $1 AND driver_id = $2 AND ended_at IS NULL RETURNING id', [siteId, driverId, at]);
      return rows.length;
    },

    /** Who is on duty now, with the shift's vehicle and the latest trusted position. */
    async onDuty(siteId: number): Promise<Row[]> {
      const { rows } = await db.query<Row>(
        `SELECT ${SHIFT_COLUMNS}, s.driver_id, d.name AS driver_name, p.lat, p.lng, p.accuracy_m, p.recorded_at
           FROM ${SHIFT_FROM} JOIN drivers d ON d.site_id = s.site_id AND d.id = s.driver_id
           LEFT JOIN driver_positions p ON p.site_id = s.site_id AND p.driver_id = s.driver_id
          WHERE s.site_id = $1 AND s.ended_at IS NULL ORDER BY lower(d.name), d.id`,
        [siteId],
      );
      return rows;
    },

    // ─── Offers ─────────────────────────────────────────────────────────────────────────────────────────────────
    /**
     * Decided on read: open offers past their countdown are expired, and open offers of a booking no longer waiting
     * for a driver (the office assigned or cancelled it) are withdrawn.
     */
    async settleLapsedOffers(siteId: number, now: Date): Promise<void> {
      await db.query("UPDATE driver_offers SET state = 'expired', answered_at = expires_at WHERE site_id = $1 AND state = 'open' AND expires_at <= $2", [siteId, now]);
      await db.query(
        `UPDATE driver_offers o SET state = 'withdrawn', answered_at = $2 FROM bookings b
          WHERE o.site_id = $1 AND o.state = 'open' AND b.site_id = o.site_id AND b.id = o.booking_id AND b.status <> 'accepted'`,
        [siteId, now],
      );
    },

    /** A new open offer; the caller maps 23505 (this driver already has an open offer of this job). */
    async insertOffer(siteId: number, offer: { bookingId: number; driverId: number; vehicleId: number; offeredAt: Date; expiresAt: Date }): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO driver_offers (site_id, booking_id, driver_id, vehicle_id, offered_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [siteId, offer.bookingId, offer.driverId, offer.vehicleId, offer.offeredAt, offer.expiresAt],
      );
      return Number(rows[0].id);
    },

    async offer(siteId: number, offerId: number): Promise<OfferRecord | null> {
      const { rows } = await db.query<Row>(`SELECT ${OFFER_COLUMNS} FROM ${OFFER_FROM} WHERE o.site_id = $1 AND o.id = $2`, [siteId, offerId]);
      return rows.length ? toOffer(rows[0]) : null;
    },

    async bookingOffers(siteId: number, bookingNumber: string): Promise<OfferRecord[]> {
      const { rows } = await db.query<Row>(`SELECT ${OFFER_COLUMNS} FROM ${OFFER_FROM} WHERE o.site_id = $1 AND b.booking_number = $2 ORDER BY o.id`, [siteId, bookingNumber]);
      return rows.map(toOffer);
    },

    /** The driver's open offers with what the app shows of their jobs. */
    async openOffersOf(siteId: number, driverId: number, now: Date): Promise<Row[]> {
      const { rows } = await db.query<Row>(
        `SELECT o.id AS offer_id, o.expires_at, ${JOB_COLUMNS} FROM driver_offers o JOIN bookings b ON b.site_id = o.site_id AND b.id = o.booking_id
          WHERE o.site_id = $1 AND o.driver_id = $2 AND o.state = 'open' AND o.expires_at > $3 AND b.status = 'accepted' ORDER BY o.expires_at, o.id`,
        [siteId, driverId, now],
      );
      return rows;
    },

    async setOfferState(siteId: number, offerId: number, state: OfferState, at: Date): Promise<void> {
      await db.query('UPDATE driver_offers SET state = $3, answered_at = $4 WHERE site_id = $1 AND id = $2', [siteId, offerId, state, at]);
    },

    /** The winner's other drivers: their open offers of the booking are taken back. */
    async withdrawOtherOffers(siteId: number, bookingId: number, winnerOfferId: number, at: Date): Promise<void> {
      await db.query("UPDATE driver_offers SET state = 'withdrawn', answered_at = $4 WHERE site_id = $1 AND booking_id = $2 AND id <> $3 AND state = 'open'", [siteId, bookingId, winnerOfferId, at]);
    },

    /** The office assigned, unassigned or cancelled: open offers are taken back and an accepted one ends. */
    async settleOffersForOffice(siteId: number, bookingId: number, at: Date): Promise<void> {
      await db.query(
        `UPDATE driver_offers SET state = CASE state WHEN 'open' THEN 'withdrawn' ELSE 'ended' END, answered_at = $3
          WHERE site_id = $1 AND booking_id = $2 AND state IN ('open', 'accepted')`,
        [siteId, bookingId, at],
      );
    },

    // ─── Jobs ───────────────────────────────────────────────────────────────────────────────────────────────────
    /** The driver's jobs: assigned to them and not finished, or finished in the last 12 hours; by pick-up. */
    async jobsOf(siteId: number, driverId: number, now: Date): Promise<Row[]> {
      const { rows } = await db.query<Row>(
        `SELECT ${JOB_COLUMNS} FROM bookings b
          WHERE b.site_id = $1 AND b.assigned_driver IS NOT NULL AND (b.assigned_driver ->> 'id')::bigint = $2
            AND (b.status = 'driver_assigned' OR COALESCE(b.completed_at, b.no_show_at, b.cancelled_at) > $3::timestamptz - interval '12 hours')
          ORDER BY b.pick_up_at, b.id`,
        [siteId, driverId, now],
      );
      return rows;
    },

    async job(siteId: number, bookingNumber: string): Promise<Row | null> {
      const { rows } = await db.query<Row>(`SELECT ${JOB_COLUMNS} FROM bookings b WHERE b.site_id = $1 AND b.booking_number = $2`, [siteId, bookingNumber]);
      return rows[0] ?? null;
    },

    /** Whether the driver ever had this job (assigned by the office, or an offer of it): a tap on it is theirs to be told about. */
    async everHad(siteId: number, driverId: number, bookingNumber: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM driver_offers o JOIN bookings b ON b.site_id = o.site_id AND b.id = o.booking_id
          WHERE o.site_id = $1 AND o.driver_id = $2 AND b.booking_number = $3
         UNION ALL
         SELECT 1 FROM audit_log a
          WHERE a.site_id = $1 AND a.entity_type = 'booking' AND a.entity_id = $3 AND a.after -> 'driver' ->> 'id' = $2::text
         LIMIT 1`,
        [siteId, driverId, bookingNumber],
      );
      return rows.length > 0;
    },

    /** The driver's step: the job's stage and its time, the revision raised. */
    async setJobStage(siteId: number, bookingId: number, stage: JobStage, at: Date): Promise<void> {
      const column = ({ on_the_way: 'on_the_way_at', arrived: 'arrived_at', on_board: 'on_board_at' } as const)[stage];
      await db.query(`UPDATE bookings SET job_stage = $3, ${column} = $4, revision = revision + 1 WHERE site_id = $1 AND id = $2`, [siteId, bookingId, stage, at]);
    },

    /** When the job's previous step was taken (its assignment, or its latest stage), in the caller's transaction under the booking's lock. */
    async previousStepAt(siteId: number, bookingId: number): Promise<Date | null> {
      const { rows } = await db.query<{ at: unknown }>('SELECT GREATEST(assigned_at, on_the_way_at, arrived_at, on_board_at) AS at FROM bookings WHERE site_id = $1 AND id = $2', [siteId, bookingId]);
      return rows[0]?.at ? new Date(rows[0].at as string) : null;
    },

    /** The driver's job in progress (a stage set), for the trail of positions. */
    async jobInProgress(siteId: number, driverId: number): Promise<{ id: number; bookingNumber: string } | null> {
      const { rows } = await db.query<Row>(
        `SELECT b.id, b.booking_number FROM bookings b
          WHERE b.site_id = $1 AND b.assigned_driver IS NOT NULL AND (b.assigned_driver ->> 'id')::bigint = $2 AND b.status = 'driver_assigned' AND b.job_stage IS NOT NULL
          ORDER BY b.pick_up_at LIMIT 1`,
        [siteId, driverId],
      );
      return rows.length ? { id: Number(rows[0].id), bookingNumber: String(rows[0].booking_number) } : null;
    },

    /** Whether a booking is one of the driver's jobs or open offers (the event stream's filter). */
    async concerns(siteId: number, driverId: number, bookingNumber: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM bookings b WHERE b.site_id = $1 AND b.booking_number = $3
            AND ((b.assigned_driver ->> 'id')::bigint = $2
                 OR EXISTS (SELECT 1 FROM driver_offers o WHERE o.site_id = b.site_id AND o.booking_id = b.id AND o.driver_id = $2))`,
        [siteId, driverId, bookingNumber],
      );
      return rows.length > 0;
    },

    // ─── Taps ───────────────────────────────────────────────────────────────────────────────────────────────────
    async tap(siteId: number, driverId: number, key: string): Promise<{ target: string; statusCode: number; answer: unknown } | null> {
      const { rows } = await db.query<Row>('SELECT target, status_code, answer FROM driver_taps WHERE site_id = $1 AND driver_id = $2 AND idempotency_key = $3', [siteId, driverId, key]);
      if (!rows.length) return null;
      const answer = typeof rows[0].answer === 'string' ? JSON.parse(rows[0].answer) : rows[0].answer;
      return { target: String(rows[0].target), statusCode: Number(rows[0].status_code), answer };
    },

    /** The tap's first answer; a second insert of its key fails (23505) inside a transaction, or is ignored outside (`ignoreTaken`). */
    async recordTap(siteId: number, driverId: number, key: string, target: string, statusCode: number, answer: unknown, ignoreTaken = false): Promise<void> {
      await db.query(
        `INSERT INTO driver_taps (site_id, driver_id, idempotency_key, target, status_code, answer) VALUES ($1, $2, $3, $4, $5, $6)${ignoreTaken ? ' ON CONFLICT DO NOTHING' : ''}`,
        [siteId, driverId, key, target, statusCode, JSON.stringify(answer)],
      );
    },

    // ─── Positions ──────────────────────────────────────────────────────────────────────────────────────────────
    async latestPosition(siteId: number, driverId: number): Promise<{ lat: number; lng: number; recordedAt: Date } | null> {
      const { rows } = await db.query<Row>('SELECT lat, lng, recorded_at FROM driver_positions WHERE site_id = $1 AND driver_id = $2', [siteId, driverId]);
      return rows.length ? { lat: Number(rows[0].lat), lng: Number(rows[0].lng), recordedAt: new Date(rows[0].recorded_at as string) } : null;
    },

    async saveLatestPosition(siteId: number, driverId: number, position: { lat: number; lng: number; accuracyM: number | null; recordedAt: Date }): Promise<void> {
      await db.query(
        `INSERT INTO driver_positions (site_id, driver_id, lat, lng, accuracy_m, recorded_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (site_id, driver_id) DO UPDATE SET lat = EXCLUDED.lat, lng = EXCLUDED.lng, accuracy_m = EXCLUDED.accuracy_m, recorded_at = EXCLUDED.recorded_at
          WHERE driver_positions.recorded_at <= EXCLUDED.recorded_at`,
        [siteId, driverId, position.lat, position.lng, position.accuracyM, position.recordedAt],
      );
    },

    async insertPositionReport(siteId: number, report: { driverId: number; bookingId: number | null; lat: number; lng: number; accuracyM: number | null; recordedAt: Date; flagged: boolean }): Promise<void> {
      await db.query(
        'INSERT INTO driver_position_reports (site_id, driver_id, booking_id, lat, lng, accuracy_m, recorded_at, flagged) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [siteId, report.driverId, report.bookingId, report.lat, report.lng, report.accuracyM, report.recordedAt, report.flagged],
      );
    },

    /**
     * The car on a job (issue 33, the passenger's live view): the latest trusted report of the job's trail by its
     * driver, taken at or after `since` (their 'on the way'), or null.
     */
    async latestOnJob(siteId: number, bookingId: number, driverId: number, since: Date): Promise<{ lat: number; lng: number; recordedAt: Date } | null> {
      const { rows } = await db.query<Row>(
        `SELECT lat, lng, recorded_at FROM driver_position_reports
          WHERE site_id = $1 AND booking_id = $2 AND driver_id = $3 AND NOT flagged AND recorded_at >= $4
          ORDER BY recorded_at DESC, id DESC LIMIT 1`,
        [siteId, bookingId, driverId, since],
      );
      return rows[0] ? { lat: Number(rows[0].lat), lng: Number(rows[0].lng), recordedAt: new Date(rows[0].recorded_at as string) } : null;
    },

    /** A job's trail, in the order received. */
    async trail(siteId: number, bookingId: number): Promise<Row[]> {
      const { rows } = await db.query<Row>('SELECT lat, lng, accuracy_m, recorded_at, flagged FROM driver_position_reports WHERE site_id = $1 AND booking_id = $2 ORDER BY id', [siteId, bookingId]);
      return rows;
    },
  };
}

export type DriversRepository = ReturnType<typeof createDriversRepository>;
