/**
 * The booking flow in Chromium: how each event of the booking model is performed on the real app, and what each
 * state looks like on screen. Server answers come from the real provider (a real quote, the sandbox's test cards,
 * a banned address, a pickup inside the grace time, the demo corporate account); only failures the server would not
 * produce on demand are forced (a 500, an aborted request) or, for the browser's own capacity rule, a real answer
 * rewritten so no vehicle seats the party.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { hashPassword } from '../../../server/domain/accounts/passwords.ts';
import { KEY_HEADERS } from '../../helpers/provider.ts';
import { BOOKING_MESSAGES, BOOKING_ROUTES, isNothingToPay, selectRoutedStateId, urgentBookingText, type BookingContext, type BookingSnapshot, type PriceDetail } from '../../../machines/booking/index.ts';
import { TEST_CARD_ONLY } from '../fixtures.ts';
import { MODEL_APPLIED_PROMO, MODEL_FREE_PROMO, MODEL_FREE_PROMO_CODE, MODEL_MEMBER, MODEL_PROMO_CODE, MODEL_PROMO_REFUSAL, MODEL_REMEMBERED, bookingModel } from '../machines/booking.model.ts';
import { machineDelays } from '../graph.ts';
import type { ModelPath } from '../types.ts';
import { SERVER_ERROR_BODY, answered, gone, labelled, londonSoon, timer, uniqueEmail, visible, weekdayAhead } from './common.ts';
import { encoded, eventually, type GateAnswer, type UiRun } from './harness.ts';
import type { StepContext, UiExecutor, UiMachine } from './types.ts';
import { appReady } from '../../helpers/browser.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as BookingContext;

const HEATHROW = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
const SAVOY = 'The Savoy, Strand, London WC2R 0EZ';
const PADDINGTON = 'Paddington Station, Praed Street, London W2 1HB';
const BANNED = '12 Unpaid Fares Close, London W12 7FR';
/** Westway Cars' saloon: the model's SALOON (vehicle 1, company 1). */
const SALOON_CARD = 'Saloon, Westway Cars';

const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', insufficient: '4000 0000 0000 9995', threeDS: '4000 0027 6000 3184', notTest: '4012 8888 8888 1881' };

interface QuoteValues {
  pickup: string;
  dropoff: string;
  date: string;
  hour: string;
  min: string;
  passengers: string;
}

const normalQuote = (): QuoteValues => ({ pickup: HEATHROW, dropoff: SAVOY, date: weekdayAhead(4), hour: '2pm', min: '30', passengers: '2' });

const DELAYS = Object.fromEntries(machineDelays(bookingModel.machine).map((d) => [d.name, d.ms]));
const delayMs = (delay: unknown) => (typeof delay === 'number' ? delay : (DELAYS[String(delay)] ?? Infinity));

const isUserStep = (type: string) => !type.startsWith('xstate.');
/** The delays of the state's own timers. */
const timerDelays = (s: AnyMachineSnapshot) => s._nodes.flatMap((node) => node.after.map((t) => delayMs(t.delay)));
/** The delay of the state's soonest timer (Infinity without one). */
const shortestDelay = (s: AnyMachineSnapshot) => Math.min(...timerDelays(s));
/** A popup's or a toast's few seconds, or the processing poll's: a visitor's step there is taken with the timer held. */
const SHORT_TIMER_MS = 3_000;
/** The first step after `index` whose variant starts with `prefix` (stopping at the next user step when `sameTurn`). */
function nextOutcome(path: ModelPath, index: number, prefix: string, sameTurn = false): { key: string; index: number } | null {
  for (let j = index + 1; j < path.steps.length; j++) {
    const step = path.steps[j];
    if (step.variant.startsWith(prefix)) return { key: step.variant, index: j };
    if (sameTurn && isUserStep(step.event.type) && !step.variant.startsWith('route.enter')) return null;
  }
  return null;
}

const dialog = (run: UiRun) => run.page.getByRole('dialog').filter({ hasNot: run.page.getByText('3-D Secure: confirm your payment') });
const alertDialog = (run: UiRun, text: string) => dialog(run).filter({ hasText: text });

// ─── The home page's forms ──────────────────────────────────────────────────────────────────────────

async function typeAddress(run: UiRun, testId: string, text: string) {
  const field = run.page.getByTestId(testId);
  await field.fill(text);
  await field.press('Escape');
}

async function fillQuote(run: UiRun, values: QuoteValues) {
  const page = run.page;
  await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
  await typeAddress(run, 'quote-pickup', values.pickup);
  await typeAddress(run, 'quote-dropoff', values.dropoff);
  await page.getByLabel('Pickup date').fill(values.date);
  await page.getByRole('combobox', { name: 'Hour', exact: true }).selectOption(values.hour);
  await page.getByRole('combobox', { name: 'Min', exact: true }).selectOption(values.min);
  await page.getByLabel('Passengers').selectOption(values.passengers);
  await page.getByLabel('Luggage', { exact: true }).selectOption('1');
}

async function fillHourly(run: UiRun, values: QuoteValues) {
  const page = run.page;
  await page.getByRole('tab', { name: 'Hourly Rate' }).click();
  await typeAddress(run, 'hourly-pickup', values.pickup);
  await page.getByLabel('Duration').selectOption('4hour');
  await page.getByLabel('Pick up Date').fill(values.date);
  await page.getByRole('combobox', { name: 'Hour', exact: true }).selectOption(values.hour === '2pm' ? '12pm' : values.hour);
  await page.getByRole('combobox', { name: 'Min', exact: true }).selectOption(values.min === '30' ? '00' : values.min);
}

