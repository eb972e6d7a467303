/** The bookings board, a booking's detail, dispatch and the CSV export (contract/adminBookings.ts). */
import type { AdminBookingDetail, Assignable, BoardPage, BoardQuery, DispatchResponse } from '../../contract/adminBookings.ts';
import { ADMIN_BOOKINGS_PATHS } from '../../contract/adminBookings.ts';
import type { DispatchRequest } from '../../contract/dispatch.ts';
import { ADMIN_API_BASE, adminCall, adminDownload } from './adminClient.ts';
import type { CallOptions } from './client.ts';

/** contract paths are absolute (/api/admin/…); adminClient's are under its base. */
const under = (path: string) => path.slice(ADMIN_API_BASE.length);

/** GET /api/admin/bookings: one page of the board. */
export const loadBoard = (query: BoardQuery, { signal }: CallOptions = {}) =>
  adminCall<BoardPage>(under(ADMIN_BOOKINGS_PATHS.board), { query: query as Record<string, string | number | string[] | undefined>, signal });

/** GET /api/admin/bookings/:number */
export const loadAdminBooking = async (bookingNumber: string, { signal }: CallOptions = {}) =>
  (await adminCall<{ success: true; booking: AdminBookingDetail }>(under(ADMIN_BOOKINGS_PATHS.detail(bookingNumber)), { signal })).booking;

/** GET /api/admin/bookings/:number/assignable: active drivers and vehicles licensed on the day of the job. */
export const loadAssignable = (bookingNumber: string, { signal }: CallOptions = {}) =>
  adminCall<Assignable>(under(ADMIN_BOOKINGS_PATHS.assignable(bookingNumber)), { signal });

/** POST /api/admin/bookings/:number/dispatch */
export const dispatchBooking = (bookingNumber: string, request: DispatchRequest, { signal }: CallOptions = {}) =>
  adminCall<DispatchResponse>(under(ADMIN_BOOKINGS_PATHS.dispatch(bookingNumber)), { method: 'POST', body: request as Record<string, unknown>, signal });

/** GET /api/admin/bookings/export.csv: the statutory record of London pick-up days from..to. */
export const downloadBookingsCsv = (from: string, to: string, { signal }: CallOptions = {}) =>
  adminDownload(under(ADMIN_BOOKINGS_PATHS.export), { query: { from, to }, signal });

/** The live stream's address (an EventSource sends the cookie on a same-origin URL). */
export const BOOKING_EVENTS_URL = ADMIN_BOOKINGS_PATHS.events;
