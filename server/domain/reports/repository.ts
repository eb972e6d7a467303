/**
 * The owner's reports' statements (issue 35): each one an aggregate over the site's bookings in two adjacent periods
 * (the one asked for and the one before it), read in one pass by an index range. Nothing loads bookings one by one;
 * sums and counts come back as text (bigint) and are turned into numbers here.
 *
 * $1 site, $2 start of the previous period, $3 start of the period, $4 its end (instants; [start, end)).
 */
import type { Queryable } from '../../adapters/db/index.ts';

export type ReportPeriod = 'current' | 'previous';

export interface TripFigures {
  due: number;
  done: number;
  cancelled: number;
  noShows: number;
  faresPence: number;
  refundsPence: number;
  feesPence: number;
}

/** One row of the trips' grouping sets: `dimension` null is the period's total. */
export interface TripAggregate extends TripFigures {
  period: ReportPeriod;
  dimension: 'company' | 'category' | 'driver' | 'source' | 'payment' | 'hour' | 'reason' | null;
  key: string;
}

export interface CountAggregate {
  period: ReportPeriod;
  /** null: the period's total. */
  key: string | null;
  count: number;
  pence: number;
}

const n = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/**
 * The trips (by pick-up) of both periods, totalled and grouped by company, vehicle category, driver (as assigned),
 * source, payment method ('nothing_to_pay' at £0), hour of the pick-up in London, and cancellation reason (a
 * cancellation's operator reason or who cancelled; 'no_show'). Refunds paid are summed per booking first.
 */
const TRIPS_SQL = `
WITH trips AS (
  SELECT CASE WHEN b.pick_up_at >= $3 THEN 'current' ELSE 'previous' END AS period,
         b.company_name AS company, b.vehicle_category AS category,
         COALESCE(b.assigned_driver ->> 'name', '') AS driver, b.source,
         CASE WHEN b.total_pence = 0 THEN 'nothing_to_pay' ELSE b.payment_method END AS payment,
         lpad(extract(hour FROM b.pick_up_at AT TIME ZONE 'Europe/London')::int::text, 2, '0') AS hour,
         CASE b.status WHEN 'cancelled' THEN COALESCE(b.cancel_reason, 'by_' || b.cancelled_by, 'unknown') WHEN 'no_show' THEN 'no_show' END AS reason,
         b.status, b.total_pence, b.cancellation_fee_pence, CASE WHEN b.status = 'completed' THEN r.pence END AS refunded
    FROM bookings b
    LEFT JOIN (
      SELECT f.booking_id, sum(f.amount_pence) AS pence FROM refunds f
       WHERE f.site_id = $1 AND f.status = 'succeeded' AND f.booking_id IS NOT NULL GROUP BY f.booking_id
    ) r ON r.booking_id = b.id
   WHERE b.site_id = $1 AND b.pick_up_at >= $2 AND b.pick_up_at < $4
),
-- Every combination of the dimensions once (far fewer rows than trips), then the grouping sets over those.
cells AS (
  SELECT period, company, category, driver, source, payment, hour, reason,
         count(*) AS due,
         count(*) FILTER (WHERE status = 'completed') AS done,
         count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
         count(*) FILTER (WHERE status = 'no_show') AS no_shows,
         sum(total_pence) FILTER (WHERE status = 'completed') AS fares,
         sum(refunded) AS refunds,
         sum(cancellation_fee_pence) FILTER (WHERE status = 'cancelled') AS fees
    FROM trips GROUP BY period, company, category, driver, source, payment, hour, reason
)
SELECT period,
       CASE WHEN GROUPING(company) = 0 THEN 'company' WHEN GROUPING(category) = 0 THEN 'category' WHEN GROUPING(driver) = 0 THEN 'driver'
            WHEN GROUPING(source) = 0 THEN 'source' WHEN GROUPING(payment) = 0 THEN 'payment' WHEN GROUPING(hour) = 0 THEN 'hour'
            WHEN GROUPING(reason) = 0 THEN 'reason' END AS dimension,
       COALESCE(company, category, driver, source, payment, hour, reason) AS key,
       sum(due) AS due, sum(done) AS done, sum(cancelled) AS cancelled, sum(no_shows) AS no_shows,
       sum(fares) AS fares, sum(refunds) AS refunds, sum(fees) AS fees
  FROM cells
 GROUP BY GROUPING SETS ((period), (period, company), (period, category), (period, driver), (period, source), (period, payment), (period, hour), (period, reason))`;