/** The pricing outcome decides the trip typed before Search. */
function quoteFor(path: ModelPath, index: number): QuoteValues {
  const outcome = nextOutcome(path, index, 'xstate.');
  const values = normalQuote();
  const key = outcome && path.steps[outcome.index].variant;
  if (key === 'xstate.error.actor.calculatePrice:sameAddress') values.dropoff = values.pickup;
  if (key === 'xstate.error.actor.calculatePrice:banned') values.pickup = BANNED;
  if (key === 'xstate.error.actor.calculatePrice:grace') Object.assign(values, londonSoon(45));
  // The server's own refusal: no vehicle of the fleet seats 20.
  if (key === 'xstate.error.actor.calculatePrice:server') values.passengers = '20';
  return values;
}

// ─── The personal-details step ──────────────────────────────────────────────────────────────────────

async function field(run: UiRun, label: string | RegExp, value: string) {
  await (typeof label === 'string' ? labelled(run.page, label) : run.page.getByLabel(label)).fill(value);
}

/** The e-mail and password a path types: the demo corporate account when an existing-client check must succeed. */
function account(run: UiRun) {
  return run.scratch.account as { email: string; password: string };
}

/** Whether the password typed last before step `c.index` is the wrong one (none typed: the account's own, from the start). */
function wrongPasswordTyped(run: UiRun, c: StepContext): boolean {
  const typed = c.path.steps.slice(0, c.index).map((s) => s.variant).lastIndexOf('registration.change:password');
  return typed >= 0 && run.scratch[`password${typed}`] === 'not-the-password';
}

// ─── The promo code field (details step) ────────────────────────────────────────────────────────────

const promoSection = (run: UiRun) => run.page.getByTestId('promo-code');
const promoInput = (run: UiRun) => promoSection(run).locator('input[aria-label="Promo code"]');
const appliedPromo = (s: AnyMachineSnapshot) => (ctx(s).promo ? 'an applied code replaces the field and Apply with its line and Remove' : null);

/** Types a code in the promo field. */
const typePromo = (code: string): UiExecutor => ({
  unavailable: appliedPromo,
  run: async (run) => {
    const input = promoInput(run);
    // The same text typed again is no change to the field (React sends nothing): the visitor retypes it.
    if ((await input.inputValue()) === code) await input.fill('');
    await input.fill(code);
  },
});

// ─── Executors ──────────────────────────────────────────────────────────────────────────────────────

// Also under a price popup, once its OK closed it (the forms stay on the page).
const onHomeForm = (s: AnyMachineSnapshot) => (s.matches('bookTrip') ? null : 'the booking forms are not on this screen');

const priceAnswer = (answer: (run: UiRun, ctx: StepContext) => GateAnswer, onlyMileage = false): UiExecutor =>
  answered((run, c) => answer(run, c), {
    unavailable: (s) => (onlyMileage && ctx(s).bookingType === 'hourly' ? 'an hourly trip has no drop-off and no seat check in the browser' : null),
  });

const hourlyServerError: (run: UiRun, c: StepContext) => GateAnswer = (_run, c) =>
  ctx(c.before).bookingType === 'hourly' ? { kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY } : { kind: 'continue' };

function optionsEditorRefusal(s: AnyMachineSnapshot): string | null {
  if (s.matches('quotation')) return 'on /quotationview the Options table is read-only (the editor is on the personal-details step)';
  if (ctx(s).bookingForm === null) return 'without a stored BookingForm the options panel is not shown (OptionsPanel renders nothing)';
  if (ctx(s).bookingType === 'hourly') return 'the options editor shows for mileage trips only';
  return null;
}

