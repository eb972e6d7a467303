import { BOOKING_CHANNEL_HEADER, type BookingCreateInput, type BookingResponse, type ConfirmPaymentResponse } from '../../contract/bookings.ts';
import { apiClient, type CallOptions } from './client.ts';

/**
 * The booking and card payment calls (spec §7). The server prices everything itself: `amount` and the prices inside
 * `selectedVehicleData` are only compared with its own figures (a difference is refused with a 409 message).
 * Errors are not caught here: an ofetch FetchError carries the provider's `{ success: false, message }` in `data`.
 */

/**
 * Who books, for the booking and payment calls: a signed-in passenger's bearer token, and the website framed in the
 * operator's page (main.tsx marks the document `data-framed`) says so for the owner's reports.
 */
export function bookerHeaders(token: string | null | undefined, doc: Pick<Document, 'documentElement'> | undefined = globalThis.document): Record<string, string> {
  const framed = doc?.documentElement.hasAttribute('data-framed') ?? false;
  return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(framed ? { [BOOKING_CHANNEL_HEADER]: 'embedded' } : {}) };
}

/** POST /booking. The idempotency key is sent as a header; identical submissions make one booking anyway. */
export function createBooking(payload: BookingCreateInput, idempotencyKey?: string, options: CallOptions & { token?: string | null } = {}): Promise<BookingResponse> {
  // Signed in to the corporate area (issue 34): the passenger's bearer token makes the booking theirs, no password.
  const headers = { ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}), ...bookerHeaders(options.token) };
  return apiClient()<BookingResponse>('/booking', {
    method: 'POST',
    body: payload,
    headers,
    signal: options.signal,
  });
}

/** POST /check-passenger-email: `{ success: true }` when an account with this e-mail and password exists (else a 401 FetchError). */
export function checkPassengerEmail(input: { email: string; password: string }, options: CallOptions = {}): Promise<{ success: boolean; message?: string }> {
  return apiClient()('/check-passenger-email', { method: 'POST', body: input, signal: options.signal });
}

export interface PublishableKey {
  key: string;
  mode: 'sandbox' | 'stripe';
  testMode: boolean;
}

/** GET /secret_key: the card processor's publishable key "as data", and which processor it is. */
export async function fetchPublishableKey(options: CallOptions = {}): Promise<PublishableKey> {
  const response = await apiClient()<{ success: boolean; data: string; mode: 'sandbox' | 'stripe'; test_mode: boolean }>('/secret_key', { signal: options.signal });
  return { key: response.data, mode: response.mode, testMode: response.test_mode };
}

export interface CreatedIntent {
  paymentIntentId: string;
  clientSecret: string;
}

/** POST /create-payment-intent: amount in minor units (pence), with the booking it pays for. */
export async function createPaymentIntent(
  input: { paymentMethodId: string; amount: number; booking: BookingCreateInput; idempotencyKey?: string },
  options: CallOptions & { token?: string | null } = {},
): Promise<CreatedIntent> {
  const response = await apiClient()<{ success: boolean; paymentIntentId: string; client_secret: string }>('/create-payment-intent', {
    method: 'POST',
    body: input,
    headers: bookerHeaders(options.token),
    signal: options.signal,
  });
  return { paymentIntentId: response.paymentIntentId, clientSecret: response.client_secret };
}

/** POST /confirm-payment-intent: status 'succeeded' | 'requires_action' | 'failed' | 'processing'; a decline is a status, not an error. */
export function confirmPaymentIntent(input: { paymentIntentId: string; idempotencyKey?: string }, options: CallOptions = {}): Promise<ConfirmPaymentResponse> {
  return apiClient()<ConfirmPaymentResponse>('/confirm-payment-intent', { method: 'POST', body: { paymentIntentId: input.paymentIntentId }, signal: options.signal });
}

/** POST /sandbox/authenticate (TEST MODE only): the answer of the sandbox's own 3-D Secure challenge. */
export function sandboxAuthenticate(input: { paymentIntentId: string; outcome: 'complete' | 'fail' }, options: CallOptions = {}): Promise<ConfirmPaymentResponse> {
  return apiClient()<ConfirmPaymentResponse>('/sandbox/authenticate', { method: 'POST', body: input, signal: options.signal });
}
