import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ManageBookingView, ManageCancelResponse } from '../../contract/manageBooking.ts';
import type { CalendarFile } from './manageBooking.actors.ts';
import { manageBookingMachine, type ManageBookingInput } from './manageBooking.machine.ts';
import { selectStage } from './manageBooking.selectors.ts';
import { MANAGE_FAILURE_TEXT, type ManageAccessInput } from './manageBooking.types.ts';

const TOKEN = 'A'.repeat(43);
const PHONE = '020 7946 0321';
const LINK_INVALID = 'This link is not valid. Please open the link in your confirmation e-mail again.';

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
  ...overrides,
});
const cancelledView = (): ManageCancelResponse => ({
  ...view({ status: 'cancelled', status_label: 'Cancelled', cancelled: { at: '2030-06-01T10:00:00.000Z', by: 'passenger', fee: 0, refund: { amount: 42.5, status: 'succeeded' } } }),
  cancellation: { ...view().cancellation, allowed: false, refusal: 'This booking has already been cancelled.' },
  message: 'Your booking has been cancelled.',
});

/** An Error as src/api rejects: the HTTP status and the answer's body. */
const httpError = (status: number | null, body: unknown = null) => Object.assign(new Error(String((body as { message?: string } | null)?.message ?? 'fetch failed')), { status, body });
const refusal = (status: number, code: string, message: string) => httpError(status, { success: false, message, code, operator_phone: PHONE });

interface Stubs {
  loadBooking?: (input: ManageAccessInput) => Promise<ManageBookingView>;
  cancelBooking?: (input: ManageAccessInput) => Promise<ManageCancelResponse>;
  downloadCalendar?: (input: ManageAccessInput) => Promise<CalendarFile>;
}

function start(stubs: Stubs = {}, input: ManageBookingInput = { urlToken: TOKEN, storedToken: null }) {
  const calls: Record<string, ManageAccessInput[]> = { loadBooking: [], cancelBooking: [], downloadCalendar: [] };
  const track =
    <O>(name: string, fn: (input: ManageAccessInput) => Promise<O>) =>
    ({ input }: { input: ManageAccessInput }) => {
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
    expect(calls.cancelBooking).toEqual([{ token: TOKEN }]);
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
    actor.send({ type: 'cancel.start' });
    expect(stage()).toBe('viewing');
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