const executors: Record<string, UiExecutor> = {
  'quote.submit': {
    unavailable: onHomeForm,
    prepare: (run, c) => {
      run.scratch[`quote${c.index}`] = quoteFor(c.path, c.index);
    },
    run: async (run, c) => {
      await fillQuote(run, run.scratch[`quote${c.index}`]);
      await run.page.getByTestId('quote-search').click();
    },
  },
  'hourly.submit': {
    unavailable: onHomeForm,
    prepare: (run, c) => {
      const values = quoteFor(c.path, c.index);
      run.scratch[`quote${c.index}`] = { ...values, pickup: values.pickup === HEATHROW ? PADDINGTON : values.pickup };
    },
    run: async (run, c) => {
      await fillHourly(run, run.scratch[`quote${c.index}`]);
      await run.page.getByTestId('hourly-search').click();
    },
  },
  'nav.back': {
    unavailable: (s) =>
      s.matches({ quotation: 'choosing' })
        ? "the quotation screen's Back is a link to / (route.enter), not nav.back"
        : s.hasTag('busy')
          ? 'Back is disabled while a call is in flight'
          : null,
    run: async (run) => {
      await run.page.getByRole('button', { name: 'Back', exact: true }).click();
    },
  },
  'vehicle.quantity': {
    run: async (run) => {
      await run.page.getByRole('article', { name: SALOON_CARD }).getByTestId('vehicle-quantity').selectOption('2');
    },
  },
  'vehicle.book:selection': {
    run: async (run) => {
      await run.page.getByRole('article', { name: SALOON_CARD }).getByTestId('book-now').click();
    },
  },
  'vehicle.book:lowest': {
    run: async (run) => {
      await run.page.getByTestId('book-lowest').click();
    },
  },
  'vehicle.contact': {
    run: async (run) => {
      await run.page.getByTestId('contact-us').first().click();
    },
  },
  'options.save:seat': {
    unavailable: optionsEditorRefusal,
    run: async (run) => {
      const panel = run.page.getByTestId('options-panel');
      await panel.getByRole('button', { name: 'Edit' }).click();
      await panel.getByLabel(/^Baby seats/).selectOption('1');
      await panel.getByRole('button', { name: 'Save' }).click();
    },
  },
  'options.save:luggage': {
    unavailable: optionsEditorRefusal,
    run: async (run) => {
      const panel = run.page.getByTestId('options-panel');
      await panel.getByRole('button', { name: 'Edit' }).click();
      await panel.getByLabel(/^Luggage/).first().selectOption('9');
      await panel.getByRole('button', { name: 'Save' }).click();
    },
  },
  'layout.change': {
    run: async (run) => {
      await run.page.getByRole('radio', { name: 'Grid' }).click();
    },
  },
  'registration.change:guest': {
    run: async (run, c) => {
      const mode = ctx(c.before).passengerMode;
      if (mode !== 'existing_client') {
        await field(run, 'First Name', 'Ada');
        await field(run, mode === 'new_client' ? 'Surname' : 'Last Name', 'Lovelace');
        await field(run, /Mobile Number/, '+44 7700 900123');
      }
      await field(run, 'Email', account(run).email);
    },
  },
  'registration.change:password': {
    unavailable: (s) => (ctx(s).passengerMode === 'guest_login' ? 'a guest has no password field' : null),
    // The account's password, or a wrong one when the next check must not find the account.
    prepare: (run, c) => {
      run.scratch[`password${c.index}`] = nextOutcome(c.path, c.index, 'xstate.done.actor.checkPassengerEmail')?.key === 'xstate.done.actor.checkPassengerEmail:notFound' ? 'not-the-password' : null;
    },
    run: async (run, c) => field(run, 'Password', run.scratch[`password${c.index}`] ?? account(run).password),
  },
  'registration.change:privacy': {
    unavailable: (s) => (ctx(s).passengerMode !== 'new_client' ? 'the privacy checkbox shows for a new client only' : null),
    run: async (run) => run.page.getByLabel('I accept the Privacy Policy').check(),
  },
  'registration.change:terms': {
    unavailable: (s) => (ctx(s).passengerMode !== 'new_client' ? 'the terms checkbox shows for a new client only' : null),
    run: async (run) => run.page.getByLabel('I accept the Terms and Conditions').check(),
  },
  'passengerMode.change:guest_login': { run: async (run) => run.page.getByTestId('passenger-mode').getByText('Guest', { exact: true }).click() },
  'passengerMode.change:new_client': { run: async (run) => run.page.getByTestId('passenger-mode').getByText('New client', { exact: true }).click() },
  'passengerMode.change:existing_client': { run: async (run) => run.page.getByTestId('passenger-mode').getByText('Existing client', { exact: true }).click() },
  'travelReference.change': {
    unavailable: (s) => (ctx(s).bookingType === 'hourly' ? "the reference field shows for an 'airport' or 'terminal' pickup only (the hourly trip starts at Paddington)" : null),
    run: async (run) => field(run, 'Flight / Train / Ferry Number', 'BA 117'),
  },
  'details.next': { run: async (run) => run.page.getByRole('button', { name: 'Next', exact: true }).click() },
  'remember.change:on': { run: async (run) => run.page.getByLabel('Remember my details on this device').check() },
  'remember.change:off': { run: async (run) => run.page.getByLabel('Remember my details on this device').uncheck() },
  'remember.forget': {
    unavailable: (s) => (ctx(s).remembered ? null : '"Forget my details" shows only where details are kept'),
    run: async (run) => run.page.getByRole('button', { name: 'Forget my details' }).click(),
  },
  'promo.change': typePromo(MODEL_PROMO_CODE),
  'promo.change:free': typePromo(MODEL_FREE_PROMO_CODE),
  'promo.apply': {
    unavailable: appliedPromo,
    run: async (run, c) => {
      // Apply is disabled while the field is blank, and shows its loader while a code is checked: Enter in the field
      // (which stays editable) is the visitor's way to apply then.
      if (ctx(c.before).promoDraft.trim() === '' || c.before.matches({ personalDetails: 'checkingPromo' })) await promoInput(run).press('Enter');
      else await promoSection(run).getByRole('button', { name: 'Apply' }).click();
    },
  },
  'promo.remove': {
    unavailable: (s) => (ctx(s).promo ? null : 'Remove shows only beside an applied code'),
    run: async (run) => promoSection(run).getByRole('button', { name: 'Remove' }).click(),
  },
  'payment.payInCar': { run: async (run) => run.page.getByRole('button', { name: 'Pay in Car' }).click() },
  'payment.chooseCard': { run: async (run) => run.page.getByRole('button', { name: 'Pay By Card' }).click() },
  'payment.nothingToPay': { run: async (run) => run.page.getByRole('button', { name: 'Confirm Booking' }).click() },
  // Issue 34, signed in: the app tells the flow who books as it starts (the seeded corporate session, syncMember);
  // the step is done when the details step shows the member.
  'member.set': { run: async (run) => visible(run.page.getByTestId('signed-in-booker')) },
  'payment.onAccount:blank': { run: async (run) => run.page.getByRole('button', { name: /^On account/ }).click() },
  'payment.onAccount': {
    run: async (run) => {
      await run.page.getByLabel('PO number').fill('PO-77');
      await run.page.getByLabel('Cost centre').fill('Sales');
      await run.page.getByRole('button', { name: /^On account/ }).click();
    },
  },
  'card.submit': {
    prepare: (run, c) => {
      // The card typed decides what the sandbox answers (spec §8 test cards).
      let number = CARDS.ok;
      for (let j = c.index + 1; j < c.path.steps.length; j++) {
        const key = c.path.steps[j].variant;
        if (isUserStep(c.path.steps[j].event.type)) break;
        if (key === 'xstate.error.actor.createPaymentMethod') number = CARDS.notTest;
        if (key === 'xstate.done.actor.confirmPaymentIntent:requiresAction') number = CARDS.threeDS;
        if (key === 'xstate.done.actor.confirmPaymentIntent:declined') number = CARDS.declined;
        if (key === 'xstate.done.actor.confirmPaymentIntent:insufficientFunds') number = CARDS.insufficient;
        if (key.startsWith('xstate.done.actor.confirmPaymentIntent') || key.startsWith('xstate.error.actor.c')) break;
      }
      run.scratch[`card${c.index}`] = number;
    },
    run: async (run, c) => {
      const page = run.page;
      await page.getByLabel('Card Number').fill(run.scratch[`card${c.index}`]);
      await page.getByLabel('Expiry Date').fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay Now' }).click();
    },
  },
  'booking.retry': { run: async (run) => run.page.getByTestId('booking-retry').getByRole('button', { name: 'Try again' }).click() },
  'alert.dismiss': {
    run: async (run) => {
      await dialog(run).getByRole('button', { name: 'OK' }).click();
    },
  },
  'flow.restart': { run: async (run) => run.page.getByRole('button', { name: 'Book another journey' }).click() },
  // SettingsBridge sends the operator settings when the page mounts (and again if they change, which they do not
  // during a visit): a page load's first step, which opening the page has taken.
  'settings.update': {
    unavailable: (_s, u) => (u.prevVariant === null ? null : 'sent by SettingsBridge when the page mounts, before any step a visitor takes; the settings do not change during a visit'),
    run: async () => {},
  },

  // ── Outcomes ──
  'xstate.done.actor.calculatePrice:ok': answered(() => ({ kind: 'continue' })),
  // The browser's own capacity rule (spec §5), on a list the server could return: no vehicle seats more than one.
  'xstate.done.actor.calculatePrice:capacity': priceAnswer(
    () => ({ kind: 'rewrite', rewrite: (body: { price_details: PriceDetail[] }) => ({ ...body, price_details: body.price_details.map((row) => ({ ...row, max_seat: 1 })) }) }),
    true,
  ),
  'xstate.error.actor.calculatePrice:sameAddress': priceAnswer(() => ({ kind: 'continue' }), true),
  'xstate.error.actor.calculatePrice:grace': priceAnswer(() => ({ kind: 'continue' })),
  'xstate.error.actor.calculatePrice:banned': priceAnswer(() => ({ kind: 'continue' })),
  'xstate.error.actor.calculatePrice:server': priceAnswer(hourlyServerError),
  'xstate.done.actor.recalculateSelectedVehicle:ok': answered(() => ({ kind: 'continue' })),
  'xstate.done.actor.recalculateSelectedVehicle:refused': answered(() => ({ kind: 'fulfil', status: 422, body: { success: false, message: 'Quote expired. Please search again.' } })),
  'xstate.error.actor.recalculateSelectedVehicle': answered(() => ({ kind: 'abort' })),
  // The path's server has the model's code (prepare): it prices it for the chosen vehicle itself.
  'xstate.done.actor.checkPromo:ok': answered(() => ({ kind: 'continue' })),
  'xstate.done.actor.checkPromo:free': answered(() => ({ kind: 'continue' })),
  'xstate.done.actor.checkPromo:refused': answered(() => ({ kind: 'fulfil', status: 409, body: { success: false, message: MODEL_PROMO_REFUSAL } })),
  'xstate.error.actor.checkPromo': answered(() => ({ kind: 'abort' })),
  // The real server checks the password typed last; a path may check twice with the other outcome and no new
  // password typed in between: then the server's answer is turned into that outcome.
  'xstate.done.actor.checkPassengerEmail:found': answered((run, c) => (wrongPasswordTyped(run, c) ? { kind: 'fulfil', status: 200, body: { success: true } } : { kind: 'continue' })),
  'xstate.done.actor.checkPassengerEmail:notFound': answered((run, c) => (wrongPasswordTyped(run, c) ? { kind: 'continue' } : { kind: 'rewrite', rewrite: (body: Record<string, unknown>) => ({ ...body, success: false }) })),
  'xstate.error.actor.checkPassengerEmail': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
  'xstate.done.actor.createBooking': answered(() => ({ kind: 'continue' })),
  'xstate.error.actor.createBooking': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
  'xstate.done.actor.fetchPublishableKey': answered(() => ({ kind: 'continue' })),
  'xstate.error.actor.fetchPublishableKey': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
  // The sandbox's payment method is made in the browser (no call): the card number typed decides it.
  'xstate.done.actor.createPaymentMethod': timer,
  'xstate.error.actor.createPaymentMethod': timer,
  'xstate.done.actor.createPaymentIntent': answered(() => ({ kind: 'continue' })),
  'xstate.error.actor.createPaymentIntent': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
  'xstate.done.actor.confirmPaymentIntent:succeeded': answered(() => ({ kind: 'continue' })),
  'xstate.done.actor.confirmPaymentIntent:requiresAction': answered(() => ({ kind: 'continue' })),
  // The sandbox never answers 'processing' on its own: the real answer (succeeded) is shown as still processing, and
  // the machine asks again 2 s later, getting the real status.
  'xstate.done.actor.confirmPaymentIntent:processing': answered(() => ({ kind: 'rewrite', rewrite: (body: Record<string, unknown>) => ({ ...body, status: 'processing' }) })),
  'xstate.done.actor.confirmPaymentIntent:declined': answered(() => ({ kind: 'continue' })),
  'xstate.done.actor.confirmPaymentIntent:insufficientFunds': answered(() => ({ kind: 'continue' })),
  'xstate.error.actor.confirmPaymentIntent': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
  'xstate.done.actor.handleNextAction:completed': {
    answer: () => ({ kind: 'continue' }),
    run: async (run, c) => {
      await challenge(run).getByRole('button', { name: 'Complete' }).click();
      await run.releaseGate(c.index);
    },
  },
  'xstate.done.actor.handleNextAction:failed': {
    answer: () => ({ kind: 'continue' }),
    run: async (run, c) => {
      await challenge(run).getByRole('button', { name: 'Fail' }).click();
      await run.releaseGate(c.index);
    },
  },
  'xstate.error.actor.handleNextAction': {
    answer: () => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY }),
    run: async (run, c) => {
      await challenge(run).getByRole('button', { name: 'Complete' }).click();
      await run.releaseGate(c.index);
    },
  },
  'xstate.after.popup.booking.bookTrip.priceError': timer,
  'xstate.after.popupRedirect.booking.bookTrip.sameAddress': timer,
  'xstate.after.popupRedirect.booking.bookTrip.urgentBooking': timer,
  'xstate.after.popupRest.booking.quoteRequest.popup': timer,
  'xstate.after.successToast.booking.cardCheckout.succeeded': timer,
  'xstate.after.processingPoll.booking.cardCheckout.awaitingProcessing': timer,
};

