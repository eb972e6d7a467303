import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import type { ManageBookingView } from '../../contract/manageBooking.ts';
import type { LivePositionEvent, LiveStatusEvent, ManageLiveTrip } from '../../contract/manageLive.ts';
import { AWAIT_DRIVER_CHECK_MS, freshestView, liveRetryDelay, liveTripMachine, selectCar, selectEta, selectLiveConnection, selectLiveView, type LiveStreamEvent } from './liveTrip.machine.ts';
import { manageBookingMachine } from './manageBooking.machine.ts';
import type { ManageAccessInput } from './manageBooking.types.ts';

const TOKEN = 'L'.repeat(43);
const PICKUP = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';

const trip = (overrides: Partial<ManageLiveTrip> = {}): ManageLiveTrip => ({
  stage: 'on_the_way',
  car: { lat: 51.48, lng: -0.3, recorded_at: '2030-07-01T07:30:00.000Z' },
  eta: { minutes: 12, by_road: false },
  pickup: { address: PICKUP, lat: 51.47, lng: -0.49 },
  meeting: { address: PICKUP, note: null },
  driver_phone: null,
  ...overrides,
});

const view = (overrides: Partial<ManageBookingView> = {}): ManageBookingView =>
  ({
    success: true,
    data: { booking: { booking_number: 'CF-9' } },
    status: 'driver_assigned',
    status_label: 'Driver assigned',
    driver: { first_name: 'Mohammed', vehicle_registration: 'AB12 CDE', vehicle: { make: 'Toyota', model: 'Prius', colour: 'Silver', registration: 'AB12 CDE' } },
    revision: 2,
    live: null,
    ...overrides,
  }) as ManageBookingView;

const status = (stage: LiveStatusEvent['stage'], label: string, revision: number, state: LiveStatusEvent['status'] = 'driver_assigned'): LiveStreamEvent => ({
  type: 'live.status',
  status: { booking_number: 'CF-9', status: state, stage, status_label: label, revision },
});
const position = (lat: number, recordedAt: string, eta: LivePositionEvent['eta'] = { minutes: 9, by_road: false }): LiveStreamEvent => ({
  type: 'live.position',
  position: { car: { lat, lng: -0.31, recorded_at: recordedAt }, eta },
});
const refusal = (status: number, code?: string) => Object.assign(new Error('refused'), { status, body: code ? { success: false, message: 'This link is no longer active.', code, operator_phone: null } : null });

/** The machine with stub effects: each stream opened (its input, what it is sent back with, whether it was stopped), each read answered by hand. */
function start(initial: ManageBookingView) {
  const streams: { input: { token: string }; send: (event: LiveStreamEvent) => void; stopped: boolean }[] = [];
  const reads: { input: ManageAccessInput; resolve: (view: ManageBookingView) => void; reject: (error: unknown) => void }[] = [];
  let visible: ((event: { type: 'page.visible' }) => void) | null = null;
  const actor = createActor(
    liveTripMachine.provide({
      actors: {
        tripStream: fromCallback<EventObject, { token: string }, LiveStreamEvent>(({ input, sendBack }) => {
          const stream = { input, send: (event: LiveStreamEvent) => sendBack(event), stopped: false };
          streams.push(stream);
          return () => {
            stream.stopped = true;
          };
        }),
        pageVisibility: fromCallback<EventObject, void, { type: 'page.visible' }>(({ sendBack }) => {
          visible = sendBack;
          return () => {
            visible = null;
          };
        }),
        loadBooking: fromPromise<ManageBookingView, ManageAccessInput>(({ input }) => new Promise((resolve, reject) => reads.push({ input, resolve, reject }))),
      },
    }),
    { input: { token: TOKEN, view: initial } },
  );
  actor.start();
  const settle = () => vi.advanceTimersByTimeAsync(0);
  return { actor, streams, reads, settle, pageVisible: () => visible?.({ type: 'page.visible' }) };
}

