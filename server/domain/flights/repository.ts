import type { Queryable } from '../../adapters/db/index.ts';

type Row = Record<string, unknown>;

/**
 * A booking's flight as one jsonb column, for the statements that read bookings (alias `b`): the board, the detail,
 * the driver's jobs and the manage page add it to their column lists; rules.ts `storedFlightOf` reads it.
 */
export const flightColumn = (alias = 'b') => `(SELECT to_jsonb(f) FROM booking_flights f WHERE f.site_id = ${alias}.site_id AND f.booking_id = ${alias}.id) AS flight`;

/** The same text the tracker normalises a flight number to (upper case, no spaces or dashes), in SQL. */
const NORMALISED_FLIGHT_NO = `upper(regexp_replace(b.flight_no, '[[:space:]-]+', '', 'g'))`;

/** Bookings that still run: a flight is followed for these only. */
export const LIVE_STATUSES = ['confirmed', 'accepted', 'driver_assigned'] as const;

export interface ProviderColumns {
  scheduledArrivalAt: Date | null;
  estimatedArrivalAt: Date | null;
  actualArrivalAt: Date | null;
  status: string;
  cancelled: boolean;
  diverted: boolean;
  originIata: string | null;
  originCity: string | null;
  domestic: boolean | null;
  faFlightId: string | null;
}

export interface BookingFlightFacts {
  id: number;
  bookingNumber: string;
  status: string;
  flightNo: string;
  pickupAddress: string;
  pickupAt: Date;
  flight: unknown;
}

const toFacts = (row: Row): BookingFlightFacts => ({
  id: Number(row.id),
  bookingNumber: String(row.booking_number),
  status: String(row.status),
  flightNo: String(row.flight_no),
  pickupAddress: String(row.pick_up_address),
  pickupAt: new Date(row.pick_up_at as string),
  flight: row.flight,
});

