/**
 * The expected arrival of a booking's flight, typed by a dispatcher on the console's booking page (issue 33): without
 * a flight provider (no AEROAPI_KEY), or to overrule it. Its effect is the provider's: the driver's due time moves.
 * - `idle`: `arrival.edit` changes the draft (a London date and a 24-hour time, prefilled from the typed arrival, else
 *   the expected or scheduled one, else the pick-up day); `arrival.save` sends it when it is a date and a time (else
 *   says why, sends nothing); `arrival.clear` (only when one is typed) sends null; `booking.changed` (the page read
 *   the booking again) takes its flight and, unless the dispatcher is typing, its prefill.
 * - `saving` → `idle` with the server's message and the booking as it now is, or back with the server's reason.
 * Imports only xstate and the contract.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ConsoleBookingDetail } from '../../contract/consoleBookings.ts';
import type { FlightView, ManualArrivalRequest } from '../../contract/flights.ts';
import { londonClock } from '../../contract/londonClock.ts';

export const ARRIVAL_TEXT = {
  badDraft: 'Type the date (YYYY-MM-DD) and the time (HH:MM, 24-hour) the flight is expected.',
  failed: 'The expected arrival was not saved. Check the connection and try again.',
} as const;

export interface ArrivalDraft {
  date: string;
  time: string;
}

export interface ArrivalContext {
  number: string;
  flight: FlightView | null;
  pickupAt: string;
  draft: ArrivalDraft;
  /** The dispatcher has typed since the last prefill: a reload does not overwrite the draft. */
  edited: boolean;
  /** The request being sent (null clears the typed arrival). */
  pending: ManualArrivalRequest | null;
  notice: string | null;
  error: string | null;
}

export type ArrivalEvent =
  | { type: 'arrival.edit'; draft: Partial<ArrivalDraft> }
  | { type: 'arrival.save' }
  | { type: 'arrival.clear' }
  | { type: 'booking.changed'; booking: ConsoleBookingDetail };

const two = (value: number) => String(value).padStart(2, '0');

/** The form's first values: the typed arrival, else the expected, else the scheduled one, else the pick-up's day. */
export function arrivalDraftOf(flight: FlightView | null, pickupAt: string): ArrivalDraft {
  const from = flight?.manual_arrival ?? flight?.expected_arrival ?? flight?.scheduled_arrival ?? null;
  if (!from) return { date: londonClock(new Date(pickupAt)).date, time: '' };
  const clock = londonClock(new Date(from));
  return { date: clock.date, time: `${two(clock.hour)}:${two(clock.minute)}` };
}

export const draftIsValid = (draft: ArrivalDraft) => /^\d{4}-\d{2}-\d{2}$/.test(draft.date) && /^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time);

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | null)?.message;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && typeof message === 'string' && message ? message : fallback;
};

export const arrivalMachine = setup({
  types: {
    context: {} as ArrivalContext,
    events: {} as ArrivalEvent,
    input: {} as { booking: ConsoleBookingDetail },
  },
  actors: {
    /** POST /api/admin/bookings/:number/flight/arrival → the server's message and the booking as it now is. */
    setArrival: fromPromise<{ message: string; booking: ConsoleBookingDetail }, { number: string; request: ManualArrivalRequest }>(() =>
      Promise.reject(new Error('arrival actor "setArrival" is not provided')),
    ),
  },
  actions: {
    edit: assign(({ context }, params: { draft: Partial<ArrivalDraft> }) => ({ draft: { ...context.draft, ...params.draft }, edited: true, error: null, notice: null })),
    fromBooking: assign(({ context }, params: { booking: ConsoleBookingDetail; keepDraft: boolean }) => {
      const flight = params.booking.flight ?? null;
      return { flight, pickupAt: params.booking.pickup_at, draft: params.keepDraft ? context.draft : arrivalDraftOf(flight, params.booking.pickup_at), edited: params.keepDraft };
    }),
    request: assign((_, params: { request: ManualArrivalRequest }) => ({ pending: params.request, error: null, notice: null })),
    setError: assign({ error: (_, params: { text: string }) => params.text }),
  },
  guards: {
    valid: ({ context }) => draftIsValid(context.draft),
    typed: ({ context }) => context.flight?.manual_arrival != null,
    hasFlight: ({ context }) => context.flight !== null,
  },
}).createMachine({
  id: 'arrival',
  context: ({ input }) => ({
    number: input.booking.booking_number,
    flight: input.booking.flight ?? null,
    pickupAt: input.booking.pickup_at,
    draft: arrivalDraftOf(input.booking.flight ?? null, input.booking.pickup_at),
    edited: false,
    pending: null,
    notice: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'booking.changed': { actions: { type: 'fromBooking', params: ({ context, event }) => ({ booking: event.booking, keepDraft: context.edited }) } },
  },
  states: {
    idle: {
      on: {
        'arrival.edit': { actions: { type: 'edit', params: ({ event }) => ({ draft: event.draft }) } },
        'arrival.save': [
          { guard: { type: 'hasFlight' }, target: 'checking' },
        ],
        'arrival.clear': { guard: 'typed', target: 'saving', actions: { type: 'request', params: { request: { expected_arrival: null } } } },
      },
    },
    checking: {
      always: [
        { guard: 'valid', target: 'saving', actions: { type: 'request', params: ({ context }) => ({ request: { expected_arrival: { date: context.draft.date, time: context.draft.time } } }) } },
        { target: 'idle', actions: { type: 'setError', params: { text: ARRIVAL_TEXT.badDraft } } },
      ],
    },
    saving: {
      invoke: {
        src: 'setArrival',
        input: ({ context }) => ({ number: context.number, request: context.pending! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'fromBooking', params: ({ event }) => ({ booking: event.output.booking, keepDraft: false }) },
            assign(({ event }) => ({ notice: event.output.message, pending: null })),
          ],
        },
        onError: { target: 'idle', actions: [{ type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, ARRIVAL_TEXT.failed) }) }, assign({ pending: null })] },
      },
    },
  },
});

export type ArrivalMachine = typeof arrivalMachine;
