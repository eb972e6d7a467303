/** QUOTE NOW (/quoteView) and Contact Us (/contactus) in Chromium: the real server stores and mails each request. */
import type { Locator } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { QUOTE_FILL } from '../machines/enquiries.model.ts';
import type { ContactContext } from '../../../machines/contact/index.ts';
import type { QuoteRequestContext } from '../../../machines/quoteRequest/index.ts';
import { SERVER_ERROR_BODY, answered, gone, labelled, uniqueEmail, visible, weekdayAhead } from './common.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';
import { appReady } from '../../helpers/browser.ts';

const HEATHROW = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';

/**
 * Types `value` so that the page sends a change even when the field already holds it (a change clears the field's
 * message in the machine; the browser sends nothing for an unchanged value).
 */
async function retype(field: Locator, value: string) {
  await field.fill('');
  await field.fill(value);
}

// ─── QUOTE NOW ──────────────────────────────────────────────────────────────────────────────────────

const quoteForm = (run: UiRun) => run.page.getByRole('form', { name: 'QUOTE NOW' });
const quoteField = (run: UiRun, label: string) => labelled(quoteForm(run), label);
const q = (s: AnyMachineSnapshot) => s.context as QuoteRequestContext;

const quoteFailed = (run: UiRun) => run.page.getByRole('alert').filter({ hasText: 'There was a problem sending your booking.' });
const quoteSent = (run: UiRun) => run.page.getByRole('status').filter({ hasText: 'Your booking has been sent!' });

export const quoteRequestUi: UiMachine = {
  model: 'quoteRequest',
  calls: { sendQuoteRequest: '**/api/v1/send-instant-email' },
  open: async (run) => {
    if (run.path.origin === 'prefilled') {
      await run.page.goto(run.url('/favicon.svg'));
      const stored = { pickup: HEATHROW, dropoff: HEATHROW, pickup_date: weekdayAhead(2), pickup_hour: '3pm', pickup_min: '05', select_option: 'one_way', passengers: 3, luggages: 2, stops: [] };
      await run.page.evaluate((form) => localStorage.setItem('BookingForm', JSON.stringify(form)), stored);
    }
    await run.page.goto(run.url('/quoteView'));
    // Server-rendered pages show before they react: wait for the app.
    await appReady(run.page, 20_000);
    await visible(quoteForm(run), 20_000);
  },
  executors: {
    'form.change:fill': {
      run: async (run) => {
        await retype(quoteField(run, 'Date'), weekdayAhead(3));
        await retype(quoteField(run, 'Time'), QUOTE_FILL.pickup_time);
        await retype(quoteField(run, 'Email'), uniqueEmail('quote'));
        await retype(quoteField(run, 'Telephone'), QUOTE_FILL.passenger_phone);
        await retype(quoteField(run, 'Passenger name'), QUOTE_FILL.passenger_name);
      },
    },
    'form.change:badEmail': { run: async (run) => retype(quoteField(run, 'Email'), 'not-an-email') },
    'quote.send': { run: async (run) => run.page.getByRole('button', { name: 'SEND' }).click() },
    'quote.retry': { run: async (run) => quoteFailed(run).getByRole('button', { name: 'Try again' }).click() },
    'message.dismiss': {
      run: async (run, c) => {
        const message = c.before.matches('sent') ? quoteSent(run) : quoteFailed(run);
        await message.getByRole('button', { name: 'Dismiss' }).click();
      },
    },
    'sendQuoteRequest:done': answered(() => ({ kind: 'continue' })),
    'sendQuoteRequest:error': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
  },
  assertions: {
    editing: async (run, { snapshot }) => {
      await run.waitForPath('/quoteView');
      await gone(quoteSent(run));
      await gone(quoteFailed(run));
      // Each field SEND found wrong says so, the others do not.
      for (const [field, label] of [
        ['passenger_email', 'Email'],
        ['passenger_phone', 'Telephone'],
        ['pickup_date', 'Date'],
        ['pickup_time', 'Time'],
      ] as const) {
        const invalid = await quoteField(run, label).getAttribute('aria-invalid');
        if (q(snapshot).errors[field] === undefined && invalid === 'true') throw new Error(`${label} is marked wrong but the machine has no error for it`);
        if (q(snapshot).errors[field] !== undefined) await visible(quoteForm(run).getByText(q(snapshot).errors[field]!));
      }
    },
    sending: async (run) => {
      await visible(quoteField(run, 'Email').and(run.page.locator(':disabled')));
      const gate = [...run.stepGates.values()].find((g) => !g.answered);
      await gate?.waitArrived();
    },
    sent: async (run) => {
      await visible(quoteSent(run));
      // Spec §4: e-mail, telephone, name cleared, luggages 0 and passengers 1; BookingForm removed.
      if ((await quoteField(run, 'Email').inputValue()) !== '') throw new Error('the e-mail was not cleared after sending');
      if ((await quoteField(run, 'Passenger').inputValue()) !== '1') throw new Error('passengers were not reset to 1');
      if ((await run.page.evaluate(() => localStorage.getItem('BookingForm'))) !== null) throw new Error('BookingForm is still stored');
    },
    failed: async (run) => {
      await visible(quoteFailed(run));
      await visible(quoteFailed(run).getByText(SERVER_ERROR_BODY.message));
    },
  },
};

