/**
 * A booking's dispatch in Chromium against the real server: each path books its own card-paid trip for tomorrow
 * (sandbox card) and registers its own driver and vehicle, then dispatches it as the demo dispatcher on
 * /admin/bookings/:number. A path that completes or marks a no-show without `…:early` steps moves its booking's pick-up
 * to an hour ago first (the job has run: issue 30's rule lets it be completed); a path with them keeps tomorrow's, so
 * Complete and No-show are refused on the page. The server answers every call for real, except a failure (503), a refusal (422, the shape
 * of an expired licence) and a conflict (409, as when the booking changed meanwhile), which the gate answers; the
 * offer step's drivers on duty and the offer's answer (issue 32) are the gate's too (a driver on duty needs the driver's
 * app: tests/e2e/console.test.ts offers a job to a real one). A path that loads a held booking (issue 34) takes a phone
 * booking by payment link instead; its resend is the server's, its refusal (paid meanwhile: paying would be heard on
 * the live feed, one read more than the model) the gate's.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { BOOKING_STATUS_LABELS, DISPATCH_EVENT_LABELS, DISPATCH_MESSAGES, allowedEvents } from '../../../contract/dispatch.ts';
import { DRIVER_MESSAGES } from '../../../contract/driver.ts';
import { DISPATCH_TEXT, mayOffer, mayResendLink, OFFER_LABEL, RESEND_LINK_LABEL, type DispatchContext } from '../../../machines/consoleBooking/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../../helpers/booking.ts';
import { KEY_HEADERS } from '../../helpers/provider.ts';
import { MODEL_ON_DUTY_ID, OFFER_REFUSED_MESSAGE, ON_DUTY, REFUSED_MESSAGE, RESEND_REFUSED_MESSAGE, TOO_EARLY_MESSAGES } from '../machines/consoleBooking.model.ts';
import { SERVER_ERROR_BODY, answered, londonDate, visible } from './common.ts';
import { announceChange, countLiveEvents, signInContext, staffCall } from './consoleSession.ts';
import type { UiRun } from './harness.ts';
import { takeByLink } from './payLinkBooking.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as DispatchContext;
const number = (run: UiRun) => run.scratch.bookingNumber as string;
const loadingButton = (run: UiRun, name: string | RegExp) => run.page.getByRole('button', { name }).and(run.page.locator('[data-loading]'));
const cancelStep = (run: UiRun) => run.page.getByTestId('cancel-step');
const offerStep = (run: UiRun) => run.page.getByTestId('offer-step');
const refundField = (run: UiRun) => cancelStep(run).getByLabel('Refund to the card (£)');
let serial = 0;
const DONE_MESSAGE = new RegExp(`^(A new payment link is on its way to .+@example\\.test\\. The old link no longer works\\.|${[DISPATCH_MESSAGES.accepted, DISPATCH_MESSAGES.assigned, DISPATCH_MESSAGES.unassigned, DISPATCH_MESSAGES.completed, DISPATCH_MESSAGES.cancelled, DISPATCH_MESSAGES.noShow, DRIVER_MESSAGES.offered].join('|')})`);

/** A card-paid booking for tomorrow through the public API, from an address of its own (the booking limits count per address). */
async function bookByCard(run: UiRun): Promise<string> {
  const provider = run.env.provider;
  serial += 1;
  const headers = { ...KEY_HEADERS, 'x-forwarded-for': `10.250.${(serial >> 8) & 255}.${serial & 255}` };
  const { form, row } = await quoteFor(provider, { pickup_date: londonDate(1) });
  const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, surname: `Model${serial}`, email: `dispatch.model.${serial}@example.test` } });
  const post = async (url: string, body: object) => (await provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload: body })).json();
  const { paymentIntentId } = await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: Math.round(row.final_price * 100), booking });
  const confirmed = await post('confirm-payment-intent', { paymentIntentId });
  if (!confirmed.booking_number) throw new Error(`the path's booking was not made: ${JSON.stringify(confirmed)}`);
  return confirmed.booking_number as string;
}

