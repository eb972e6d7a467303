/**
 * Managing a booking from the "Manage your booking" link of its confirmation mail (issue 18), on /manage-booking.
 * - `start`: the link's token, from the page's `?token=` (kept in sessionStorage, `storeToken`, and the address bar
 *   put back to /manage-booking, `forgetUrl`, so the token stays out of the history and of Referer headers) or from
 *   an earlier load of this tab; no token, or one not of a link's shape: `refused` without asking the server.
 * - `loading` → `ready`, or `refused` (the link is unknown, expired, revoked or another booking's: the server's
 *   message and the operator's phone; the stored token is forgotten), or `loadFailed` (no answer: `retry`).
 * - `ready` has two regions. `booking`: `viewing` (the booking, its status from the operator's side and what cancelling
 *   would do now) → `confirmingCancel` → `cancelling` → `cancelled` (the refund); a booking cancelled already opens
 *   in `cancelled`. A refusal of the cancel itself (the cut-off passed meanwhile, the operator cancelled it) reloads
 *   the booking and shows the server's reason; no answer goes back to `confirmingCancel` with the error (confirm again
 *   to retry: the server refunds at most once). While `cancelling`, a second confirm is ignored, so a double click
 *   sends one request. (Changing the booking, with re-pricing and paying the difference, will be states of this
 *   region beside `confirmingCancel`.) `calendar`: `idle` → `downloading` → the file is saved (`saveCalendar`) →
 *   `idle`, or `failed` (download again).
 * The machine never touches the page: storage, the address bar and the download are actions the view supplies.
 */
import { assign, setup } from 'xstate';
import { MANAGE_MESSAGES } from '../../contract/manageBooking.ts';
import { manageBookingActors, type CalendarFile } from './manageBooking.actors.ts';
import { canCancel, invalidLink, isTokenShaped, linkRefusalOf, MANAGE_FAILURE_TEXT, refusalOf, type ManageBookingView, type Notice, type Refusal } from './manageBooking.types.ts';

export interface ManageBookingInput {
  /** The page's `?token=`, or null. */
  urlToken: string | null;
  /** The token kept by an earlier load of this tab (sessionStorage), or null. */
  storedToken: string | null;
}

export interface ManageBookingContext {
  token: string | null;
  /** The token came with the page's address (so it is stored, and the address replaced). */
  tokenFromUrl: boolean;
  view: ManageBookingView | null;
  refusal: Refusal | null;
  notice: Notice | null;
  error: string | null;
  calendarError: string | null;
}

export type ManageBookingEvent =
  | { type: 'retry' }
  | { type: 'cancel.start' }
  | { type: 'cancel.back' }
  | { type: 'cancel.confirm' }
  | { type: 'calendar.download' };

const access = ({ context }: { context: ManageBookingContext }) => ({ token: context.token ?? '' });

/** A refused or failed call of a loaded page: the link itself refused ends the visit. */
const linkRefused = {
  guard: 'isLinkRefused',
  target: '#manageBooking.refused',
  actions: [{ type: 'setRefusal', params: ({ event }: { event: { error: unknown } }) => ({ refusal: linkRefusalOf(event.error)! }) }, 'forgetToken'],
} as const;

