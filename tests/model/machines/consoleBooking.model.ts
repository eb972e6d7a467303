/**
 * One booking in the console and its dispatch (machines/consoleBooking): a new card-paid booking accepted, assigned,
 * unassigned, completed, cancelled with its refund or marked a no-show, as DISPATCH_TRANSITIONS (contract/dispatch.ts)
 * allows; each call failing, refused, or refused because the booking changed meanwhile. A booking whose pick-up is
 * still to come (`early`, issue 30) cannot be completed or marked a no-show: the page says so and sends nothing.
 * An accepted booking without a driver is offered to a driver on duty (issue 32): the drivers on duty load or fail,
 * the offer is sent ("Offer sent") or refused with the server's reason. A phone booking held for its payment link
 * (issue 34) has its link resent ("Resend payment link"), or refused (paid meanwhile).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { ConsoleBookingDetail, Assignable, DispatchResponse } from '../../../contract/consoleBookings.ts';
import { allowedEvents, DISPATCH_MESSAGES, nextStatus, tooEarlyMessage, type BookingStatus, type DispatchEvent } from '../../../contract/dispatch.ts';
import { DRIVER_MESSAGES, type OnDutyDriver } from '../../../contract/driver.ts';
import { PAY_LINK_MESSAGES } from '../../../contract/payLinks.ts';
import { DISPATCH_TEXT, dispatchMachine, mayDispatch, mayOffer, mayResendLink, tooEarlyFor, type DispatchContext } from '../../../machines/consoleBooking/index.ts';
import { machineInvokes } from '../graph.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = dispatchMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as DispatchContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const MODEL_BOOKING_NUMBER = 'CF-MODEL-1';
export const PAID_PENCE = 4_250;
export const REFUSED_MESSAGE = "Model Driver's PHV driver licence expires on 2020-01-01, before 2026-11-26: it cannot be assigned";

/** Completing and a no-show wait for these (dispatch.not_before): a job that ran, or one whose pick-up is to come. */
const RAN = '2020-01-01T09:00:00.000Z';
const TO_COME = '2099-01-01T09:00:00.000Z';
export const TOO_EARLY_MESSAGES = [tooEarlyMessage('complete', new Date(TO_COME)), tooEarlyMessage('no_show', new Date(TO_COME))];

/** The booking as the console reads it, in `status` (only what the statechart looks at is real); `early`: its pick-up is to come. */
function booking(status: BookingStatus, revision: number, early = false): ConsoleBookingDetail {
  const assigned = status === 'driver_assigned' || status === 'completed';
  const at = early ? TO_COME : RAN;
  return {
    booking_number: MODEL_BOOKING_NUMBER,
    status,
    revision,
    payment: { method: 'card', state: 'paid', intent_id: 'pi_model', paid_pence: PAID_PENCE, extras_paid_pence: 0, refunded_pence: 0, refundable_pence: status === 'cancelled' ? 0 : PAID_PENCE, refunds: [] },
    dispatch: { driver: assigned ? { id: 1, name: 'Model Driver' } : null, vehicle: assigned ? { id: 1, registration: 'MD01ABC' } : null, not_before: { complete: at, no_show: at } },
    allowed_events: allowedEvents(status),
  } as unknown as ConsoleBookingDetail;
}

/** One driver on duty (the offer step's choice); the page's gate answers with it. */
export const MODEL_ON_DUTY_ID = 901;
export const ON_DUTY: OnDutyDriver[] = [
  {
    driver: { id: MODEL_ON_DUTY_ID, name: 'Model Duty Driver' },
    shift: { id: 1, vehicle: { id: 1, registration: 'MD01DTY', make: 'Toyota', model: 'Prius', colour: 'Silver', category_name: 'Saloon' }, started_at: '2026-11-26T08:00:00.000Z' },
    position: null,
    job: null,
  },
];
export const OFFER_REFUSED_MESSAGE = DRIVER_MESSAGES.driverNotOnDuty;
/** The resend's answers (issue 34): the link mailed again, or refused because the booking was paid meanwhile. */
export const RESENT_MESSAGE = PAY_LINK_MESSAGES.resent('lena.link@example.test');
export const RESEND_REFUSED_MESSAGE = PAY_LINK_MESSAGES.alreadyPaid;
const HELD_ONLY = ['payLink.resend', 'resendPayLink:done', 'resendPayLink:error'];

