/**
 * The manage-booking calls (contract/manageBooking.ts): the booking, cancel, the calendar file. Every call is a POST
 * with the link's token in the body (never in a URL). A failure rejects with an ApiCallError whose `body` is the
 * server's answer: a refusal carries `code` and `operator_phone`, which machines/manageBooking reads.
 */
import { MANAGE_API, type ManageAccess, type ManageBookingView, type ManageCancelResponse, type ManageChangePreview, type ManageChangeRequest, type ManageChangeResponse } from '../../contract/manageBooking.ts';
import { attachmentFilename } from '../../contract/receipts.ts';
import { MANAGE_EXTRAS_API, type ManageExtrasPayRequest, type ManageExtrasPayResponse } from '../../contract/manageExtras.ts';
import { apiClient, type CallOptions } from './client.ts';
import { ApiCallError, callApi, downloadRefusal } from './apiError.ts';

/** The answer is the manage resource (plain checks: the contract declares its shape as types only). */
function asView<T extends ManageBookingView>(body: unknown): T {
  const view = body as Partial<ManageBookingView> | null;
  if (!view || view.success !== true || !view.data?.booking || !view.cancellation || typeof view.status !== 'string') {
    throw new ApiCallError('The booking could not be read.', 200, body);
  }
  return view as T;
}

/** POST /api/v1/manage-booking */
export function loadManagedBooking(access: ManageAccess, { signal }: CallOptions = {}): Promise<ManageBookingView> {
  return callApi(async () => asView(await apiClient()(MANAGE_API.view, { method: 'POST', body: access, signal })));
}

/** POST /api/v1/manage-booking/cancel: the cancelled booking, with the refund; 409 with the reason when not allowed. */
export function cancelManagedBooking(access: ManageAccess, { signal }: CallOptions = {}): Promise<ManageCancelResponse> {
  return callApi(async () => asView<ManageCancelResponse>(await apiClient()(MANAGE_API.cancel, { method: 'POST', body: access, signal })));
}

/** POST /api/v1/manage-booking/change/preview: the change re-priced by the server; nothing is changed. */
export function previewManagedChange(request: ManageChangeRequest, { signal }: CallOptions = {}): Promise<ManageChangePreview> {
  return callApi(async () => {
    const answer = (await apiClient()(MANAGE_API.changePreview, { method: 'POST', body: request, signal })) as ManageChangePreview | null;
    if (!answer || answer.success !== true || typeof answer.new_price !== 'number') throw new ApiCallError('The new price could not be read.', 200, answer);
    return answer;
  });
}

/** POST /api/v1/manage-booking/change: applied, requested, or requires_action (3-D Secure); 409 when the booking moved on. */
export function applyManagedChange(request: ManageChangeRequest, { signal }: CallOptions = {}): Promise<ManageChangeResponse> {
  return callApi(async () => asView<ManageChangeResponse>(await apiClient()(MANAGE_API.change, { method: 'POST', body: request, signal })));
}

/** POST /api/v1/manage-booking/extras/pay: the driver's extras owing paid (issue 32), or requires_action (3-D Secure, then again with the intent). */
export function payManagedExtras(request: ManageExtrasPayRequest, { signal }: CallOptions = {}): Promise<ManageExtrasPayResponse> {
  return callApi(async () => asView<ManageExtrasPayResponse>(await apiClient()(MANAGE_EXTRAS_API.pay, { method: 'POST', body: request, signal })));
}

/** POST /api/v1/manage-booking/calendar: the booking's .ics as it now stands, named as the server names it. */
export function downloadManagedCalendar(access: ManageAccess, { signal }: CallOptions = {}): Promise<{ filename: string; text: string }> {
  return callApi(async () => {
    try {
      const response = await apiClient().raw<string, 'text'>(MANAGE_API.calendar, { method: 'POST', body: access, signal, responseType: 'text' });
      return { filename: attachmentFilename(response.headers.get('content-disposition')) ?? 'booking.ics', text: response._data ?? '' };
    } catch (error) {
      throw await downloadRefusal(error);
    }
  });
}
