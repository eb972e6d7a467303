/** The manage statechart's setup (types, placeholders, actions, guards), shared by the machine and its change states. */
import { assign, setup } from 'xstate';
import type { ManageChangePreview, ManageChangeResponse, ManageChanges } from '../../contract/manageBooking.ts';
import { manageBookingActors, type CalendarFile } from './manageBooking.actors.ts';
import {
  allowedEdit,
  canCancel,
  canChange,
  changedOnly,
  draftStops,
  editableAddresses,
  EMPTY_STOP,
  invalidLink,
  isTokenShaped,
  linkRefusalOf,
  MANAGE_FAILURE_TEXT,
  MAX_MANAGE_STOPS,
  owesExtras,
  refusalOf,
  type ManageBookingView,
  type ManageStop,
  type Notice,
  type Refusal,
} from './manageBooking.types.ts';

export interface ManageBookingInput {
  /** The page's `?token=`, or null. */
  urlToken: string | null;
  /** The token kept by an earlier load of this tab (sessionStorage), or null. */
  storedToken: string | null;
  /** The address's `?step=` (a reload in the middle of a change): the change reopens when it is still allowed. */
  step?: ManageStep | null;
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
  /** The change being edited: the fields the passenger set (compared with the booking when sent). */
  draft: ManageChanges;
  /** The server's re-priced preview of the draft. */
  preview: ManageChangePreview | null;
  /** The card processor's publishable key, once the card form was first needed (which form: sandbox or Stripe). */
  publishableKey: string | null;
  /** The change's card payment under way. */
  payment: { paymentMethodId: string | null; paymentIntentId: string | null; clientSecret: string | null } | null;
  /** The last applied or requested change's answer. */
  changeResult: ManageChangeResponse | null;
  /** The step the page was loaded on, until the booking has loaded. */
  resumeStep: ManageStep | null;
}

/** The steps of a change the address shows (`?step=`), synced from the state (manageBooking.routes.ts). */
export type ManageStep = 'change' | 'confirm' | 'pay' | 'changed' | 'extras';

export type ManageBookingEvent =
  | { type: 'retry' }
  | { type: 'cancel.start' }
  | { type: 'cancel.back' }
  | { type: 'cancel.confirm' }
  | { type: 'calendar.download' }
  | { type: 'change.start' }
  | { type: 'change.edit'; changes: ManageChanges }
  /** Extra stops of a mileage trip, where the owner allows address changes online. */
  | { type: 'change.stop.add' }
  | { type: 'change.stop.edit'; index: number; values: Partial<ManageStop> }
  | { type: 'change.stop.remove'; index: number }
  | { type: 'change.review' }
  | { type: 'change.back' }
  | { type: 'change.confirm' }
  | { type: 'change.done' }
  | { type: 'card.submit'; card: unknown }
  /** Issue 32: pay the driver's waiting time and extras owing (manageBooking.extras.ts), and back from the card form. */
  | { type: 'extras.pay' }
  | { type: 'extras.back' };

export const access = ({ context }: { context: ManageBookingContext }) => ({ token: context.token ?? '' });

/** A refused or failed call of a loaded page: the link itself refused ends the visit. */
export const linkRefused = {
  guard: 'isLinkRefused',
  target: '#manageBooking.refused',
  actions: [{ type: 'setRefusal', params: ({ event }: { event: { error: unknown } }) => ({ refusal: linkRefusalOf(event.error)! }) }, 'forgetToken'],
} as const;

export const manageBookingSetup = setup({
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
    startDraft: assign({ draft: {}, preview: null, payment: null, changeResult: null }),
    editDraft: assign({ draft: ({ context }, params: { changes: ManageChanges }) => ({ ...context.draft, ...allowedEdit(context.view, params.changes) }) }),
    addStop: assign({ draft: ({ context }) => ({ ...context.draft, stops: [...draftStops(context.view, context.draft), EMPTY_STOP] }) }),
    editStop: assign({
      draft: ({ context }, params: { index: number; values: Partial<ManageStop> }) => ({
        ...context.draft,
        stops: draftStops(context.view, context.draft).map((stop, index) => (index === params.index ? { ...stop, ...params.values } : stop)),
      }),
    }),
    removeStop: assign({ draft: ({ context }, params: { index: number }) => ({ ...context.draft, stops: draftStops(context.view, context.draft).filter((_, index) => index !== params.index) }) }),
    setPreview: assign({ preview: (_, params: { preview: ManageChangePreview }) => params.preview }),
    setPublishableKey: assign({ publishableKey: (_, params: { key: string }) => params.key }),
    setPaymentMethod: assign({ payment: (_, params: { paymentMethodId: string }) => ({ paymentMethodId: params.paymentMethodId, paymentIntentId: null, clientSecret: null }) }),
    setPaymentIntent: assign({
      payment: ({ context }, params: { paymentIntentId: string | null; clientSecret: string | null }) => ({ paymentMethodId: context.payment?.paymentMethodId ?? null, ...params }),
    }),
    setChangeResult: assign({ changeResult: (_, params: { result: ManageChangeResponse }) => params.result, view: (_, params: { result: ManageChangeResponse }) => params.result }),
    endChange: assign({ draft: {}, preview: null, payment: null }),
    forgetResumeStep: assign({ resumeStep: null }),
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
    canChange: ({ context }) => canChange(context.view),
    hasChanges: ({ context }) => Object.keys(changedOnly(context.view, context.draft)).length > 0,
    /** Stops of a mileage trip may be added (the owner allows address changes) up to the booking form's limit. */
    canAddStop: ({ context }) => editableAddresses(context.view) === 'all' && draftStops(context.view, context.draft).length < MAX_MANAGE_STOPS,
    hasStop: ({ context, event }) => 'index' in event && editableAddresses(context.view) === 'all' && event.index >= 0 && event.index < draftStops(context.view, context.draft).length,
    /** A higher card price (not a request): the difference is paid with the card first. */
    paysByCard: ({ context }) => context.preview?.outcome === 'charge',
    resultIs: (_, params: { result: string; expected: string }) => params.result === params.expected,
    resumesChange: ({ context }) => context.resumeStep !== null && context.resumeStep !== 'extras' && canChange(context.view),
    /** The driver's extras are owing (issue 32): the page offers to pay them. */
    owesExtras: ({ context }) => owesExtras(context.view),
    /** A reload on the extras' payment (`?step=extras`) reopens it while they are still owing. */
    resumesExtras: ({ context }) => context.resumeStep === 'extras' && owesExtras(context.view),
  },
});
