import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ConsoleBookingDetail, Assignable, DispatchRequest, DispatchResponse } from '../../contract/consoleBookings.ts';
import { DISPATCH_MESSAGES, DISPATCH_TRANSITIONS, tooEarlyMessage, type BookingStatus } from '../../contract/dispatch.ts';
import { DISPATCH_TEXT, dispatchMachine } from './dispatch.machine.ts';
import { createReloadFilter } from './dispatch.live.ts';
import { selectActions, selectStage } from './dispatch.selectors.ts';

const detail = (status: BookingStatus, payment: Partial<ConsoleBookingDetail['payment']> = {}): ConsoleBookingDetail =>
  ({
    booking_number: 'CF-ABC',
    status,
    revision: 3,
    payment: { method: 'card', state: 'paid', intent_id: 'pi_1', paid_pence: 4250, extras_paid_pence: 0, refunded_pence: 0, refundable_pence: 4250, refunds: [], ...payment },
    dispatch: { driver: null, vehicle: null },
  }) as unknown as ConsoleBookingDetail;
const assignable: Assignable = {
  success: true,
  valid_on: '2030-01-02',
  drivers: [{ id: 7, name: 'Dev Patel' } as Assignable['drivers'][number]],
  vehicles: [{ id: 9, registration: 'LK21ABC', same_category: true } as Assignable['vehicles'][number]],
};
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

function start(first: ConsoleBookingDetail, dispatch?: (request: DispatchRequest) => Promise<DispatchResponse>) {
  const sent: DispatchRequest[] = [];
  let loads = 0;
  let current = first;
  let feed: ((event: { type: 'reload' }) => void) | null = null;
  function respond(request: DispatchRequest): DispatchResponse {
    current = { ...current, status: DISPATCH_TRANSITIONS[request.event].to, revision: current.revision + 1 };
    return { success: true, message: DISPATCH_MESSAGES.accepted, booking: current, refund: request.event === 'cancel' && request.refund_pence ? { amount_pence: request.refund_pence, status: 'succeeded' } : null };
  }
  const actor = createActor(
    dispatchMachine.provide({
      actors: {
        loadBooking: fromPromise(() => {
          loads += 1;
          return Promise.resolve(current);
        }),
        loadAssignable: fromPromise(() => Promise.resolve(assignable)),
        dispatch: fromPromise(({ input }) => {
          sent.push(input.request);
          return dispatch ? dispatch(input.request) : Promise.resolve(respond(input.request));
        }),
        bookingChanges: fromCallback(({ sendBack }) => {
          feed = sendBack;
          return () => (feed = null);
        }),
      },
    }),
    { input: { number: 'CF-ABC' } },
  );
  actor.start();
  /** Someone else changes the booking on the server; the live feed says so. */
  const changeElsewhere = (patch: Partial<ConsoleBookingDetail>) => {
    current = { ...current, ...patch, revision: current.revision + 1 };
    feed!({ type: 'reload' });
  };
  return { actor, sent, loads: () => loads, changeElsewhere };
}

