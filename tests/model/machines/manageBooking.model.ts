/**
 * The manage page's model (machines/manageBooking): the mailed link opens the booking (or is refused), a failed load
 * and its retry, cancelling with its refusal and failure, the calendar file, and changing the booking: edit, the
 * server's re-priced preview (or its refusal), apply, or pay the difference with the booking flow's card steps
 * (the processor's key, the payment method, the charge, 3-D Secure, the apply with the intent). Where the owner allows
 * address changes online (MANAGE_ADDRESS_CHANGES), the drop-off and an extra stop too. Issue 32: the driver's waiting
 * time and extras owing (the bank wanted 3-D Secure for their off-session charge) paid with the same card steps.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { EXTRAS_MESSAGES, type ManageExtrasPayResponse } from '../../../contract/manageExtras.ts';
import { SANDBOX_DECLINE_MESSAGES } from '../../../contract/sandboxCards.ts';
import { MANAGE_MESSAGES, type ManageBookingView, type ManageCancelResponse, type ManageChangePreview, type ManageChangeResponse, type ManageTripValues } from '../../../contract/manageBooking.ts';
import { draftStops, MANAGE_FAILURE_TEXT, manageBookingMachine, type ManageBookingContext, type ManageChanges } from '../../../machines/manageBooking/index.ts';
import { machineInvokes } from '../graph.ts';
import type { MachineModel } from '../types.ts';
import { outcome, variant } from './helpers.ts';

const m = manageBookingMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as ManageBookingContext;

export const MANAGE_TOKEN = 'M'.repeat(43);
const PHONE = '020 7946 0321';

/** `xstate.done|error.actor.<id>` of the actor invoked in `state` (applyChange is invoked in three states). */
function outcomeIn(state: string, kind: 'done' | 'error'): string {
  const invoke = machineInvokes(m).find((i) => i.state === state);
  if (!invoke) throw new Error(`manageBooking invokes nothing in ${state}`);
  return `xstate.${kind}.actor.${invoke.id}`;
}
const CHANGING = 'ready.booking.changing';
const EXTRAS = 'ready.booking.payingExtras';

/** An Error as src/api rejects: the HTTP status and the server's refusal. */
const refused = (status: number | null, code?: string, message = 'fetch failed') =>
  Object.assign(new Error(message), { status, body: code ? { success: false, message, code, operator_phone: PHONE } : null });

const CURRENT = { meet_and_greet: 'no', passengers: 2, stops: [], dropoff: 'The Savoy, Strand, London WC2R 0EZ' } as unknown as ManageTripValues;
/** The new drop-off and extra stop of the address variants (the UI types the same). */
export const NEW_DROPOFF = 'Gatwick Airport North Terminal, Crawley RH6 0PJ';
export const NEW_STOP = { street_name: 'Brighton Road', number: '', postcode: 'Redhill RH1 6QZ' };
export const CARD_VIEW = {
  success: true,
  data: { booking: { booking_number: 'CF-1' } },
  status: 'confirmed',
  revision: 0,
  cancellation: { allowed: true, refusal: null },
  change: { allowed: true, refusal: null, as_request: false, current: CURRENT },
  change_requests: [],
  operator_phone: PHONE,
} as unknown as ManageBookingView;
/** A completed trip whose driver's extras are owing (issue 32): their off-session charge wanted 3-D Secure. */
const OWING_VIEW = {
  ...CARD_VIEW,
  status: 'completed',
  change: { ...CARD_VIEW.change, allowed: false, refusal: 'This trip is over.' },
  cancellation: { allowed: false, refusal: 'This trip is over.' },
  extras: { lines: [{ label: 'Waiting time (12 min)', amount: 9.9 }], total: 9.9, status: 'owing', message: '£9.90 to pay.' },
} as unknown as ManageBookingView;
const extrasPaid = { ...OWING_VIEW, extras: { ...(OWING_VIEW as { extras: object }).extras, status: 'paid' }, result: 'paid', message: 'Thank you: £9.90 of waiting time and extras paid.', payment_intent_id: 'pi_sandbox_2', client_secret: null } as unknown as ManageExtrasPayResponse;
const extrasAuthenticate = { ...OWING_VIEW, result: 'requires_action', message: '£9.90 to pay.', payment_intent_id: 'pi_sandbox_2', client_secret: 'pi_sandbox_2_secret' } as unknown as ManageExtrasPayResponse;
/** The server's words for a declined card (extras.ts: the refusal, then the processor's message). */
const EXTRAS_DECLINED = `${EXTRAS_MESSAGES.paymentFailed} ${SANDBOX_DECLINE_MESSAGES.declined}`;
/** The owner allows address changes online. */
export const ADDRESS_VIEW = { ...CARD_VIEW, change: { ...CARD_VIEW.change, addresses: true, trip_options: true } } as unknown as ManageBookingView;
const CANCELLED_VIEW = { ...CARD_VIEW, status: 'cancelled', cancellation: { allowed: false, refusal: MANAGE_MESSAGES.alreadyCancelled } } as unknown as ManageBookingView;
const cancelled = { ...CANCELLED_VIEW, message: MANAGE_MESSAGES.cancelled } as ManageCancelResponse;
const preview = (outcomeOf: 'charge' | 'refund') => ({ success: true, revision: 0, outcome: outcomeOf, difference: outcomeOf === 'charge' ? 12 : -12, summary: [] }) as unknown as ManageChangePreview;
const applied = { ...CARD_VIEW, revision: 1, result: 'applied', message: MANAGE_MESSAGES.changed, difference: 12 } as unknown as ManageChangeResponse;
const asksForAuthentication = { ...CARD_VIEW, result: 'requires_action', payment_intent_id: 'pi_sandbox_1', client_secret: 'pi_sandbox_1_secret' } as unknown as ManageChangeResponse;

