/**
 * The account calls of spec §7: corporate sign-in, token check, logout, bookings and profile, and forgot password.
 * Answers are checked against the contract schemas; every failure rejects with an ApiCallError (enquiries.ts)
 * carrying the HTTP status and the server's `message`. The passenger calls send the bearer token.
 */
import {
  accountOkResponseSchema,
  passengerLoginResponseSchema,
  updatePassengerResponseSchema,
  validateTokenResponseSchema,
  type AccountOkResponse,
  type PassengerLoginResponse,
  type UpdatePassengerResponse,
  type ValidateTokenResponse,
} from '../../contract/accounts.ts';
import { MANAGE_API, type ManageBookingView, type ManageCancelResponse } from '../../contract/manageBooking.ts';
import { corporateBookingItemSchema, type CorporateBookingItem } from '../../contract/apiResponses.ts';
import { apiClient, type CallOptions } from './client.ts';
import { ApiCallError, callApi } from './apiError.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /api/v1/check-passenger-login */
export function checkPassengerLogin(credentials: { email: string; password: string }, { signal }: CallOptions = {}): Promise<PassengerLoginResponse> {
  return callApi(async () => passengerLoginResponseSchema.parse(await apiClient()('/check-passenger-login', { method: 'POST', body: credentials, signal })));
}

/** POST /api/v1/passenger/validate-token (bearer, empty body): `valid` false for a missing, expired or revoked token. */
export function validatePassengerToken(token: string, { signal }: CallOptions = {}): Promise<ValidateTokenResponse> {
  return callApi(async () => validateTokenResponseSchema.parse(await apiClient()('/passenger/validate-token', { method: 'POST', body: {}, headers: bearer(token), signal })));
}

/** POST /api/v1/passenger/logout (bearer, empty body). */
export function logoutPassenger(token: string, { signal }: CallOptions = {}): Promise<AccountOkResponse> {
  return callApi(async () => accountOkResponseSchema.parse(await apiClient()('/passenger/logout', { method: 'POST', body: {}, headers: bearer(token), signal })));
}

/**
 * GET /api/v1/get_booking/{passenger_id} (bearer): `{ success: true, data: [...] }` of corporate booking list items
 * (spec §3), each checked against the contract's schema. A bare array is accepted too. Anything else is an error, not an empty list.
 */
export function getCorporateBookings(passengerId: number, token: string, { signal }: CallOptions = {}): Promise<CorporateBookingItem[]> {
  return callApi(async () => {
    const body = await apiClient()<unknown>(`/get_booking/${encodeURIComponent(String(passengerId))}`, { headers: bearer(token), signal });
    const list = Array.isArray(body) ? body : body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data) ? (body as { data: unknown[] }).data : null;
    const items = list ? corporateBookingItemSchema.array().safeParse(list) : null;
    if (!items?.success) throw new ApiCallError('The bookings could not be read.', 200, body);
    return items.data;
  });
}

/** PATCH /api/v1/update-passenger (bearer): email, phone, name, passenger_id; current_password when the e-mail changes. */
export function updatePassenger(
  profile: { passenger_id: number; name: string; email: string; phone: string; current_password?: string },
  token: string,
  { signal }: CallOptions = {},
): Promise<UpdatePassengerResponse> {
  return callApi(async () => updatePassengerResponseSchema.parse(await apiClient()('/update-passenger', { method: 'PATCH', body: profile, headers: bearer(token), signal })));
}

/** POST /api/v1/auth/forgot-password (type 'website'). */
export function requestPasswordReset(email: string, { signal }: CallOptions = {}): Promise<AccountOkResponse> {
  return callApi(async () => accountOkResponseSchema.parse(await apiClient()('/auth/forgot-password', { method: 'POST', body: { email, type: 'website' }, signal })));
}

/** POST /api/v1/auth/verify-code */
export function verifyResetCode(email: string, code: string, { signal }: CallOptions = {}): Promise<AccountOkResponse> {
  return callApi(async () => accountOkResponseSchema.parse(await apiClient()('/auth/verify-code', { method: 'POST', body: { email, code }, signal })));
}

/** POST /api/v1/auth/reset-password (type 'website'). */
export function resetPassword(input: { email: string; code: string; newPassword: string }, { signal }: CallOptions = {}): Promise<AccountOkResponse> {
  return callApi(async () =>
    accountOkResponseSchema.parse(
      await apiClient()('/auth/reset-password', { method: 'POST', body: { email: input.email, code: input.code, new_password: input.newPassword, type: 'website' }, signal }),
    ),
  );
}

/** The manage resource as the corporate modal reads it (plain checks: the contract declares it as types only). */
function asManageView<T extends ManageBookingView>(body: unknown): T {
  const view = body as Partial<ManageBookingView> | null;
  if (!view || view.success !== true || !view.cancellation || typeof view.status !== 'string') throw new ApiCallError('The booking could not be read.', 200, body);
  return view as T;
}

/** POST /api/v1/manage-booking (bearer, `booking_number`): one of the signed-in passenger's own bookings; 404 for another's. */
export function loadOwnBooking(bookingNumber: string, token: string, { signal }: CallOptions = {}): Promise<ManageBookingView> {
  return callApi(async () => asManageView(await apiClient()(MANAGE_API.view, { method: 'POST', body: { booking_number: bookingNumber }, headers: bearer(token), signal })));
}

/** POST /api/v1/manage-booking/cancel (bearer, `booking_number`): the cancelled booking with the refund; 409 with the reason. */
export function cancelOwnBooking(bookingNumber: string, token: string, { signal }: CallOptions = {}): Promise<ManageCancelResponse> {
  return callApi(async () => asManageView<ManageCancelResponse>(await apiClient()(MANAGE_API.cancel, { method: 'POST', body: { booking_number: bookingNumber }, headers: bearer(token), signal })));
}