const ASSIGNABLE = { success: true, valid_on: '2026-11-26', drivers: [{ id: 1, name: 'Model Driver' }], vehicles: [{ id: 1, registration: 'MD01ABC', same_category: true }] } as unknown as Assignable;
const REVISION: Record<BookingStatus, number> = { awaiting_payment: 0, confirmed: 0, accepted: 1, driver_assigned: 2, completed: 3, cancelled: 3, no_show: 3 };
const MESSAGE: Record<BookingStatus, string> = {
  // Not a state of this model (a phone booking held for its payment link: tests/model/machines/payBooking.model.ts).
  awaiting_payment: DISPATCH_MESSAGES.cancelled,
  confirmed: DISPATCH_MESSAGES.accepted,
  accepted: DISPATCH_MESSAGES.accepted,
  driver_assigned: DISPATCH_MESSAGES.assigned,
  completed: DISPATCH_MESSAGES.completed,
  cancelled: DISPATCH_MESSAGES.cancelled,
  no_show: DISPATCH_MESSAGES.noShow,
};
const response = (status: BookingStatus, early = false): DispatchResponse => ({
  success: true,
  message: MESSAGE[status],
  booking: booking(status, REVISION[status], early),
  refund: status === 'cancelled' ? { amount_pence: PAID_PENCE, status: 'succeeded' } : null,
});

/** The reloading state's own outcome events (loadBooking is invoked twice: on arrival and on `reload`). */
function reloadOutcome(kind: 'done' | 'error') {
  const invoke = machineInvokes(m).find((i) => i.src === 'loadBooking' && i.id.includes('reloading'));
  if (!invoke) throw new Error('dispatch: no reloading invoke');
  return `xstate.${kind}.actor.${invoke.id}`;
}

const DONE_STATUSES = ['accepted', 'driver_assigned', 'completed', 'cancelled', 'no_show'] as const;
const pendingEvent = (s: AnyMachineSnapshot): DispatchEvent | null => ctx(s).pending?.request.event ?? null;
/** The statuses an early booking reaches in the model: enough to try Complete and No-show before the pick-up. */
const EARLY_STATUSES = ['accepted', 'driver_assigned'] as const;
const isEarly = (current: ConsoleBookingDetail | null) => current !== null && current.dispatch.not_before.complete === TO_COME;

