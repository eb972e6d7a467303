import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { deliveredMail } from './mail.ts';
import { consoleOf, CONSOLE_HOST, CONSOLE_ORIGIN, type Signed } from './console.ts';
import type { TestProvider } from './provider.ts';

/** The driver's app's API as the app calls it (issue 32): cookie scoped to /api/driver, CSRF token, same origin. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface SignedDriver extends Signed {
  driverId: number;
  email: string;
}

const LINK = /\/driver\/set-password#token=([A-Za-z0-9_-]{43})/;
export const DRIVER_PASSWORD = 'Cab-Driver-Heron-52';
let serial = 0;

export function driverAppOf(provider: TestProvider, api = consoleOf(provider)) {
  const inject = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    provider.fastify.inject({ method, url: `/api/driver/${url}`, headers: { host: CONSOLE_HOST, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** The token of the last set-password link mailed to `email`, as delivered. */
  async function linkToken(email: string): Promise<string> {
    const match = LINK.exec((await deliveredMail(provider, 'driver_set_password', email)).text);
    expect(match, `no driver link in the mail to ${email}`).not.toBeNull();
    return match![1];
  }

  async function signIn(email: string, password = DRIVER_PASSWORD, headers: Record<string, string> = {}): Promise<Signed> {
    const response = await inject('POST', 'session', { origin: CONSOLE_ORIGIN, ...headers }, { email, password });
    expect(response.statusCode, response.body).toBe(200);
    return { cookie: String(response.headers['set-cookie']).split(';')[0], csrf: response.json().csrf_token };
  }

  const as = (who: Signed, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    inject(method, url, { cookie: who.cookie, 'x-csrf-token': who.csrf, origin: CONSOLE_ORIGIN, 'sec-fetch-site': 'same-origin', ...headers }, payload);

  return {
    inject,
    as,
    signIn,
    linkToken,
    /** A new register driver (licensed to 2035) invited by `by`, password set, signed in. */
    async newDriver(by: Signed, name = `Driver ${++serial}`, extraHeaders: Record<string, string> = {}): Promise<SignedDriver> {
      serial += 1;
      const created = await api.as(by, 'POST', 'drivers', { name, licence_number: `PHD-APP-${serial}-${Date.now() % 100000}`, licensing_authority: 'Transport for London', licence_expiry: '2035-01-31' }, extraHeaders);
      expect(created.statusCode, created.body).toBe(201);
      const driverId = created.json().driver.id as number;
      const email = `driver${serial}.${driverId}@example.test`;
      const invited = await api.as(by, 'POST', `drivers/${driverId}/invite`, { email }, extraHeaders);
      expect(invited.statusCode, invited.body).toBe(200);
      const set = await inject('POST', 'set-password', {}, { token: await linkToken(email), password: DRIVER_PASSWORD });
      expect(set.statusCode, set.body).toBe(200);
      return { ...(await signIn(email, DRIVER_PASSWORD, extraHeaders)), driverId, email };
    },
    /** A vehicle of the register licensed to 2035. */
    async newVehicle(by: Signed, extraHeaders: Record<string, string> = {}): Promise<number> {
      serial += 1;
      const registration = `DR${String(serial).padStart(2, '0')}${String(Date.now() % 1000).padStart(3, '0')}`.slice(0, 8);
      const created = await api.as(by, 'POST', 'vehicles', { registration, make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: 1, licence_number: `PHV-APP-${serial}-${Date.now() % 100000}`, licence_expiry: '2035-01-31' }, extraHeaders);
      expect(created.statusCode, created.body).toBe(201);
      return created.json().vehicle.id as number;
    },
    /** A tap's body: a fresh key unless given. */
    tapBody: (extra: Record<string, unknown> = {}, key = randomUUID()) => ({ idempotency_key: key, ...extra }),
  };
}
