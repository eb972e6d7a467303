/** The QUOTE NOW (machines/quoteRequest) and Contact Us (machines/contact) models: editing → sending → sent | failed. */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  EMPTY_CONTACT_FORM,
  contactMachine,
  validateContactForm,
  type ContactContext,
} from '../../../machines/contact/index.ts';
import {
  EMPTY_QUOTE_FORM,
  formAfterSend,
  quoteRequestMachine,
  validateQuoteForm,
  type QuoteRequestContext,
  type QuoteRequestInput,
} from '../../../machines/quoteRequest/index.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const SERVER_ERROR = 'Something went wrong on our side. Please try again.';
export const QUOTE_TODAY = '2030-06-01';

const q = (s: AnyMachineSnapshot) => s.context as QuoteRequestContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const QUOTE_FILL = { pickup_date: '2030-06-03', pickup_time: '15:05', passenger_email: 'jane.doe@example.test', passenger_phone: '07700 900456', passenger_name: 'Jane Doe' };

const STORED_FORM: QuoteRequestInput['bookingForm'] = {
  pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
  pickup_date: '2030-06-02',
  pickup_hour: '3pm',
  pickup_min: '05',
  passengers: 3,
  luggages: 2,
};

export const quoteRequestModel: MachineModel = {
  id: 'quoteRequest',
  title: 'QUOTE NOW',
  machine: quoteRequestMachine,
  origins: [
    { id: 'prefilled', label: 'after a price that could not be given (BookingForm stored)', input: { bookingForm: STORED_FORM, today: QUOTE_TODAY } satisfies QuoteRequestInput },
    { id: 'empty', label: 'from the Urgent Booking link (nothing stored)', input: { bookingForm: null, today: QUOTE_TODAY } satisfies QuoteRequestInput },
  ],
  variants: [
    variant('form.change:fill', { type: 'form.change', values: QUOTE_FILL }, 'fill in date, time, e-mail, telephone, name'),
    variant('form.change:badEmail', { type: 'form.change', values: { passenger_email: 'not-an-email' } }, "type 'not-an-email' as the e-mail"),
    variant('quote.send', { type: 'quote.send' }, 'SEND'),
    variant('quote.retry', { type: 'quote.retry' }, 'Try again'),
    variant('message.dismiss', { type: 'message.dismiss' }, 'dismiss the message'),
    variant('sendQuoteRequest:done', { type: outcome(quoteRequestMachine, 'sendQuoteRequest', 'done'), output: { success: true, message: 'Your booking has been sent!' } }, 'request stored'),
    variant('sendQuoteRequest:error', { type: outcome(quoteRequestMachine, 'sendQuoteRequest', 'error'), error: httpError(500, SERVER_ERROR) }, 'sending fails (server error)'),
  ],
  abstract: (s) => ({
    valid: Object.keys(validateQuoteForm(q(s).form, q(s).today)).length === 0,
    errors: Object.keys(q(s).errors).sort().join(','),
    failure: q(s).failure !== null,
    filled: q(s).form.passenger_email !== '',
  }),
  limit: 5_000,
  isGoal: (s) => s.matches('sent'),
  simple: { variants: (v) => v.key !== 'message.dismiss', maxPaths: 20, maxLength: 8 },
  assertions: {
    editing: ({ snapshot }) => {
      const c = q(snapshot);
      // Shown errors are exactly the checks' messages for the fields not changed since (spec §5).
      const now = validateQuoteForm(c.form, c.today);
      for (const [field, message] of Object.entries(c.errors)) expect(now[field as keyof typeof now], field).toBe(message);
    },
    sending: ({ snapshot, invocations }) => {
      const c = q(snapshot);
      expect(c.errors).toEqual({});
      expect(c.failure).toBeNull();
      expect(last(invocations, 'sendQuoteRequest')).toMatchObject({ passenger_email: c.form.passenger_email, passenger_phone: c.form.passenger_phone });
    },
    sent: ({ snapshot }) => {
      const c = q(snapshot);
      // Spec §4: e-mail, name, comments and telephone cleared, luggages 0, passengers 1.
      expect(c.form).toEqual(formAfterSend(c.form));
      expect([c.form.passenger_email, c.form.passenger_phone, c.form.passenger_name, c.form.additional_info, c.form.luggages, c.form.passengers]).toEqual(['', '', '', '', 0, 1]);
      expect(EMPTY_QUOTE_FORM.passengers).toBe(1);
    },
    failed: ({ snapshot }) => {
      expect(q(snapshot).failure).toBe(SERVER_ERROR);
      expect(q(snapshot).form.passenger_email).not.toBe('');
    },
  },
  guardChecks: [
    {
      label: 'SEND goes on only with date, time, e-mail and telephone right',
      event: { type: 'quote.send' },
      expected: (s) => (s.matches('editing') ? { can: true, next: [Object.keys(validateQuoteForm(q(s).form, q(s).today)).length === 0 ? 'sending' : 'editing'] } : undefined),
    },
    {
      label: 'SEND right after a send shows the cleared e-mail and telephone as missing',
      event: { type: 'quote.send' },
      expected: (s) => (s.matches('sent') ? { can: true, next: ['editing'] } : undefined),
    },
    {
      label: 'Try again after a failure sends again when the form is right',
      event: { type: 'quote.retry' },
      expected: (s) => (s.matches('failed') ? { can: true, next: [Object.keys(validateQuoteForm(q(s).form, q(s).today)).length === 0 ? 'sending' : 'editing'] } : undefined),
    },
  ],
};

