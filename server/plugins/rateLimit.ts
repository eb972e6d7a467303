import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../adapters/db/index.ts';
import { DomainError, type RetryAfter } from '../domain/errors.ts';
import { createRateLimitRepository } from './rateLimitRepository.ts';

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
export function createRateLimiter(db: Queryable, now: () => Date = () => new Date()) {
  const counts = createRateLimitRepository(db);
  const counted = (check: RateLimitCheck) => ({ bucket: check.rule.bucket, subject: check.subject, windowSec: check.rule.windowSec });
  /** Old windows are useless: drop them now and then. */
  function sweepNowAndThen() {
    if (Math.random() < 0.01) counts.dropOldWindows(now()).catch(() => undefined);
  }

  async function hit(siteId: number, check: RateLimitCheck): Promise<{ hits: number; resetInSec: number }> {
    const { hits, resetIn } = await counts.hit(siteId, counted(check), now());
    sweepNowAndThen();
    return { hits, resetInSec: Math.max(1, Math.ceil(resetIn)) };
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
      const place = await counts.take(siteId, counted(check), check.rule.max, now());
      if (place.hits === null) {
        await giveBack(siteId, taken);
        return { ok: false, refusedBy: check, resetInSec: Math.max(1, Math.ceil(place.resetIn)) };
      }
      taken.push({ check, windowStart: place.windowStart });
    }
    return { ok: true, taken };
  }

  /** Gives places back (in the windows they were taken in). */
  async function giveBack(siteId: number, places: TakenPlace[]): Promise<void> {
    for (const { check, windowStart } of places) await counts.giveBack(siteId, check.rule.bucket, check.subject, windowStart);
  }

  /** Forgets every count of these limits for the subjects starting with `subjectPrefix` (an account and its pairs). */
  const forget = (siteId: number, buckets: string[], subjectPrefix: string) => counts.forget(siteId, buckets, subjectPrefix);

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