const CUTOFF = 'Bookings can be cancelled online until 2 hours before pick-up.';
const GRACE = 'Please select a pick-up time at least 2 hours from now.';
const DECLINED = 'Payment failed: your booking is unchanged. Your card was declined.';
const NOT_AUTHENTICATED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
const NOT_TEST_CARD = 'TEST MODE accepts only the test card numbers shown';

/**
 * What a preview or an apply sends for the path's draft: meet and greet ticked, and where the booking allows it the
 * new drop-off and the stop once typed (a stop row left empty is not sent).
 */
function sentChanges(s: AnyMachineSnapshot): ManageChanges {
  const draft = ctx(s).draft;
  const filled = (draft.stops ?? []).filter((stop) => stop.street_name !== '');
  return {
    ...(draft.meet_and_greet === 'yes' ? { meet_and_greet: 'yes' as const } : {}),
    ...(filled.length > 0 ? { stops: [NEW_STOP] } : {}),
    ...(draft.dropoff !== undefined ? { dropoff: NEW_DROPOFF } : {}),
  };
}

export const manageBookingModel: MachineModel = {
  id: 'manageBooking',
  title: 'manage booking link',
  machine: m,
  origins: [
    { id: 'link', label: 'the mailed /manage-booking?token=… link', input: { urlToken: MANAGE_TOKEN, storedToken: null, step: null } },
    { id: 'reload', label: 'a reload in the middle of a change (/manage-booking?step=confirm, the token kept by the tab)', input: { urlToken: null, storedToken: MANAGE_TOKEN, step: 'confirm' } },
    { id: 'noToken', label: '/manage-booking without a token (a link cut short)', input: { urlToken: null, storedToken: null, step: null } },
    { id: 'reloadExtras', label: "a reload on the extras' payment (/manage-booking?step=extras, the token kept by the tab)", input: { urlToken: null, storedToken: MANAGE_TOKEN, step: 'extras' } },
  ],
  variants: [
    variant('loadBooking:card', { type: outcome(m, 'loadBooking', 'done'), output: CARD_VIEW }, 'the server opens the booking (paid by card)'),
    variant('loadBooking:addresses', { type: outcome(m, 'loadBooking', 'done'), output: ADDRESS_VIEW }, 'the server opens the booking (paid by card), its addresses changeable online'),
    variant('loadBooking:cancelled', { type: outcome(m, 'loadBooking', 'done'), output: CANCELLED_VIEW }, 'the server opens the booking, cancelled already'),
    variant('loadBooking:revoked', { type: outcome(m, 'loadBooking', 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the operator revoked the link'),
    variant('loadBooking:offline', { type: outcome(m, 'loadBooking', 'error'), error: refused(503) }, 'the load fails'),
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('cancel.start', { type: 'cancel.start' }, 'Cancel booking'),
    variant('cancel.back', { type: 'cancel.back' }, 'Keep my booking'),
    variant('cancel.confirm', { type: 'cancel.confirm' }, 'Yes, cancel booking'),
    variant('cancelBooking:done', { type: outcome(m, 'cancelBooking', 'done'), output: cancelled }, 'cancelled and refunded'),
    variant('cancelBooking:cutoff', { type: outcome(m, 'cancelBooking', 'error'), error: refused(409, 'cutoff_passed', CUTOFF) }, 'the cut-off passed meanwhile'),
    variant('cancelBooking:revoked', { type: outcome(m, 'cancelBooking', 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the link was revoked meanwhile'),
    variant('cancelBooking:offline', { type: outcome(m, 'cancelBooking', 'error'), error: refused(null) }, 'the cancel gets no answer'),
    variant('calendar.download', { type: 'calendar.download' }, 'Add to calendar'),
    variant('downloadCalendar:done', { type: outcome(m, 'downloadCalendar', 'done'), output: { filename: 'booking-CF-1.ics', text: 'BEGIN:VCALENDAR' } }, 'the .ics is saved'),
    variant('downloadCalendar:revoked', { type: outcome(m, 'downloadCalendar', 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the link was revoked meanwhile'),
    variant('downloadCalendar:failed', { type: outcome(m, 'downloadCalendar', 'error'), error: refused(503) }, 'the download fails'),
    variant('change.start', { type: 'change.start' }, 'Change booking'),
    variant('change.edit', { type: 'change.edit', changes: { meet_and_greet: 'yes' } }, 'tick (or untick) meet and greet'),
    variant('change.edit:dropoff', { type: 'change.edit', changes: { dropoff: NEW_DROPOFF } }, 'type a new drop-off'),
    variant('change.stop.add', { type: 'change.stop.add' }, '+ Extra Stop'),
    variant('change.stop.edit', { type: 'change.stop.edit', index: 0, values: NEW_STOP }, "type the stop's street and post code"),
    variant('change.stop.remove', { type: 'change.stop.remove', index: 0 }, 'Remove stop 1'),
    variant('change.review', { type: 'change.review' }, 'See the new price'),
    variant('change.back', { type: 'change.back' }, 'Back'),
    variant('change.confirm', { type: 'change.confirm' }, 'Confirm (or Pay) the change'),
    variant('change.done', { type: 'change.done' }, 'Done'),
    variant('card.submit', { type: 'card.submit', card: { kind: 'sandbox' } }, 'the card, Pay Now'),
    variant('previewChange:charge', { type: outcome(m, 'previewChange', 'done'), output: preview('charge') }, 'the server prices the change higher (card: the difference charged)'),
    variant('previewChange:refund', { type: outcome(m, 'previewChange', 'done'), output: preview('refund') }, 'the server prices the change lower (refunded)'),
    variant('previewChange:refused', { type: outcome(m, 'previewChange', 'error'), error: refused(422, 'change_refused', GRACE) }, "the booking flow's rule refuses it"),
    variant('previewChange:revoked', { type: outcome(m, 'previewChange', 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the link was revoked meanwhile'),
    variant('previewChange:moved', { type: outcome(m, 'previewChange', 'error'), error: refused(409, 'stale_revision', MANAGE_MESSAGES.staleRevision) }, 'the booking moved on meanwhile'),
    variant('apply:done', { type: outcomeIn(`${CHANGING}.applying`, 'done'), output: { ...applied, difference: -12 } }, 'the change is applied (refunded)'),
    variant('apply:revoked', { type: outcomeIn(`${CHANGING}.applying`, 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the link was revoked meanwhile'),
    variant('apply:moved', { type: outcomeIn(`${CHANGING}.applying`, 'error'), error: refused(409, 'stale_revision', MANAGE_MESSAGES.staleRevision) }, 'the booking moved on meanwhile'),
    variant('apply:offline', { type: outcomeIn(`${CHANGING}.applying`, 'error'), error: refused(null) }, 'the apply gets no answer'),
    variant('fetchPublishableKey:done', { type: outcome(m, 'fetchPublishableKey', 'done'), output: 'pk_sandbox_cabflow' }, "the processor's key (the sandbox)"),
    variant('fetchPublishableKey:failed', { type: outcome(m, 'fetchPublishableKey', 'error'), error: refused(503) }, 'the key does not come'),
    variant('createPaymentMethod:done', { type: outcome(m, 'createPaymentMethod', 'done'), output: { paymentMethodId: 'pm_card_visa' } }, 'the card becomes a payment method'),
    variant('createPaymentMethod:refused', { type: outcome(m, 'createPaymentMethod', 'error'), error: new Error(NOT_TEST_CARD) }, 'a real card number in TEST MODE'),
    variant('charge:applied', { type: outcomeIn(`${CHANGING}.paying.charging`, 'done'), output: applied }, 'charged, the change applied'),
    variant('charge:authenticate', { type: outcomeIn(`${CHANGING}.paying.charging`, 'done'), output: asksForAuthentication }, 'the bank asks for 3-D Secure'),
    variant('charge:revoked', { type: outcomeIn(`${CHANGING}.paying.charging`, 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the link was revoked meanwhile'),
    variant('charge:moved', { type: outcomeIn(`${CHANGING}.paying.charging`, 'error'), error: refused(409, 'stale_revision', MANAGE_MESSAGES.staleRevision) }, 'the booking moved on meanwhile'),
    variant('charge:declined', { type: outcomeIn(`${CHANGING}.paying.charging`, 'error'), error: refused(402, 'payment_failed', DECLINED) }, 'the card is declined'),
    variant('handleNextAction:completed', { type: outcome(m, 'handleNextAction', 'done'), output: { status: 'completed' } }, '3-D Secure: Complete'),
    variant('handleNextAction:failed', { type: outcome(m, 'handleNextAction', 'done'), output: { status: 'failed', message: NOT_AUTHENTICATED } }, '3-D Secure: Fail'),
    variant('handleNextAction:error', { type: outcome(m, 'handleNextAction', 'error'), error: refused(null) }, "3-D Secure's answer gets no answer"),
    variant('finish:applied', { type: outcomeIn(`${CHANGING}.paying.finishing`, 'done'), output: applied }, 'after 3-D Secure: the change applied'),
    variant('finish:authenticate', { type: outcomeIn(`${CHANGING}.paying.finishing`, 'done'), output: asksForAuthentication }, 'the bank asks for 3-D Secure again'),
    variant('finish:revoked', { type: outcomeIn(`${CHANGING}.paying.finishing`, 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the link was revoked meanwhile'),
    variant('finish:moved', { type: outcomeIn(`${CHANGING}.paying.finishing`, 'error'), error: refused(409, 'stale_revision', MANAGE_MESSAGES.staleRevision) }, 'the booking moved on meanwhile (the charge is refunded)'),
    variant('finish:offline', { type: outcomeIn(`${CHANGING}.paying.finishing`, 'error'), error: refused(null) }, 'after 3-D Secure: no answer'),
    // Issue 32: the driver's extras owing, paid with the change's card steps (their own invocations in payingExtras).
    variant('loadBooking:owing', { type: outcome(m, 'loadBooking', 'done'), output: OWING_VIEW }, "the server opens a completed trip whose driver's extras are owing"),
    variant('extras.pay', { type: 'extras.pay' }, 'Pay (the extras owing)'),
    variant('extras.back', { type: 'extras.back' }, "Back (from the extras' card form)"),
    variant('extrasKey:done', { type: outcomeIn(`${EXTRAS}.loadingKey`, 'done'), output: 'pk_sandbox_cabflow' }, "the processor's key (the sandbox), for the extras"),
    variant('extrasKey:failed', { type: outcomeIn(`${EXTRAS}.loadingKey`, 'error'), error: refused(503) }, "the key does not come (the extras' payment)"),
    variant('extrasCard:done', { type: outcomeIn(`${EXTRAS}.creatingPaymentMethod`, 'done'), output: { paymentMethodId: 'pm_card_visa' } }, 'the card becomes a payment method (the extras)'),
    variant('extrasCard:refused', { type: outcomeIn(`${EXTRAS}.creatingPaymentMethod`, 'error'), error: new Error(NOT_TEST_CARD) }, 'a real card number in TEST MODE (the extras)'),
    variant('payExtras:paid', { type: outcomeIn(`${EXTRAS}.paying`, 'done'), output: extrasPaid }, 'the extras charged'),
    variant('payExtras:authenticate', { type: outcomeIn(`${EXTRAS}.paying`, 'done'), output: extrasAuthenticate }, 'the bank asks for 3-D Secure (the extras)'),
    variant('payExtras:declined', { type: outcomeIn(`${EXTRAS}.paying`, 'error'), error: refused(402, 'payment_failed', EXTRAS_DECLINED) }, 'the card is declined (the extras)'),
    variant('payExtras:paidAlready', { type: outcomeIn(`${EXTRAS}.paying`, 'error'), error: refused(409, 'extras_paid', 'The waiting time and extras of this booking are paid already.') }, 'paid meanwhile (another tab, the office)'),
    variant('payExtras:revoked', { type: outcomeIn(`${EXTRAS}.paying`, 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the link was revoked meanwhile (the extras)'),
    variant('extrasNextAction:completed', { type: outcomeIn(`${EXTRAS}.authenticating`, 'done'), output: { status: 'completed' } }, "3-D Secure: Complete (the extras)"),
    variant('extrasNextAction:failed', { type: outcomeIn(`${EXTRAS}.authenticating`, 'done'), output: { status: 'failed', message: NOT_AUTHENTICATED } }, '3-D Secure: Fail (the extras)'),
    variant('extrasNextAction:error', { type: outcomeIn(`${EXTRAS}.authenticating`, 'error'), error: refused(null) }, "3-D Secure's answer gets no answer (the extras)"),
    variant('finishExtras:authenticate', { type: outcomeIn(`${EXTRAS}.finishing`, 'done'), output: extrasAuthenticate }, 'the bank asks for 3-D Secure again (the extras)'),
    variant('finishExtras:revoked', { type: outcomeIn(`${EXTRAS}.finishing`, 'error'), error: refused(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked) }, 'the link was revoked meanwhile (after 3-D Secure, the extras)'),
    variant('finishExtras:paid', { type: outcomeIn(`${EXTRAS}.finishing`, 'done'), output: extrasPaid }, 'after 3-D Secure: the extras charged'),
    variant('finishExtras:nothingOwing', { type: outcomeIn(`${EXTRAS}.finishing`, 'error'), error: refused(409, 'nothing_owing', 'Nothing is owing on this booking.') }, 'after 3-D Secure: nothing owing any more'),
    variant('finishExtras:offline', { type: outcomeIn(`${EXTRAS}.finishing`, 'error'), error: refused(null) }, 'after 3-D Secure: no answer (the extras)'),
    // The live view (issue 33, its own statechart: liveTrip.machine.ts) runs as long as the booking is shown; the page
    // handles neither its end nor a failure (kept off by `offer`).
    variant('liveTrip:done', { type: outcome(m, 'liveTrip', 'done') }, 'the live view ends'),
    variant('liveTrip:error', { type: outcome(m, 'liveTrip', 'error'), error: refused(null) }, 'the live view fails'),
  ],
  abstract: (s) => {
    const c = ctx(s);
    return {
      status: c.view?.status ?? null,
      revision: c.view?.revision ?? null,
      refusal: c.refusal?.code ?? null,
      notice: c.notice?.tone ?? null,
      error: c.error,
      calendarError: c.calendarError !== null,
      draft: Object.keys(c.draft).length > 0,
      preview: c.preview?.outcome ?? null,
      key: c.publishableKey !== null,
      payment: c.payment ? (c.payment.paymentIntentId ? 'intent' : 'method') : null,
      changed: c.changeResult !== null,
      resume: c.resumeStep,
      addresses: c.view?.change.addresses ?? false,
      stops: (c.draft.stops ?? []).map((stop) => (stop.street_name ? 'filled' : 'empty')).join(),
      dropoff: c.draft.dropoff !== undefined,
    };
  },
  /** The calendar from the booking's own view only; one edit per change; a second booking revision is not explored. */
  offer: (s, v) => {
    if (v.key.startsWith('liveTrip:')) return false;
    const booking = s.matches({ ready: { booking: 'viewing' } });
    if (v.key === 'calendar.download' || v.key.startsWith('downloadCalendar:')) return booking || !s.matches({ ready: { calendar: 'idle' } });
    const draft = ctx(s).draft;
    if (v.key === 'change.edit') return draft.meet_and_greet === undefined && draft.stops === undefined && draft.dropoff === undefined;
    // The address variants on a booking that allows them, each once per change (one stop at most).
    if (v.key === 'loadBooking:addresses' || v.key === 'loadBooking:owing') return ctx(s).view === null;
    if (v.key === 'change.edit:dropoff') return draft.dropoff === undefined && draft.meet_and_greet === undefined;
    if (v.key === 'change.stop.add') return draft.stops === undefined && draft.meet_and_greet === undefined;
    if (v.key === 'change.stop.edit') return draft.stops?.length === 1 && draft.stops[0].street_name === '';
    if (v.key === 'change.start') return (ctx(s).view?.revision ?? 0) === 0 || s.matches({ ready: { booking: 'changed' } });
    return true;
  },
  limit: 20_000,
  isGoal: (s) => s.matches({ ready: { booking: 'changed' } }) || s.matches({ ready: { booking: 'cancelled' } }),
  simple: {
    variants: (v) => ['loadBooking:card', 'change.start', 'change.edit', 'change.review', 'previewChange:charge', 'change.confirm', 'fetchPublishableKey:done', 'card.submit', 'createPaymentMethod:done', 'charge:authenticate', 'handleNextAction:completed', 'finish:applied'].includes(v.key),
    maxPaths: 3,
    maxLength: 12,
    origins: ['link'],
  },
  assertions: {
    loading: ({ snapshot }) => expect(ctx(snapshot).refusal).toBeNull(),
    loadFailed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(MANAGE_FAILURE_TEXT.load),
    refused: ({ snapshot }) => {
      expect(ctx(snapshot).refusal).not.toBeNull();
      expect(['link_invalid', 'link_revoked']).toContain(ctx(snapshot).refusal!.code);
    },
    'ready.booking.viewing': ({ snapshot }) => expect(ctx(snapshot).view?.status).not.toBe('cancelled'),
    'ready.booking.confirmingCancel': ({ snapshot }) => expect([null, MANAGE_FAILURE_TEXT.cancel]).toContain(ctx(snapshot).error),
    'ready.booking.cancelling': ({ snapshot, invocations }) => expect(invocations.cancelBooking?.at(-1)).toEqual({ token: MANAGE_TOKEN, revision: ctx(snapshot).view!.revision }),
    'ready.booking.cancelled': ({ snapshot }) => expect(ctx(snapshot).view?.status).toBe('cancelled'),
    'ready.booking.changed': ({ snapshot }) => {
      expect(ctx(snapshot).changeResult?.result).toBe('applied');
      expect(ctx(snapshot).notice).toEqual({ tone: 'success', text: MANAGE_MESSAGES.changed });
    },
    'ready.booking.changing.editing': ({ snapshot }) => {
      expect([null, GRACE, MANAGE_FAILURE_TEXT.change, 'Change a detail of your booking first.']).toContain(ctx(snapshot).error);
      // Address edits stay in the draft only where the booking allows them.
      if (!ctx(snapshot).view?.change.addresses) expect(ctx(snapshot).draft).not.toHaveProperty('dropoff');
    },
    'ready.booking.changing.previewing': ({ snapshot, invocations }) => expect(invocations.previewChange?.at(-1)).toEqual({ token: MANAGE_TOKEN, changes: sentChanges(snapshot) }),
    'ready.booking.changing.confirming': ({ snapshot }) => {
      expect(ctx(snapshot).preview).not.toBeNull();
      expect([null, MANAGE_FAILURE_TEXT.change, MANAGE_FAILURE_TEXT.cardForm]).toContain(ctx(snapshot).error);
    },
    'ready.booking.changing.applying': ({ snapshot, invocations }) => expect(invocations.applyChange?.at(-1)).toEqual({ token: MANAGE_TOKEN, revision: 0, changes: sentChanges(snapshot) }),
    'ready.booking.changing.paying.loadingKey': ({ snapshot }) => expect(ctx(snapshot).preview?.outcome).toBe('charge'),
    'ready.booking.changing.paying.form': ({ snapshot }) => {
      expect(ctx(snapshot).publishableKey).toBe('pk_sandbox_cabflow');
      expect([null, NOT_TEST_CARD, DECLINED, NOT_AUTHENTICATED, MANAGE_FAILURE_TEXT.payment]).toContain(ctx(snapshot).error);
    },
    'ready.booking.changing.paying.creatingPaymentMethod': ({ invocations }) => expect(invocations.createPaymentMethod?.at(-1)).toMatchObject({ card: { kind: 'sandbox' } }),
    'ready.booking.changing.paying.charging': ({ snapshot, invocations }) =>
      expect(invocations.applyChange?.at(-1)).toEqual({ token: MANAGE_TOKEN, revision: 0, changes: sentChanges(snapshot), payment_method_id: 'pm_card_visa' }),
    'ready.booking.changing.paying.authenticating': ({ invocations }) =>
      expect(invocations.handleNextAction?.at(-1)).toEqual({ token: MANAGE_TOKEN, paymentIntentId: 'pi_sandbox_1', clientSecret: 'pi_sandbox_1_secret' }),
    'ready.booking.changing.paying.finishing': ({ snapshot, invocations }) =>
      expect(invocations.applyChange?.at(-1)).toEqual({ token: MANAGE_TOKEN, revision: 0, changes: sentChanges(snapshot), payment_intent_id: 'pi_sandbox_1' }),
    // Issue 32: the extras owing, paid by card.
    'ready.booking.payingExtras.loadingKey': ({ snapshot }) => expect(ctx(snapshot).view?.extras?.status).toBe('owing'),
    'ready.booking.payingExtras.form': ({ snapshot }) => {
      expect(ctx(snapshot).publishableKey).toBe('pk_sandbox_cabflow');
      expect([null, NOT_TEST_CARD, EXTRAS_DECLINED, NOT_AUTHENTICATED, MANAGE_FAILURE_TEXT.extras]).toContain(ctx(snapshot).error);
    },
    'ready.booking.payingExtras.creatingPaymentMethod': ({ invocations }) => expect(invocations.createPaymentMethod?.at(-1)).toMatchObject({ card: { kind: 'sandbox' } }),
    'ready.booking.payingExtras.paying': ({ invocations }) => expect(invocations.payExtras?.at(-1)).toEqual({ token: MANAGE_TOKEN, payment_method_id: 'pm_card_visa' }),
    'ready.booking.payingExtras.authenticating': ({ invocations }) =>
      expect(invocations.handleExtrasNextAction?.at(-1)).toEqual({ token: MANAGE_TOKEN, paymentIntentId: 'pi_sandbox_2', clientSecret: 'pi_sandbox_2_secret' }),
    'ready.booking.payingExtras.finishing': ({ invocations }) => expect(invocations.payExtras?.at(-1)).toEqual({ token: MANAGE_TOKEN, payment_intent_id: 'pi_sandbox_2' }),
    'ready.calendar.idle': ({ snapshot }) => expect(ctx(snapshot).calendarError).toBeNull(),
    'ready.calendar.downloading': ({ invocations }) => expect(invocations.downloadCalendar?.at(-1)).toEqual({ token: MANAGE_TOKEN }),
    'ready.calendar.failed': ({ snapshot }) => expect(ctx(snapshot).calendarError).toBe(MANAGE_FAILURE_TEXT.calendar),
  },
  unreachable: {
    'ready.booking.changing.applying|xstate.done.actor.0.manageBooking.ready.booking.changing.applying|0':
      'the server asks for 3-D Secure only when it charges, and a change it charges is paid through paying, never applying',
  },
  guardChecks: [
    {
      label: 'an extra stop only where the owner allows address changes online, up to the limit',
      event: { type: 'change.stop.add' },
      expected: (s) =>
        s.matches({ ready: { booking: { changing: 'editing' } } }) ? { can: Boolean(ctx(s).view?.change.addresses) && draftStops(ctx(s).view, ctx(s).draft).length < 10 } : undefined,
    },
    {
      label: 'Remove stop 1 only when there is a stop 1',
      event: { type: 'change.stop.remove', index: 0 },
      expected: (s) => (s.matches({ ready: { booking: { changing: 'editing' } } }) ? { can: draftStops(ctx(s).view, ctx(s).draft).length > 0 } : undefined),
    },
    { label: 'a second confirm while cancelling is ignored (one request)', event: { type: 'cancel.confirm' }, expected: (s) => (s.matches({ ready: { booking: 'cancelling' } }) ? { can: false } : undefined) },
    {
      label: 'Pay Now only on the card form (never while a payment is under way)',
      event: { type: 'card.submit', card: { kind: 'sandbox' } },
      expected: (s) => (s.matches({ ready: { booking: { changing: 'paying' } } }) ? { can: s.matches({ ready: { booking: { changing: { paying: 'form' } } } }) } : undefined),
    },
    { label: 'a change cannot be reviewed without a changed detail', event: { type: 'change.review' }, expected: (s) => (s.matches({ ready: { booking: { changing: 'editing' } } }) && Object.keys(ctx(s).draft).length === 0 ? { can: true, next: ['ready.booking.changing.editing', `ready.calendar.${s.matches({ ready: { calendar: 'idle' } }) ? 'idle' : s.matches({ ready: { calendar: 'failed' } }) ? 'failed' : 'downloading'}`].sort() } : undefined) },
  ],
};
