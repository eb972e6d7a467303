/**
 * The 'QUOTE NOW' request form on /quoteView (spec §2 Quote request, §4 Quote e-mail, §8). Top-level states:
 * - `editing`: the visitor fills in the form (prefilled with the trip searched last: the stored BookingForm, or
 *   HourlyRateForm after an hourly search); SEND checks the required fields (spec §5) and shows what is missing,
 *   or goes on.
 * - `sending`: the request is on its way; the form is locked and SEND shows it is busy.
 * - `sent`: 'Your booking has been sent!'. BookingForm is removed from storage, e-mail, name, comments and
 *   telephone are cleared, luggages reset to 0 and passengers to 1. Typing again returns to `editing`; SEND
 *   there (e-mail and telephone now empty) returns to `editing` showing what is missing.
 * - `failed`: 'There was a problem sending your booking.' with the reason; nothing is cleared, and the visitor
 *   retries (or edits and sends again).
 * The form lives in the context (not in the view) because what a successful send clears is part of the flow.
 */
import { assertEvent, assign, setup } from 'xstate';
import { quoteRequestActors } from './quoteRequest.actors.ts';
import {
  formAfterSend,
  formFromStoredTrip,
  toQuotePayload,
  validateQuoteForm,
  type QuoteRequestErrors,
  type QuoteRequestForm,
  type StoredBookingForm,
  type StoredHourlyRateForm,
} from './quoteRequest.form.ts';

export interface QuoteRequestInput {
  /** The stored BookingForm (localStorage 'BookingForm'), or null when there is none. */
  bookingForm: StoredBookingForm | null;
  /** The stored BookingType ('milleage' or 'hourly'); null or missing: read as mileage. */
  bookingType?: string | null;
  /** The stored HourlyRateForm, or null; the prefill after an hourly search. */
  hourlyRateForm?: StoredHourlyRateForm | null;
  /** Today's date in Europe/London, YYYY-MM-DD: the earliest pickup date. */
  today: string;
}

export interface QuoteRequestContext {
  form: QuoteRequestForm;
  today: string;
  /** Per-field messages from the last SEND that did not pass the checks; a field's message goes when it changes. */
  errors: QuoteRequestErrors;
  /** Why the last send failed (the server's message or the network error), shown under the spec's text. */
  failure: string | null;
}

export type QuoteRequestEvent =
  | { type: 'form.change'; values: Partial<QuoteRequestForm> }
  | { type: 'quote.send' }
  | { type: 'quote.retry' }
  | { type: 'message.dismiss' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

export const quoteRequestMachine = setup({
  types: {
    context: {} as QuoteRequestContext,
    events: {} as QuoteRequestEvent,
    input: {} as QuoteRequestInput,
  },
  actors: quoteRequestActors,
  actions: {
    changeForm: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const errors = { ...context.errors };
      for (const field of Object.keys(event.values) as (keyof QuoteRequestForm)[]) delete errors[field];
      return { form: { ...context.form, ...event.values }, errors };
    }),
    showErrors: assign({ errors: ({ context }) => validateQuoteForm(context.form, context.today) }),
    clearErrors: assign({ errors: {}, failure: null }),
    resetForm: assign({ form: ({ context }) => formAfterSend(context.form), errors: {}, failure: null }),
    recordFailure: assign({ failure: (_, params: { error: unknown }) => messageOf(params.error) || null }),
    /** Removes BookingForm from localStorage (spec §4); supplied by the view layer, which owns storage. */
    forgetBookingForm: () => {},
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateQuoteForm(context.form, context.today)).length === 0,
  },
}).createMachine({
  id: 'quoteRequest',
  context: ({ input }) => ({ form: formFromStoredTrip(input), today: input.today, errors: {}, failure: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: 'changeForm' },
        'quote.send': [{ guard: 'isFormValid', target: 'sending' }, { actions: 'showErrors' }],
      },
    },
    sending: {
      entry: 'clearErrors',
      invoke: {
        src: 'sendQuoteRequest',
        input: ({ context }) => toQuotePayload(context.form),
        onDone: { target: 'sent', actions: ['forgetBookingForm', 'resetForm'] },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      on: {
        'form.change': { target: 'editing', actions: 'changeForm' },
        // The send cleared e-mail and telephone (spec §4), so SEND here always finds them missing: it says so.
        'quote.send': { target: 'editing', actions: 'showErrors' },
        'message.dismiss': 'editing',
      },
    },
    failed: {
      on: {
        'form.change': { actions: 'changeForm' },
        'quote.retry': [{ guard: 'isFormValid', target: 'sending' }, { target: 'editing', actions: 'showErrors' }],
        'quote.send': [{ guard: 'isFormValid', target: 'sending' }, { target: 'editing', actions: 'showErrors' }],
        'message.dismiss': 'editing',
      },
    },
  },
});

export type QuoteRequestMachine = typeof quoteRequestMachine;