/** The statements of flight arrivals (migration 027): the tracked row per booking, look-up claims, the sweep's lists. */
export function createFlightsRepository(db: Queryable) {
  const FACTS = `SELECT b.id, b.booking_number, b.status, b.flight_no, b.pick_up_address, b.pick_up_at, ${flightColumn('b')} FROM bookings b`;
  return {
    async factsById(siteId: number, bookingId: number): Promise<BookingFlightFacts | null> {
      const { rows } = await db.query<Row>(`${FACTS} WHERE b.site_id = $1 AND b.id = $2`, [siteId, bookingId]);
      return rows[0] ? toFacts(rows[0]) : null;
    },

    async factsByNumber(siteId: number, bookingNumber: string): Promise<BookingFlightFacts | null> {
      const { rows } = await db.query<Row>(`${FACTS} WHERE b.site_id = $1 AND b.booking_number = $2`, [siteId, bookingNumber]);
      return rows[0] ? toFacts(rows[0]) : null;
    },

    /**
     * The booking's row for this flight number and airport: a new number (or airport) starts afresh — the provider's
     * answer, the look-ups spent and a typed arrival belonged to the other flight.
     */
    async track(siteId: number, bookingId: number, flightNumber: string, airportIata: string | null, nextCheckAt: Date | null): Promise<void> {
      await db.query(
        `INSERT INTO booking_flights (site_id, booking_id, flight_number, airport_iata, next_check_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (site_id, booking_id) DO UPDATE SET
           flight_number = EXCLUDED.flight_number, airport_iata = EXCLUDED.airport_iata, next_check_at = EXCLUDED.next_check_at,
           scheduled_arrival_at = NULL, estimated_arrival_at = NULL, actual_arrival_at = NULL, status = '', cancelled = false, diverted = false,
           origin_iata = NULL, origin_city = NULL, domestic = NULL, fa_flight_id = NULL, last_checked_at = NULL, last_result = NULL,
           lookups_used = 0, claimed_at = NULL, manual_arrival_at = NULL, manual_set_at = NULL, updated_at = now()
         WHERE booking_flights.flight_number IS DISTINCT FROM EXCLUDED.flight_number OR booking_flights.airport_iata IS DISTINCT FROM EXCLUDED.airport_iata`,
        [siteId, bookingId, flightNumber, airportIata, nextCheckAt],
      );
    },

    async untrack(siteId: number, bookingId: number): Promise<void> {
      await db.query('DELETE FROM booking_flights WHERE site_id = $1 AND booking_id = $2', [siteId, bookingId]);
    },

    async setNextCheck(siteId: number, bookingId: number, nextCheckAt: Date | null): Promise<void> {
      await db.query('UPDATE booking_flights SET next_check_at = $3, updated_at = now() WHERE site_id = $1 AND booking_id = $2', [siteId, bookingId, nextCheckAt]);
    },

    /**
     * Takes one look-up of the budget, or null: the claim is a conditional UPDATE, so of any number of processes and
     * requests at once exactly one calls the provider per claim window, and never more than `budget` calls in all.
     * `dueBy`: the sweep's claim also needs the next check to have come.
     */
    async claim(siteId: number, bookingId: number, input: { budget: number; notClaimedSince: Date; now: Date; dueBy: Date | null }): Promise<number | null> {
      const { rows } = await db.query<{ lookups_used: number }>(
        `UPDATE booking_flights SET lookups_used = lookups_used + 1, claimed_at = $4, updated_at = now()
          WHERE site_id = $1 AND booking_id = $2 AND airport_iata IS NOT NULL AND lookups_used < $3
            AND (claimed_at IS NULL OR claimed_at <= $5)
            AND ($6::timestamptz IS NULL OR (next_check_at IS NOT NULL AND next_check_at <= $6))
        RETURNING lookups_used`,
        [siteId, bookingId, input.budget, input.now, input.notClaimedSince, input.dueBy],
      );
      return rows[0] ? Number(rows[0].lookups_used) : null;
    },

    /** What a look-up gave: the provider's flight (when found), the result, when it was checked and the next check. */
    async saveLookup(siteId: number, bookingId: number, input: { provider: ProviderColumns | null; result: string; checkedAt: Date; nextCheckAt: Date | null }): Promise<void> {
      const p = input.provider;
      if (p) {
        await db.query(
          `UPDATE booking_flights SET scheduled_arrival_at = $3, estimated_arrival_at = $4, actual_arrival_at = $5, status = $6, cancelled = $7, diverted = $8,
                  origin_iata = $9, origin_city = $10, domestic = $11, fa_flight_id = $12, last_result = $13, last_checked_at = $14, next_check_at = $15, updated_at = now()
            WHERE site_id = $1 AND booking_id = $2`,
          [siteId, bookingId, p.scheduledArrivalAt, p.estimatedArrivalAt, p.actualArrivalAt, p.status, p.cancelled, p.diverted, p.originIata, p.originCity, p.domestic, p.faFlightId, input.result, input.checkedAt, input.nextCheckAt],
        );
        return;
      }
      await db.query('UPDATE booking_flights SET last_result = $3, last_checked_at = $4, next_check_at = $5, updated_at = now() WHERE site_id = $1 AND booking_id = $2', [
        siteId,
        bookingId,
        input.result,
        input.checkedAt,
        input.nextCheckAt,
      ]);
    },

    /** The dispatcher's expected arrival (null clears it); false when the booking has no tracked flight at an airport. */
    async setManualArrival(siteId: number, bookingId: number, at: Date | null, now: Date): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE booking_flights SET manual_arrival_at = $3, manual_set_at = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE $4::timestamptz END, updated_at = now()
          WHERE site_id = $1 AND booking_id = $2 AND airport_iata IS NOT NULL RETURNING booking_id`,
        [siteId, bookingId, at, now],
      );
      return rows.length > 0;
    },

    /** Flights whose next check has come (any site), soonest first. */
    async dueForCheck(now: Date, limit: number): Promise<{ siteId: number; bookingId: number }[]> {
      const { rows } = await db.query<Row>(
        `SELECT site_id, booking_id FROM booking_flights WHERE next_check_at IS NOT NULL AND next_check_at <= $1 ORDER BY next_check_at LIMIT $2`,
        [now, limit],
      );
      return rows.map((row) => ({ siteId: Number(row.site_id), bookingId: Number(row.booking_id) }));
    },

    /**
     * Live bookings with a flight number picked up in [from, to) whose flight row is missing or names another number
     * (a booking written without the tracker, or changed by a path that did not call it): the sweep syncs them.
     */
    async untracked(from: Date, to: Date, limit: number): Promise<{ siteId: number; bookingId: number }[]> {
      const { rows } = await db.query<Row>(
        `SELECT b.site_id, b.id FROM bookings b
           LEFT JOIN booking_flights f ON f.site_id = b.site_id AND f.booking_id = b.id
          WHERE b.pick_up_at >= $1 AND b.pick_up_at < $2 AND b.flight_no <> '' AND b.status = ANY($3::text[])
            AND (f.booking_id IS NULL OR f.flight_number IS DISTINCT FROM ${NORMALISED_FLIGHT_NO})
          ORDER BY b.pick_up_at LIMIT $4`,
        [from, to, [...LIVE_STATUSES], limit],
      );
      return rows.map((row) => ({ siteId: Number(row.site_id), bookingId: Number(row.id) }));
    },

    /** The live bookings of a site with a followed flight at an airport pick-up: the needs-action queue judges each. */
    async liveTracked(siteId: number): Promise<BookingFlightFacts[]> {
      const { rows } = await db.query<Row>(
        `${FACTS} WHERE b.site_id = $1 AND b.status = ANY($2::text[])
            AND EXISTS (SELECT 1 FROM booking_flights f WHERE f.site_id = b.site_id AND f.booking_id = b.id AND f.airport_iata IS NOT NULL)
          ORDER BY b.pick_up_at`,
        [siteId, [...LIVE_STATUSES]],
      );
      return rows.map(toFacts);
    },
  };
}
