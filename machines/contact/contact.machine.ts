/**
 * The Contact Us form on /contactus and /ourfleet (spec §2 Contact Us, §8 Quote, contact). Top-level states:
 * - `editing`: the visitor fills in the form (query reason 'Booking' by default); SEND checks that something is
 *   filled in ('Please fill in the form before sending it') and the e-mail and telephone formats when they are
 *   filled in, and goes on.
 * - `sending`: on its way; the form is locked.
 * - `sent`: 'Form Submitted' / 'Your form has been submitted successfully!. Thank You for Contacting'; the form is
 *   emptied so the same message is not sent twice. Typing again returns to `editing`.
 * - `failed`: 'Submission Failed' with the server's error; nothing is cleared; the visitor retries or edits.
 */
import { assertEvent, assign, setup } from 'xstate';
import { contactActors } from './contact.actors.ts';
import { EMPTY_CONTACT_FORM, toContactPayload, validateContactForm, type ContactErrors, type ContactFormValues } from './contact.form.ts';

export interface ContactContext {
  form: ContactFormValues;
  errors: ContactErrors;
  /** The server's error of the last failed send (shown after 'Submission Failed'). */
  failure: string | null;
}

export type ContactEvent =
  | { type: 'form.change'; values: Partial<ContactFormValues> }
  | { type: 'contact.send' }
  | { type: 'contact.retry' }
  | { type: 'message.dismiss' };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
  },
  actors: contactActors,
  actions: {
    changeForm: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const errors = { ...context.errors };
      for (const field of Object.keys(event.values) as (keyof ContactFormValues)[]) delete errors[field];
      // Any change answers "nothing filled in"; SEND checks again.
      delete errors.form;
      return { form: { ...context.form, ...event.values }, errors };
    }),
    showErrors: assign({ errors: ({ context }) => validateContactForm(context.form) }),
    clearErrors: assign({ errors: {}, failure: null }),
    resetForm: assign({ form: { ...EMPTY_CONTACT_FORM }, errors: {}, failure: null }),
    recordFailure: assign({ failure: (_, params: { error: unknown }) => messageOf(params.error) || null }),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateContactForm(context.form)).length === 0,
  },
}).createMachine({
  id: 'contact',
  context: { form: { ...EMPTY_CONTACT_FORM }, errors: {}, failure: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.change': { actions: 'changeForm' },
        'contact.send': [{ guard: 'isFormValid', target: 'sending' }, { actions: 'showErrors' }],
      },
    },
    sending: {
      entry: 'clearErrors',
      invoke: {
        src: 'sendContactForm',
        input: ({ context }) => toContactPayload(context.form),
        onDone: { target: 'sent', actions: 'resetForm' },
        onError: { target: 'failed', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      on: {
        'form.change': { target: 'editing', actions: 'changeForm' },
        'message.dismiss': 'editing',
      },
    },
    failed: {
      on: {
        'form.change': { actions: 'changeForm' },
        'contact.retry': [{ guard: 'isFormValid', target: 'sending' }, { target: 'editing', actions: 'showErrors' }],
        'contact.send': [{ guard: 'isFormValid', target: 'sending' }, { target: 'editing', actions: 'showErrors' }],
        'message.dismiss': 'editing',
      },
    },
  },
});

export type ContactMachine = typeof contactMachine;