/** A driver and a vehicle of the path's own, licensed well beyond tomorrow. */
async function registerFleet(run: UiRun) {
  const tag = `${Date.now().toString(36).slice(-4)}${serial}`.toUpperCase();
  run.scratch.driverName = `Dispatch Driver ${tag}`;
  run.scratch.registration = `MD${tag}`.slice(0, 8);
  const driver = await staffCall(run, 'POST', '/api/admin/drivers', { name: run.scratch.driverName, licence_number: `PHD-D-${tag}`, licensing_authority: 'Transport for London', licence_expiry: '2030-12-31' });
  const vehicle = await staffCall(run, 'POST', '/api/admin/vehicles', { registration: run.scratch.registration, make: 'Toyota', model: 'Prius', colour: 'Silver', category_id: 1, licence_number: `PHV-D-${tag}`, licence_expiry: '2030-12-31' });
  if (driver.status() !== 201 || vehicle.status() !== 201) throw new Error(`the path's driver or vehicle was not registered: ${await driver.text()} ${await vehicle.text()}`);
  run.scratch.driverId = String((await driver.json()).driver.id);
  run.scratch.vehicleId = String((await vehicle.json()).vehicle.id);
}

const OWN_DISPATCH = new Set(['act:accept', 'act:complete', 'act:unassign', 'assign.confirm', 'cancel.confirm', 'noShow.confirm']);
const usesFleet = (run: UiRun) => run.path.steps.some((step) => step.variant === 'assign.choose');
/** The path's booking is one whose pick-up is still to come (tomorrow's); else it has run (an hour ago). */
const isEarlyPath = (run: UiRun) => run.path.steps.some((step) => step.variant.endsWith(':early'));
/** The page's words for a step refused before its time: the real booking's time, not the model's. */
const TOO_EARLY_TEXT = /^This booking cannot be (completed|marked as a no-show) before \d{2}:\d{2} on \d{4}-\d{2}-\d{2} \(London time\): its pick-up has not come yet\.$/;

