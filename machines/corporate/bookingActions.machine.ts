/**
 * The corporate bookings modal's actions on one of the passenger's own bookings (issue 18), through the manage calls
 * with the passenger's bearer token and the booking number: the same rules as the manage page, enforced by the server.
 * - `loading` the manage resource (status, the cancellation terms) → `ready` | `failed` (retry) | `sessionEnded` (401).
 * - `ready`: `viewing` → `confirmingCancel` (only when the terms allow it) → `cancelling` → `viewing` with the
 *   cancelled booking and the server's message. A 409 (the cut-off passed, cancelled meanwhile) reloads the booking
 *   and shows the server's reason; any other failure returns to `viewing` with the text. A second confirm while
 *   cancelling is ignored.
 * - `ready.viewing` → `openingChange` (only when the change terms allow it: the manage link's rules) asks the server
 *   for a short-lived manage link of the booking (an admin: any of the account's; a booker: their own) and
 *   `leftForChange`: the page is handed to the manage page's one change flow with it (`openManagePage`, provided by
 *   the composition root). A refusal (404, 4xx) returns to `viewing` with the server's text; a 401 ends the session.
 * The receipt is downloaded by the download machine beside it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ChangeLinkResponse } from '../../contract/companyAccounts.ts';
import type { ManageBookingView, ManageCancelResponse } from '../../contract/manageBooking.ts';
import { failureOf, isUnauthorizedError, type Notice } from './corporate.types.ts';

export interface BookingActionsInput {
  bearer: string;
  bookingNumber: string;
}

export interface BookingActionsContext extends BookingActionsInput {
  view: ManageBookingView | null;
  loadError: string | null;
  notice: Notice | null;
}

export type BookingActionsEvent = { type: 'retry' } | { type: 'cancel.start' } | { type: 'cancel.back' } | { type: 'cancel.confirm' } | { type: 'change.start' };

export interface BookingCallInput {
  bearer: string;
  bookingNumber: string;
}

export const BOOKING_ACTION_TEXT = {
  load: 'This booking could not be loaded. Please check your connection and try again.',
  cancel: 'Your booking could not be cancelled just now. Please check your connection and try again.',
  change: 'The change page could not be opened just now. Please check your connection and try again.',
} as const;

const notProvided = (name: string) => () => Promise.reject(new Error(`booking actions actor "${name}" is not provided`));
const serverText = (error: unknown, fallback: string) => {
  const { status, message } = failureOf(error);
  return status !== null && status >= 400 && status < 500 && message ? message : fallback;
};
const call = ({ context }: { context: BookingActionsContext }): BookingCallInput => ({ bearer: context.bearer, bookingNumber: context.bookingNumber });

export const bookingActionsMachine = setup({
  types: { context: {} as BookingActionsContext, events: {} as BookingActionsEvent, input: {} as BookingActionsInput },
  actors: {
    /** POST /api/v1/manage-booking with the bearer token and `booking_number`. */
    loadBooking: fromPromise<ManageBookingView, BookingCallInput>(notProvided('loadBooking')),
    /** POST /api/v1/manage-booking/cancel with the bearer token and `booking_number`. */
    cancelBooking: fromPromise<ManageCancelResponse, BookingCallInput>(notProvided('cancelBooking')),
    /** POST /api/v1/corporate/bookings/change-link with the bearer token and `booking_number`: the manage page's path. */
    issueChangeLink: fromPromise<ChangeLinkResponse, BookingCallInput>(notProvided('issueChangeLink')),
  },
  actions: {
    /** Opens the manage page at the link's path (the composition root: the browser goes there). */
    openManagePage: (_, _params: { url: string }) => {},
    setView: assign({ view: (_, params: { view: ManageBookingView }) => params.view, loadError: null }),
    setLoadError: assign({ loadError: (_, params: { error: unknown }) => serverText(params.error, BOOKING_ACTION_TEXT.load) }),
    notify: assign({ notice: (_, params: Notice) => params }),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    canCancel: ({ context }) => context.view?.cancellation.allowed === true,
    canChange: ({ context }) => context.view?.change?.allowed === true,
    isUnauthorized: ({ event }) => 'error' in event && isUnauthorizedError(event.error),
    isConflict: ({ event }) => 'error' in event && failureOf(event.error).status === 409,
  },
}).createMachine({
  id: 'bookingActions',
  context: ({ input }) => ({ ...input, view: null, loadError: null, notice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBooking',
        input: call,
        onDone: { target: 'ready', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
        onError: [{ guard: 'isUnauthorized', target: 'sessionEnded' }, { target: 'failed', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } }],
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'viewing',
      states: {
        viewing: {
          on: {
            'cancel.start': { guard: 'canCancel', target: 'confirmingCancel', actions: 'clearNotice' },
            'change.start': { guard: 'canChange', target: 'openingChange', actions: 'clearNotice' },
          },
        },
        openingChange: {
          invoke: {
            src: 'issueChangeLink',
            input: call,
            onDone: { target: '#bookingActions.leftForChange', actions: { type: 'openManagePage', params: ({ event }) => ({ url: event.output.url }) } },
            onError: [
              { guard: 'isUnauthorized', target: '#bookingActions.sessionEnded' },
              { target: 'viewing', actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', text: serverText(event.error, BOOKING_ACTION_TEXT.change) }) } },
            ],
          },
        },
        confirmingCancel: { on: { 'cancel.back': 'viewing', 'cancel.confirm': 'cancelling' } },
        cancelling: {
          invoke: {
            src: 'cancelBooking',
            input: call,
            onDone: {
              target: 'viewing',
              actions: [{ type: 'setView', params: ({ event }) => ({ view: event.output }) }, { type: 'notify', params: ({ event }) => ({ tone: 'success', text: event.output.message }) }],
            },
            onError: [
              { guard: 'isUnauthorized', target: '#bookingActions.sessionEnded' },
              { guard: 'isConflict', target: '#bookingActions.loading', actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', text: serverText(event.error, BOOKING_ACTION_TEXT.cancel) }) } },
              { target: 'viewing', actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', text: serverText(event.error, BOOKING_ACTION_TEXT.cancel) }) } },
            ],
          },
        },
      },
    },
    sessionEnded: {},
    /** The manage page is opening with the link: nothing more happens here. */
    leftForChange: {},
  },
});

export type BookingActionsMachine = typeof bookingActionsMachine;
