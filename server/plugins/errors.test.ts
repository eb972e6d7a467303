/**
 * The error handler's answers as bytes: a domain refusal with a wait carries it as the Retry-After header only, and a
 * limit's refusal (tooManyRequests, a DomainError since the credential guard throws it) answers exactly as the
 * rate limiter's HttpError did, status, body and header.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors.ts';
import { HttpError } from '../http.ts';
import { registerErrorHandling } from './errors.ts';
import { tooManyRequests } from './rateLimit.ts';

/** The 429 as the rate limiter built it before it became a domain error. */
function formerTooManyRequests(resetInSec: number) {
  const seconds = Math.max(1, Math.ceil(resetInSec));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  const message = `Too many requests. Please try again in ${wait}.`;
  return new HttpError(429, message, { error: message }, { 'retry-after': String(seconds) });
}

describe('the error handler', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/limited/:seconds', async (request) => {
      throw tooManyRequests(Number((request.params as { seconds: string }).seconds));
    });
    app.get('/former/:seconds', async (request) => {
      throw formerTooManyRequests(Number((request.params as { seconds: string }).seconds));
    });
    app.get('/refused', async () => {
      throw new DomainError('conflict', 'Try later.', { booking_id: 7, retryAfterSeconds: 5 });
    });
    app.get('/plain', async () => {
      throw new DomainError('not_found', 'No such booking.', { booking_id: 7 });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([0.2, 36.2, 89, 90, 899.5])('a limit reached with %s s to wait answers byte for byte as the rate limiter did', async (seconds) => {
    const [now, before] = await Promise.all([app.inject(`/limited/${seconds}`), app.inject(`/former/${seconds}`)]);
    expect(now.statusCode).toBe(429);
    expect(now.payload).toBe(before.payload);
    expect(now.headers['retry-after']).toBe(before.headers['retry-after']);
    expect(now.headers['content-type']).toBe(before.headers['content-type']);
  });

  it('spells the limit out: 37 seconds for 36.2, minutes from 90 seconds on', async () => {
    const short = await app.inject('/limited/36.2');
    expect(short.headers['retry-after']).toBe('37');
    expect(short.payload).toBe(
      '{"success":false,"message":"Too many requests. Please try again in 37 seconds.","error":"Too many requests. Please try again in 37 seconds.","code":"rate_limited"}',
    );
    const long = await app.inject('/limited/899.5');
    expect(long.headers['retry-after']).toBe('900');
    expect(long.json().message).toBe('Too many requests. Please try again in 15 minutes.');
  });

  it("sends a domain error's retryAfterSeconds as Retry-After, never in the body; without it, no Retry-After", async () => {
    const refused = await app.inject('/refused');
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ success: false, message: 'Try later.', booking_id: 7, code: 'conflict' });
    const plain = await app.inject('/plain');
    expect(plain.statusCode).toBe(404);
    expect(plain.headers['retry-after']).toBeUndefined();
    expect(plain.json()).toEqual({ success: false, message: 'No such booking.', booking_id: 7, code: 'not_found' });
  });
});
