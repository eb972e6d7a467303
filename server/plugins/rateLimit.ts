import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../adapters/db/index.ts';
import { DomainError, type RetryAfter } from '../domain/errors.ts';

/** One limit: at most `max` requests per fixed window of `windowSec`, counted per subject (an address or an account). */
export interface RateLimitRule {
  bucket: string;
  max: number;
  windowSec: number;
}

export interface RateLimitCheck {
  rule: RateLimitRule;
  subject: string;
}

const HIT_SQL = `
  INSERT INTO rate_limit_hits (site_id, bucket, subject, window_start, hits)
  VALUES ($1, $2, $3, to_timestamp(floor(extract(epoch FROM now())::float8 / $4::float8) * $4::float8), 1)
  ON CONFLICT (site_id, bucket, subject, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
  RETURNING hits, extract(epoch FROM (window_start + $4::float8 * interval '1 second' - now()))::float8 AS reset_in`;

/**
 * The client address a limit counts against: the address itself for IPv4, its /64 network for IPv6 (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let it rotate freely).
 */
export function addressSubject(ip: string): string {
  const address = ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** An account subject: a digest of the lower-cased e-mail, so the counters table holds no addresses. */
export const accountSubject = (email: string) => `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

/** A staff account's subject: counted apart from a passenger with the same e-mail. */
export const staffAccountSubject = (email: string) => `staff:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

// A hit that counts only while the subject is under the limit: no row comes back from the INSERT when it is not.
const TAKE_SQL = `
  WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM now())::float8 / $4::float8) * $4::float8) AS start),
  taken AS (
    INSERT INTO rate_limit_hits (site_id, bucket, subject, window_start, hits)
    SELECT $1, $2, $3, w.start, 1 FROM w
    ON CONFLICT (site_id, bucket, subject, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1 WHERE rate_limit_hits.hits < $5
    RETURNING hits)
  SELECT (SELECT hits FROM taken) AS hits, w.start AS window_start,
         extract(epoch FROM (w.start + $4::float8 * interval '1 second' - now()))::float8 AS reset_in
    FROM w`;

const waitText = (seconds: number) => {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
};

/** The refusal of every limit (rate_limited: a 429 `{ success: false, message, error, code }` with Retry-After in whole seconds). */
export function tooManyRequests(resetInSec: number): DomainError {
  const seconds = Math.max(1, Math.ceil(resetInSec));
  const message = `Too many requests. Please try again in ${waitText(seconds)}.`;
  return new DomainError('rate_limited', message, { error: message, retryAfterSeconds: seconds } satisfies RetryAfter & { error: string });
}

/** One place taken under a limit (see `take`), to give back with `giveBack`. */
export interface TakenPlace {
  check: RateLimitCheck;
  windowStart: Date;
}

export type TakeResult = { ok: true; taken: TakenPlace[] } | { ok: false; refusedBy: RateLimitCheck; resetInSec: number };

/**
 * Rate limits that hold across every server process: one row per (site, limit, subject, fixed window) in
 * rate_limit_hits, incremented atomically with INSERT … ON CONFLICT DO UPDATE, so N processes behind a load balancer
 * share the same counters. `enforce` counts every request, refused ones too; `take` counts only while under the limit
 * and can give back (limits of failures). A refusal is a 429 `{ success: false, message, error }` with Retry-After.
 */
export function createRateLimiter(db: Queryable) {
  /** Old windows are useless: drop them now and then (any process may; all sites at once is fine for this table). */
  function sweepNowAndThen() {
    if (Math.random() < 0.01) db.query("DELETE FROM rate_limit_hits WHERE window_start < now() - interval '2 days'").catch(() => undefined);
  }

  async function hit(siteId: number, check: RateLimitCheck): Promise<{ hits: number; resetInSec: number }> {
    const { rows } = await db.query<{ hits: number; reset_in: number }>(HIT_SQL, [siteId, check.rule.bucket, check.subject, check.rule.windowSec]);
    sweepNowAndThen();
    return { hits: Number(rows[0].hits), resetInSec: Math.max(1, Math.ceil(Number(rows[0].reset_in))) };
  }

  /** Counts the request against every check; throws a 429 if any limit is exceeded. */
  async function enforce(request: FastifyRequest, reply: FastifyReply, checks: RateLimitCheck[]): Promise<void> {
    let refusal: { check: RateLimitCheck; resetInSec: number } | null = null;
    for (const check of checks) {
      const { hits, resetInSec } = await hit(request.site.id, check);
      if (hits > check.rule.max && (!refusal || resetInSec > refusal.resetInSec)) refusal = { check, resetInSec };
    }
    if (!refusal) return;
    request.log.warn({ rate_limit: refusal.check.rule.bucket, site_id: request.site.id }, 'rate limited');
    // Also on the reply: a route's own error handler may rebuild the error without its details.
    reply.header('retry-after', String(refusal.resetInSec));
    throw tooManyRequests(refusal.resetInSec);
  }

  /**
   * Takes one place under every limit, all or none: a subject at its limit refuses (and is not counted), and the
   * places already taken are given back. For limits that count failures: take before the attempt (so concurrent
   * attempts cannot all slip under the limit), give back or forget after a success.
   */
  async function take(siteId: number, checks: RateLimitCheck[]): Promise<TakeResult> {
    const taken: TakenPlace[] = [];
    sweepNowAndThen();
    for (const check of checks) {
      const { rows } = await db.query<{ hits: number | null; window_start: Date | string; reset_in: number }>(TAKE_SQL, [siteId, check.rule.bucket, check.subject, check.rule.windowSec, check.rule.max]);
      if (rows[0].hits === null) {
        await giveBack(siteId, taken);
        return { ok: false, refusedBy: check, resetInSec: Math.max(1, Math.ceil(Number(rows[0].reset_in))) };
      }
      taken.push({ check, windowStart: new Date(rows[0].window_start) });
    }
    return { ok: true, taken };
  }

  /** Gives places back (in the windows they were taken in). */
  async function giveBack(siteId: number, places: TakenPlace[]): Promise<void> {
    for (const { check, windowStart } of places) {
      await db.query('UPDATE rate_limit_hits SET hits = hits - 1 WHERE site_id = $1 AND bucket = $2 AND subject = $3 AND window_start = $4 AND hits > 0', [
        siteId,
        check.rule.bucket,
        check.subject,
        windowStart,
      ]);
    }
  }

  /** Forgets every count of these limits for the subjects starting with `subjectPrefix` (an account and its pairs). */
  async function forget(siteId: number, buckets: string[], subjectPrefix: string): Promise<void> {
    await db.query('DELETE FROM rate_limit_hits WHERE site_id = $1 AND bucket = ANY($2::text[]) AND starts_with(subject, $3)', [siteId, buckets, subjectPrefix]);
  }

  return {
    hit,
    enforce,
    take,
    giveBack,
    forget,
    /** An onRequest hook limiting a route per client address (before its body is even read). */
    perAddress(rule: RateLimitRule) {
      return async (request: FastifyRequest, reply: FastifyReply) => enforce(request, reply, [{ rule, subject: addressSubject(request.ip) }]);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
