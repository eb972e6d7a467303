/**
 * A booking's effects in the console, by signature: src/app/console/consoleBookingLogic.ts supplies the real ones
 * (src/api/consoleBookings.ts), tests supply stubs. Failures reject with an ApiCallError (`status`, `message`).
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { ConsoleBookingDetail, Assignable, DispatchRequest, DispatchResponse } from '../../contract/consoleBookings.ts';
import type { OnDutyDriver } from '../../contract/driver.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`booking actor "${name}" is not provided`));

export const dispatchActors = {
  /** GET /api/admin/bookings/:number */
  loadBooking: fromPromise<ConsoleBookingDetail, { number: string }>(notProvided('loadBooking')),
  /** GET /api/admin/bookings/:number/assignable */
  loadAssignable: fromPromise<Assignable, { number: string }>(notProvided('loadAssignable')),
  /** POST /api/admin/bookings/:number/dispatch */
  dispatch: fromPromise<DispatchResponse, { number: string; request: DispatchRequest }>(notProvided('dispatch')),
  /** GET /api/admin/drivers/on-duty: who may be offered a job (name, vehicle, what they are doing). */
  loadOnDuty: fromPromise<OnDutyDriver[], void>(notProvided('loadOnDuty')),
  /** POST /api/admin/bookings/:number/offers { driver_id } → the server's message ("Offer sent"). */
  sendOffer: fromPromise<{ message: string }, { number: string; driverId: number }>(notProvided('sendOffer')),
  /** POST /api/admin/phone-bookings/:number/pay-link (issue 34): a new payment link mailed → the server's message. */
  resendPayLink: fromPromise<{ message: string }, { number: string }>(notProvided('resendPayLink')),
  /** The live feed (GET /api/admin/events), told to the page as `reload` whenever this booking may have changed (dispatch.live.ts). */
  bookingChanges: fromCallback<EventObject, { number: string }, { type: 'reload' }>(() => () => {}),
};
