/** The "Needs action" queue (contract/consoleQueue.ts). */
import { CONSOLE_QUEUE_PATHS, type NeedsActionQueue } from '../../contract/consoleQueue.ts';
import { CONSOLE_API_BASE, consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

const under = (path: string) => path.slice(CONSOLE_API_BASE.length);

/** GET /api/admin/needs-action */
export const loadNeedsAction = ({ signal }: CallOptions = {}) => consoleCall<NeedsActionQueue>(under(CONSOLE_QUEUE_PATHS.queue), { signal });

/** POST /api/admin/bookings/:number/change-requests/handled { last_request_id } */
export const markChangeRequestsHandled = (bookingNumber: string, lastRequestId: number, { signal }: CallOptions = {}) =>
  consoleCall<{ success: true; message: string }>(under(CONSOLE_QUEUE_PATHS.handled(bookingNumber)), { method: 'POST', body: { last_request_id: lastRequestId }, signal });
