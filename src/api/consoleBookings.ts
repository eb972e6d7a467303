/** The bookings board, a booking's detail, dispatch and the CSV export (contract/consoleBookings.ts). */
import type { ConsoleBookingDetail, Assignable, BoardPage, BoardQuery, DispatchRequest, DispatchResponse } from '../../contract/consoleBookings.ts';
import { CONSOLE_BOOKINGS_PATHS } from '../../contract/consoleBookings.ts';
import type { ConsoleOffer, OnDutyDriver } from '../../contract/driver.ts';
import type { ManualArrivalRequest } from '../../contract/flights.ts';
import type { PayLinkResendAnswer } from '../../contract/payLinks.ts';
import { CONSOLE_API_BASE, consoleCall, consoleDownload } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

/** contract paths are absolute (/api/admin/…); consoleClient's are under its base. */
const under = (path: string) => path.slice(CONSOLE_API_BASE.length);

/** GET /api/admin/bookings: one page of the board. */
export const loadBoard = (query: BoardQuery, { signal }: CallOptions = {}) =>
  consoleCall<BoardPage>(under(CONSOLE_BOOKINGS_PATHS.board), { query: query as Record<string, string | number | string[] | undefined>, signal });

/** GET /api/admin/bookings/:number */
export const loadConsoleBooking = async (bookingNumber: string, { signal }: CallOptions = {}) =>
  (await consoleCall<{ success: true; booking: ConsoleBookingDetail }>(under(CONSOLE_BOOKINGS_PATHS.detail(bookingNumber)), { signal })).booking;

/** GET /api/admin/bookings/:number/assignable: active drivers and vehicles licensed on the day of the job. */
export const loadAssignable = (bookingNumber: string, { signal }: CallOptions = {}) =>
  consoleCall<Assignable>(under(CONSOLE_BOOKINGS_PATHS.assignable(bookingNumber)), { signal });

/** POST /api/admin/bookings/:number/dispatch */
export const dispatchBooking = (bookingNumber: string, request: DispatchRequest, { signal }: CallOptions = {}) =>
  consoleCall<DispatchResponse>(under(CONSOLE_BOOKINGS_PATHS.dispatch(bookingNumber)), { method: 'POST', body: request as Record<string, unknown>, signal });

/** GET /api/admin/bookings/export.csv: the statutory record of London pick-up days from..to. */
export const downloadBookingsCsv = (from: string, to: string, { signal }: CallOptions = {}) =>
  consoleDownload(under(CONSOLE_BOOKINGS_PATHS.export), { query: { from, to }, signal });

/** The live stream's address (an EventSource sends the cookie on a same-origin URL). */
export const BOOKING_EVENTS_URL = CONSOLE_BOOKINGS_PATHS.events;

/** GET /api/admin/bookings/:number/offers: the booking's offers to drivers, oldest first (issue 32). */
export const loadBookingOffers = async (bookingNumber: string, { signal }: CallOptions = {}) =>
  (await consoleCall<{ success: true; offers: ConsoleOffer[] }>(`/bookings/${encodeURIComponent(bookingNumber)}/offers`, { signal })).offers;

/** POST /api/admin/bookings/:number/offers { driver_id }: offer the job to a driver on duty. */
export const offerBooking = (bookingNumber: string, driverId: number, { signal }: CallOptions = {}) =>
  consoleCall<{ success: true; message: string; offer: ConsoleOffer }>(`/bookings/${encodeURIComponent(bookingNumber)}/offers`, { method: 'POST', body: { driver_id: driverId }, signal });

/** POST /api/admin/phone-bookings/:number/pay-link (issue 34): a new payment link mailed, the old one dead. */
export const resendPayLink = (bookingNumber: string, { signal }: CallOptions = {}) =>
  consoleCall<PayLinkResendAnswer>(`/phone-bookings/${encodeURIComponent(bookingNumber)}/pay-link`, { method: 'POST', signal });

/** GET /api/admin/drivers/on-duty: who is on duty, on which vehicle, doing what. */
export const loadOnDuty = async ({ signal }: CallOptions = {}) => (await consoleCall<{ success: true; drivers: OnDutyDriver[] }>('/drivers/on-duty', { signal })).drivers;

/** POST /api/admin/bookings/:number/flight/arrival: the dispatcher's expected arrival (null clears it), issue 33. */
export const setFlightArrival = (bookingNumber: string, request: ManualArrivalRequest, { signal }: CallOptions = {}) =>
  consoleCall<{ success: true; message: string; booking: ConsoleBookingDetail }>(under(CONSOLE_BOOKINGS_PATHS.flightArrival(bookingNumber)), {
    method: 'POST',
    body: request as unknown as Record<string, unknown>,
    signal,
  });