/** The paths that show the snapshot's routed state; null between pages. */
function shownPaths(s: AnyMachineSnapshot): readonly string[] | null {
  const id = selectRoutedStateId(s as BookingSnapshot);
  return id === null ? null : BOOKING_ROUTES.find((r) => r.id === id)!.paths;
}

for (const route of BOOKING_ROUTES) {
  for (const path of route.paths) {
    executors[`route.enter:${path}`] = {
      // A link, the stepper or Back/Forward: RouteSync sends route.enter when the URL changes to a booking path. A URL
      // that already shows the state is no change, and a page load starts a new actor: the "already there" case never happens.
      unavailable: (s, u) => {
        if (u.prevVariant === null) return null;
        if (shownPaths(s)?.includes(path)) return 'the URL already shows this state: RouteSync sends route.enter only for a state the machine does not show, and a reload starts a new actor from storage, so no visitor can send it here';
        // Between pages (a call in flight, a popup) the URL stays the last page's: a link to it changes nothing.
        if (shownPaths(s) === null && u.prevSnapshot && shownPaths(u.prevSnapshot)?.includes(path)) return 'the URL already is this path (the last page’s, kept while the state has none of its own): a link to it changes nothing';
        return null;
      },
      run: async (run, c) => {
        if (c.index === 0) return; // the page was opened at this URL: route.enter on load
        await run.navigate(path);
      },
    };
  }
}