describe('the passenger’s live view (liveTrip.machine)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows nothing before a driver is assigned, nor once the trip is over: no stream opens', () => {
    for (const [state, value] of [
      ['confirmed', 'awaitingDriver'],
      ['accepted', 'awaitingDriver'],
      ['completed', 'idle'],
      ['cancelled', 'idle'],
      ['no_show', 'idle'],
    ] as const) {
      const { actor, streams } = start(view({ status: state }));
      expect([state, actor.getSnapshot().value, selectLiveConnection(actor.getSnapshot()), streams.length]).toEqual([state, value, 'off', 0]);
      actor.stop();
    }
  });

  it('before a driver is assigned, the page coming back on screen reads the booking again and follows it once a driver is on it', async () => {
    const { actor, streams, reads, settle, pageVisible } = start(view({ status: 'accepted', status_label: 'Accepted by the operator', driver: null }));
    pageVisible();
    expect(actor.getSnapshot().value).toBe('checking');
    reads[0].resolve(view({ status: 'accepted', status_label: 'Accepted by the operator', driver: null }));
    await settle();
    expect([actor.getSnapshot().value, streams.length]).toEqual(['awaitingDriver', 0]);
    pageVisible();
    reads[1].resolve(view({ revision: 2 }));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ following: { streaming: 'connecting' } });
    expect([selectLiveView(actor.getSnapshot()).status_label, streams.length]).toEqual(['Driver assigned', 1]);
    // A failed read waits for the next time; a refused link stops.
    const refused = start(view({ status: 'confirmed', driver: null }));
    refused.pageVisible();
    refused.reads[0].reject(refusal(503));
    await refused.settle();
    expect(refused.actor.getSnapshot().value).toBe('awaitingDriver');
    refused.pageVisible();
    refused.reads[1].reject(refusal(401, 'link_revoked'));
    await refused.settle();
    expect(refused.actor.getSnapshot().value).toBe('stopped');
    actor.stop();
  });

  it('a page left open before a driver is assigned reads the booking again every 30 s, and follows once a driver is on it', async () => {
    const { actor, streams, reads, settle } = start(view({ status: 'confirmed', status_label: 'Confirmed', driver: null }));
    await vi.advanceTimersByTimeAsync(AWAIT_DRIVER_CHECK_MS - 1);
    expect([actor.getSnapshot().value, reads.length]).toEqual(['awaitingDriver', 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect([actor.getSnapshot().value, reads.length]).toEqual(['checking', 1]);
    reads[0].resolve(view({ status: 'accepted', status_label: 'Accepted by the operator', driver: null }));
    await settle();
    expect(actor.getSnapshot().value).toBe('awaitingDriver');
    await vi.advanceTimersByTimeAsync(AWAIT_DRIVER_CHECK_MS);
    reads[1].resolve(view({ revision: 2 }));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ following: { streaming: 'connecting' } });
    expect(streams).toHaveLength(1);
    // Following: no more timed reads (the stream says when to read).
    await vi.advanceTimersByTimeAsync(5 * AWAIT_DRIVER_CHECK_MS);
    expect(reads).toHaveLength(2);
    actor.stop();
  });

  it('opens the stream with the link’s token; each status reads the booking again; each position moves the car; the page coming back reads again', async () => {
    const { actor, streams, reads, settle, pageVisible } = start(view());
    expect(actor.getSnapshot().value).toEqual({ following: { streaming: 'connecting' } });
    expect(selectLiveConnection(actor.getSnapshot())).toBe('connecting');
    expect(streams.map((stream) => stream.input)).toEqual([{ token: TOKEN }]);

    streams[0].send(status(null, 'Driver assigned', 2));
    expect(actor.getSnapshot().value).toEqual({ following: { streaming: 'reading' } });
    expect(reads.map((read) => read.input)).toEqual([{ token: TOKEN }]);
    expect(selectLiveConnection(actor.getSnapshot())).toBe('live');
    reads[0].resolve(view());
    await settle();
    expect(actor.getSnapshot().value).toEqual({ following: { streaming: 'open' } });

    // On the way: read again, the car from the read.
    streams[0].send(status('on_the_way', 'Your driver is on the way', 3));
    reads[1].resolve(view({ revision: 3, status_label: 'Your driver is on the way', live: trip() }));
    await settle();
    expect([selectLiveView(actor.getSnapshot()).status_label, selectCar(actor.getSnapshot()), selectEta(actor.getSnapshot())]).toEqual(['Your driver is on the way', trip().car, trip().eta]);

    // The stream's positions move it, in the order they come.
    streams[0].send(position(51.479, '2030-07-01T07:30:10.000Z'));
    streams[0].send(position(51.478, '2030-07-01T07:30:20.000Z', { minutes: 8, by_road: false }));
    expect([selectCar(actor.getSnapshot())?.lat, selectEta(actor.getSnapshot())]).toEqual([51.478, { minutes: 8, by_road: false }]);

    // A read whose car is older than the stream's keeps the stream's; the phone waking up reads again.
    pageVisible();
    expect(actor.getSnapshot().value).toEqual({ following: { streaming: 'reading' } });
    reads[2].resolve(view({ revision: 3, live: trip() }));
    await settle();
    expect(selectCar(actor.getSnapshot())?.lat).toBe(51.478);
    // A newer one from the read wins.
    streams[0].send(status('arrived', 'Your driver has arrived', 4));
    reads[3].resolve(view({ revision: 4, status_label: 'Your driver has arrived', live: trip({ stage: 'arrived', eta: null, car: { lat: 51.4712, lng: -0.4543, recorded_at: '2030-07-01T07:45:00.000Z' } }) }));
    await settle();
    expect([selectCar(actor.getSnapshot())?.lat, selectEta(actor.getSnapshot())]).toEqual([51.4712, null]);
    expect(streams).toHaveLength(1);
    actor.stop();
  });

  it('a status while a read is under way starts a new read: the earlier answer is never shown', async () => {
    const { actor, streams, reads, settle } = start(view());
    streams[0].send(status('on_the_way', 'Your driver is on the way', 3));
    streams[0].send(status('arrived', 'Your driver has arrived', 4));
    expect(reads).toHaveLength(2);
    reads[0].resolve(view({ revision: 3, status_label: 'Your driver is on the way', live: trip() }));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ following: { streaming: 'reading' } });
    expect(selectLiveView(actor.getSnapshot()).revision).toBe(2);
    reads[1].resolve(view({ revision: 4, status_label: 'Your driver has arrived', live: trip({ stage: 'arrived', eta: null }) }));
    await settle();
    expect([actor.getSnapshot().value, selectLiveView(actor.getSnapshot()).status_label]).toEqual([{ following: { streaming: 'open' } }, 'Your driver has arrived']);
    actor.stop();
  });

  it('a dropped stream opens again after 2 s, then 4 s, the page coming back at once; a reconnection reads the booking with its first status', async () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(liveRetryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    const { actor, streams, reads, settle, pageVisible } = start(view());
    streams[0].send({ type: 'live.lost' });
    expect([actor.getSnapshot().value, selectLiveConnection(actor.getSnapshot()), streams[0].stopped]).toEqual([{ following: 'waiting' }, 'reconnecting', true]);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    // Lost again before it said anything: the wait doubles.
    streams[1].send({ type: 'live.lost' });
    await vi.advanceTimersByTimeAsync(3_999);
    expect(streams).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(3);
    // Heard from: the next drop waits 2 s again; the page shown again does not wait at all.
    streams[2].send(status('on_the_way', 'Your driver is on the way', 3));
    reads[0].resolve(view({ revision: 3, live: trip() }));
    await settle();
    streams[2].send({ type: 'live.lost' });
    pageVisible();
    expect(streams).toHaveLength(4);
    expect(actor.getSnapshot().value).toEqual({ following: { streaming: 'connecting' } });
    actor.stop();
  });

  it('the trip over: the server ends the stream, the booking is read once more and nothing is followed; a read that finds it over stops the stream too', async () => {
    const ended = start(view({ live: trip() }));
    ended.streams[0].send({ type: 'live.ended' });
    expect(ended.actor.getSnapshot().value).toEqual({ following: 'finishing' });
    ended.reads[0].resolve(view({ status: 'completed', status_label: 'Completed', revision: 6, live: null }));
    await ended.settle();
    expect([ended.actor.getSnapshot().value, selectLiveConnection(ended.actor.getSnapshot()), selectCar(ended.actor.getSnapshot()), selectLiveView(ended.actor.getSnapshot()).status]).toEqual(['idle', 'off', null, 'completed']);

    const cancelled = start(view({ live: trip() }));
    cancelled.streams[0].send(status('on_the_way', 'Cancelled', 4, 'cancelled'));
    cancelled.reads[0].resolve(view({ status: 'cancelled', status_label: 'Cancelled', revision: 4, driver: null, live: null }));
    await cancelled.settle();
    expect([cancelled.actor.getSnapshot().value, cancelled.streams[0].stopped]).toEqual(['idle', true]);
  });

  it('a link revoked or expired meanwhile stops the live view; another refusal (too many windows) is retried', async () => {
    const revoked = start(view());
    revoked.streams[0].send({ type: 'live.refused', error: refusal(401, 'link_revoked') });
    expect([revoked.actor.getSnapshot().value, selectLiveConnection(revoked.actor.getSnapshot())]).toEqual(['stopped', 'stopped']);

    const readRefused = start(view());
    readRefused.streams[0].send(status(null, 'Driver assigned', 2));
    readRefused.reads[0].reject(refusal(401, 'link_expired'));
    await readRefused.settle();
    expect(readRefused.actor.getSnapshot().value).toBe('stopped');

    const busy = start(view());
    busy.streams[0].send({ type: 'live.refused', error: refusal(429) });
    expect(busy.actor.getSnapshot().value).toEqual({ following: 'waiting' });
    // A read that fails for another reason leaves the stream open.
    busy.pageVisible();
    busy.streams[1].send(status(null, 'Driver assigned', 2));
    busy.reads[0].reject(refusal(503));
    await busy.settle();
    expect(busy.actor.getSnapshot().value).toEqual({ following: { streaming: 'open' } });
  });

  it('the page shows the live read only when it is newer than its own (a higher revision)', () => {
    const own = view({ revision: 3 });
    expect(freshestView(own, view({ revision: 4 })).revision).toBe(4);
    expect(freshestView(own, view({ revision: 3, status_label: 'older read' }))).toBe(own);
    expect(freshestView(own, null)).toBe(own);
  });

  it('the manage page invokes it in `ready` with the link’s token and the booking as loaded', async () => {
    const loaded = view({ live: trip() });
    const inputs: unknown[] = [];
    const actor = createActor(
      manageBookingMachine.provide({
        actors: {
          loadBooking: fromPromise(async () => loaded),
          liveTrip: liveTripMachine.provide({
            actors: {
              tripStream: fromCallback<EventObject, { token: string }, LiveStreamEvent>(({ input }) => {
                inputs.push(input);
              }),
            },
          }),
        },
      }),
      { input: { urlToken: TOKEN, storedToken: null, step: null } },
    );
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    const child = actor.getSnapshot().children.liveTrip as ActorRefFrom<typeof liveTripMachine> | undefined;
    expect(child?.getSnapshot().value).toEqual({ following: { streaming: 'connecting' } });
    expect(child?.getSnapshot().context.view).toBe(loaded);
    expect(inputs).toEqual([{ token: TOKEN }]);
    actor.stop();
  });
});
