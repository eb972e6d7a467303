import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { MAP_REFRESH_MS, MAP_TEXT, type DispatchMap } from '../../contract/consoleMap.ts';
import { dispatchMapMachine } from './map.machine.ts';
import { selectMap, selectMapLive, selectMapStage, selectSelection } from './map.selectors.ts';

const driver = (id: number) => ({ driver: { id, name: `Driver ${id}` }, shift: {}, position: { lat: 51.5, lng: -0.1, accuracy_m: 10, recorded_at: '2026-07-01T09:00:00.000Z' }, job: null });
const job = (number: string) => ({ booking: { booking_number: number }, pickup_point: { lat: 51.47, lng: -0.45 } });
const map = (drivers: number[], jobs: string[]) =>
  ({ success: true, day: '2026-07-01', drivers: drivers.map(driver), jobs: jobs.map(job), base: null, checked_at: '2026-07-01T09:00:00.000Z' }) as unknown as DispatchMap;

function start(load: () => Promise<DispatchMap>) {
  let loads = 0;
  let live: ((event: AnyEventObject) => void) | null = null;
  const retries: string[] = [];
  const actor = createActor(
    dispatchMapMachine.provide({
      actors: {
        loadMap: fromPromise(() => {
          loads += 1;
          return load();
        }),
        bookingEvents: fromCallback(({ sendBack, receive }) => {
          live = sendBack;
          receive((event) => retries.push(event.type));
          return () => {};
        }),
      },
    }),
  );
  actor.start();
  return { actor, loads: () => loads, retries, live: (event: AnyEventObject) => live!(event) };
}

describe('the dispatcher\'s map machine', () => {
  it('loads the map; failed with its message, then retry', async () => {
    let fail = true;
    const { actor } = start(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(map([1], ['CF-1']))));
    await waitFor(actor, (s) => selectMapStage(s) === 'failed');
    expect(actor.getSnapshot().context.error).toBe(MAP_TEXT.loadFailed);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => selectMapStage(s) === 'ready');
    expect(selectMap(actor.getSnapshot())?.drivers.map((entry) => entry.driver.id)).toEqual([1]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('reads again on a live booking event and when the feed is back; keeps the map when a re-read fails', async () => {
    let answer: () => Promise<DispatchMap> = () => Promise.resolve(map([1], ['CF-1']));
    const { actor, loads, live } = start(() => answer());
    await waitFor(actor, (s) => selectMapStage(s) === 'ready');
    live({ type: 'live.open' });
    expect(selectMapLive(actor.getSnapshot())).toBe('open');
    answer = () => Promise.resolve(map([1, 2], ['CF-1', 'CF-2']));
    live({ type: 'live.booking', message: { booking_number: 'CF-2', kind: 'created' } });
    await waitFor(actor, (s) => s.matches({ data: 'ready' }) && selectMap(s)!.jobs.length === 2);
    answer = () => Promise.reject(new Error('offline'));
    live({ type: 'live.lost' });
    live({ type: 'live.open' });
    await waitFor(actor, (s) => s.matches({ data: 'ready' }) && loads() === 3);
    expect(selectMap(actor.getSnapshot())!.jobs.length).toBe(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps a selection while it is on the map and clears it when the driver goes off duty', async () => {
    let answer = () => Promise.resolve(map([1, 2], ['CF-1']));
    const { actor } = start(() => answer());
    await waitFor(actor, (s) => selectMapStage(s) === 'ready');
    actor.send({ type: 'select', selection: { kind: 'driver', id: 2 } });
    expect(selectSelection(actor.getSnapshot())).toEqual({ kind: 'driver', id: 2 });
    actor.send({ type: 'refresh' });
    await waitFor(actor, (s) => s.matches({ data: 'ready' }));
    expect(selectSelection(actor.getSnapshot())).toEqual({ kind: 'driver', id: 2 });
    answer = () => Promise.resolve(map([1], ['CF-1']));
    actor.send({ type: 'refresh' });
    await waitFor(actor, (s) => s.matches({ data: 'ready' }) && selectMap(s)!.drivers.length === 1);
    expect(selectSelection(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'select', selection: { kind: 'job', bookingNumber: 'CF-1' } });
    actor.send({ type: 'select', selection: null });
    expect(selectSelection(actor.getSnapshot())).toBeNull();
  });

  it('turns the live feed off and back on; the retry reaches the feed', async () => {
    const { actor, live, retries } = start(() => Promise.resolve(map([], [])));
    await waitFor(actor, (s) => selectMapStage(s) === 'ready');
    live({ type: 'live.off', reason: 'tooManyTabs' });
    expect(selectMapLive(actor.getSnapshot())).toBe('off');
    expect(actor.getSnapshot().context.liveOff).toBe('tooManyTabs');
    actor.send({ type: 'live.retry' });
    expect(retries).toEqual(['retry']);
    expect(selectMapLive(actor.getSnapshot())).toBe('reconnecting');
    expect(actor.getSnapshot().context.liveOff).toBeNull();
  });

  describe('with the clock', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    it(`reads again every ${MAP_REFRESH_MS / 1000} s (positions arrive without a booking changing)`, async () => {
      const { actor, loads } = start(() => Promise.resolve(map([1], [])));
      await vi.advanceTimersByTimeAsync(0);
      expect(selectMapStage(actor.getSnapshot())).toBe('ready');
      expect(loads()).toBe(1);
      await vi.advanceTimersByTimeAsync(MAP_REFRESH_MS - 1);
      expect(loads()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(loads()).toBe(2);
      await vi.advanceTimersByTimeAsync(MAP_REFRESH_MS);
      expect(loads()).toBe(3);
    });
  });
});