const challenge = (run: UiRun) => run.page.getByRole('dialog', { name: /3-D Secure/ });

// ─── Assertions ─────────────────────────────────────────────────────────────────────────────────────

/** The pending call of the state (the gate of the next outcome, or the hold at the path's end) has arrived. */
async function inFlight(run: UiRun, index: number) {
  const gate = [...run.stepGates.entries()].filter(([i]) => i > index).sort((a, b) => a[0] - b[0])[0]?.[1];
  if (gate) await gate.waitArrived();
}

const processing = (run: UiRun) => visible(run.page.getByRole('button', { name: 'Processing...' }));

/** A price popup closed with its OK while its time runs (held): the home page's forms, no dialog, no price loading. */
async function popupClosedOnHome(run: UiRun) {
  await run.waitForPath(['/', '/booktripview']);
  await gone(dialog(run));
  await visible(run.page.getByRole('tablist', { name: 'Booking type' }));
  await gone(run.page.getByTestId('loading-price'));
}

const assertions: UiMachine['assertions'] = {
  'bookTrip.form': async (run) => {
    await run.waitForPath(['/', '/booktripview']);
    await visible(run.page.getByRole('tablist', { name: 'Booking type' }));
    await gone(run.page.getByTestId('loading-price'));
  },
  'bookTrip.noPriceData': async (run) => {
    await run.waitForPath('/home');
    await visible(run.page.getByTestId('no-price-data'));
  },
  'bookTrip.pricing': async (run, { index }) => {
    await visible(run.page.getByTestId('loading-price'));
    await inFlight(run, index);
  },
  'bookTrip.priceError': async (run, { snapshot }) => {
    // The 'Error' popup with the server's (or the capacity rule's) text, over the home page. It lasts 3 s, which a
    // busy machine can spend before looking: the page's own record of the dialogs it showed says whether it was there.
    await run.waitForPath(['/', '/booktripview']);
    const pathname = run.pathname();
    await eventually(async () => expect(await dialogsShownOn(run, pathname)).toEqual(expect.arrayContaining(['Error'])));
    if (!ctx(snapshot).alert) await popupClosedOnHome(run);
  },
  // The popup shows for 1 s here (then 2 s more on /quoteView), which a busy machine can spend before looking: the
  // page's own record of the dialogs it showed says whether it was there. Once its OK closed it, the forms again.
  'bookTrip.sameAddress': async (run, { snapshot }) => {
    if (!ctx(snapshot).alert) return popupClosedOnHome(run);
    await eventually(async () => expect(await dialogsShown(run)).toContainEqual(expect.objectContaining({ title: 'Same Address Booking!' })));
  },
  'bookTrip.urgentBooking': async (run, { snapshot }) => {
    if (!ctx(snapshot).alert) return popupClosedOnHome(run);
    await eventually(async () => expect(await dialogsShown(run)).toContainEqual(expect.objectContaining({ title: 'Urgent Booking!', message: expect.stringContaining(urgentBookingText('120')) })));
  },
  'quotation.choosing': async (run) => {
    await run.waitForPath('/quotationview');
    await visible(run.page.getByTestId('vehicle-card'));
  },
  'quotation.recalculating': async (run, { index }) => {
    await run.waitForPath('/quotationview');
    await inFlight(run, index);
  },
  'personalDetails.editing': async (run, { snapshot }) => {
    await run.waitForPath('/personalDetailView');
    await visible(run.page.getByRole('heading', { name: 'Registration Details' }));
    const c = ctx(snapshot);
    // Back from a check (the e-mail check, a re-pricing): the page looks the same while the answer is still on its way,
    // and a link followed then is refused (an in-flight state ignores route.enter; the URL sync puts the address back).
    // The step is done only when the answer is in: its popup shows, or neither Next nor the price spins any more.
    if (c.alert) await visible(dialog(run));
    else {
      await gone(run.page.locator('form button[type="submit"][data-loading]'));
      await gone(run.page.getByTestId('price-loading'));
    }
    if (c.promo) {
      await visible(promoSection(run).getByTestId('promo-applied').getByText(`${c.promo.label} applied`, { exact: true }));
      return;
    }
    const input = promoInput(run);
    await visible(input);
    await eventually(async () => expect(await input.inputValue(), 'the promo code field').toBe(c.promoDraft));
    // A refusal shows the server's message as it is; a failed call marks the field with the client's error.
    if (c.promoMessage === MODEL_PROMO_REFUSAL) await visible(promoSection(run).getByText(MODEL_PROMO_REFUSAL, { exact: true }));
    else if (c.promoMessage !== null) await eventually(async () => expect(await input.getAttribute('aria-invalid')).toBe('true'));
    else await eventually(async () => expect(await input.getAttribute('aria-invalid')).not.toBe('true'));
  },
  'personalDetails.checkingPromo': async (run, { index }) => {
    await run.waitForPath('/personalDetailView');
    await visible(promoSection(run).getByRole('button', { name: 'Apply' }).and(run.page.locator('[data-loading]')));
    await inFlight(run, index);
  },
  'personalDetails.checkingEmail': async (run, { index }) => {
    await run.waitForPath('/personalDetailView');
    await inFlight(run, index);
  },
  'personalDetails.recalculating': async (run, { index }) => {
    await visible(run.page.getByTestId('price-loading'));
    await inFlight(run, index);
  },
  'payment.choosing': async (run, { snapshot }) => {
    await run.waitForPath('/paymentview');
    if (isNothingToPay(ctx(snapshot).promo)) {
      // A £0 booking: "Nothing to pay" and its one button instead of the two choices.
      await visible(run.page.getByRole('heading', { name: 'Nothing to pay' }));
      await visible(run.page.getByRole('button', { name: 'Confirm Booking' }));
      await gone(run.page.getByRole('button', { name: 'Pay By Card' }));
      return;
    }
    await visible(run.page.getByRole('heading', { name: 'How would you like to pay?' }));
    await visible(run.page.getByRole('button', { name: 'Pay in Car' }));
  },
  'payment.bookingFree': async (run, { index }) => {
    await visible(run.page.getByText('Booking your ride, please wait…'));
    await inFlight(run, index);
  },
  'payment.bookingOnAccount': async (run, { index }) => {
    await visible(run.page.getByTestId('on-account-option'));
    await inFlight(run, index);
  },
  'payment.bookingInCar': async (run, { index }) => {
    await visible(run.page.getByText('Booking your ride, please wait…'));
    await inFlight(run, index);
  },
  'cardCheckout.loadingKey': async (run, { index }) => {
    await run.waitForPath('/stripecheckout');
    await visible(run.page.getByTestId('card-loading'));
    await inFlight(run, index);
  },
  'cardCheckout.form': async (run) => {
    await run.waitForPath('/stripecheckout');
    await visible(run.page.getByTestId('test-mode-banner'));
    await visible(run.page.getByRole('button', { name: 'Pay Now' }));
  },
  'cardCheckout.creatingPaymentMethod': async (run, { path, index }) => {
    // Made in the browser at once: 'Processing...' shows while the next call (held) is in flight, or the refusal.
    if (path.steps[index + 1]?.variant === 'xstate.error.actor.createPaymentMethod') await visible(alertDialog(run, TEST_CARD_ONLY));
    else await processing(run);
  },
  'cardCheckout.creatingPaymentIntent': async (run, { index }) => {
    await processing(run);
    await inFlight(run, index);
  },
  'cardCheckout.confirming': async (run, { index }) => {
    await processing(run);
    await inFlight(run, index);
  },
  'cardCheckout.awaitingProcessing': async (run) => {
    await processing(run);
  },
  'cardCheckout.authenticating': async (run) => {
    await visible(challenge(run));
    await visible(challenge(run).getByText('TEST MODE', { exact: true }));
  },
  'cardCheckout.booking': async (run, { index }) => {
    await inFlight(run, index);
  },
  'cardCheckout.bookingFailed': async (run) => {
    await visible(run.page.getByTestId('booking-retry'));
  },
  'cardCheckout.succeeded': async (run, { snapshot }) => {
    // Also after Back or a link: the paid card page ignores it and puts its URL back.
    await run.waitForPath('/stripecheckout');
    if (ctx(snapshot).alert) await visible(run.page.getByText(BOOKING_MESSAGES.paymentSuccessful));
    await visible(run.page.getByRole('button', { name: 'Paid' }));
  },
  confirmed: async (run) => {
    await run.waitForPath('/paymentSuccessView');
    await visible(run.page.getByTestId('booking-number'));
  },
  'quoteRequest.idle': async (run, { path, index }) => {
    await run.waitForPath('/quoteView');
    await visible(run.page.getByRole('heading', { name: 'QUOTE NOW' }));
    await gone(dialog(run));
    await quotesLastSearch(run, path, index);
  },
  'quoteRequest.popup': async (run, { snapshot }) => {
    await run.waitForPath('/quoteView');
    // The popup over QUOTE NOW, unless its OK already closed it. It lasts 2 s there, which a busy machine can spend
    // before looking: the page's own record of the dialogs it showed, and on which path, says whether it was there.
    const alert = ctx(snapshot).alert;
    if (alert) await eventually(async () => expect(await dialogsShownOn(run, '/quoteView')).toEqual(expect.arrayContaining([alert.title])));
    else await gone(dialog(run));
  },
};

