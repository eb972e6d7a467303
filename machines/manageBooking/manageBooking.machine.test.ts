import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ManageBookingView, ManageCancelResponse, ManageChangePreview, ManageChangeResponse, ManageTripValues } from '../../contract/manageBooking.ts';
import type { CalendarFile } from './manageBooking.actors.ts';
import { manageBookingMachine, type ManageBookingInput } from './manageBooking.machine.ts';
import { selectCancelAllowed, selectChangeAllowed, selectPublishableKey, selectStage } from './manageBooking.selectors.ts';
import { manageRoute } from './manageBooking.routes.ts';
import { MANAGE_FAILURE_TEXT, type ApplyChangeInput, type CardMethodInput, type ManageAccessInput, type NextActionInput, type NextActionResult, type PreviewChangeInput } from './manageBooking.types.ts';

const TOKEN = 'A'.repeat(43);
const PHONE = '020 7946 0321';
const LINK_INVALID = 'This link is not valid. Please open the link in your confirmation e-mail again.';

const CURRENT: ManageTripValues = {
  pickup_date: '2030-07-01',
  pickup_hour: '8am',
  pickup_min: '00',
  passengers: 2,
  luggages: 1,
  hand_luggages: 1,
  meet_and_greet: 'no',
  baby_seats: 0,
  booster_seats: 0,
  special_luggage: 0,
  wheel_chair: 'no',
  waiting_min: 0,
  flight_no: '',
  passenger_name: 'Jane Doe',
  passenger_email: 'jane@example.test',
  passenger_phone: '07700 900456',
  pickup: 'Heathrow',
  stops: [],
  dropoff: 'The Savoy',
};

const view = (overrides: Partial<ManageBookingView> = {}): ManageBookingView => ({
  success: true,
  data: { booking: { booking_number: 'CF-1' } } as ManageBookingView['data'],
  status: 'confirmed',
  status_label: 'Confirmed',
  driver: null,
  revision: 0,
  cancellation: { allowed: true, refusal: null, cutoff_minutes: 120, cutoff_at: '2030-07-01T05:00:00.000Z', cutoff_date: '2030-07-01', cutoff_time: '6:00am', fee: 0, refund: 42.5 },
  cancelled: null,
  operator_phone: PHONE,
  link_expires_at: '2030-07-15T07:00:00.000Z',
  change: { allowed: true, refusal: null, as_request: false, addresses: false, trip_options: true, current: CURRENT },
  change_requests: [],
  ...overrides,
});
const cancelledView = (): ManageCancelResponse => ({
  ...view({ status: 'cancelled', status_label: 'Cancelled', cancelled: { at: '2030-06-01T10:00:00.000Z', by: 'passenger', fee: 0, refund: { amount: 42.5, status: 'succeeded' } } }),
  cancellation: { ...view().cancellation, allowed: false, refusal: 'This booking has already been cancelled.' },
  message: 'Your booking has been cancelled.',
});

const preview = (overrides: Partial<ManageChangePreview> = {}): ManageChangePreview => ({
  success: true,
  revision: 0,
  currency: '£',
  old_price: 42.5,
  new_price: 54.5,
  difference: 12,
  outcome: 'pay_driver',
  message: 'The new price is £54.50, paid to the driver.',
  summary: ['Passengers: 2 → 3'],
  discount: null,
  ...overrides,
});
const changed = (overrides: Partial<ManageChangeResponse> = {}): ManageChangeResponse => ({
  ...view({ revision: 1 }),
  message: 'Your booking has been changed.',
  result: 'applied',
  outcome: 'pay_driver',
  difference: 12,
  payment_intent_id: null,
  client_secret: null,
  ...overrides,
});

/** An Error as src/api rejects: the HTTP status and the answer's body. */
const httpError = (status: number | null, body: unknown = null) => Object.assign(new Error(String((body as { message?: string } | null)?.message ?? 'fetch failed')), { status, body });
const refusal = (status: number, code: string, message: string) => httpError(status, { success: false, message, code, operator_phone: PHONE });