export const manageBookingMachine = setup({
  types: {
    context: {} as ManageBookingContext,
    events: {} as ManageBookingEvent,
    input: {} as ManageBookingInput,
  },
  actors: manageBookingActors,
  actions: {
    setView: assign({ view: (_, params: { view: ManageBookingView }) => params.view }),
    setRefusal: assign({ refusal: (_, params: { refusal: Refusal }) => params.refusal }),
    refuseInvalidLink: assign({ refusal: () => invalidLink() }),
    setNotice: assign({ notice: (_, params: Notice) => params }),
    clearNotice: assign({ notice: null }),
    setError: assign({ error: (_, params: { text: string }) => params.text }),
    clearError: assign({ error: null }),
    setCalendarError: assign({ calendarError: MANAGE_FAILURE_TEXT.calendar }),
    clearCalendarError: assign({ calendarError: null }),
    /** Keeps the link's token in this tab's sessionStorage; supplied by the view layer. */
    storeToken: (_, _params: { token: string }) => {},
    /** Removes the stored token (a refused link). */
    forgetToken: () => {},
    /** Replaces the address (and its history entry) with /manage-booking, dropping `?token=`. */
    forgetUrl: () => {},
    /** Hands the calendar file to the browser as a download. */
    saveCalendar: (_, _params: CalendarFile) => {},
  },
  guards: {
    hasLinkToken: ({ context }) => context.tokenFromUrl && isTokenShaped(context.token),
    hasStoredToken: ({ context }) => !context.tokenFromUrl && isTokenShaped(context.token),
    isLinkRefused: ({ event }) => 'error' in event && linkRefusalOf(event.error) !== null,
    isActionRefused: ({ event }) => 'error' in event && refusalOf(event.error) !== null,
    isCancelled: ({ context }) => context.view?.status === 'cancelled',
    canCancel: ({ context }) => canCancel(context.view),
  },
}).createMachine({
  id: 'manageBooking',
  context: ({ input }) => ({
    token: input.urlToken ?? input.storedToken,
    tokenFromUrl: input.urlToken !== null,
    view: null,
    refusal: null,
    notice: null,
    error: null,
    calendarError: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasLinkToken', target: 'loading', actions: [{ type: 'storeToken', params: ({ context }) => ({ token: context.token! }) }, 'forgetUrl'] },
        { guard: 'hasStoredToken', target: 'loading' },
        { target: 'refused', actions: ['refuseInvalidLink', 'forgetToken', 'forgetUrl'] },
      ],
    },
    loading: {
      entry: 'clearError',
      invoke: {
        src: 'loadBooking',
        input: access,
        onDone: { target: 'ready', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
        onError: [linkRefused, { target: 'loadFailed', actions: { type: 'setError', params: { text: MANAGE_FAILURE_TEXT.load } } }],
      },
    },
    loadFailed: {
      on: { retry: 'loading' },
    },
    refused: {},
    ready: {
      type: 'parallel',
      states: {
        booking: {
          initial: 'showing',
          states: {
            showing: {
              always: [{ guard: 'isCancelled', target: 'cancelled' }, { target: 'viewing' }],
            },
            viewing: {
              on: { 'cancel.start': { guard: 'canCancel', target: 'confirmingCancel', actions: ['clearNotice', 'clearError'] } },
            },
            confirmingCancel: {
              on: {
                'cancel.back': { target: 'viewing', actions: 'clearError' },
                'cancel.confirm': 'cancelling',
              },
            },
            cancelling: {
              entry: 'clearError',
              invoke: {
                src: 'cancelBooking',
                input: access,
                onDone: {
                  target: 'cancelled',
                  actions: [
                    { type: 'setView', params: ({ event }) => ({ view: event.output }) },
                    { type: 'setNotice', params: ({ event }) => ({ tone: 'success', text: event.output.message || MANAGE_MESSAGES.cancelled }) },
                  ],
                },
                onError: [
                  linkRefused,
                  // The cut-off passed or the operator acted meanwhile: show the booking as it now is, and why.
                  {
                    guard: 'isActionRefused',
                    target: '#manageBooking.loading',
                    actions: { type: 'setNotice', params: ({ event }) => ({ tone: 'warning', text: refusalOf(event.error)!.message }) },
                  },
                  { target: 'confirmingCancel', actions: { type: 'setError', params: { text: MANAGE_FAILURE_TEXT.cancel } } },
                ],
              },
            },
            cancelled: {},
          },
        },
        calendar: {
          initial: 'idle',
          states: {
            idle: { on: { 'calendar.download': 'downloading' } },
            downloading: {
              entry: 'clearCalendarError',
              invoke: {
                src: 'downloadCalendar',
                input: access,
                onDone: { target: 'idle', actions: { type: 'saveCalendar', params: ({ event }) => event.output } },
                onError: [linkRefused, { target: 'failed', actions: 'setCalendarError' }],
              },
            },
            failed: { on: { 'calendar.download': 'downloading' } },
          },
        },
      },
    },
  },
});

export type ManageBookingMachine = typeof manageBookingMachine;