// ─── Contact Us ─────────────────────────────────────────────────────────────────────────────────────

const contactForm = (run: UiRun) => run.page.getByRole('form', { name: 'Contact Us' });
const contactField = (run: UiRun, label: string) => labelled(contactForm(run), label);
const contactFailed = (run: UiRun) => contactForm(run).getByRole('alert').filter({ hasText: 'Submission Failed' });
const contactSent = (run: UiRun) => contactForm(run).getByRole('status').filter({ hasText: 'Form Submitted' });
const c = (s: AnyMachineSnapshot) => s.context as ContactContext;

export const contactUi: UiMachine = {
  model: 'contact',
  calls: { sendContactForm: '**/api/v1/contact-us' },
  open: async (run) => {
    await run.page.goto(run.url('/contactus'));
    // Server-rendered pages show before they react: wait for the app.
    await appReady(run.page, 20_000);
    await visible(contactForm(run), 20_000);
  },
  executors: {
    'form.change:fill': {
      run: async (run) => {
        await retype(contactField(run, 'First name'), 'Robin');
        await retype(contactField(run, 'Last name'), 'Hood');
        await retype(contactField(run, 'Email'), uniqueEmail('contact'));
        await retype(contactField(run, 'Telephone'), '020 7946 0123');
        await retype(contactField(run, 'Booking number'), 'CF-7K3M9Q');
        await retype(contactField(run, 'Comments'), 'Lost umbrella in the car');
      },
    },
    'form.change:badEmail': { run: async (run) => retype(contactField(run, 'Email'), 'not-an-email') },
    'contact.send': { run: async (run) => contactForm(run).getByRole('button', { name: 'SEND' }).click() },
    'contact.retry': { run: async (run) => contactFailed(run).getByRole('button', { name: 'Try again' }).click() },
    'message.dismiss': {
      run: async (run, ctx) => {
        const message = ctx.before.matches('sent') ? contactSent(run) : contactFailed(run);
        await message.getByRole('button', { name: 'Dismiss' }).click();
      },
    },
    'sendContactForm:done': answered(() => ({ kind: 'continue' })),
    'sendContactForm:error': answered(() => ({ kind: 'fulfil', status: 500, body: { success: false, error: SERVER_ERROR_BODY.message, message: SERVER_ERROR_BODY.message } })),
  },
  assertions: {
    editing: async (run, { snapshot }) => {
      await gone(contactSent(run));
      await gone(contactFailed(run));
      const emailError = c(snapshot).errors.email;
      if (emailError) await visible(contactForm(run).getByText(emailError));
      // SEND on an empty form: the form says so next to SEND (nothing was sent).
      const formError = c(snapshot).errors.form;
      if (formError) await visible(contactForm(run).getByRole('alert').filter({ hasText: formError }));
      else await gone(contactForm(run).getByTestId('contact-form-error'));
    },
    sending: async (run) => {
      const gate = [...run.stepGates.values()].find((g) => !g.answered);
      await gate?.waitArrived();
      await visible(contactField(run, 'Email').and(run.page.locator(':disabled')));
    },
    sent: async (run) => {
      await visible(contactSent(run));
      if ((await contactField(run, 'Email').inputValue()) !== '') throw new Error('the form was not emptied after sending');
    },
    failed: async (run) => {
      await visible(contactFailed(run));
    },
  },
};
