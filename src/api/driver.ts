/**
 * The driver app's calls (/api/driver, contract/driver.ts), the console client's convention (src/api/consoleClient.ts):
 * same origin with the driver's cookie, every POST, PUT, PATCH and DELETE carrying the session's CSRF token in
 * CSRF_HEADER, a failure rejecting with an ApiCallError whose message is the server's JSON `message` and whose `body`
 * keeps the rest (a refused tap's `job`). A 401 from any call but sign-in tells the onDriverSessionLost listeners.
 */
import type { ExtrasInput, PaidInCar } from '../../contract/jobCompletionRules.ts';
import { API_KEY_HEADERS, CSRF_HEADER } from '../../contract/httpHeaders.ts';
import type { DriverWeek } from '../../contract/settlement.ts';
import { ofetch } from 'ofetch';
import type { DriverJob, DriverOffer, DriverSession, DriverShift, TapResponse } from '../../contract/driver.ts';
import { DRIVER_API } from '../../contract/driverRules.ts';
import type { DriverStep } from '../../contract/dispatch.ts';
import type { CallOptions } from './client.ts';
import { ApiCallError, callApi } from './apiError.ts';
import { runtimeConfig } from './runtimeConfig.ts';

type Method = 'GET' | 'POST' | 'DELETE';
interface DriverCallOptions extends CallOptions {
  method?: Method;
  body?: Record<string, unknown>;
  /** Sign-in and the set-password link: a 401 there is a refusal, not a lost session. */
  signIn?: boolean;
}

export const DRIVER_EVENTS_URL = `${DRIVER_API}/events`;
export const DRIVER_POSITIONS_URL = `${DRIVER_API}/positions`;

let csrfToken: string | null = null;
const lostListeners = new Set<(message: string) => void>();

/** The session's CSRF token (sign-in and GET /api/driver/session give it); null after sign-out. */
export function setDriverCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Hears every 401 of a signed-in call (the session ended); returns the unsubscribe. */
export function onDriverSessionLost(listener: (message: string) => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

export async function driverCall<T>(path: string, options: DriverCallOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  // Sign-in names the page's site with its key pair, as the console's does (the default site without).
  const { publicKey, secretKey } = runtimeConfig();
  if (options.signIn && publicKey && secretKey) Object.assign(headers, { [API_KEY_HEADERS.public]: publicKey, [API_KEY_HEADERS.secret]: secretKey });
  try {
    return await callApi(() => ofetch<T>(path, { baseURL: DRIVER_API, method, headers, body: options.body, signal: options.signal, credentials: 'include', retry: 0, timeout: 30_000 }));
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 401 && !options.signIn) for (const listener of [...lostListeners]) listener(error.message);
    throw error;
  }
}

export const loadDriverSession = ({ signal }: CallOptions = {}) => driverCall<DriverSession>('/session', { signal });
export const signInDriver = (email: string, password: string, { signal }: CallOptions = {}) =>
  driverCall<DriverSession>('/session', { method: 'POST', body: { email, password }, signal, signIn: true });
export const signOutDriver = ({ signal }: CallOptions = {}) => driverCall<unknown>('/session', { method: 'DELETE', signal });
export const setDriverPassword = (token: string, password: string, { signal }: CallOptions = {}) =>
  driverCall<{ success: true; message: string }>('/set-password', { method: 'POST', body: { token, password }, signal, signIn: true });

export const loadUsableVehicles = async ({ signal }: CallOptions = {}) => (await driverCall<{ vehicles: DriverShift['vehicle'][] }>('/vehicles', { signal })).vehicles;
export const startShift = async (vehicleId: number, { signal }: CallOptions = {}) =>
  (await driverCall<{ shift: DriverShift | null }>('/shift', { method: 'POST', body: { vehicle_id: vehicleId }, signal })).shift;
export const endShift = ({ signal }: CallOptions = {}) => driverCall<unknown>('/shift', { method: 'DELETE', signal });

export const loadOffers = async ({ signal }: CallOptions = {}) => (await driverCall<{ offers: DriverOffer[] }>('/offers', { signal })).offers;
export const loadJobs = async ({ signal }: CallOptions = {}) => (await driverCall<{ jobs: DriverJob[] }>('/jobs', { signal })).jobs;

/** A tap: accept or decline an offer, each with its own idempotency key (a replay gets the first answer). */
export const answerOffer = (offerId: number, answer: 'accept' | 'decline', key: string, { signal }: CallOptions = {}) =>
  driverCall<TapResponse>(`/offers/${offerId}/${answer}`, { method: 'POST', body: { idempotency_key: key }, signal });
export const tapStep = (tap: { bookingNumber: string; step: DriverStep; key: string; tappedAt?: string; extras?: ExtrasInput; paidInCar?: PaidInCar }, { signal }: CallOptions = {}) =>
  driverCall<TapResponse>(`/jobs/${encodeURIComponent(tap.bookingNumber)}/steps`, {
    method: 'POST',
    body: { step: tap.step, idempotency_key: tap.key, tapped_at: tap.tappedAt, extras: tap.extras, paid_in_car: tap.paidInCar },
    signal,
  });

export const reportPosition = (position: { lat: number; lng: number; accuracy_m?: number; recorded_at?: string }, { signal }: CallOptions = {}) =>
  driverCall<{ success: true; flagged: boolean }>('/positions', { method: 'POST', body: position, signal });

/** The driver's own weeks (issue 35), newest first (a week's statement is a plain link: contract/settlementRules.ts). */
export const loadEarnings = async ({ signal }: CallOptions = {}) => (await driverCall<{ weeks: DriverWeek[] }>('/earnings', { signal })).weeks;
