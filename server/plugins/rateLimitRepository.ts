import type { Queryable } from '../adapters/db/index.ts';

/**
 * The statements of the rate limits (rate_limit_hits: one row per site, limit, subject and fixed window). `now` is the
 * app's clock (server/plugins/rateLimit.ts), not the database's, so tests can move it.
 */

const HIT_SQL = `
  INSERT INTO rate_limit_hits (site_id, bucket, subject, window_start, hits)
  VALUES ($1, $2, $3, to_timestamp(floor(extract(epoch FROM $5::timestamptz)::float8 / $4::float8) * $4::float8), 1)
  ON CONFLICT (site_id, bucket, subject, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
  RETURNING hits, extract(epoch FROM (window_start + $4::float8 * interval '1 second' - $5::timestamptz))::float8 AS reset_in`;

// A hit that counts only while the subject is under the limit: no row comes back from the INSERT when it is not.
const TAKE_SQL = `
  WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM $6::timestamptz)::float8 / $4::float8) * $4::float8) AS start),
  taken AS (
    INSERT INTO rate_limit_hits (site_id, bucket, subject, window_start, hits)
    SELECT $1, $2, $3, w.start, 1 FROM w
    ON CONFLICT (site_id, bucket, subject, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 WHERE rate_limit_hits.hits < $5
    RETURNING hits)
  SELECT (SELECT hits FROM taken) AS hits, w.start AS window_start,
         extract(epoch FROM (w.start + $4::float8 * interval '1 second' - $6::timestamptz))::float8 AS reset_in
    FROM w`;

export interface Counted {
  bucket: string;
  subject: string;
  windowSec: number;
}

export function createRateLimitRepository(db: Queryable) {
  return {
    /** Counts one hit in the current window; the hits so far and the seconds left of the window. */
    async hit(siteId: number, counted: Counted, now: Date): Promise<{ hits: number; resetIn: number }> {
      const { rows } = await db.query<{ hits: number; reset_in: number }>(HIT_SQL, [siteId, counted.bucket, counted.subject, counted.windowSec, now]);
      return { hits: Number(rows[0].hits), resetIn: Number(rows[0].reset_in) };
    },

    /** Counts one hit only while under `max`: hits null when at the limit (not counted). */
    async take(siteId: number, counted: Counted, max: number, now: Date): Promise<{ hits: number | null; windowStart: Date; resetIn: number }> {
      const { rows } = await db.query<{ hits: number | null; window_start: Date | string; reset_in: number }>(TAKE_SQL, [siteId, counted.bucket, counted.subject, counted.windowSec, max, now]);
      return { hits: rows[0].hits === null ? null : Number(rows[0].hits), windowStart: new Date(rows[0].window_start), resetIn: Number(rows[0].reset_in) };
    },

    /** Gives one hit back in the window it was counted in. */
    async giveBack(siteId: number, bucket: string, subject: string, windowStart: Date): Promise<void> {
      await db.query('UPDATE rate_limit_hits SET hits = hits - 1 WHERE site_id = $1 AND bucket = $2 AND subject = $3 AND window_start = $4 AND hits > 0', [siteId, bucket, subject, windowStart]);
    },

    /** Forgets every count of these limits for the subjects starting with `subjectPrefix`. */
    async forget(siteId: number, buckets: string[], subjectPrefix: string): Promise<void> {
      await db.query('DELETE FROM rate_limit_hits WHERE site_id = $1 AND bucket = ANY($2::text[]) AND starts_with(subject, $3)', [siteId, buckets, subjectPrefix]);
    },

    /** Drops the windows older than two days (any process may, all sites at once). */
    async dropOldWindows(now: Date): Promise<void> {
      await db.query("DELETE FROM rate_limit_hits WHERE window_start < $1::timestamptz - interval '2 days'", [now]);
    },
  };
}
