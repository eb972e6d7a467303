/**
 * One booking in the console (/admin/bookings/:number) and its dispatch (issue 17). The actions offered are exactly
 * what contract/dispatch.ts's DISPATCH_TRANSITIONS allows from the booking's status (the server enforces the same
 * table); every request carries the revision shown, so a booking changed meanwhile is refused and reloaded.
 * - `loading` → `ready`, `notFound` (404), or `failed` (`retry`).
 * - `ready.idle`: `act` with accept, complete or unassign sends it at once (Complete and No-show before the instant the
 *   booking's `dispatch.not_before` gives, i.e. before the pick-up less the owner's allowance, only say so and send
 *   nothing: the server would refuse them, issue 30); `assign.start` → `assigning` (the valid,
 *   unexpired drivers and vehicles load, then `choosing`: pick both, `assign.confirm`); `cancel.start` →
 *   `cancelling` (a reason, a note, and for a card payment the refund, everything refundable by default, shown
 *   before `cancel.confirm`); `noShow.start` → `confirmingNoShow`. `back` leaves any of them.
 * - `ready.submitting` → `idle` with the booking as it now is and the server's message (and the refund), or, refused
 *   because the booking changed (409), `loading` again with why; any other refusal returns to the step with the reason.
 * - `reload` (sent by the live feed, actor `bookingChanges`, when someone else changed this booking): from `idle` the
 *   booking is read again (`idle.reloading`: the page stays usable); during a step it is only noted (`stale`) so
 *   the dispatcher's half-made choice is kept, and read again once back in `idle`.
 * - Offers (issue 32): `offer.start` (an accepted booking without a driver) → `offering.loadingDrivers` (who is on
 *   duty, GET drivers/on-duty) → `offering.choosing` (`offer.choose` a driver, `offer.confirm`) → `offering.sending`
 *   → `idle` with the server's "Offer sent" (sent), or back to `choosing` with the server's reason (refused: not on
 *   duty, an open offer already, the booking no longer offerable). The offers themselves are listed from the booking's
 *   page and read again with it on the live feed.
 * - Payment links (issue 34): a booking held for its link (`awaiting_payment`) offers `payLink.resend` from `idle` →
 *   `resendingLink` (POST /api/admin/phone-bookings/:number/pay-link: a new link mailed, the old one dead) → `idle` with
 *   the server's message, or its refusal as the error.
 */
import { assign, setup } from 'xstate';
import type { ConsoleBookingDetail, Assignable, DispatchRequest, DispatchResponse } from '../../contract/consoleBookings.ts';
import type { OnDutyDriver } from '../../contract/driver.ts';
import { nextStatus, tooEarlyMessage, type CancelReason, type DispatchEvent } from '../../contract/dispatch.ts';
import { dispatchActors } from './dispatch.actors.ts';
import { statusOf, messageOf } from '../console/callError.ts';

export const DISPATCH_TEXT = {
  loadFailed: 'The booking could not be loaded. Check the connection and try again.',
  assignableFailed: 'The drivers and vehicles could not be loaded. Try again.',
  actionFailed: 'That did not go through. Check the connection and try again.',
  chooseBoth: 'Choose a driver and a vehicle.',
  refundTooLarge: 'The refund cannot be more than what is left of the payment.',
  onDutyFailed: 'The drivers on duty could not be loaded. Try again.',
  chooseDriver: 'Choose a driver on duty.',
  offerFailed: 'The offer was not sent. Check the connection and try again.',
  resendFailed: 'The payment link was not sent. Check the connection and try again.',
} as const;

/** The held booking's button (issue 34): a new payment link mailed to the passenger. */
export const RESEND_LINK_LABEL = 'Resend payment link';

/** The button beside "Assign driver" for an accepted booking without a driver (issue 32). */
export const OFFER_LABEL = 'Offer to a driver';

export interface DispatchInput {
  number: string;
}

export interface CancelDraft {
  reason: CancelReason | '';
  note: string;
  /** Pence to refund (card payments); starts at everything refundable. */
  refundPence: number;
}

