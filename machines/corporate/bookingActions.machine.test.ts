import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ChangeLinkResponse } from '../../contract/companyAccounts.ts';
import type { ManageBookingView, ManageCancelResponse } from '../../contract/manageBooking.ts';
import { bookingActionsMachine, type BookingCallInput } from './bookingActions.machine.ts';
import { downloadMachine, type DownloadRequest } from './download.machine.ts';

const httpError = (status: number | null, message: string) => Object.assign(new Error(message), status === null ? {} : { status });
const view = (allowed: boolean, status = 'confirmed', changeAllowed = allowed) =>
  ({ success: true, status, cancellation: { allowed, refusal: allowed ? null : 'Too late.' }, change: { allowed: changeAllowed, refusal: changeAllowed ? null : 'Too late to change.' } }) as unknown as ManageBookingView;
const LINK = { success: true as const, url: '/manage-booking?token=abc', expires_at: '2026-12-03T10:00:00.000Z' };

function startActions(
  stubs: { load?: (input: BookingCallInput) => Promise<ManageBookingView>; cancel?: (input: BookingCallInput) => Promise<ManageCancelResponse>; link?: (input: BookingCallInput) => Promise<ChangeLinkResponse> } = {},
) {
  const calls = { load: [] as BookingCallInput[], cancel: [] as BookingCallInput[], link: [] as BookingCallInput[], opened: [] as string[] };
  const actor = createActor(
    bookingActionsMachine.provide({
      actors: {
        loadBooking: fromPromise(({ input }) => (calls.load.push(input), (stubs.load ?? (async () => view(true)))(input))),
        cancelBooking: fromPromise(({ input }) => (calls.cancel.push(input), (stubs.cancel ?? (async () => ({ ...view(false, 'cancelled'), message: 'Your booking has been cancelled.' }) as ManageCancelResponse))(input))),
        issueChangeLink: fromPromise(({ input }) => (calls.link.push(input), (stubs.link ?? (async () => LINK))(input))),
      },
      actions: { openManagePage: (_, params) => void calls.opened.push(params.url) },
    }),
    { input: { bearer: 'tok', bookingNumber: 'CF-1001' } },
  ).start();
  return { actor, calls };
}

describe('corporate booking actions', () => {
  it('loads the booking by number with the bearer token, cancels once after a confirmation, shows the server message', async () => {
    let finish: (value: ManageCancelResponse) => void = () => {};
    const { actor, calls } = startActions({ cancel: () => new Promise((resolve) => (finish = resolve)) });
    await waitFor(actor, (s) => s.matches({ ready: 'viewing' }));
    expect(calls.load).toEqual([{ bearer: 'tok', bookingNumber: 'CF-1001' }]);
    expect(actor.getSnapshot().can({ type: 'cancel.confirm' })).toBe(false);
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.back' });
    expect(actor.getSnapshot().matches({ ready: 'viewing' })).toBe(true);
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.confirm' });
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().matches({ ready: 'cancelling' })).toBe(true);
    finish({ ...view(false, 'cancelled'), message: 'Your booking has been cancelled.' } as ManageCancelResponse);
    await waitFor(actor, (s) => s.matches({ ready: 'viewing' }));
    expect(calls.cancel).toHaveLength(1);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', text: 'Your booking has been cancelled.' });
    expect(actor.getSnapshot().can({ type: 'cancel.start' })).toBe(false);
  });

  it('offers no cancel when the terms refuse it; a 409 reloads with the reason; other failures keep the booking; a 401 ends the session', async () => {
    const refused = startActions({ load: async () => view(false) });
    await waitFor(refused.actor, (s) => s.matches('ready'));
    expect(refused.actor.getSnapshot().can({ type: 'cancel.start' })).toBe(false);

    const conflict = startActions({ cancel: () => Promise.reject(httpError(409, 'Bookings can be cancelled online until 2 hours before pick-up.')) });
    await waitFor(conflict.actor, (s) => s.matches('ready'));
    conflict.actor.send({ type: 'cancel.start' });
    conflict.actor.send({ type: 'cancel.confirm' });
    await waitFor(conflict.actor, (s) => s.matches('ready') && conflict.calls.load.length === 2);
    expect(conflict.actor.getSnapshot().context.notice).toEqual({ tone: 'error', text: 'Bookings can be cancelled online until 2 hours before pick-up.' });

    const offline = startActions({ cancel: () => Promise.reject(httpError(null, 'Failed to fetch')) });
    await waitFor(offline.actor, (s) => s.matches('ready'));
    offline.actor.send({ type: 'cancel.start' });
    offline.actor.send({ type: 'cancel.confirm' });
    await waitFor(offline.actor, (s) => s.matches({ ready: 'viewing' }) && s.context.notice !== null);
    expect(offline.actor.getSnapshot().context.notice?.text).toBe('Your booking could not be cancelled just now. Please check your connection and try again.');

    const ended = startActions({ load: () => Promise.reject(httpError(401, 'Please sign in again.')) });
    await waitFor(ended.actor, (s) => s.matches('sessionEnded'));
    const failed = startActions({ load: () => Promise.reject(httpError(500, 'boom')) });
    await waitFor(failed.actor, (s) => s.matches('failed'));
    expect(failed.actor.getSnapshot().context.loadError).toBe('This booking could not be loaded. Please check your connection and try again.');
  });
});