/**
 * QUOTE NOW is prefilled with the trip the visitor searched last (the one that could not be priced, or whose vehicle
 * had no price): its pickup, whichever form it was typed in. Checked once the popup is gone (the modal hides the
 * page from the accessibility tree, and the popup state's 2 s leave no time to spare before its OK).
 */
async function quotesLastSearch(run: UiRun, path: ModelPath, index: number) {
  for (let j = index; j >= 0; j--) {
    const type = path.steps[j].event.type;
    if (type !== 'quote.submit' && type !== 'hourly.submit') continue;
    const typed = run.scratch[`quote${j}`] as QuoteValues;
    const pickup = labelled(run.page.getByRole('form', { name: 'QUOTE NOW' }), 'Pick-Up');
    await eventually(async () => expect(await pickup.inputValue(), 'the Pick-Up of QUOTE NOW').toBe(typed.pickup), 10_000);
    return;
  }
}

// ─── Opening a path ─────────────────────────────────────────────────────────────────────────────────

/** A real quote of the demo operator, priced by the server, and its Westway saloon (the model's SALOON). */
async function realQuote(run: UiRun) {
  const form = { stops: [], pickup: HEATHROW, dropoff: SAVOY, pickup_date: weekdayAhead(4), pickup_hour: '2pm', pickup_min: '30', select_option: 'one_way', passengers: 2, luggages: 1, hand_luggages: 1 };
  const response = await fetch(run.url('/api/v1/calculate-distance-price'), { method: 'POST', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(form) });
  if (response.status !== 200) throw new Error(`the demo quote failed: ${response.status} ${await response.text()}`);
  const list = (await response.json()).price_details as PriceDetail[];
  const saloon = list.find((row) => row.vehicle_id === 1 && row.company_id === 1);
  if (!saloon) throw new Error('the demo quote has no Westway saloon (vehicle 1, company 1)');
  return { form, list, saloon };
}