export interface Notice {
  tone: 'success' | 'warning';
  text: string;
}

export interface DispatchContext {
  number: string;
  booking: ConsoleBookingDetail | null;
  assignable: Assignable | null;
  driverId: number | null;
  vehicleId: number | null;
  cancel: CancelDraft;
  notice: Notice | null;
  error: string | null;
  /** The request being sent, and the step to go back to if it is refused. */
  pending: { request: DispatchRequest; from: 'idle' | 'choosing' | 'cancelling' | 'confirmingNoShow' } | null;
  /** The booking changed on the server during a step: read it again once back in `idle`. */
  stale: boolean;
  /** The drivers on duty (the offer step's choices) and the one chosen. */
  onDuty: OnDutyDriver[] | null;
  offerDriverId: number | null;
}

export type DispatchMachineEvent =
  | { type: 'retry' }
  | { type: 'reload' }
  | { type: 'act'; event: 'accept' | 'complete' | 'unassign' }
  | { type: 'assign.start' }
  | { type: 'assign.choose'; driverId: number | null; vehicleId: number | null }
  | { type: 'assign.confirm' }
  | { type: 'cancel.start' }
  | { type: 'cancel.edit'; draft: Partial<CancelDraft> }
  | { type: 'cancel.confirm' }
  | { type: 'noShow.start' }
  | { type: 'noShow.confirm' }
  | { type: 'offer.start' }
  | { type: 'offer.choose'; driverId: number | null }
  | { type: 'offer.confirm' }
  | { type: 'payLink.resend' }
  | { type: 'back' };

/** A booking held for its payment link (issue 34): the only one whose link can be resent. */
export const mayResendLink = (booking: ConsoleBookingDetail | null) => booking !== null && booking.status === 'awaiting_payment';

/** Whether DISPATCH_TRANSITIONS lets the booking (as shown) take `event`. */
export const mayDispatch = (booking: ConsoleBookingDetail | null, event: DispatchEvent) => booking !== null && nextStatus(booking.status, event) !== null;

/**
 * The instant a timed event (complete, no_show) may be sent from when it is still to come at `now`, else null: the
 * server's dispatchNotBefore, as the booking's detail gives it.
 */
export function tooEarlyFor(booking: ConsoleBookingDetail | null, event: DispatchEvent, now: Date = new Date()): Date | null {
  const given = event === 'complete' || event === 'no_show' ? booking?.dispatch?.not_before?.[event] : undefined;
  if (!given) return null;
  const at = new Date(given);
  return at.getTime() > now.getTime() ? at : null;
}

/** An offer is for an accepted booking without a driver (the server's offerable rule). */
export const mayOffer = (booking: ConsoleBookingDetail | null) => booking !== null && booking.status === 'accepted' && booking.dispatch.driver === null;

const refundable = (booking: ConsoleBookingDetail | null) => (booking?.payment.method === 'card' ? booking.payment.refundable_pence : 0);