export const consoleBookingModel: MachineModel = {
  id: 'consoleBooking',
  title: "a booking's dispatch in the console",
  machine: m,
  origins: [{ id: 'card', label: '/admin/bookings/:number of a new card-paid booking', input: { number: MODEL_BOOKING_NUMBER } }],
  variants: [
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('reload', { type: 'reload' }, 'the live feed says the booking changed elsewhere'),
    variant('act:accept', { type: 'act', event: 'accept' }, 'Accept'),
    variant('act:complete', { type: 'act', event: 'complete' }, 'Complete'),
    variant('act:unassign', { type: 'act', event: 'unassign' }, 'Unassign driver'),
    variant('assign.start', { type: 'assign.start' }, 'Assign driver'),
    variant('assign.choose', { type: 'assign.choose', driverId: 1, vehicleId: 1 }, 'choose the driver and the vehicle'),
    variant('assign.confirm', { type: 'assign.confirm' }, 'Assign'),
    variant('offer.start', { type: 'offer.start' }, 'Offer to a driver'),
    variant('offer.choose', { type: 'offer.choose', driverId: MODEL_ON_DUTY_ID }, 'choose a driver on duty'),
    variant('offer.confirm', { type: 'offer.confirm' }, 'Send offer'),
    variant('loadOnDuty:done', { type: outcome(m, 'loadOnDuty', 'done'), output: ON_DUTY }, 'the drivers on duty are listed'),
    variant('loadOnDuty:error', { type: outcome(m, 'loadOnDuty', 'error'), error: httpError(503, 'Service unavailable') }, 'they do not load'),
    variant('sendOffer:done', { type: outcome(m, 'sendOffer', 'done'), output: { message: DRIVER_MESSAGES.offered } }, 'the offer is sent'),
    variant('sendOffer:refused', { type: outcome(m, 'sendOffer', 'error'), error: httpError(422, OFFER_REFUSED_MESSAGE) }, 'refused: the driver went off duty'),
    variant('cancel.start', { type: 'cancel.start' }, 'Cancel booking'),
    variant('cancel.edit:reason', { type: 'cancel.edit', draft: { reason: 'passenger_request' } }, "reason: the passenger's request"),
    variant('cancel.edit:tooMuch', { type: 'cancel.edit', draft: { refundPence: PAID_PENCE * 10 } }, 'a refund larger than the payment'),
    variant('cancel.confirm', { type: 'cancel.confirm' }, 'Cancel and refund'),
    variant('noShow.start', { type: 'noShow.start' }, 'No-show'),
    variant('noShow.confirm', { type: 'noShow.confirm' }, 'Mark as no-show'),
    variant('back', { type: 'back' }, 'Back'),
    variant('payLink.resend', { type: 'payLink.resend' }, 'Resend payment link'),
    variant('resendPayLink:done', { type: outcome(m, 'resendPayLink', 'done'), output: { success: true, message: RESENT_MESSAGE, due_at: '2030-01-01T12:00:00.000Z' } }, 'a new link is mailed'),
    variant('resendPayLink:error', { type: outcome(m, 'resendPayLink', 'error'), error: httpError(409, RESEND_REFUSED_MESSAGE) }, 'refused: paid meanwhile (409)'),
    variant('loadBooking:held', { type: outcome(m, 'loadBooking', 'done'), output: booking('awaiting_payment', 0) }, 'a phone booking held for its payment link is loaded'),
    variant('loadBooking:done', { type: outcome(m, 'loadBooking', 'done'), output: booking('confirmed', 0) }, 'the booking is loaded'),
    variant('loadBooking:early', { type: outcome(m, 'loadBooking', 'done'), output: booking('confirmed', 0, true) }, 'a booking whose pick-up is to come is loaded'),
    variant('loadBooking:notFound', { type: outcome(m, 'loadBooking', 'error'), error: httpError(404, DISPATCH_MESSAGES.notFound) }, 'no such booking'),
    variant('loadBooking:error', { type: outcome(m, 'loadBooking', 'error'), error: httpError(503, 'Service unavailable') }, 'the booking does not load'),
    variant('reload:done', { type: reloadOutcome('done'), output: booking('confirmed', 0) }, 'reloaded'),
    variant('reload:early', { type: reloadOutcome('done'), output: booking('confirmed', 0, true) }, 'reloaded (its pick-up to come)'),
    variant('reload:error', { type: reloadOutcome('error'), error: httpError(503, 'Service unavailable') }, 'the reload fails'),
    // The live feed's actor runs as long as the page and says `reload`; it never ends by itself (kept off by `offer`).
    variant('bookingChanges:done', { type: outcome(m, 'bookingChanges', 'done') }, 'the live feed ends'),
    variant('bookingChanges:error', { type: outcome(m, 'bookingChanges', 'error'), error: httpError(503, 'Service unavailable') }, 'the live feed fails'),
    variant('loadAssignable:done', { type: outcome(m, 'loadAssignable', 'done'), output: ASSIGNABLE }, 'the licensed drivers and vehicles are listed'),
    variant('loadAssignable:error', { type: outcome(m, 'loadAssignable', 'error'), error: httpError(503, 'Service unavailable') }, 'they do not load'),
    ...DONE_STATUSES.map((status) => variant(`dispatch:${status}`, { type: outcome(m, 'dispatch', 'done'), output: response(status) }, `done: ${status}`)),
    ...EARLY_STATUSES.map((status) => variant(`dispatch:${status}:early`, { type: outcome(m, 'dispatch', 'done'), output: response(status, true) }, `done: ${status} (its pick-up to come)`)),
    variant('dispatch:conflict', { type: outcome(m, 'dispatch', 'error'), error: httpError(409, DISPATCH_MESSAGES.revisionChanged) }, 'refused: the booking changed meanwhile'),
    variant('dispatch:refused', { type: outcome(m, 'dispatch', 'error'), error: httpError(422, REFUSED_MESSAGE) }, 'refused (an expired licence)'),
  ],
  offer: (s, v) => {
    if (v.key.startsWith('bookingChanges:')) return false;
    const current = ctx(s).booking;
    // A held booking (issue 34): its link resent; its other step (cancel) is the confirmed booking's, modelled there.
    if (current?.status === 'awaiting_payment') return HELD_ONLY.includes(v.key);
    if (v.key === 'loadBooking:held') return current === null;
    if (v.key === 'payLink.resend') return mayResendLink(current);
    if (v.event.type === 'act') return mayDispatch(current, v.event.event);
    if (v.key === 'assign.start') return mayDispatch(current, 'assign');
    if (v.key === 'offer.start') return mayOffer(current);
    if (v.key === 'cancel.start') return mayDispatch(current, 'cancel');
    if (v.key === 'noShow.start') return mayDispatch(current, 'no_show');
    // The server answers what the request asked: the status the table leads to.
    if (v.key.startsWith('dispatch:') && v.key !== 'dispatch:conflict' && v.key !== 'dispatch:refused') {
      const event = pendingEvent(s);
      const [, status, early] = v.key.split(':');
      return current !== null && event !== null && nextStatus(current.status, event) === status && isEarly(current) === (early === 'early');
    }
    // A conflict reloads the booking as it is on the server: kept to the new booking, which reloads as it was.
    if (v.key === 'dispatch:conflict') return current?.status === 'confirmed';
    // A booking once shown cannot stop existing or be another; only its first load fails or is not found.
    if (v.key === 'loadBooking:notFound' || v.key === 'loadBooking:error') return current === null;
    // The same booking each time: a job that ran, or (…:early) one whose pick-up is to come.
    if (v.key === 'loadBooking:done' || v.key === 'reload:done') return current === null || (current.status === 'confirmed' && !isEarly(current));
    if (v.key === 'loadBooking:early' || v.key === 'reload:early') return current === null || (current.status === 'confirmed' && isEarly(current));
    return true;
  },
  abstract: (s) => {
    const c = ctx(s);
    return {
      status: c.booking?.status ?? null,
      early: isEarly(c.booking),
      assignable: c.assignable !== null,
      chosen: [c.driverId, c.vehicleId],
      cancel: [c.cancel.reason, c.cancel.refundPence],
      notice: c.notice,
      error: c.error,
      stale: c.stale,
      onDuty: c.onDuty !== null,
      offerDriver: c.offerDriverId,
      // What a refused request leaves behind is not shown, and the next request replaces it.
      pending: c.pending && s.matches({ ready: 'submitting' }) ? [c.pending.request.event, c.pending.from] : null,
    };
  },
  limit: 20_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    loading: ({ snapshot }) => {
      const notice = ctx(snapshot).notice;
      if (notice) expect(notice).toEqual({ tone: 'warning', text: DISPATCH_MESSAGES.revisionChanged });
    },
    failed: ({ snapshot }) => expect(ctx(snapshot).error).toBe(DISPATCH_TEXT.loadFailed),
    notFound: ({ snapshot }) => expect(ctx(snapshot).booking).toBeNull(),
    'ready.idle.settled': ({ snapshot }) => {
      const c = ctx(snapshot);
      expect(c.booking).not.toBeNull();
      expect([null, DISPATCH_TEXT.loadFailed, REFUSED_MESSAGE, RESEND_REFUSED_MESSAGE, ...(isEarly(c.booking) ? TOO_EARLY_MESSAGES : [])]).toContain(c.error);
    },
    'ready.idle.reloading': ({ snapshot, invocations }) => {
      expect(ctx(snapshot).booking).not.toBeNull();
      expect(last(invocations, 'loadBooking')).toEqual({ number: MODEL_BOOKING_NUMBER });
    },
    'ready.resendingLink': ({ snapshot, invocations }) => {
      expect(ctx(snapshot).booking!.status).toBe('awaiting_payment');
      expect(last(invocations, 'resendPayLink')).toEqual({ number: MODEL_BOOKING_NUMBER });
    },
    'ready.assigning.loadingChoices': ({ snapshot }) => expect(mayDispatch(ctx(snapshot).booking, 'assign')).toBe(true),
    'ready.assigning.choicesFailed': ({ snapshot }) => expect(ctx(snapshot).error).toBe('Service unavailable'),
    'ready.assigning.choosing': ({ snapshot }) => {
      expect(ctx(snapshot).assignable).toEqual(ASSIGNABLE);
      expect([null, DISPATCH_TEXT.chooseBoth, REFUSED_MESSAGE]).toContain(ctx(snapshot).error);
    },
    'ready.offering.loadingDrivers': ({ snapshot }) => expect(mayOffer(ctx(snapshot).booking)).toBe(true),
    'ready.offering.driversFailed': ({ snapshot }) => expect(ctx(snapshot).error).toBe('Service unavailable'),
    'ready.offering.choosing': ({ snapshot }) => {
      expect(ctx(snapshot).onDuty).toEqual(ON_DUTY);
      expect([null, DISPATCH_TEXT.chooseDriver, OFFER_REFUSED_MESSAGE]).toContain(ctx(snapshot).error);
    },
    'ready.offering.sending': ({ snapshot, invocations }) => {
      expect(last(invocations, 'sendOffer')).toEqual({ number: MODEL_BOOKING_NUMBER, driverId: MODEL_ON_DUTY_ID });
      expect(ctx(snapshot).booking!.status).toBe('accepted');
    },
    'ready.cancelling': ({ snapshot }) => {
      expect(mayDispatch(ctx(snapshot).booking, 'cancel')).toBe(true);
      expect([null, DISPATCH_TEXT.refundTooLarge, REFUSED_MESSAGE]).toContain(ctx(snapshot).error);
    },
    'ready.confirmingNoShow': ({ snapshot }) => expect(mayDispatch(ctx(snapshot).booking, 'no_show')).toBe(true),
    'ready.submitting': ({ snapshot, invocations }) => {
      const c = ctx(snapshot);
      const sent = last(invocations, 'dispatch') as { number: string; request: { event: DispatchEvent; revision: number; refund_pence?: number } };
      expect(sent.number).toBe(MODEL_BOOKING_NUMBER);
      // Every request carries the revision shown, and only what the table allows from the status shown.
      expect(sent.request.revision).toBe(c.booking!.revision);
      expect(nextStatus(c.booking!.status, sent.request.event)).not.toBeNull();
      if (sent.request.event === 'cancel') expect(sent.request.refund_pence).toBe(c.cancel.refundPence);
    },
  },
  guardChecks: [
    {
      label: "a change elsewhere during a step keeps the step (the booking is read once back)",
      event: { type: 'reload' },
      expected: (s) => (s.matches({ ready: 'cancelling' }) ? { can: true, next: ['ready.cancelling'] } : s.matches({ ready: { idle: 'settled' } }) ? { next: ['ready.idle.reloading'] } : undefined),
    },
    {
      label: 'the buttons are what DISPATCH_TRANSITIONS allows: Complete only once a driver is assigned',
      event: { type: 'act', event: 'complete' },
      expected: (s) => (s.matches({ ready: 'idle' }) ? { can: ctx(s).booking!.status === 'driver_assigned' } : undefined),
    },
    {
      label: 'Complete and No-show before the pick-up (less the allowance) say so and stay (issue 30)',
      event: { type: 'act', event: 'complete' },
      expected: (s) => (s.matches({ ready: 'idle' }) && ctx(s).booking!.status === 'driver_assigned' ? { next: tooEarlyFor(ctx(s).booking, 'complete') ? [s.matches({ ready: { idle: 'reloading' } }) ? 'ready.idle.reloading' : 'ready.idle.settled'] : ['ready.submitting'] } : undefined),
    },
    {
      label: 'a refund larger than what is refundable is refused before it is sent',
      event: { type: 'cancel.confirm' },
      expected: (s) => (s.matches({ ready: 'cancelling' }) && ctx(s).cancel.refundPence > PAID_PENCE ? { next: ['ready.cancelling'] } : undefined),
    },
  ],
};
