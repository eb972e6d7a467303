/**
 * The manage page's effects, declared by signature only. The view layer supplies the real ones with
 * `manageBookingMachine.provide({ actors })` as thin wrappers over src/api/manageBooking.ts; tests supply stubs. Each
 * rejects on any failure with an Error whose `status` is the HTTP status when there was an answer and whose `body` is
 * the answer (a refusal: `{ success: false, message, code, operator_phone }`).
 */
import { fromPromise } from 'xstate';
import type { ManageBookingView, ManageCancelResponse, ManageChangePreview, ManageChangeResponse } from '../../contract/manageBooking.ts';
import type { ManageExtrasPayResponse } from '../../contract/manageExtras.ts';
import type { ApplyChangeInput, CardMethodInput, ExtrasPayInput, ManageAccessInput, NextActionInput, NextActionResult, PreviewChangeInput } from './manageBooking.types.ts';
import { liveTripMachine } from './liveTrip.machine.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`manage-booking actor "${name}" is not provided: supply it with manageBookingMachine.provide({ actors })`));

export interface CalendarFile {
  filename: string;
  text: string;
}

export const manageBookingActors = {
  /** POST /api/v1/manage-booking: the booking as it now is. */
  loadBooking: fromPromise<ManageBookingView, ManageAccessInput>(notProvided('loadBooking')),
  /** POST /api/v1/manage-booking/cancel: the cancelled booking with the refund; 409 cutoff_passed / not_cancellable. */
  cancelBooking: fromPromise<ManageCancelResponse, ManageAccessInput>(notProvided('cancelBooking')),
  /** POST /api/v1/manage-booking/change/preview: the change re-priced by the server (old and new price). */
  previewChange: fromPromise<ManageChangePreview, PreviewChangeInput>(notProvided('previewChange')),
  /** POST /api/v1/manage-booking/change: applied, requested, or requires_action (3-D Secure, then again with the intent). */
  applyChange: fromPromise<ManageChangeResponse, ApplyChangeInput>(notProvided('applyChange')),
  /** GET /api/v1/secret_key, as the booking flow's card page: the processor's publishable key (sandbox or Stripe). */
  fetchPublishableKey: fromPromise<string, void>(notProvided('fetchPublishableKey')),
  /** The booking flow's card branch (src/payments): the card form's details → a payment method id. */
  createPaymentMethod: fromPromise<{ paymentMethodId: string }, CardMethodInput>(notProvided('createPaymentMethod')),
  /** The booking flow's 3-D Secure step (src/payments). */
  handleNextAction: fromPromise<NextActionResult, NextActionInput>(notProvided('handleNextAction')),
  /** POST /api/v1/manage-booking/extras/pay: the driver's extras owing paid (issue 32), or requires_action (3-D Secure, then again with the intent). */
  payExtras: fromPromise<ManageExtrasPayResponse, ExtrasPayInput>(notProvided('payExtras')),
  /** The booking flow's 3-D Secure step for the extras' payment (the sandbox's challenge answered on the extras call). */
  handleExtrasNextAction: fromPromise<NextActionResult, NextActionInput>(notProvided('handleExtrasNextAction')),
  /** POST /api/v1/manage-booking/calendar: the .ics text and its file name. */
  downloadCalendar: fromPromise<CalendarFile, ManageAccessInput>(notProvided('downloadCalendar')),
  /** The passenger's live view (liveTrip.machine.ts), its own effects provided with it: the stream, its reads, the page's visibility. */
  liveTrip: liveTripMachine,
};