/** localStorage as the quotation step leaves it after Book Now (spec §3 keys), for a reload. */
/**
 * Issue 34, the signed-in origin: a passenger of the path's own, the booker of a company account of its own that allows
 * on account and requires a PO number (MODEL_MEMBER's), signed in through the corporate sign-in call: its session in
 * run.scratch for the page's storage (corporateToken, corporateDetails).
 */
async function seedMember(run: UiRun, email: string, password: string) {
  const db = run.env.provider.db;
  const { rows } = await db.query<{ id: string }>("INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, true) RETURNING id", [
    MODEL_MEMBER.name,
    email,
    MODEL_MEMBER.phone,
    await hashPassword(password),
  ]);
  const account = await db.query<{ id: string }>(
    "INSERT INTO company_accounts (site_id, name, billing_email, credit_limit_pence, po_required) VALUES (1, $1, 'ledger@travel.test', 10000000, true) RETURNING id",
    [`${MODEL_MEMBER.account!.name} ${email}`],
  );
  await db.query("INSERT INTO company_account_members (site_id, account_id, passenger_id, role) VALUES (1, $1, $2, 'booker')", [account.rows[0].id, rows[0].id]);
  const login = await run.env.provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`the path's member could not sign in: ${login.body}`);
  run.scratch.corporateToken = login.json().access_token;
  run.scratch.corporateDetails = login.json().passenger;
}

async function seedChosen(run: UiRun, withForm: boolean) {
  const { form, list, saloon } = await realQuote(run);
  const entries: Record<string, string> = {
    BookingType: encoded('milleage'),
    PriceDetails: encoded(list),
    selectedVehicleData: encoded(saloon),
    SelectedVehicle: JSON.stringify({ vehicle_id: saloon.vehicle_id }),
    selectionKind: JSON.stringify('selection'),
  };
  if (withForm) entries.BookingForm = JSON.stringify(form);
  await run.page.goto(run.url('/favicon.svg'));
  await run.page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
}

/**
 * In the page: records the title of each booking alert dialog with the path it showed on, as the DOM changes (a
 * popup may close before a busy test looks).
 */
