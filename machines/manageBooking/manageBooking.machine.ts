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
 *   sends one request. `changing` (manageBooking.change.ts) beside `confirmingCancel`: editing → previewing →
 *   confirming (old and new price) → applying, or paying the difference by card → `changed`. `calendar`: `idle` → `downloading` → the file is saved (`saveCalendar`) →
 *   `idle`, or `failed` (download again).
 * - `payingExtras` (manageBooking.extras.ts, issue 32) beside `changing`: the driver's waiting time and extras the bank
 *   wanted 3-D Secure for, paid with the change's card form → `viewing` with the booking as it now is.
 * - `ready` invokes the passenger's live view (liveTrip.machine.ts, issue 33): once a driver is on the job, their
 *   progress and the car's position as they arrive, the booking read again at each change.
 * The machine never touches the page: storage, the address bar and the download are actions the view supplies.
 */
import { MANAGE_MESSAGES } from '../../contract/manageBooking.ts';
import { changingState } from './manageBooking.change.ts';
import { payingExtrasState } from './manageBooking.extras.ts';
import { access, linkRefused, manageBookingSetup } from './manageBooking.setup.ts';
import { MANAGE_FAILURE_TEXT, refusalOf } from './manageBooking.types.ts';

export type { ManageBookingContext, ManageBookingEvent, ManageBookingInput, ManageStep } from './manageBooking.setup.ts';

export const manageBookingMachine = manageBookingSetup.createMachine({
  id: 'manageBooking',
  context: ({ input }) => ({
    token: input.urlToken ?? input.storedToken,
    tokenFromUrl: input.urlToken !== null,
    view: null,
    refusal: null,
    notice: null,
    error: null,
    calendarError: null,
    draft: {},
    preview: null,
    publishableKey: null,
    payment: null,
    changeResult: null,
    resumeStep: input.step ?? null,
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
      // Issue 33: once a driver is on the job, the live view follows it (liveTrip.machine.ts; idle otherwise).
      invoke: { id: 'liveTrip', src: 'liveTrip', input: ({ context }) => ({ token: context.token ?? '', view: context.view! }) },
      states: {
        booking: {
          initial: 'showing',
          states: {
            showing: {
              always: [
                { guard: 'isCancelled', target: 'cancelled', actions: 'forgetResumeStep' },
                { guard: 'resumesExtras', target: 'payingExtras', actions: ['forgetResumeStep', 'startDraft'] },
                { guard: 'resumesChange', target: 'changing', actions: ['forgetResumeStep', 'startDraft'] },
                { target: 'viewing', actions: 'forgetResumeStep' },
              ],
            },
            viewing: {
              on: {
                'cancel.start': { guard: 'canCancel', target: 'confirmingCancel', actions: ['clearNotice', 'clearError'] },
                'change.start': { guard: 'canChange', target: 'changing', actions: ['clearNotice', 'clearError', 'startDraft'] },
                'extras.pay': { guard: 'owesExtras', target: 'payingExtras', actions: ['clearNotice', 'clearError', 'startDraft'] },
              },
            },
            changing: changingState,
            /** Issue 32: the driver's waiting time and extras owing, paid by card (manageBooking.extras.ts). */
            payingExtras: payingExtrasState,
            /** The change applied (or sent as a request): what it did, then back to the booking. */
            changed: {
              on: { 'change.done': { target: 'viewing', actions: 'clearNotice' }, 'change.start': { guard: 'canChange', target: 'changing', actions: ['clearNotice', 'clearError', 'startDraft'] } },
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
                // The revision the page shows: a cancel and a change never both apply to one revision.
                input: ({ context }) => ({ token: context.token ?? '', revision: context.view?.revision }),
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
            // A reload of the booking (after a refusal) starts the region again: an earlier failure's text goes.
            idle: { entry: 'clearCalendarError', on: { 'calendar.download': 'downloading' } },
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
