import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import type { NeedsActionItem, NeedsActionQueue } from '../../contract/consoleQueue.ts';
import { QUEUE_RECHECK_MS, QUEUE_TEXT, queueMachine } from './queue.machine.ts';
import { selectCount, selectHandling, selectNotice, selectQueueLive, selectQueueStage } from './queue.selectors.ts';

const item = (number: string): NeedsActionItem =>
  ({ booking: { booking_number: number }, reasons: [{ code: 'new', text: 'New booking: not yet accepted', details: [], since: null, request_id: null }] }) as unknown as NeedsActionItem;
const queue = (numbers: string[]): NeedsActionQueue => ({ success: true, count: numbers.length, items: numbers.map(item), checked_at: '2026-07-01T09:00:00.000Z' });

function start(load: () => Promise<NeedsActionQueue>, mark: (input: { bookingNumber: string; requestId: number }) => Promise<{ message: string }> = () => Promise.resolve({ message: 'ok' })) {
  let loads = 0;
  const marked: { bookingNumber: string; requestId: number }[] = [];
  let live: ((event: AnyEventObject) => void) | null = null;
  const retries: string[] = [];
  const actor = createActor(
    queueMachine.provide({
      actors: {
        loadQueue: fromPromise(() => {
          loads += 1;
          return load();
        }),
        markHandled: fromPromise(({ input }) => {
          marked.push(input);
          return mark(input);
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
  return { actor, loads: () => loads, marked, retries, live: (event: AnyEventObject) => live!(event) };
}

describe('the "Needs action" queue machine', () => {
  it('loads the queue; empty; failed with its message, then retry', async () => {
    let fail = true;
    const { actor } = start(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(queue([]))));
    await waitFor(actor, (s) => selectQueueStage(s) === 'failed');
    expect(actor.getSnapshot().context.error).toBe(QUEUE_TEXT.loadFailed);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => selectQueueStage(s) === 'empty');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('reads the queue again on a live booking event, a resync and the feed back after a drop; keeps the cards when a re-read fails', async () => {
    let answer: () => Promise<NeedsActionQueue> = () => Promise.resolve(queue(['CF-1']));
    const { actor, loads, live } = start(() => answer());
    await waitFor(actor, (s) => selectQueueStage(s) === 'items');
    live({ type: 'live.open' });
    expect(selectQueueLive(actor.getSnapshot())).toBe('open');
    answer = () => Promise.resolve(queue(['CF-1', 'CF-2']));
    live({ type: 'live.booking', message: { booking_number: 'CF-2', kind: 'created' } });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && selectCount(s) === 2);
    live({ type: 'live.resync' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    live({ type: 'live.lost' });
    expect(selectQueueLive(actor.getSnapshot())).toBe('reconnecting');
    answer = () => Promise.reject(new Error('offline'));
    live({ type: 'live.open' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && !s.matches({ live: 'reconnecting' }));
    expect(loads()).toBe(4);
    expect(actor.getSnapshot().context.items.map((entry) => entry.booking.booking_number)).toEqual(['CF-1', 'CF-2']);
  });

  it('live off (too many tabs) until retry, which asks the feed to open again', async () => {
    const { actor, live, retries } = start(() => Promise.resolve(queue([])));
    live({ type: 'live.off', reason: 'tooManyTabs' });
    expect(actor.getSnapshot().context.liveOff).toBe('tooManyTabs');
    actor.send({ type: 'live.retry' });
    expect(selectQueueLive(actor.getSnapshot())).toBe('reconnecting');
    expect(retries).toEqual(['retry']);
    expect(actor.getSnapshot().context.liveOff).toBeNull();
  });

  describe('with a fake clock', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    it('reads the queue again every minute while ready (reasons of time arise with the clock alone)', async () => {
      const { actor, loads } = start(() => Promise.resolve(queue(['CF-1'])));
      await vi.advanceTimersByTimeAsync(0);
      expect(selectQueueStage(actor.getSnapshot())).toBe('items');
      expect(loads()).toBe(1);
      await vi.advanceTimersByTimeAsync(QUEUE_RECHECK_MS - 1);
      expect(loads()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(loads()).toBe(2);
      await vi.advanceTimersByTimeAsync(QUEUE_RECHECK_MS);
      expect(loads()).toBe(3);
    });
  });

  it("marks a booking's change requests dealt with, shows the server's notice and reads the queue again; a refusal is shown too", async () => {
    let marks = 0;
    const { actor, marked, loads } = start(
      () => Promise.resolve(queue(['CF-1'])),
      () => (++marks === 1 ? Promise.resolve({ message: 'Change request marked as dealt with' }) : Promise.reject(Object.assign(new Error('This booking has no change request waiting'), { status: 409 }))),
    );
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'request.handle', bookingNumber: 'CF-1', requestId: 7 });
    expect(selectHandling(actor.getSnapshot())).toBe('CF-1');
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && selectNotice(s) !== null);
    expect(marked).toEqual([{ bookingNumber: 'CF-1', requestId: 7 }]);
    expect(selectNotice(actor.getSnapshot())).toEqual({ text: 'Change request marked as dealt with', refused: false });
    expect(loads()).toBe(2);
    actor.send({ type: 'request.handle', bookingNumber: 'CF-1', requestId: 7 });
    expect(selectNotice(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && selectNotice(s) !== null);
    expect(selectNotice(actor.getSnapshot())).toEqual({ text: 'This booking has no change request waiting', refused: true });
    actor.send({ type: 'notice.dismiss' });
    expect(selectNotice(actor.getSnapshot())).toBeNull();
    // Only from ready: a second click while one is being marked is not sent.
    actor.send({ type: 'request.handle', bookingNumber: 'CF-1', requestId: 7 });
    actor.send({ type: 'request.handle', bookingNumber: 'CF-1', requestId: 7 });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(marked).toHaveLength(3);
  });
});