function recordDialogs() {
  const shown: ShownDialog[] = [];
  Object.assign(window, { __dialogsShown: shown });
  const scan = () => {
    for (const element of document.querySelectorAll('[role="dialog"] #booking-alert-title')) {
      const message = element.closest('[role="dialog"]')?.querySelector('[data-testid="booking-alert-message"]')?.textContent?.trim() ?? null;
      const entry = { path: location.pathname, title: (element.textContent ?? '').trim(), message };
      if (!shown.some((s) => s.path === entry.path && s.title === entry.title && s.message === entry.message)) shown.push(entry);
    }
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

interface ShownDialog {
  path: string;
  title: string;
  message: string | null;
}

/** The booking alert dialogs the page showed (title, message and the path it showed on). */
async function dialogsShown(run: UiRun): Promise<ShownDialog[]> {
  return run.page.evaluate(() => (window as unknown as { __dialogsShown?: ShownDialog[] }).__dialogsShown ?? []);
}

/** The titles of the booking alert dialogs the page showed on `pathname`. */
async function dialogsShownOn(run: UiRun, pathname: string): Promise<string[]> {
  return (await dialogsShown(run)).filter((s) => s.path === pathname).map((s) => s.title);
}

async function open(run: UiRun) {
  const path = run.path;
  await run.page.addInitScript(recordDialogs);
  if (path.origin === 'restored') await seedChosen(run, true);
  if (path.origin === 'noForm') await seedChosen(run, false);
  if (path.origin === 'signedIn') {
    await seedChosen(run, true);
    await run.page.evaluate(([token, details]) => {
      localStorage.setItem('corporateToken', token);
      localStorage.setItem('corporateDetails', details);
    }, [encoded(run.scratch.corporateToken), encoded(run.scratch.corporateDetails)] as const);
  }
  if (path.origin === 'returning') {
    await seedChosen(run, true);
    await run.page.evaluate((value) => localStorage.setItem('RememberedDetails', value), encoded(MODEL_REMEMBERED));
  }
  const first = path.steps[0]?.variant;
  const at = first?.startsWith('route.enter:') ? first.slice('route.enter:'.length) : '/';
  await run.page.goto(run.url(at));
  await appReady(run.page, 20_000);
}

export const bookingUi: UiMachine = {
  model: bookingModel.id,
  open,
  opensAtFirstStep: (path) => path.steps[0]?.variant.startsWith('route.enter:') ?? false,
  calls: {
    calculatePrice: '**/api/v1/calculate-*-price',
    recalculateSelectedVehicle: '**/api/v1/calculate-selected-vehicle-price',
    checkPassengerEmail: '**/api/v1/check-passenger-email',
    createBooking: '**/api/v1/booking',
    fetchPublishableKey: '**/api/v1/secret_key',
    createPaymentMethod: null,
    createPaymentIntent: '**/api/v1/create-payment-intent',
    confirmPaymentIntent: '**/api/v1/confirm-payment-intent',
    handleNextAction: '**/api/v1/sandbox/authenticate',
  },
  prepare: async (run) => {
    // An account of the path's own when it books or checks as an existing client (the server checks the account
    // when it books too); a fresh e-mail otherwise (a guest, or a new client the booking registers).
    const email = uniqueEmail('path');
    const password = 'a long enough password';
    if (run.path.steps.some((s) => s.variant === 'passengerMode.change:existing_client')) {
      await run.env.provider.db.query('INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, false)', [
        'Ada Lovelace',
        email,
        '+44 7700 900123',
        await hashPassword(password),
      ]);
    }
    run.scratch.account = { email, password };
    if (run.path.origin === 'signedIn') await seedMember(run, email, password);
    // The model's promo codes on the site (10% and 100% off, unlimited): the details step's Apply is priced by the server.
    for (const [variant, promo, percent] of [['xstate.done.actor.checkPromo:ok', MODEL_APPLIED_PROMO, 10], ['xstate.done.actor.checkPromo:free', MODEL_FREE_PROMO, 100]] as const) {
      if (!run.path.steps.some((s) => s.variant === variant)) continue;
      await run.env.provider.db.query(
        "INSERT INTO promo_codes (site_id, code, kind, percent) SELECT id, $1, 'percent', $2 FROM sites WHERE is_default ON CONFLICT (site_id, code) DO NOTHING",
        [promo.code, percent],
      );
    }
    // The card's payment method is made in the browser (no call to hold): a path that ends there holds the next call,
    // the payment intent, so 'Processing...' stays on screen instead of racing through to the confirmation.
    const last = run.path.steps.at(-1)?.snapshot;
    if (last?._nodes.some((node) => node.id.endsWith('.cardCheckout.creatingPaymentMethod'))) {
      await run.gate(run.path.steps.length, '**/api/v1/create-payment-intent', { kind: 'continue' }, 'createPaymentIntent (held after the in-browser payment method at the end)');
    }
  },
  executors,
  assertions,
  // A visitor's step in a state that ends on its own within seconds (a popup's redirect, the success toast, the
  // processing poll): the state's timer is held from the step that enters it, so the step never races it.
  holdsTimers: (before, variant) => (isUserStep(variant) && shortestDelay(before) <= SHORT_TIMER_MS ? timerDelays(before) : null),
  unavailable: (s, variant) => {
    // A dialog (alert or popup) covers the page: only its OK, a URL change or what the server and the clock do.
    if (ctx(s).alert !== null && isUserStep(variant.event.type) && variant.event.type !== 'alert.dismiss' && variant.event.type !== 'route.enter')
      return 'a dialog covers the page (its OK comes first)';
    if (variant.event.type === 'nav.back' && s.matches('bookTrip')) return "the home page has no Back button (the browser's Back is route.enter)";
    // While a code is checked the promo field stays editable (typing, Enter); Apply shows its loader.
    if (s.matches({ personalDetails: 'checkingPromo' }) && ['promo.change', 'promo.apply'].includes(variant.event.type)) return null;
    if (s.matches({ bookTrip: 'pricing' }) && ['quote.submit', 'hourly.submit'].includes(variant.event.type))
      return "both forms' Search show a loader and are disabled while the price is fetched (Enter in a field submits nothing then)";
    if (s.hasTag('busy') && isUserStep(variant.event.type) && !['route.enter', 'alert.dismiss', 'booking.retry'].includes(variant.event.type))
      return 'the screen is busy: its buttons are disabled while a call is in flight';
    return null;
  },
};