interface Stubs {
  loadBooking?: (input: ManageAccessInput) => Promise<ManageBookingView>;
  cancelBooking?: (input: ManageAccessInput) => Promise<ManageCancelResponse>;
  downloadCalendar?: (input: ManageAccessInput) => Promise<CalendarFile>;
  previewChange?: (input: PreviewChangeInput) => Promise<ManageChangePreview>;
  applyChange?: (input: ApplyChangeInput) => Promise<ManageChangeResponse>;
  createPaymentMethod?: (input: CardMethodInput) => Promise<{ paymentMethodId: string }>;
  handleNextAction?: (input: NextActionInput) => Promise<NextActionResult>;
  fetchPublishableKey?: () => Promise<string>;
}

function start(stubs: Stubs = {}, input: ManageBookingInput = { urlToken: TOKEN, storedToken: null }) {
  const calls: Record<string, unknown[]> = { loadBooking: [], cancelBooking: [], downloadCalendar: [], previewChange: [], applyChange: [], createPaymentMethod: [], handleNextAction: [], fetchPublishableKey: [] };
  const track =
    <I, O>(name: string, fn: (input: I) => Promise<O>) =>
    ({ input }: { input: I }) => {
      calls[name].push(input);
      return fn(input);
    };
  const page = { storeToken: vi.fn(), forgetToken: vi.fn(), forgetUrl: vi.fn(), saveCalendar: vi.fn() };
  const actor = createActor(
    manageBookingMachine.provide({
      actors: {
        loadBooking: fromPromise(track('loadBooking', stubs.loadBooking ?? (async () => view()))),
        cancelBooking: fromPromise(track('cancelBooking', stubs.cancelBooking ?? (async () => cancelledView()))),
        downloadCalendar: fromPromise(track('downloadCalendar', stubs.downloadCalendar ?? (async () => ({ filename: 'booking-CF-1.ics', text: 'BEGIN:VCALENDAR' })))),
        previewChange: fromPromise(track('previewChange', stubs.previewChange ?? (async () => preview()))),
        applyChange: fromPromise(track('applyChange', stubs.applyChange ?? (async () => changed()))),
        createPaymentMethod: fromPromise(track('createPaymentMethod', stubs.createPaymentMethod ?? (async () => ({ paymentMethodId: 'pm_card_visa' })))),
        fetchPublishableKey: fromPromise(track('fetchPublishableKey', stubs.fetchPublishableKey ?? (async () => 'pk_sandbox_cabflow'))),
        handleNextAction: fromPromise(track('handleNextAction', stubs.handleNextAction ?? (async (): Promise<NextActionResult> => ({ status: 'completed' })))),
      },
      actions: {
        storeToken: (_, params) => page.storeToken(params.token),
        forgetToken: () => page.forgetToken(),
        forgetUrl: () => page.forgetUrl(),
        saveCalendar: (_, params) => page.saveCalendar(params),
      },
    }),
    { input },
  ).start();
  return { actor, calls, page, stage: () => selectStage(actor.getSnapshot()) };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => selectStage(s) !== 'loading' && selectStage(s) !== 'cancelling');