const c = (s: AnyMachineSnapshot) => s.context as ContactContext;

/** Nothing typed (the query reason always has a value). */
const contactIsEmpty = (s: AnyMachineSnapshot) => Object.entries(c(s).form).every(([key, value]) => key === 'queryReason' || String(value).trim() === '');

export const CONTACT_FILL = { firstName: 'Robin', lastName: 'Hood', email: 'robin@example.test', telephone: '020 7946 0123', bookingNumber: 'CF-7K3M9Q', comments: 'Lost umbrella in the car' };

export const contactModel: MachineModel = {
  id: 'contact',
  title: 'Contact Us',
  machine: contactMachine,
  origins: [{ id: 'fresh', label: 'the Contact Us page', input: undefined }],
  variants: [
    variant('form.change:fill', { type: 'form.change', values: CONTACT_FILL }, 'fill in the form'),
    variant('form.change:badEmail', { type: 'form.change', values: { email: 'not-an-email' } }, "type 'not-an-email' as the e-mail"),
    variant('contact.send', { type: 'contact.send' }, 'SEND'),
    variant('contact.retry', { type: 'contact.retry' }, 'Try again'),
    variant('message.dismiss', { type: 'message.dismiss' }, 'dismiss the message'),
    variant('sendContactForm:done', { type: outcome(contactMachine, 'sendContactForm', 'done'), output: { success: true, message: 'Form Submitted' } }, 'message stored'),
    variant('sendContactForm:error', { type: outcome(contactMachine, 'sendContactForm', 'error'), error: httpError(500, SERVER_ERROR) }, 'sending fails (server error)'),
  ],
  abstract: (s) => ({
    valid: Object.keys(validateContactForm(c(s).form)).length === 0,
    errors: Object.keys(c(s).errors).sort().join(','),
    failure: c(s).failure !== null,
    filled: c(s).form.email !== '',
  }),
  limit: 5_000,
  isGoal: (s) => s.matches('sent'),
  simple: { variants: (v) => v.key !== 'message.dismiss', maxPaths: 20, maxLength: 8 },
  assertions: {
    editing: ({ snapshot }) => {
      const now = validateContactForm(c(snapshot).form);
      for (const [field, message] of Object.entries(c(snapshot).errors)) expect(now[field as keyof typeof now], field).toBe(message);
      // SEND on an empty form says so (the server would refuse it); typing anything takes the message away.
      if (contactIsEmpty(snapshot)) expect([undefined, 'Please fill in the form before sending it']).toContain(c(snapshot).errors.form);
      else expect(c(snapshot).errors.form).toBeUndefined();
    },
    sending: ({ snapshot, invocations }) => {
      expect(c(snapshot).errors).toEqual({});
      expect(contactIsEmpty(snapshot)).toBe(false);
      expect(last(invocations, 'sendContactForm')).toMatchObject({ email: c(snapshot).form.email.trim(), queryReason: c(snapshot).form.queryReason });
    },
    sent: ({ snapshot }) => {
      // The form is emptied so the same message is not sent twice.
      expect(c(snapshot).form).toEqual(EMPTY_CONTACT_FORM);
    },
    failed: ({ snapshot }) => {
      // Nothing typed is cleared; the server's reason is kept for the message.
      expect(c(snapshot).failure).toBe(SERVER_ERROR);
      expect(snapshot.can({ type: 'contact.retry' })).toBe(true);
    },
  },
  guardChecks: [
    {
      label: 'an empty form stops SEND (nothing is sent)',
      event: { type: 'contact.send' },
      expected: (s) => (s.matches('editing') && contactIsEmpty(s) ? { can: true, next: ['editing'] } : undefined),
    },
    {
      label: 'a malformed e-mail stops SEND (errors shown), a good form goes on',
      event: { type: 'contact.send' },
      expected: (s) => (s.matches('editing') ? { can: true, next: [Object.keys(validateContactForm(c(s).form)).length === 0 ? 'sending' : 'editing'] } : undefined),
    },
    {
      label: 'Try again after a failure sends again when the form is right',
      event: { type: 'contact.retry' },
      expected: (s) => (s.matches('failed') ? { can: true, next: [Object.keys(validateContactForm(c(s).form)).length === 0 ? 'sending' : 'editing'] } : undefined),
    },
  ],
};