describe('dispatch machine', () => {
  it('knows the time: Complete and No-show before the booking says they may happen are explained, never sent (issue 30)', async () => {
    const pickup = new Date(Date.now() + 15 * 3_600_000);
    const early = new Date(pickup.getTime() - 10 * 60_000);
    const booking = { ...detail('driver_assigned'), dispatch: { driver: null, vehicle: null, not_before: { complete: early.toISOString(), no_show: pickup.toISOString() } } } as unknown as ConsoleBookingDetail;
    const { actor, sent } = start(booking);
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    expect(selectActions(actor.getSnapshot())).toEqual(['assign', 'unassign', 'complete', 'cancel', 'no_show']);
    actor.send({ type: 'act', event: 'complete' });
    expect(selectStage(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(tooEarlyMessage('complete', early));
    expect(actor.getSnapshot().context.error).toMatch(/^This booking cannot be completed before \d{2}:\d{2} on \d{4}-\d{2}-\d{2} \(London time\): its pick-up has not come yet\.$/);
    actor.send({ type: 'noShow.start' });
    expect(selectStage(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(tooEarlyMessage('no_show', pickup));
    expect(sent).toEqual([]);
    // Once the time has come (the same booking, an hour after its pick-up): sent as before.
    const late = { ...booking, dispatch: { driver: null, vehicle: null, not_before: { complete: new Date(Date.now() - 3_600_000).toISOString(), no_show: new Date(Date.now() - 3_600_000).toISOString() } } } as unknown as ConsoleBookingDetail;
    const second = start(late);
    await waitFor(second.actor, (s) => selectStage(s) === 'idle');
    second.actor.send({ type: 'act', event: 'complete' });
    await waitFor(second.actor, (s) => selectStage(s) === 'idle' && s.context.booking?.status === 'completed');
    expect(second.sent).toEqual([{ event: 'complete', revision: 3 }]);
  });

  it('offers exactly what DISPATCH_TRANSITIONS allows, and ignores anything else', async () => {
    const { actor, sent } = start(detail('confirmed'));
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    expect(selectActions(actor.getSnapshot())).toEqual(['accept', 'cancel']);
    actor.send({ type: 'act', event: 'complete' });
    actor.send({ type: 'assign.start' });
    actor.send({ type: 'noShow.start' });
    expect(selectStage(actor.getSnapshot())).toBe('idle');
    expect(sent).toEqual([]);
  });

  it('accept → assign (both chosen, with the revision shown) → complete', async () => {
    const { actor, sent } = start(detail('confirmed'));
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    actor.send({ type: 'act', event: 'accept' });
    await waitFor(actor, (s) => selectStage(s) === 'idle' && s.context.booking?.status === 'accepted');
    actor.send({ type: 'assign.start' });
    await waitFor(actor, (s) => s.matches({ ready: { assigning: 'choosing' } }));
    actor.send({ type: 'assign.confirm' });
    expect(actor.getSnapshot().context.error).toBe(DISPATCH_TEXT.chooseBoth);
    actor.send({ type: 'assign.choose', driverId: 7, vehicleId: 9 });
    actor.send({ type: 'assign.confirm' });
    await waitFor(actor, (s) => selectStage(s) === 'idle' && s.context.booking?.status === 'driver_assigned');
    actor.send({ type: 'act', event: 'complete' });
    await waitFor(actor, (s) => selectStage(s) === 'idle' && s.context.booking?.status === 'completed');
    expect(sent).toEqual([
      { event: 'accept', revision: 3 },
      { event: 'assign', revision: 4, driver_id: 7, vehicle_id: 9 },
      { event: 'complete', revision: 5 },
    ]);
    expect(selectActions(actor.getSnapshot())).toEqual([]);
  });

  it('cancel of a card booking: full refund by default, never more than refundable, a note required for "other"', async () => {
    const { actor, sent } = start(detail('accepted'));
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    actor.send({ type: 'cancel.start' });
    expect(actor.getSnapshot().context.cancel).toEqual({ reason: '', note: '', refundPence: 4250 });
    actor.send({ type: 'cancel.confirm' });
    expect(selectStage(actor.getSnapshot())).toBe('cancelling');
    actor.send({ type: 'cancel.edit', draft: { reason: 'operator_other', refundPence: 5000 } });
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().context.error).toBe(DISPATCH_TEXT.refundTooLarge);
    actor.send({ type: 'cancel.edit', draft: { refundPence: 2000 } });
    actor.send({ type: 'cancel.confirm' });
    expect(selectStage(actor.getSnapshot())).toBe('cancelling');
    actor.send({ type: 'cancel.edit', draft: { note: '  Driver ill  ' } });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    expect(sent).toEqual([{ event: 'cancel', revision: 3, reason: 'operator_other', note: 'Driver ill', refund_pence: 2000 }]);
    expect(actor.getSnapshot().context.notice?.text).toBe(`${DISPATCH_MESSAGES.accepted}. Refund of £20.00: succeeded.`);
  });

  it('a booking paid in the car is cancelled without a refund amount', async () => {
    const { actor, sent } = start(detail('confirmed', { method: 'car', refundable_pence: 0, paid_pence: 0 }));
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.edit', draft: { reason: 'passenger_request' } });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    expect(sent).toEqual([{ event: 'cancel', revision: 3, reason: 'passenger_request', note: '' }]);
  });

  it('changed meanwhile (409): reloads and says why; another refusal returns to the step with the reason', async () => {
    let answer: Error = httpError(409, DISPATCH_MESSAGES.revisionChanged);
    const { actor, loads } = start(detail('accepted'), () => Promise.reject(answer));
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    actor.send({ type: 'act', event: 'complete' });
    actor.send({ type: 'noShow.start' });
    actor.send({ type: 'noShow.confirm' });
    await waitFor(actor, (s) => selectStage(s) === 'idle' && s.context.notice !== null);
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'warning', text: DISPATCH_MESSAGES.revisionChanged });
    expect(loads()).toBe(2);
    answer = httpError(422, "Dev Patel's PHV driver licence expires on 2030-01-01, before 2030-01-02: it cannot be assigned");
    actor.send({ type: 'assign.start' });
    await waitFor(actor, (s) => s.matches({ ready: { assigning: 'choosing' } }));
    actor.send({ type: 'assign.choose', driverId: 7, vehicleId: 9 });
    actor.send({ type: 'assign.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: { assigning: 'choosing' } }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(answer.message);
  });

  it('an unknown booking is notFound; no answer is failed, and retry loads again', async () => {
    const missing = createActor(dispatchMachine.provide({ actors: { loadBooking: fromPromise(() => Promise.reject(httpError(404, DISPATCH_MESSAGES.notFound))) } }), { input: { number: 'CF-NONE' } }).start();
    await waitFor(missing, (s) => selectStage(s) === 'notFound');
    let calls = 0;
    const flaky = createActor(dispatchMachine.provide({ actors: { loadBooking: fromPromise(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(detail('confirmed')))) } }), { input: { number: 'CF-ABC' } }).start();
    await waitFor(flaky, (s) => selectStage(s) === 'failed');
    expect(flaky.getSnapshot().context.error).toBe(DISPATCH_TEXT.loadFailed);
    flaky.send({ type: 'retry' });
    await waitFor(flaky, (s) => selectStage(s) === 'idle');
  });

  it("someone else's change on the live feed: read again at once when idle; during a step only noted (the step kept) and read once back", async () => {
    const { actor, loads, changeElsewhere } = start(detail('confirmed'));
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    changeElsewhere({ status: 'accepted' });
    await waitFor(actor, (s) => s.matches({ ready: { idle: 'settled' } }) && s.context.booking?.status === 'accepted');
    expect(loads()).toBe(2);
    expect(selectActions(actor.getSnapshot())).toEqual(['assign', 'cancel', 'no_show']);

    actor.send({ type: 'cancel.start' });
    actor.send({ type: 'cancel.edit', draft: { reason: 'passenger_request', note: 'asked by phone' } });
    changeElsewhere({ status: 'driver_assigned' });
    expect(actor.getSnapshot().matches({ ready: 'cancelling' })).toBe(true);
    expect(actor.getSnapshot().context.cancel).toMatchObject({ reason: 'passenger_request', note: 'asked by phone' });
    expect(loads()).toBe(2);
    actor.send({ type: 'back' });
    await waitFor(actor, (s) => s.matches({ ready: { idle: 'settled' } }) && s.context.booking?.status === 'driver_assigned');
    expect(loads()).toBe(3);
    expect(actor.getSnapshot().context.stale).toBe(false);
  });

  it('a click while the booking is read again is taken, and the read done once back', async () => {
    let release: (() => void) | null = null;
    let loads = 0;
    let feed: ((event: { type: 'reload' }) => void) | null = null;
    const actor = createActor(
      dispatchMachine.provide({
        actors: {
          loadBooking: fromPromise(async () => {
            loads += 1;
            if (loads === 2) await new Promise<void>((resolve) => (release = resolve));
            return detail('confirmed');
          }),
          loadAssignable: fromPromise(() => Promise.resolve(assignable)),
          bookingChanges: fromCallback(({ sendBack }) => void (feed = sendBack)),
        },
      }),
      { input: { number: 'CF-ABC' } },
    ).start();
    await waitFor(actor, (s) => selectStage(s) === 'idle');
    feed!({ type: 'reload' });
    expect(actor.getSnapshot().matches({ ready: { idle: 'reloading' } })).toBe(true);
    actor.send({ type: 'cancel.start' });
    expect(actor.getSnapshot().matches({ ready: 'cancelling' })).toBe(true);
    release!();
    actor.send({ type: 'back' });
    await waitFor(actor, (s) => s.matches({ ready: { idle: 'settled' } }));
    expect(loads).toBe(3);
  });
});

describe('live feed → reload (createReloadFilter)', () => {
  it("reloads for this booking's events, a resync and the stream back after a drop or a refusal; never for another booking or the first open", () => {
    const reloads = createReloadFilter('CF-ABC');
    const booking = (number: string) => ({ type: 'live.booking' as const, message: { booking_number: number, kind: 'changed' as const } });
    expect(reloads({ type: 'live.open' })).toBe(false);
    expect(reloads(booking('CF-OTHER'))).toBe(false);
    expect(reloads(booking('CF-ABC'))).toBe(true);
    expect(reloads({ type: 'live.resync' })).toBe(true);
    expect(reloads({ type: 'live.lost' })).toBe(false);
    expect(reloads({ type: 'live.open' })).toBe(true);
    expect(reloads({ type: 'live.open' })).toBe(false);
    expect(reloads({ type: 'live.off', reason: 'tooManyTabs' })).toBe(false);
    expect(reloads({ type: 'live.open' })).toBe(true);
  });
});