describe('who gets in', () => {
  it("keeps a link's token in the tab, drops it from the address and loads the booking with it", async () => {
    const { actor, calls, page, stage } = start();
    expect(page.storeToken).toHaveBeenCalledWith(TOKEN);
    expect(page.forgetUrl).toHaveBeenCalledTimes(1);
    await settled(actor);
    expect(stage()).toBe('viewing');
    expect(calls.loadBooking).toEqual([{ token: TOKEN }]);
    expect(actor.getSnapshot().context.view?.status).toBe('confirmed');
  });

  it('a reload uses the token kept by the tab, without storing it again', async () => {
    const { actor, calls, page, stage } = start({}, { urlToken: null, storedToken: TOKEN });
    await settled(actor);
    expect(stage()).toBe('viewing');
    expect(calls.loadBooking).toEqual([{ token: TOKEN }]);
    expect(page.storeToken).not.toHaveBeenCalled();
  });

  it("a link's token wins over one kept from another booking", async () => {
    const other = 'B'.repeat(43);
    const { actor, calls } = start({}, { urlToken: TOKEN, storedToken: other });
    await settled(actor);
    expect(calls.loadBooking).toEqual([{ token: TOKEN }]);
  });

  it.each([
    ['no token at all', { urlToken: null, storedToken: null }],
    ['a token cut short', { urlToken: TOKEN.slice(0, 20), storedToken: null }],
    ['a token cut short, with a good one kept', { urlToken: TOKEN.slice(0, 20), storedToken: 'B'.repeat(43) }],
  ])('%s: refused without asking the server', (_, input) => {
    const { actor, calls, page, stage } = start({}, input);
    expect(stage()).toBe('refused');
    expect(actor.getSnapshot().context.refusal).toEqual({ code: 'link_invalid', message: LINK_INVALID, operatorPhone: null });
    expect(calls.loadBooking).toEqual([]);
    expect(page.forgetToken).toHaveBeenCalled();
    expect(page.forgetUrl).toHaveBeenCalled();
  });

  it.each([
    [401, 'link_expired', 'This link has expired.'],
    [401, 'link_revoked', 'This link is no longer active.'],
    [401, 'link_invalid', LINK_INVALID],
    [403, 'wrong_booking', 'This link is for another booking.'],
  ])('%i %s: refused with the message and the phone, the token forgotten', async (status, code, message) => {
    const { actor, page, stage } = start({ loadBooking: () => Promise.reject(refusal(status, code, message)) });
    await settled(actor);
    expect(stage()).toBe('refused');
    expect(actor.getSnapshot().context.refusal).toEqual({ code, message, operatorPhone: PHONE });
    expect(page.forgetToken).toHaveBeenCalledTimes(1);
  });

  it('no answer: loadFailed, and retry loads again', async () => {
    let fail = true;
    const { actor, calls, stage } = start({ loadBooking: async () => (fail ? Promise.reject(httpError(null)) : view()) });
    await settled(actor);
    expect(stage()).toBe('loadFailed');
    expect(actor.getSnapshot().context.error).toBe(MANAGE_FAILURE_TEXT.load);
    fail = false;
    actor.send({ type: 'retry' });
    await settled(actor);
    expect(stage()).toBe('viewing');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.loadBooking).toHaveLength(2);
  });

  it('a server error (500) is not a refusal: loadFailed', async () => {
    const { actor, stage } = start({ loadBooking: () => Promise.reject(httpError(500, { success: false, message: 'Something went wrong' })) });
    await settled(actor);
    expect(stage()).toBe('loadFailed');
  });
});

