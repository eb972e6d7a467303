/**
 * A booking's effects in the console, by signature: src/views/admin/booking/bookingLogic.ts supplies the real ones
 * (src/api/adminBookings.ts), tests supply stubs. Failures reject with an ApiCallError (`status`, `message`).
 */
import { fromPromise } from 'xstate';
import type { AdminBookingDetail, Assignable, DispatchResponse } from '../../contract/adminBookings.ts';
import type { DispatchRequest } from '../../contract/dispatch.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`booking actor "${name}" is not provided`));

export const dispatchActors = {
  /** GET /api/admin/bookings/:number */
  loadBooking: fromPromise<AdminBookingDetail, { number: string }>(notProvided('loadBooking')),
  /** GET /api/admin/bookings/:number/assignable */
  loadAssignable: fromPromise<Assignable, { number: string }>(notProvided('loadAssignable')),
  /** POST /api/admin/bookings/:number/dispatch */
  dispatch: fromPromise<DispatchResponse, { number: string; request: DispatchRequest }>(notProvided('dispatch')),
};