/** Bookings made (by `created_at`) in both periods: the total and by lead time (pick-up less booking time). */
const MADE_SQL = `
WITH made AS (
  SELECT CASE WHEN b.created_at >= $3 THEN 'current' ELSE 'previous' END AS period,
         CASE WHEN b.pick_up_at - b.created_at < interval '1 hour' THEN 'under_1h'
              WHEN b.pick_up_at - b.created_at < interval '4 hours' THEN '1h_4h'
              WHEN b.pick_up_at - b.created_at < interval '24 hours' THEN '4h_24h'
              WHEN b.pick_up_at - b.created_at < interval '3 days' THEN '1d_3d'
              WHEN b.pick_up_at - b.created_at < interval '7 days' THEN '3d_7d'
              ELSE '7d_plus' END AS bucket
    FROM bookings b
   WHERE b.site_id = $1 AND b.created_at >= $2 AND b.created_at < $4
)
SELECT period, bucket AS key, count(*) AS count, 0 AS pence FROM made GROUP BY GROUPING SETS ((period), (period, bucket))`;

/** Promo codes used on the bookings made in both periods: uses and the discount given, total and by code. */
const PROMOS_SQL = `
WITH used AS (
  SELECT CASE WHEN b.created_at >= $3 THEN 'current' ELSE 'previous' END AS period, p.code, u.discount_pence
    FROM bookings b
    JOIN promo_code_uses u ON u.site_id = b.site_id AND u.booking_id = b.id AND u.state = 'used'
    JOIN promo_codes p ON p.site_id = u.site_id AND p.id = u.promo_id
   WHERE b.site_id = $1 AND b.created_at >= $2 AND b.created_at < $4
)
SELECT period, code AS key, count(*) AS count, sum(discount_pence) AS pence FROM used GROUP BY GROUPING SETS ((period), (period, code))`;

export function createReportsRepository(db: Queryable) {
  const params = (siteId: number, previousStart: Date, start: Date, end: Date) => [siteId, previousStart.toISOString(), start.toISOString(), end.toISOString()];
  const counts = async (sql: string, values: unknown[]): Promise<CountAggregate[]> =>
    (await db.query<Record<string, unknown>>(sql, values)).rows.map((row) => ({
      period: row.period as ReportPeriod,
      key: row.key === null ? null : String(row.key),
      count: n(row.count),
      pence: n(row.pence),
    }));
  return {
    /**
     * Room for the grouping sets' hash tables (this transaction only): with the default 4 MB a year's trips spill to
     * sorts on disk; 64 MB took a year of 40 000 trips on PGlite from 505 to 356 ms.
     */
    async roomToAggregate(): Promise<void> {
      await db.query("SET LOCAL work_mem = '64MB'");
      // PostgreSQL's JIT would compile a year's aggregate for longer than it runs (PGlite has no JIT: a no-op there).
      await db.query('SET LOCAL jit = off');
    },
    async trips(siteId: number, previousStart: Date, start: Date, end: Date): Promise<TripAggregate[]> {
      const { rows } = await db.query<Record<string, unknown>>(TRIPS_SQL, params(siteId, previousStart, start, end));
      return rows
        .filter((row) => row.dimension === null || row.key !== null)
        .map((row) => ({
          period: row.period as ReportPeriod,
          dimension: row.dimension as TripAggregate['dimension'],
          key: row.key === null ? '' : String(row.key),
          due: n(row.due),
          done: n(row.done),
          cancelled: n(row.cancelled),
          noShows: n(row.no_shows),
          faresPence: n(row.fares),
          refundsPence: n(row.refunds),
          feesPence: n(row.fees),
        }));
    },
    made: (siteId: number, previousStart: Date, start: Date, end: Date) => counts(MADE_SQL, params(siteId, previousStart, start, end)),
    promos: (siteId: number, previousStart: Date, start: Date, end: Date) => counts(PROMOS_SQL, params(siteId, previousStart, start, end)),
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
