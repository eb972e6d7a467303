/**
 * The credential guard's refusal through the real server: since it is a domain error (not the rate limiter's
 * HttpError) its 429 must still carry the Retry-After header, with the wait the message names, and the same body
 * (server/plugins/errors.test.ts holds its bytes equal to the former HttpError's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { createTestClock } from '../helpers/clock.ts';

const clock = createTestClock();

describe(`the credential guard's 429 on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ now: clock.now });
  });
  afterAll(() => provider.dispose());

  const signIn = (email: string, password: string) =>
    provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', payload: { email, password }, headers: KEY_HEADERS, remoteAddress: '198.51.100.77' });

  it('the eleventh wrong password of an account and address: 429, Retry-After, and the wait it names in the message, after which it signs in', async () => {
    clock.freeze();
    const email = 'refused-guard@example.test';
    await provider.db.query("INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, 'Guard Refusal', $1, '07700 900100', $2, false)", [
      email,
      await hashPassword('Passenger-Pass-1'),
    ]);
    for (let attempt = 0; attempt < 10; attempt++) expect((await signIn(email, 'wrong-password')).statusCode).toBe(401);

    const refused = await signIn(email, 'Passenger-Pass-1');
    expect(refused.statusCode).toBe(429);
    // The clock stands still: the wait is exactly what is left of the window.
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBe(Math.ceil(900 - ((clock.now().getTime() / 1000) % 900)));
    const message = `Too many requests. Please try again in ${seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`;
    expect(refused.json()).toEqual({ success: false, message, error: message, code: 'rate_limited' });
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');

    // The limit is a window of the server's clock: a second before it ends the account is still refused, once the
    // wait the message named has passed the right password signs in.
    clock.advance(seconds - 1);
    expect((await signIn(email, 'Passenger-Pass-1')).statusCode).toBe(429);
    clock.advance(1);
    expect((await signIn(email, 'Passenger-Pass-1')).statusCode).toBe(200);
    clock.resume();
  });
});