describe('cancelling', () => {
  it('confirm → cancelling → cancelled with the refund and the server message', async () => {
    const { actor, calls, stage } = start();
    await settled(actor);
    actor.send({ type: 'cancel.start' });
    expect(stage()).toBe('confirmingCancel');
    actor.send({ type: 'cancel.back' });
    expect(stage()).toBe('viewing');
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.confirm' });
    expect(stage()).toBe('cancelling');
    await settled(actor);
    expect(stage()).toBe('cancelled');
    expect(actor.getSnapshot().context.view?.cancelled?.refund).toEqual({ amount: 42.5, status: 'succeeded' });
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', text: 'Your booking has been cancelled.' });
    expect(calls.cancelBooking).toEqual([{ token: TOKEN, revision: 0 }]);
  });

  it('a double click on confirm sends one request', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.confirm' });
    actor.send({ type: 'cancel.confirm' });
    await settled(actor);
    actor.send({ type: 'cancel.confirm' });
    expect(calls.cancelBooking).toHaveLength(1);
  });

  it('after the cut-off there is no way to cancel', async () => {
    const refusalText = 'Bookings can be cancelled online until 2 hours before pick-up (6:00am on 01-07-2030). To cancel now, please call Westway Cars on 020 7946 0321.';
    const { actor, stage } = start({ loadBooking: async () => view({ cancellation: { ...view().cancellation, allowed: false, refusal: refusalText } }) });
    await settled(actor);
    expect(selectCancelAllowed(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'cancel.start' })).toBe(false);
    actor.send({ type: 'cancel.start' });
    expect(stage()).toBe('viewing');
  });

  it("the page's panels read the guards' answers: allowed while viewing, and still shown as allowed while confirming a cancel", async () => {
    const { actor, stage } = start();
    await settled(actor);
    expect([selectCancelAllowed(actor.getSnapshot()), selectChangeAllowed(actor.getSnapshot())]).toEqual([true, true]);
    expect(actor.getSnapshot().can({ type: 'cancel.start' })).toBe(true);
    actor.send({ type: 'cancel.start' });
    expect(stage()).toBe('confirmingCancel');
    // `can` says no here (the state takes no cancel.start), but the terms still allow it: the panel keeps its text.
    expect(actor.getSnapshot().can({ type: 'cancel.start' })).toBe(false);
    expect(selectCancelAllowed(actor.getSnapshot())).toBe(true);
  });

  it('a booking cancelled already opens cancelled', async () => {
    const { actor, stage } = start({ loadBooking: async () => cancelledView() });
    await settled(actor);
    expect(stage()).toBe('cancelled');
  });

  it('the cut-off passed meanwhile (409): the booking is loaded again and the reason shown', async () => {
    const reason = 'Bookings can be cancelled online until 2 hours before pick-up (6:00am on 01-07-2030). To cancel now, please call Westway Cars on 020 7946 0321.';
    let loads = 0;
    const { actor } = start({
      loadBooking: async () => (loads++ === 0 ? view() : view({ cancellation: { ...view().cancellation, allowed: false, refusal: reason } })),
      cancelBooking: () => Promise.reject(refusal(409, 'cutoff_passed', reason)),
    });
    await settled(actor);
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => loads === 2 && selectStage(s) === 'viewing');
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'warning', text: reason });
    expect(actor.getSnapshot().context.view?.cancellation.allowed).toBe(false);
  });

  it('no answer: back to the confirmation with the error; confirming again retries', async () => {
    let fail = true;
    const { actor, calls, stage } = start({ cancelBooking: async () => (fail ? Promise.reject(httpError(null)) : cancelledView()) });
    await settled(actor);
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.confirm' });
    await settled(actor);
    expect(stage()).toBe('confirmingCancel');
    expect(actor.getSnapshot().context.error).toBe(MANAGE_FAILURE_TEXT.cancel);
    fail = false;
    actor.send({ type: 'cancel.confirm' });
    await settled(actor);
    expect(stage()).toBe('cancelled');
    expect(calls.cancelBooking).toHaveLength(2);
  });

  it('the link revoked meanwhile: refused', async () => {
    const { actor, stage, page } = start({ cancelBooking: () => Promise.reject(refusal(401, 'link_revoked', 'This link is no longer active.')) });
    await settled(actor);
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.confirm' });
    await settled(actor);
    expect(stage()).toBe('refused');
    expect(page.forgetToken).toHaveBeenCalled();
  });
});

describe('the calendar file', () => {
  it('downloads and saves it, in any booking stage', async () => {
    const { actor, calls, page } = start();
    await settled(actor);
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'calendar.download' });
    actor.send({ type: 'calendar.download' });
    await waitFor(actor, (s) => s.matches({ ready: { calendar: 'idle' } }));
    expect(page.saveCalendar).toHaveBeenCalledWith({ filename: 'booking-CF-1.ics', text: 'BEGIN:VCALENDAR' });
    expect(calls.downloadCalendar).toHaveLength(1);
    expect(selectStage(actor.getSnapshot())).toBe('confirmingCancel');
  });

  it('a failure shows an error; downloading again retries', async () => {
    let fail = true;
    const { actor, page } = start({ downloadCalendar: async () => (fail ? Promise.reject(httpError(null)) : { filename: 'f.ics', text: 'x' }) });
    await settled(actor);
    actor.send({ type: 'calendar.download' });
    await waitFor(actor, (s) => s.matches({ ready: { calendar: 'failed' } }));
    expect(actor.getSnapshot().context.calendarError).toBe(MANAGE_FAILURE_TEXT.calendar);
    fail = false;
    actor.send({ type: 'calendar.download' });
    await waitFor(actor, (s) => s.matches({ ready: { calendar: 'idle' } }));
    expect(actor.getSnapshot().context.calendarError).toBeNull();
    expect(page.saveCalendar).toHaveBeenCalledWith({ filename: 'f.ics', text: 'x' });
  });
});

