/**
 * The corporate area's effects, declared by signature only. The view layer supplies the real ones with
 * `corporateMachine.provide({ actors })` as thin wrappers over src/api (bearer token header added there, `signal`
 * passed through); tests supply stubs. Each rejects on any network or HTTP error with an Error whose message is the
 * server's `message` (or the client error's) and whose `status` is the HTTP status when there was a response.
 */
import { fromPromise } from 'xstate';
import type { PassengerLoginResponse, UpdatePassengerResponse, ValidateTokenResponse } from '../../contract/accounts.ts';
import type { CompanyBookingsQuery } from '../../contract/companyAccounts.ts';
import type { CorporateBookingItem } from './corporate.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`corporate actor "${name}" is not provided: supply it with corporateMachine.provide({ actors })`));

export interface SignInInput {
  email: string;
  password: string;
}
export interface TokenInput {
  token: string;
}
export interface LoadBookingsInput {
  token: string;
  passengerId: number;
  /** The list's filters (empty: all the bookings the passenger may see). */
  filter: CompanyBookingsQuery;
}
export interface UpdateProfileInput {
  token: string;
  passengerId: number;
  name: string;
  email: string;
  phone: string;
  /** Only when the e-mail changes. */
  currentPassword?: string;
}

export const corporateActors = {
  /** POST /api/v1/check-passenger-login: resolves with access_token and passenger; 401 for wrong credentials. */
  signIn: fromPromise<PassengerLoginResponse, SignInInput>(notProvided('signIn')),
  /** POST /api/v1/passenger/validate-token (bearer): resolves with `valid` (false for a missing, expired or revoked token). */
  validateToken: fromPromise<ValidateTokenResponse, TokenInput>(notProvided('validateToken')),
  /** POST /api/v1/passenger/logout (bearer): resolves once the token is revoked. */
  signOut: fromPromise<unknown, TokenInput>(notProvided('signOut')),
  /**
   * GET /api/v1/corporate/bookings?… (bearer): the bookings the passenger may see under the filters (an account admin:
   * the account's; anyone else: those they made or travel on), with booker, PO, cost centre and refunds; 401 when the
   * token is no longer good.
   */
  loadBookings: fromPromise<CorporateBookingItem[], LoadBookingsInput>(notProvided('loadBookings')),
  /**
   * PATCH /api/v1/update-passenger (bearer): resolves with the updated passenger; 4xx with a message the user can read
   * (403 for a wrong current password, which does not end the session).
   */
  updateProfile: fromPromise<UpdatePassengerResponse, UpdateProfileInput>(notProvided('updateProfile')),
};
