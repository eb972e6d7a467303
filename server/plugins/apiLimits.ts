import type { FastifyReply, FastifyRequest } from 'fastify';
import { addressSubject, tooManyRequests, type RateLimitRule } from './rateLimit.ts';

/**
 * Anti-abuse limits per client address (an IPv4 address or an IPv6 /64) on the calls that cost us something: a
 * priced search, a booking, a card attempt. Generous, because many visitors share an address (a hotel's Wi-Fi, a
 * mobile network's NAT): twenty families in one lobby each typing their addresses (about 20 suggestion calls), pricing
 * a trip and changing its options five times and booking, all inside ten minutes, use a third of each budget.
 *
 * - quote: the four calculate calls together, 300 a minute (5 a second). A visitor prices a few times a minute at most;
 *   a scraper pricing every trip of a town from one address gets 5 a second, each at most one INSERT.
 * - places: address suggestions and "Use my location" (GET /places/nearest), 600 a minute together. Typing an address asks
 *   once per pause (about 20 per address).
 * - booking: 60 per 10 minutes. A family's booking is one call, two with a card (the browser books after the payment).
 * - paymentIntent: 60 card attempts per 10 minutes (declines and 3-D Secure retries included). Card testing tries
 *   hundreds of stolen numbers; a customer tries two or three cards.
 * - payment: confirming an intent and the sandbox's 3-D Secure answer, 120 per 10 minutes (each intent is confirmed
 *   once, again after 3-D Secure, and the browser may retry a lost answer).
 *
 * Counted in this process's memory, not in the database: these calls are the hottest paths (the quote is issue 20's
 * 2 500 distinct searches a second), and a database round trip per search for a generous anti-abuse ceiling would
 * cost more than what it protects. So N server processes behind a load balancer allow N times these numbers. The
 * credential limits (guessing passwords and reset codes) are exact across processes: they count in the database
 * (plugins/rateLimit.ts).
 */
export const API_LIMITS = {
  quote: { bucket: 'quote', max: 300, windowSec: 60 },
  places: { bucket: 'places', max: 600, windowSec: 60 },
  booking: { bucket: 'booking', max: 60, windowSec: 600 },
  paymentIntent: { bucket: 'payment-intent', max: 60, windowSec: 600 },
  payment: { bucket: 'payment', max: 120, windowSec: 600 },
  manage: { bucket: 'manage', max: 120, windowSec: 600 },
} satisfies Record<string, RateLimitRule>;

/** Which route counts against which limit (Fastify's route path, prefix included). */
export const API_LIMITED_ROUTES: Record<string, RateLimitRule> = {
  '/api/v1/calculate-distance': API_LIMITS.quote,
  '/api/v1/calculate-distance-price': API_LIMITS.quote,
  '/api/v1/calculate-hourly-price': API_LIMITS.quote,
  '/api/v1/calculate-selected-vehicle-price': API_LIMITS.quote,
  '/api/v1/places': API_LIMITS.places,
  '/api/v1/places/nearest': API_LIMITS.places,
  '/api/v1/booking': API_LIMITS.booking,
  '/api/v1/create-payment-intent': API_LIMITS.paymentIntent,
  '/api/v1/confirm-payment-intent': API_LIMITS.payment,
  '/api/v1/sandbox/authenticate': API_LIMITS.payment,
  '/api/v1/manage-booking': API_LIMITS.manage,
  '/api/v1/manage-booking/cancel': API_LIMITS.manage,
  '/api/v1/manage-booking/calendar': API_LIMITS.manage,
  '/api/v1/manage-booking/receipt': API_LIMITS.manage,
  '/api/v1/manage-booking/change/preview': API_LIMITS.manage,
  '/api/v1/manage-booking/change': API_LIMITS.manage,
  '/api/v1/manage-booking/change/authenticate': API_LIMITS.payment,
  // Each opening of the passenger's live stream (a reconnection after a phone slept counts again).
  '/api/v1/manage-booking/live': API_LIMITS.manage,
  '/api/v1/passenger/statement': API_LIMITS.manage,
  '/api/v1/quote-offer': API_LIMITS.manage,
};

/** Counters of the current window per limit and address; at most this many, the oldest dropped first. */
const MAX_COUNTERS = 100_000;

interface Counter {
  windowStart: number;
  windowMs: number;
  hits: number;
}

/**
 * Fixed-window counters in memory: one Map entry per (limit, address) seen in its current window, about 150 bytes,
 * so at most some 15 MB. An address's window starts at its first request (not at a clock edge shared by everyone, so
 * a burst cannot straddle two windows and pass twice the limit); a counter whose window has passed starts again; when
 * the map is full, ended windows are swept and then the oldest counters dropped (an address dropped that way starts
 * afresh: it can only gain).
 */
export function createWindowCounter(now: () => number = Date.now) {
  const counters = new Map<string, Counter>();

  const sweep = (at: number) => {
    for (const [key, counter] of counters) if (at - counter.windowStart >= counter.windowMs) counters.delete(key);
    for (const key of counters.keys()) {
      if (counters.size <= MAX_COUNTERS * 0.9) break;
      counters.delete(key);
    }
  };

  return {
    /** Counts one request; the hits in the current window and the milliseconds until it ends. */
    hit(rule: RateLimitRule, subject: string): { hits: number; resetInMs: number } {
      const at = now();
      const windowMs = rule.windowSec * 1000;
      const key = `${rule.bucket}|${subject}`;
      let counter = counters.get(key);
      if (!counter || at - counter.windowStart >= windowMs) {
        // Re-inserted, so the map's order stays oldest window first.
        counters.delete(key);
        if (counters.size >= MAX_COUNTERS) sweep(at);
        counter = { windowStart: at, windowMs, hits: 0 };
        counters.set(key, counter);
      }
      counter.hits += 1;
      return { hits: counter.hits, resetInMs: counter.windowStart + windowMs - at };
    },
    get size() {
      return counters.size;
    },
  };
}

/**
 * An onRequest hook for the API scope: a request to a limited route is counted against its limit for the client's
 * address (request.ip: the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY names the proxy) before its
 * body is read; over the limit it is a 429 `{ success: false, message, error }` with Retry-After, as the database
 * limits answer.
 */
export function apiLimits(counter = createWindowCounter()) {
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const rule = API_LIMITED_ROUTES[request.routeOptions.url ?? ''];
    if (!rule) return done();
    const { hits, resetInMs } = counter.hit(rule, addressSubject(request.ip));
    if (hits <= rule.max) return done();
    if (hits === rule.max + 1) request.log.warn({ rate_limit: rule.bucket }, 'rate limited');
    done(tooManyRequests(resetInMs / 1000));
  };
}