describe('changing the booking', () => {
  const at = (actor: ReturnType<typeof start>['actor'], stage: string) => waitFor(actor, (s) => selectStage(s) === stage);

  it('pay in car: edit, preview (old and new price), confirm: applied on the previewed revision, only the changed fields sent', async () => {
    const { actor, calls, stage } = start();
    await settled(actor);
    actor.send({ type: 'change.start' });
    expect(stage()).toBe('editing');
    actor.send({ type: 'change.review' });
    expect(stage()).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('Change a detail of your booking first.');
    actor.send({ type: 'change.edit', changes: { passengers: 3, pickup_hour: '8am' } });
    actor.send({ type: 'change.review' });
    await at(actor, 'confirmingChange');
    expect(calls.previewChange).toEqual([{ token: TOKEN, changes: { passengers: 3 } }]);
    expect(actor.getSnapshot().context.preview?.new_price).toBe(54.5);
    actor.send({ type: 'change.confirm' });
    actor.send({ type: 'change.confirm' });
    await at(actor, 'changed');
    expect(calls.applyChange).toEqual([{ token: TOKEN, revision: 0, changes: { passengers: 3 } }]);
    expect(actor.getSnapshot().context.view?.revision).toBe(1);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', text: 'Your booking has been changed.' });
    actor.send({ type: 'change.done' });
    expect(stage()).toBe('viewing');
  });

  it("a rule refused (grace time, capacity): back to editing with the booking flow's message", async () => {
    const { actor, stage } = start({ previewChange: () => Promise.reject(refusal(422, 'change_refused', 'Pickup time is within the grace period')) });
    await settled(actor);
    actor.send({ type: 'change.start' });
    actor.send({ type: 'change.edit', changes: { pickup_hour: '9am' } });
    actor.send({ type: 'change.review' });
    await at(actor, 'editing');
    expect(stage()).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('Pickup time is within the grace period');
  });

  it('a stale revision or the cut-off meanwhile: the booking reloads and shows why', async () => {
    const message = 'Your booking was changed meanwhile.';
    const { actor, calls } = start({ applyChange: () => Promise.reject(refusal(409, 'stale_revision', message)) });
    await settled(actor);
    actor.send({ type: 'change.start' });
    actor.send({ type: 'change.edit', changes: { passengers: 1 } });
    actor.send({ type: 'change.review' });
    await at(actor, 'confirmingChange');
    actor.send({ type: 'change.confirm' });
    await at(actor, 'viewing');
    expect(calls.loadBooking).toHaveLength(2);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'warning', text: message });
    expect(actor.getSnapshot().context.draft).toEqual({});
  });

  it('a higher card price: the card branch, a decline shown on the form, then 3-D Secure and the apply with the intent', async () => {
    let attempt = 0;
    const { actor, calls, stage } = start({
      previewChange: async () => preview({ outcome: 'charge' }),
      applyChange: async (input) => {
        attempt += 1;
        if (attempt === 1) throw refusal(402, 'payment_failed', 'Payment failed: your booking is unchanged. Your card was declined.');
        if (input.payment_method_id) return changed({ result: 'requires_action', revision: 0, payment_intent_id: 'pi_sandbox_1', client_secret: 'pi_sandbox_1_secret_x' });
        return changed({ outcome: 'charge' });
      },
    });
    await settled(actor);
    actor.send({ type: 'change.start' });
    actor.send({ type: 'change.edit', changes: { meet_and_greet: 'yes' } });
    actor.send({ type: 'change.review' });
    await at(actor, 'confirmingChange');
    actor.send({ type: 'change.confirm' });
    expect(stage()).toBe('paying');
    expect(selectPublishableKey(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches({ ready: { booking: { changing: { paying: 'form' } } } }));
    expect(selectPublishableKey(actor.getSnapshot())).toBe('pk_sandbox_cabflow');
    actor.send({ type: 'card.submit', card: { kind: 'sandbox', number: '4000000000000002' } });
    actor.send({ type: 'card.submit', card: { kind: 'sandbox', number: '4000000000000002' } });
    await waitFor(actor, (s) => s.matches({ ready: { booking: { changing: { paying: 'form' } } } }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Payment failed: your booking is unchanged. Your card was declined.');
    expect(calls.createPaymentMethod).toHaveLength(1);
    actor.send({ type: 'card.submit', card: { kind: 'sandbox', number: '4000002760003184' } });
    await at(actor, 'changed');
    expect(calls.handleNextAction).toEqual([{ token: TOKEN, paymentIntentId: 'pi_sandbox_1', clientSecret: 'pi_sandbox_1_secret_x' }]);
    expect(calls.applyChange).toEqual([
      { token: TOKEN, revision: 0, changes: { meet_and_greet: 'yes' }, payment_method_id: 'pm_card_visa' },
      { token: TOKEN, revision: 0, changes: { meet_and_greet: 'yes' }, payment_method_id: 'pm_card_visa' },
      { token: TOKEN, revision: 0, changes: { meet_and_greet: 'yes' }, payment_intent_id: 'pi_sandbox_1' },
    ]);
    expect(calls.createPaymentMethod).toEqual([
      { card: { kind: 'sandbox', number: '4000000000000002' }, billingDetails: { name: '', email: '', phone: '' } },
      { card: { kind: 'sandbox', number: '4000002760003184' }, billingDetails: { name: '', email: '', phone: '' } },
    ]);
  });

  it('a failed 3-D Secure goes back to the card form with the bank\'s message; nothing applied', async () => {
    const { actor, calls } = start({
      previewChange: async () => preview({ outcome: 'charge' }),
      applyChange: async () => changed({ result: 'requires_action', payment_intent_id: 'pi_sandbox_2', client_secret: null }),
      handleNextAction: async () => ({ status: 'failed', message: 'We are unable to authenticate your payment method.' }),
    });
    await settled(actor);
    actor.send({ type: 'change.start' });
    actor.send({ type: 'change.edit', changes: { meet_and_greet: 'yes' } });
    actor.send({ type: 'change.review' });
    await at(actor, 'confirmingChange');
    actor.send({ type: 'change.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: { booking: { changing: { paying: 'form' } } } }));
    actor.send({ type: 'card.submit', card: {} });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches({ ready: { booking: { changing: { paying: 'form' } } } })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('We are unable to authenticate your payment method.');
    expect(calls.applyChange).toHaveLength(1);
  });

  it("the card form waits for the processor's key (GET /secret_key, once per change); no key goes back to the price with a retryable error", async () => {
    let attempt = 0;
    const { actor, calls, stage } = start({
      previewChange: async () => preview({ outcome: 'charge' }),
      fetchPublishableKey: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('offline');
        return 'pk_live_123';
      },
    });
    await settled(actor);
    actor.send({ type: 'change.start' });
    actor.send({ type: 'change.edit', changes: { meet_and_greet: 'yes' } });
    actor.send({ type: 'change.review' });
    await at(actor, 'confirmingChange');
    actor.send({ type: 'change.confirm' });
    actor.send({ type: 'card.submit', card: {} });
    await at(actor, 'confirmingChange');
    expect(actor.getSnapshot().context.error).toBe('The card form could not be loaded. Please check your connection and try again.');
    actor.send({ type: 'change.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: { booking: { changing: { paying: 'form' } } } }));
    expect(stage()).toBe('paying');
    expect(selectPublishableKey(actor.getSnapshot())).toBe('pk_live_123');
    expect(calls.fetchPublishableKey).toHaveLength(2);
    expect(calls.createPaymentMethod).toEqual([]);
  });

  it('the address follows the change (RouteSync): /manage-booking?step=… for each step, none while the booking loads', async () => {
    const { actor } = start({ previewChange: async () => preview(), applyChange: async () => changed() });
    const route = () => manageRoute(actor.getSnapshot());
    expect(route()).toBeNull();
    await settled(actor);
    expect(route()).toBe('/manage-booking');
    actor.send({ type: 'change.start' });
    expect(route()).toBe('/manage-booking?step=change');
    actor.send({ type: 'change.edit', changes: { passengers: 3 } });
    actor.send({ type: 'change.review' });
    await at(actor, 'confirmingChange');
    expect(route()).toBe('/manage-booking?step=confirm');
    actor.send({ type: 'change.confirm' });
    await at(actor, 'changed');
    expect(route()).toBe('/manage-booking?step=changed');
    actor.send({ type: 'change.done' });
    expect(route()).toBe('/manage-booking');
  });

  it('not allowed (after the cut-off): change.start does nothing; a reload with ?step=change reopens the change only when allowed', async () => {
    const closed = view({ change: { ...view().change, allowed: false, refusal: 'Bookings can be changed online until 2 hours before pick-up.' } });
    const refusedStart = start({ loadBooking: async () => closed }, { urlToken: null, storedToken: TOKEN, step: 'change' });
    await settled(refusedStart.actor);
    expect(refusedStart.stage()).toBe('viewing');
    refusedStart.actor.send({ type: 'change.start' });
    expect(refusedStart.stage()).toBe('viewing');
    const resumed = start({}, { urlToken: null, storedToken: TOKEN, step: 'confirm' });
    await settled(resumed.actor);
    expect(resumed.stage()).toBe('editing');
  });

  it('addresses where the owner allows them: the pick-up, stops (up to 10) and drop-off sent, an empty stop row left out', async () => {
    const open = view({ change: { ...view().change, addresses: true } });
    const { actor, calls } = start({ loadBooking: async () => open });
    await settled(actor);
    actor.send({ type: 'change.start' });
    const can = (event: Parameters<typeof actor.send>[0]) => actor.getSnapshot().can(event);
    expect(can({ type: 'change.stop.remove', index: 0 })).toBe(false);
    for (let n = 0; n < 10; n++) actor.send({ type: 'change.stop.add' });
    expect(actor.getSnapshot().context.draft.stops).toHaveLength(10);
    expect(can({ type: 'change.stop.add' })).toBe(false);
    for (let n = 9; n >= 1; n--) actor.send({ type: 'change.stop.remove', index: n });
    expect(can({ type: 'change.stop.edit', index: 1, values: { street_name: 'x' } })).toBe(false);
    actor.send({ type: 'change.stop.add' });
    actor.send({ type: 'change.stop.edit', index: 0, values: { street_name: 'Baker Street', number: '221B' } });
    actor.send({ type: 'change.edit', changes: { dropoff: 'Paddington Station', pickup: 'Heathrow' } });
    actor.send({ type: 'change.review' });
    await waitFor(actor, (s) => selectStage(s) === 'confirmingChange');
    expect(calls.previewChange).toEqual([{ token: TOKEN, changes: { stops: [{ street_name: 'Baker Street', number: '221B', postcode: '' }], dropoff: 'Paddington Station' } }]);
  });

  it('addresses by phone: address edits are dropped and stops cannot be added; an hourly hire edits its pick-up only', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'change.start' });
    expect(actor.getSnapshot().can({ type: 'change.stop.add' })).toBe(false);
    actor.send({ type: 'change.edit', changes: { dropoff: 'Paddington Station', pickup: 'Gatwick', stops: [{ street_name: 'Baker Street', number: '', postcode: '' }] } });
    expect(actor.getSnapshot().context.draft).toEqual({});

    const hourly = view({ change: { ...view().change, addresses: true, trip_options: false, current: { ...CURRENT, dropoff: '' } } });
    const hire = start({ loadBooking: async () => hourly });
    await settled(hire.actor);
    hire.actor.send({ type: 'change.start' });
    expect(hire.actor.getSnapshot().can({ type: 'change.stop.add' })).toBe(false);
    hire.actor.send({ type: 'change.edit', changes: { dropoff: 'Paddington Station', pickup: 'Gatwick' } });
    hire.actor.send({ type: 'change.review' });
    await waitFor(hire.actor, (s) => selectStage(s) === 'confirmingChange');
    expect(hire.calls.previewChange).toEqual([{ token: TOKEN, changes: { pickup: 'Gatwick' } }]);
    expect(calls.previewChange).toEqual([]);
  });
});