export const consoleBookingUi: UiMachine = {
  model: 'consoleBooking',
  calls: {
    loadBooking: '**/api/admin/bookings/*',
    loadAssignable: '**/api/admin/bookings/*/assignable',
    dispatch: '**/api/admin/bookings/*/dispatch',
    resendPayLink: 'POST **/api/admin/phone-bookings/*/pay-link',
    loadOnDuty: '**/api/admin/drivers/on-duty',
    // The page also reads the booking's offers (GET, never gated): the POST is the offer.
    sendOffer: 'POST **/api/admin/bookings/*/offers',
    // The live feed (an EventSource): driven through the server (announceChange), never gated.
    bookingChanges: null,
  },
  prepare: async (run) => {
    await countLiveEvents(run);
    // The dispatcher: the console model's paths sign the owner out everywhere, which would end this path's session.
    await signInContext(run, DEMO_STAFF.dispatcher);
    if (run.path.steps.some((step) => step.variant === 'loadBooking:held')) {
      await takeByLink(run);
      return;
    }
    run.scratch.bookingNumber = await bookByCard(run);
    if (!isEarlyPath(run)) await run.env.provider.db.query("UPDATE bookings SET pick_up_at = now() - interval '1 hour' WHERE booking_number = $1", [run.scratch.bookingNumber]);
    if (usesFleet(run)) await registerFleet(run);
  },
  open: async (run) => {
    await run.page.goto(run.url(`/admin/bookings/${number(run)}`));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  // With a read of the booking still owed (a change elsewhere heard, or a read left by a click), the path's own
  // dispatch would be heard on the live feed as well and read once more than the model knows, taking a held call.
  unavailable: (s, v) => (OWN_DISPATCH.has(v.key) && (ctx(s).stale || s.matches({ ready: { idle: 'reloading' } })) ? "a read still owed: the path's own dispatch would be heard too" : null),
  executors: {
    retry: { run: async (run) => run.page.getByRole('button', { name: 'Try again' }).click() },
    reload: {
      // Once the path's own dispatch went through, the page also hears that change and reads the booking once more than
      // the model knows (its request would take a gate meant for a later step): changes elsewhere come before it.
      unavailable: (s) => (ctx(s).booking?.status !== 'confirmed' ? "after the path's own dispatch the page hears that change too (one read more than the model)" : null),
      run: async (run) => announceChange(run, number(run)),
    },
    'act:accept': { run: async (run) => run.page.getByTestId('dispatch-actions').getByRole('button', { name: DISPATCH_EVENT_LABELS.accept, exact: true }).click() },
    'act:complete': { run: async (run) => run.page.getByTestId('dispatch-actions').getByRole('button', { name: DISPATCH_EVENT_LABELS.complete, exact: true }).click() },
    'act:unassign': { run: async (run) => run.page.getByTestId('dispatch-actions').getByRole('button', { name: DISPATCH_EVENT_LABELS.unassign, exact: true }).click() },
    'assign.start': { run: async (run) => run.page.getByTestId('dispatch-actions').getByRole('button', { name: DISPATCH_EVENT_LABELS.assign, exact: true }).click() },
    'assign.choose': {
      run: async (run) => {
        const step = run.page.getByTestId('assign-step');
        await step.getByLabel('Driver', { exact: true }).selectOption(run.scratch.driverId);
        await step.getByLabel('Vehicle', { exact: true }).selectOption(run.scratch.vehicleId);
      },
    },
    'assign.confirm': { run: async (run) => run.page.getByTestId('assign-step').getByRole('button', { name: 'Assign', exact: true }).click() },
    'offer.start': { run: async (run) => run.page.getByTestId('dispatch-actions').getByRole('button', { name: OFFER_LABEL, exact: true }).click() },
    'offer.choose': {
      run: async (run) => {
        await offerStep(run).getByLabel('Driver on duty', { exact: true }).selectOption(String(MODEL_ON_DUTY_ID));
      },
    },
    'offer.confirm': { run: async (run) => offerStep(run).getByRole('button', { name: 'Send offer', exact: true }).click() },
    'loadOnDuty:done': answered(() => ({ kind: 'fulfil', status: 200, body: { success: true, drivers: ON_DUTY } })),
    'loadOnDuty:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'sendOffer:done': answered(() => ({
      kind: 'fulfil',
      status: 201,
      body: {
        success: true,
        message: DRIVER_MESSAGES.offered,
        offer: { id: 1, driver: ON_DUTY[0].driver, vehicle_id: 1, state: 'open', offered_at: new Date().toISOString(), expires_at: new Date(Date.now() + 30_000).toISOString(), answered_at: null, automatic: false },
      },
    })),
    'sendOffer:refused': answered(() => ({ kind: 'fulfil', status: 422, body: { success: false, message: OFFER_REFUSED_MESSAGE } })),
    'cancel.start': { run: async (run) => run.page.getByTestId('dispatch-actions').getByRole('button', { name: DISPATCH_EVENT_LABELS.cancel, exact: true }).click() },
    'cancel.edit:reason': {
      run: async (run) => {
        await cancelStep(run).getByLabel(/^Reason/).selectOption('passenger_request');
      },
    },
    'cancel.edit:tooMuch': { run: async (run) => refundField(run).fill('999') },
    'cancel.confirm': {
      unavailable: (s) => (ctx(s).cancel.reason === '' ? 'the Reason select is required: the browser stops the form before it is sent' : null),
      // Enter in the refund field sends the form as typed (a click would first clamp the amount as the field loses focus).
      run: async (run) => refundField(run).press('Enter'),
    },
    'noShow.start': { run: async (run) => run.page.getByTestId('dispatch-actions').getByRole('button', { name: DISPATCH_EVENT_LABELS.no_show, exact: true }).click() },
    'noShow.confirm': { run: async (run) => run.page.getByRole('button', { name: 'Mark as no-show' }).click() },
    back: {
      unavailable: (s) =>
        s.matches({ ready: 'assigning' }) && !s.matches({ ready: { assigning: 'choosing' } })
          ? 'the assign step offers Back only once the drivers and vehicles are listed'
          : s.matches({ ready: { offering: 'loadingDrivers' } })
            ? 'the offer step offers Back once the drivers on duty are listed (or failed)'
            : null,
      run: async (run) => run.page.getByRole('button', { name: /^(Back|Keep the booking)$/ }).click(),
    },
    'loadBooking:done': answered(() => ({ kind: 'continue' })),
    'loadBooking:held': answered(() => ({ kind: 'continue' })),
    'payLink.resend': { run: async (run) => run.page.getByTestId('dispatch-actions').getByRole('button', { name: RESEND_LINK_LABEL, exact: true }).click() },
    'resendPayLink:done': answered(() => ({ kind: 'continue' })),
    'resendPayLink:error': answered(() => ({ kind: 'fulfil', status: 409, body: { success: false, message: RESEND_REFUSED_MESSAGE } })),
    'loadBooking:early': answered(() => ({ kind: 'continue' })),
    'loadBooking:notFound': answered(() => ({ kind: 'fulfil', status: 404, body: { success: false, message: DISPATCH_MESSAGES.notFound } })),
    'loadBooking:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'reload:done': answered(() => ({ kind: 'continue' })),
    'reload:early': answered(() => ({ kind: 'continue' })),
    'reload:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'bookingChanges:done': { unavailable: () => 'the live feed runs as long as the page: it never ends by itself', run: async () => {} },
    'bookingChanges:error': { unavailable: () => 'the live feed never fails as an actor: the EventSource retries or is refused', run: async () => {} },
    'loadAssignable:done': answered(() => ({ kind: 'continue' })),
    'loadAssignable:error': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'dispatch:accepted': answered(() => ({ kind: 'continue' })),
    'dispatch:driver_assigned': answered(() => ({ kind: 'continue' })),
    'dispatch:accepted:early': answered(() => ({ kind: 'continue' })),
    'dispatch:driver_assigned:early': answered(() => ({ kind: 'continue' })),
    'dispatch:completed': answered(() => ({ kind: 'continue' })),
    'dispatch:cancelled': answered(() => ({ kind: 'continue' })),
    'dispatch:no_show': answered(() => ({ kind: 'continue' })),
    'dispatch:conflict': answered(() => ({ kind: 'fulfil', status: 409, body: { success: false, message: DISPATCH_MESSAGES.revisionChanged } })),
    'dispatch:refused': answered(() => ({ kind: 'fulfil', status: 422, body: { success: false, message: REFUSED_MESSAGE } })),
  },
  assertions: {
    loading: async (run, { snapshot }) => {
      if (ctx(snapshot).booking === null) await visible(run.page.getByRole('status').getByText(`Loading booking ${number(run)}…`));
      else {
        await visible(run.page.getByRole('status').getByText('Reloading…'));
        await visible(run.page.getByTestId('dispatch-notice').getByText(DISPATCH_MESSAGES.revisionChanged));
      }
    },
    failed: async (run) => {
      await visible(run.page.getByRole('alert').getByText(DISPATCH_TEXT.loadFailed));
    },
    notFound: async (run) => {
      await visible(run.page.getByRole('heading', { name: `No booking ${number(run)}` }));
    },
    'ready.idle.settled': async (run, { snapshot }) => {
      const { booking, notice, error } = ctx(snapshot);
      await run.waitForPath(`/admin/bookings/${number(run)}`);
      await visible(run.page.getByTestId('booking-status').getByText(BOOKING_STATUS_LABELS[booking!.status], { exact: true }));
      // "Offer to a driver" beside "Assign driver" for an accepted booking without a driver (issue 32).
      const labels = allowedEvents(booking!.status).flatMap((event) =>
        event === 'assign' && mayOffer(booking) ? [DISPATCH_EVENT_LABELS[event], OFFER_LABEL] : event === 'cancel' && mayResendLink(booking) ? [RESEND_LINK_LABEL, DISPATCH_EVENT_LABELS[event]] : [DISPATCH_EVENT_LABELS[event]],
      );
      if (labels.length) await visible(run.page.getByTestId('dispatch-actions'));
      const shown = labels.length ? await run.page.getByTestId('dispatch-actions').getByRole('button').allTextContents() : [];
      if (JSON.stringify(shown) !== JSON.stringify(labels)) throw new Error(`the dispatch buttons are ${JSON.stringify(shown)}, expected ${JSON.stringify(labels)}`);
      // The server's own words (the refund's amount is the real payment's).
      if (notice) await visible(run.page.getByTestId('dispatch-notice').getByText(notice.tone === 'warning' ? DISPATCH_MESSAGES.revisionChanged : DONE_MESSAGE));
      if (error) await visible(run.page.getByRole('alert').getByText(error === DISPATCH_TEXT.loadFailed ? error : TOO_EARLY_MESSAGES.includes(error) ? TOO_EARLY_TEXT : error === RESEND_REFUSED_MESSAGE ? error : REFUSED_MESSAGE));
    },
    // The booking stays on screen while it is read again; the read itself is the next step's (or the end's) held call.
    'ready.idle.reloading': async (run, { index }) => {
      await visible(run.page.getByTestId('booking-status'));
      await run.stepGates.get(index + 1)?.waitArrived();
    },
    'ready.assigning.loadingChoices': async (run) => {
      await visible(run.page.getByTestId('assign-step').getByText('Loading drivers and vehicles…'));
    },
    'ready.assigning.choicesFailed': async (run) => {
      await visible(run.page.getByTestId('assign-step').getByRole('alert'));
      await visible(run.page.getByTestId('assign-step').getByRole('button', { name: 'Try again' }));
    },
    'ready.assigning.choosing': async (run, { snapshot }) => {
      const step = run.page.getByTestId('assign-step');
      await visible(step.getByLabel('Driver', { exact: true }));
      const error = ctx(snapshot).error;
      if (error) await visible(step.getByRole('alert').getByText(error));
    },
    'ready.offering.loadingDrivers': async (run) => {
      await visible(offerStep(run).getByText('Loading drivers on duty…'));
    },
    'ready.offering.driversFailed': async (run) => {
      await visible(offerStep(run).getByRole('alert'));
      await visible(offerStep(run).getByRole('button', { name: 'Try again' }));
    },
    'ready.offering.choosing': async (run, { snapshot }) => {
      await visible(offerStep(run).getByLabel('Driver on duty', { exact: true }));
      const options = await offerStep(run).getByLabel('Driver on duty', { exact: true }).locator('option').allTextContents();
      if (!options.includes('Model Duty Driver · MD01DTY Toyota Prius · Free')) throw new Error(`the drivers on duty offered are ${JSON.stringify(options)}`);
      const error = ctx(snapshot).error;
      if (error) await visible(offerStep(run).getByRole('alert').getByText(error));
    },
    // The button shows it is sending; the page stays as it was.
    'ready.resendingLink': async (run) => {
      await visible(loadingButton(run, RESEND_LINK_LABEL));
    },
    'ready.offering.sending': async (run) => {
      await visible(offerStep(run).locator('button[type="submit"][data-loading]'));
    },
    'ready.cancelling': async (run, { snapshot }) => {
      await visible(cancelStep(run).getByLabel(/^Reason/));
      const error = ctx(snapshot).error;
      if (error) await visible(cancelStep(run).getByRole('alert').getByText(error));
    },
    'ready.confirmingNoShow': async (run, { snapshot }) => {
      await visible(run.page.getByTestId('no-show-step'));
      const error = ctx(snapshot).error;
      if (error) await visible(run.page.getByTestId('no-show-step').getByRole('alert').getByText(error));
    },
    'ready.submitting': async (run, { snapshot }) => {
      const event = ctx(snapshot).pending!.request.event;
      if (event === 'assign') await visible(loadingButton(run, 'Assign'));
      else if (event === 'cancel') await visible(cancelStep(run).locator('button[type="submit"][data-loading]'));
      else if (event === 'no_show') await visible(loadingButton(run, 'Mark as no-show'));
      else await visible(loadingButton(run, DISPATCH_EVENT_LABELS[event]));
    },
  },
};