describe('corporate booking change (the manage page with a short-lived link)', () => {
  it('asks for the link once with the bearer token and the number, then opens the manage page at its path', async () => {
    let finish: (value: ChangeLinkResponse) => void = () => {};
    const { actor, calls } = startActions({ link: () => new Promise((resolve) => (finish = resolve)) });
    await waitFor(actor, (s) => s.matches({ ready: 'viewing' }));
    actor.send({ type: 'change.start' });
    actor.send({ type: 'change.start' });
    expect(actor.getSnapshot().matches({ ready: 'openingChange' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'cancel.start' })).toBe(false);
    finish(LINK);
    await waitFor(actor, (s) => s.matches('leftForChange'));
    expect(calls.link).toEqual([{ bearer: 'tok', bookingNumber: 'CF-1001' }]);
    expect(calls.opened).toEqual(['/manage-booking?token=abc']);
  });

  it('offers no change when the terms refuse it; a refusal stays with its text; offline the fallback; a 401 ends the session', async () => {
    const refused = startActions({ load: async () => view(true, 'confirmed', false) });
    await waitFor(refused.actor, (s) => s.matches('ready'));
    expect(refused.actor.getSnapshot().can({ type: 'change.start' })).toBe(false);
    expect(refused.actor.getSnapshot().can({ type: 'cancel.start' })).toBe(true);

    const notYours = startActions({ link: () => Promise.reject(httpError(404, 'No such booking among the bookings you can manage')) });
    await waitFor(notYours.actor, (s) => s.matches('ready'));
    notYours.actor.send({ type: 'change.start' });
    await waitFor(notYours.actor, (s) => s.matches({ ready: 'viewing' }) && s.context.notice !== null);
    expect(notYours.actor.getSnapshot().context.notice).toEqual({ tone: 'error', text: 'No such booking among the bookings you can manage' });
    expect(notYours.calls.opened).toEqual([]);

    const offline = startActions({ link: () => Promise.reject(httpError(null, 'Failed to fetch')) });
    await waitFor(offline.actor, (s) => s.matches('ready'));
    offline.actor.send({ type: 'change.start' });
    await waitFor(offline.actor, (s) => s.matches({ ready: 'viewing' }) && s.context.notice !== null);
    expect(offline.actor.getSnapshot().context.notice?.text).toBe('The change page could not be opened just now. Please check your connection and try again.');

    const ended = startActions({ link: () => Promise.reject(httpError(401, 'Please sign in again.')) });
    await waitFor(ended.actor, (s) => s.matches('ready'));
    ended.actor.send({ type: 'change.start' });
    await waitFor(ended.actor, (s) => s.matches('sessionEnded'));
    expect(ended.calls.opened).toEqual([]);
  });
});

describe('file download', () => {
  const receipt: DownloadRequest = { kind: 'receipt', access: { booking_number: 'CF-1001' }, bearer: 'tok' };
  function startDownload(fetchFile: (request: DownloadRequest) => Promise<{ filename: string; blob: Blob }>) {
    const saveFile = vi.fn();
    const actor = createActor(downloadMachine.provide({ actors: { fetchFile: fromPromise(({ input }) => fetchFile(input)) }, actions: { saveFile: (_, file) => saveFile(file) } })).start();
    return { actor, saveFile };
  }

  it('saves the file once; refuses a request the server could not answer; shows a refusal; a 401 ends the session', async () => {
    const blob = new Blob(['%PDF-']);
    const fetchFile = vi.fn(async () => ({ filename: 'receipt-CF-1001.pdf', blob }));
    const { actor, saveFile } = startDownload(fetchFile);
    expect(actor.getSnapshot().can({ type: 'download', request: { kind: 'statement', month: '2026-13', format: 'pdf', bearer: 'tok' } })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'download', request: { kind: 'receipt', access: { booking_number: 'CF-1001' } } })).toBe(false);
    actor.send({ type: 'download', request: receipt });
    actor.send({ type: 'download', request: receipt });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(fetchFile).toHaveBeenCalledTimes(1);
    expect(saveFile).toHaveBeenCalledWith({ filename: 'receipt-CF-1001.pdf', blob });

    const refused = startDownload(() => Promise.reject(httpError(404, 'This booking is not in your account.')));
    refused.actor.send({ type: 'download', request: receipt });
    await waitFor(refused.actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(refused.actor.getSnapshot().context.error).toBe('This booking is not in your account.');
    expect(refused.saveFile).not.toHaveBeenCalled();

    const ended = startDownload(() => Promise.reject(httpError(401, 'Please sign in again.')));
    ended.actor.send({ type: 'download', request: { kind: 'statement', month: '2026-11', format: 'csv', bearer: 'tok' } });
    await waitFor(ended.actor, (s) => s.matches('sessionEnded'));
  });
});