export const dispatchMachine = setup({
  types: {
    context: {} as DispatchContext,
    events: {} as DispatchMachineEvent,
    input: {} as DispatchInput,
  },
  actors: dispatchActors,
  actions: {
    setBooking: assign({ booking: (_, params: { booking: ConsoleBookingDetail }) => params.booking }),
    setAssignable: assign(({ context }, params: { assignable: Assignable }) => {
      const driver = context.booking?.dispatch.driver?.id ?? null;
      const vehicle = context.booking?.dispatch.vehicle?.id ?? null;
      return {
        assignable: params.assignable,
        // The current ones when still offered, else the vehicle of the booked category if there is one only.
        driverId: params.assignable.drivers.some((d) => d.id === driver) ? driver : null,
        vehicleId: params.assignable.vehicles.some((v) => v.id === vehicle) ? vehicle : null,
      };
    }),
    choose: assign((_, params: { driverId: number | null; vehicleId: number | null }) => ({ driverId: params.driverId, vehicleId: params.vehicleId })),
    startCancel: assign(({ context }) => ({ cancel: { reason: '' as const, note: '', refundPence: refundable(context.booking) } })),
    editCancel: assign(({ context }, params: { draft: Partial<CancelDraft> }) => ({ cancel: { ...context.cancel, ...params.draft } })),
    setPending: assign((_, params: NonNullable<DispatchContext['pending']>) => ({ pending: params })),
    done: assign((_, params: { response: DispatchResponse }) => ({
      booking: params.response.booking,
      pending: null,
      error: null,
      notice: {
        tone: 'success' as const,
        text: params.response.refund
          ? `${params.response.message}. Refund of £${(params.response.refund.amount_pence / 100).toFixed(2)}: ${params.response.refund.status}.`
          : params.response.message,
      },
    })),
    setOnDuty: assign(({ context }, params: { drivers: OnDutyDriver[] }) => ({
      onDuty: params.drivers,
      offerDriverId: params.drivers.some((d) => d.driver.id === context.offerDriverId) ? context.offerDriverId : null,
    })),
    chooseOfferDriver: assign({ offerDriverId: (_, params: { driverId: number | null }) => params.driverId }),
    offerSent: assign((_, params: { message: string }) => ({ notice: { tone: 'success' as const, text: params.message }, error: null, offerDriverId: null })),
    setNotice: assign({ notice: (_, params: Notice) => params }),
    clearNotice: assign({ notice: null }),
    setError: assign({ error: (_, params: { text: string }) => params.text }),
    clearError: assign({ error: null }),
    markStale: assign({ stale: true }),
    clearStale: assign({ stale: false }),
  },
  guards: {
    mayAct: ({ context, event }) => event.type === 'act' && mayDispatch(context.booking, event.event),
    tooEarly: ({ context, event }) => event.type === 'act' && mayDispatch(context.booking, event.event) && tooEarlyFor(context.booking, event.event) !== null,
    noShowTooEarly: ({ context }) => mayDispatch(context.booking, 'no_show') && tooEarlyFor(context.booking, 'no_show') !== null,
    mayAssign: ({ context }) => mayDispatch(context.booking, 'assign'),
    mayCancel: ({ context }) => mayDispatch(context.booking, 'cancel'),
    mayNoShow: ({ context }) => mayDispatch(context.booking, 'no_show'),
    mayOffer: ({ context }) => mayOffer(context.booking),
    mayResendLink: ({ context }) => mayResendLink(context.booking),
    offerChosen: ({ context }) => context.offerDriverId !== null,
    bothChosen: ({ context }) => context.driverId !== null && context.vehicleId !== null,
    cancelReady: ({ context }) => context.cancel.reason !== '' && (context.cancel.reason !== 'operator_other' || context.cancel.note.trim() !== ''),
    refundTooLarge: ({ context }) => context.cancel.refundPence < 0 || context.cancel.refundPence > refundable(context.booking),
    isNotFound: ({ event }) => 'error' in event && statusOf(event.error) === 404,
    isConflict: ({ event }) => 'error' in event && statusOf(event.error) === 409,
    cameFrom: ({ context }, params: { step: string }) => context.pending?.from === params.step,
    isStale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'dispatch',
  context: ({ input }) => ({
    number: input.number,
    booking: null,
    assignable: null,
    driverId: null,
    vehicleId: null,
    cancel: { reason: '', note: '', refundPence: 0 },
    notice: null,
    error: null,
    pending: null,
    stale: false,
    onDuty: null,
    offerDriverId: null,
  }),
  invoke: { src: 'bookingChanges', input: ({ context }) => ({ number: context.number }) },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBooking',
        input: ({ context }) => ({ number: context.number }),
        onDone: { target: 'ready', actions: [{ type: 'setBooking', params: ({ event }) => ({ booking: event.output }) }, 'clearError'] },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'failed', actions: { type: 'setError', params: { text: DISPATCH_TEXT.loadFailed } } }],
      },
    },
    failed: { on: { retry: 'loading' } },
    notFound: {},
    ready: {
      initial: 'idle',
      on: { reload: { actions: 'markStale' } },
      states: {
        // Settled or reading the booking again: the booking shown stays usable either way (a click during a read
        // leaves it, still `stale`, to be read again once back).
        idle: {
          initial: 'settled',
          on: {
            act: [
              // Before its time (issue 30): said here, never sent.
              { guard: 'tooEarly', actions: ['clearNotice', { type: 'setError', params: ({ context, event }) => ({ text: tooEarlyMessage(event.event, tooEarlyFor(context.booking, event.event)!) }) }] },
              {
                guard: 'mayAct',
                target: 'submitting',
                actions: ['clearNotice', 'clearError', { type: 'setPending', params: ({ context, event }) => ({ request: { event: event.event, revision: context.booking!.revision }, from: 'idle' as const }) }],
              },
            ],
            'assign.start': { guard: 'mayAssign', target: 'assigning', actions: ['clearNotice', 'clearError'] },
            'offer.start': { guard: 'mayOffer', target: 'offering', actions: ['clearNotice', 'clearError'] },
            'payLink.resend': { guard: 'mayResendLink', target: 'resendingLink', actions: ['clearNotice', 'clearError'] },
            'cancel.start': { guard: 'mayCancel', target: 'cancelling', actions: ['clearNotice', 'clearError', 'startCancel'] },
            'noShow.start': [
              { guard: 'noShowTooEarly', actions: ['clearNotice', { type: 'setError', params: ({ context }) => ({ text: tooEarlyMessage('no_show', tooEarlyFor(context.booking, 'no_show')!) }) }] },
              { guard: 'mayNoShow', target: 'confirmingNoShow', actions: ['clearNotice', 'clearError'] },
            ],
          },
          states: {
            settled: {
              always: { guard: 'isStale', target: 'reloading' },
              on: { reload: 'reloading' },
            },
            reloading: {
              entry: 'markStale',
              on: { reload: { target: 'reloading', reenter: true } },
              invoke: {
                src: 'loadBooking',
                input: ({ context }) => ({ number: context.number }),
                onDone: { target: 'settled', actions: [{ type: 'setBooking', params: ({ event }) => ({ booking: event.output }) }, 'clearStale'] },
                onError: { target: 'settled', actions: [{ type: 'setError', params: { text: DISPATCH_TEXT.loadFailed } }, 'clearStale'] },
              },
            },
          },
        },
        assigning: {
          on: { back: { target: 'idle', actions: 'clearError' } },
          initial: 'loadingChoices',
          states: {
            loadingChoices: {
              invoke: {
                src: 'loadAssignable',
                input: ({ context }) => ({ number: context.number }),
                onDone: { target: 'choosing', actions: { type: 'setAssignable', params: ({ event }) => ({ assignable: event.output }) } },
                onError: { target: 'choicesFailed', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, DISPATCH_TEXT.assignableFailed) }) } },
              },
            },
            choicesFailed: { on: { retry: { target: 'loadingChoices', actions: 'clearError' } } },
            choosing: {
              on: {
                'assign.choose': { actions: [{ type: 'choose', params: ({ event }) => ({ driverId: event.driverId, vehicleId: event.vehicleId }) }, 'clearError'] },
                'assign.confirm': [
                  {
                    guard: 'bothChosen',
                    target: '#dispatch.ready.submitting',
                    actions: {
                      type: 'setPending',
                      params: ({ context }) => ({
                        request: { event: 'assign' as const, revision: context.booking!.revision, driver_id: context.driverId!, vehicle_id: context.vehicleId! },
                        from: 'choosing' as const,
                      }),
                    },
                  },
                  { actions: { type: 'setError', params: { text: DISPATCH_TEXT.chooseBoth } } },
                ],
              },
            },
          },
        },
        offering: {
          initial: 'loadingDrivers',
          states: {
            loadingDrivers: {
              on: { back: { target: '#dispatch.ready.idle', actions: 'clearError' } },
              invoke: {
                src: 'loadOnDuty',
                onDone: { target: 'choosing', actions: { type: 'setOnDuty', params: ({ event }) => ({ drivers: event.output }) } },
                onError: { target: 'driversFailed', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, DISPATCH_TEXT.onDutyFailed) }) } },
              },
            },
            driversFailed: { on: { retry: { target: 'loadingDrivers', actions: 'clearError' }, back: { target: '#dispatch.ready.idle', actions: 'clearError' } } },
            choosing: {
              on: {
                back: { target: '#dispatch.ready.idle', actions: 'clearError' },
                'offer.choose': { actions: [{ type: 'chooseOfferDriver', params: ({ event }) => ({ driverId: event.driverId }) }, 'clearError'] },
                'offer.confirm': [
                  { guard: 'offerChosen', target: 'sending', actions: 'clearError' },
                  { actions: { type: 'setError', params: { text: DISPATCH_TEXT.chooseDriver } } },
                ],
              },
            },
            sending: {
              invoke: {
                src: 'sendOffer',
                input: ({ context }) => ({ number: context.number, driverId: context.offerDriverId! }),
                onDone: { target: '#dispatch.ready.idle', actions: { type: 'offerSent', params: ({ event }) => ({ message: event.output.message }) } },
                onError: { target: 'choosing', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, DISPATCH_TEXT.offerFailed) }) } },
              },
            },
          },
        },
        resendingLink: {
          invoke: {
            src: 'resendPayLink',
            input: ({ context }) => ({ number: context.number }),
            onDone: { target: 'idle', actions: { type: 'setNotice', params: ({ event }) => ({ tone: 'success' as const, text: event.output.message }) } },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, DISPATCH_TEXT.resendFailed) }) } },
          },
        },
        cancelling: {
          on: {
            back: { target: 'idle', actions: 'clearError' },
            'cancel.edit': { actions: [{ type: 'editCancel', params: ({ event }) => ({ draft: event.draft }) }, 'clearError'] },
            'cancel.confirm': [
              { guard: 'refundTooLarge', actions: { type: 'setError', params: { text: DISPATCH_TEXT.refundTooLarge } } },
              {
                guard: 'cancelReady',
                target: 'submitting',
                actions: {
                  type: 'setPending',
                  params: ({ context }) => ({
                    request: {
                      event: 'cancel' as const,
                      revision: context.booking!.revision,
                      reason: context.cancel.reason as CancelReason,
                      note: context.cancel.note.trim(),
                      ...(context.booking!.payment.method === 'card' ? { refund_pence: context.cancel.refundPence } : {}),
                    },
                    from: 'cancelling' as const,
                  }),
                },
              },
            ],
          },
        },
        confirmingNoShow: {
          on: {
            back: 'idle',
            'noShow.confirm': {
              target: 'submitting',
              actions: { type: 'setPending', params: ({ context }) => ({ request: { event: 'no_show' as const, revision: context.booking!.revision }, from: 'confirmingNoShow' as const }) },
            },
          },
        },
        submitting: {
          invoke: {
            src: 'dispatch',
            input: ({ context }) => ({ number: context.number, request: context.pending!.request }),
            onDone: { target: 'idle', actions: { type: 'done', params: ({ event }) => ({ response: event.output }) } },
            onError: [
              // Changed meanwhile (a passenger, another dispatcher): show it as it now is, and why.
              {
                guard: 'isConflict',
                target: '#dispatch.loading',
                actions: { type: 'setNotice', params: ({ event }) => ({ tone: 'warning' as const, text: messageOf(event.error, DISPATCH_TEXT.actionFailed) }) },
              },
              { guard: { type: 'cameFrom', params: { step: 'choosing' } }, target: 'assigning.choosing', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, DISPATCH_TEXT.actionFailed) }) } },
              { guard: { type: 'cameFrom', params: { step: 'cancelling' } }, target: 'cancelling', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, DISPATCH_TEXT.actionFailed) }) } },
              { guard: { type: 'cameFrom', params: { step: 'confirmingNoShow' } }, target: 'confirmingNoShow', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, DISPATCH_TEXT.actionFailed) }) } },
              { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, DISPATCH_TEXT.actionFailed) }) } },
            ],
          },
        },
      },
    },
  },
});

export type DispatchMachine = typeof dispatchMachine;
