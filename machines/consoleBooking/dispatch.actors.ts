/**
 * A booking's effects in the console, by signature: src/app/console/consoleBookingLogic.ts supplies the real ones
 * (src/api/adminBookings.ts), tests supply stubs. Failures reject with an ApiCallError (`status`, `message`).
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
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
  /** The live feed (GET /api/admin/events), told to the page as `reload` whenever this booking may have changed (dispatch.live.ts). */
  bookingChanges: fromCallback<EventObject, { number: string }, { type: 'reload' }>(() => () => {}),
};
