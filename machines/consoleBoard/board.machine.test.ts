import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import type { BoardPage, BoardQuery, BoardRow } from '../../contract/consoleBookings.ts';
import { BOARD_TEXT, LIVE_OFF_TEXT, defaultFilters } from './board.types.ts';
import { boardMachine } from './board.machine.ts';
import { selectListStage, selectLive, selectLiveOff, selectNeedsAction } from './board.selectors.ts';

const row = (number: string) => ({ booking_number: number }) as BoardRow;
const page = (numbers: string[], next: string | null): BoardPage => ({ success: true, bookings: numbers.map(row), next_cursor: next, range: { from: '2026-06-30', to: '2026-07-01' }, needs_action: numbers.length });
// 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): the default range is London's today and tomorrow.
const NOW = new Date('2026-06-30T23:30:00Z');

function start(pages: (query: BoardQuery) => Promise<BoardPage>, muted = false) {
  const queries: BoardQuery[] = [];
  let beeps = 0;
  let live: ((event: AnyEventObject) => void) | null = null;
  const actor = createActor(
    boardMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => {
          queries.push(input);
          return pages(input);
        }),
        bookingEvents: fromCallback(({ sendBack }) => {
          live = sendBack;
          return () => {};
        }),
        exportCsv: fromPromise(() => Promise.reject(Object.assign(new Error('An export covers at most 366 days'), { status: 400 }))),
      },
      actions: { beep: () => void (beeps += 1) },
    }),
    { input: { now: NOW, muted } },
  );
  actor.start();
  return { actor, queries, beeps: () => beeps, live: (event: AnyEventObject) => live!(event) };
}

describe('bookings board machine', () => {
  it("defaults to today and tomorrow in London; Load more appends the next page by its cursor", async () => {
    expect(defaultFilters(NOW)).toMatchObject({ from: '2026-07-01', to: '2026-07-02' });
    const { actor, queries } = start((query) => Promise.resolve(query.cursor ? page(['CF-3'], null) : page(['CF-1', 'CF-2'], 'c1')));
    await waitFor(actor, (s) => selectListStage(s) === 'rows');
    actor.send({ type: 'more' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && s.context.rows.length === 3);
    actor.send({ type: 'more' });
    expect(queries).toEqual([
      { from: '2026-07-01', to: '2026-07-02' },
      { from: '2026-07-01', to: '2026-07-02', cursor: 'c1' },
    ]);
  });

  it('filters go to the server as its query; empty and failed states; retry', async () => {
    let fail = true;
    const { actor, queries } = start(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(page([], null))));
    await waitFor(actor, (s) => selectListStage(s) === 'failed');
    expect(actor.getSnapshot().context.error).toBe(BOARD_TEXT.loadFailed);
    fail = false;
    actor.send({ type: 'filters.apply', filters: { ...defaultFilters(NOW), status: ['confirmed', 'accepted'], payment_method: 'card', payment_state: ['refunded'], q: ' ada ', company_id: '2' } });
    await waitFor(actor, (s) => selectListStage(s) === 'empty');
    expect(queries.at(-1)).toEqual({ from: '2026-07-01', to: '2026-07-02', status: 'confirmed,accepted', payment_method: 'card', payment_state: 'refunded', company_id: '2', q: 'ada' });
  });

  it("the badge is the server's count of the needs-action queue, taken from every page read (not the rows shown)", async () => {
    let count = 3;
    const { actor, live } = start(() => Promise.resolve({ ...page(['CF-1'], null), needs_action: count }));
    await waitFor(actor, (s) => selectListStage(s) === 'rows');
    expect(selectNeedsAction(actor.getSnapshot())).toBe(3);
    count = 4;
    live({ type: 'live.booking', message: { booking_number: 'CF-9', kind: 'created' } });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && selectNeedsAction(s) === 4);
    count = 2;
    actor.send({ type: 'refresh' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && selectNeedsAction(s) === 2);
  });

  it('a new booking on the stream: counted until seen, marked fresh, the board reloaded; a beep only after an interaction and unmuted', async () => {
    let numbers = ['CF-1'];
    const { actor, queries, beeps, live } = start(() => Promise.resolve(page(numbers, null)));
    await waitFor(actor, (s) => selectListStage(s) === 'rows');
    live({ type: 'live.open' });
    expect(actor.getSnapshot().matches({ live: 'open' })).toBe(true);
    numbers = ['CF-1', 'CF-2'];
    live({ type: 'live.booking', message: { booking_number: 'CF-2', kind: 'created' } });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && s.context.rows.length === 2);
    expect(actor.getSnapshot().context).toMatchObject({ unseen: 1, fresh: ['CF-2'] });
    expect(beeps()).toBe(0);
    actor.send({ type: 'user.interacted' });
    live({ type: 'live.booking', message: { booking_number: 'CF-3', kind: 'created' } });
    expect(beeps()).toBe(1);
    actor.send({ type: 'sound.toggle' });
    live({ type: 'live.booking', message: { booking_number: 'CF-4', kind: 'created' } });
    live({ type: 'live.booking', message: { booking_number: 'CF-1', kind: 'dispatched' } });
    expect(beeps()).toBe(1);
    expect(actor.getSnapshot().context.unseen).toBe(3);
    actor.send({ type: 'seen' });
    expect(actor.getSnapshot().context.unseen).toBe(0);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(queries.length).toBeGreaterThanOrEqual(3);
    live({ type: 'live.lost' });
    expect(actor.getSnapshot().matches({ live: 'reconnecting' })).toBe(true);
  });

  it('a resync from the server, or the stream back after a drop, reloads the board without counting a booking', async () => {
    let numbers = ['CF-1'];
    const { actor, queries, live } = start(() => Promise.resolve(page(numbers, null)));
    await waitFor(actor, (s) => selectListStage(s) === 'rows');
    live({ type: 'live.open' });
    numbers = ['CF-1', 'CF-MISSED'];
    live({ type: 'live.resync' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && s.context.rows.length === 2);
    expect(queries).toHaveLength(2);
    live({ type: 'live.lost' });
    numbers = ['CF-1', 'CF-MISSED', 'CF-WHILE-DOWN'];
    live({ type: 'live.open' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && s.context.rows.length === 3);
    expect(queries).toHaveLength(3);
    expect(actor.getSnapshot().matches({ live: 'open' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ unseen: 0, fresh: [] });
  });

  it("the CSV export refused shows the server's reason", async () => {
    const { actor } = start(() => Promise.resolve(page([], null)));
    actor.send({ type: 'csv.download' });
    await waitFor(actor, (s) => s.matches({ csv: 'idle' }) && s.context.csvError !== null);
    expect(actor.getSnapshot().context.csvError).toBe('An export covers at most 366 days');
  });

  it('refused for good (429: too many console tabs): off with the reason, nothing tried until Try again, then the board read again once live', async () => {
    const retries: string[] = [];
    let live: ((event: AnyEventObject) => void) | null = null;
    let loads = 0;
    const actor = createActor(
      boardMachine.provide({
        actors: {
          loadPage: fromPromise(() => {
            loads += 1;
            return Promise.resolve(page(['CF-1'], null));
          }),
          bookingEvents: fromCallback(({ sendBack, receive }) => {
            live = sendBack;
            receive((event) => retries.push(event.type));
          }),
        },
      }),
      { input: { now: NOW, muted: false } },
    ).start();
    await waitFor(actor, (s) => selectListStage(s) === 'rows');
    live!({ type: 'live.off', reason: 'tooManyTabs' });
    expect(selectLive(actor.getSnapshot())).toBe('off');
    expect(LIVE_OFF_TEXT[selectLiveOff(actor.getSnapshot())!]).toBe('Live updates are off in this tab: too many console tabs are open. Close one, then try again.');
    expect(retries).toEqual([]);
    actor.send({ type: 'live.retry' });
    expect(retries).toEqual(['retry']);
    expect(selectLive(actor.getSnapshot())).toBe('reconnecting');
    expect(selectLiveOff(actor.getSnapshot())).toBeNull();
    live!({ type: 'live.open' });
    await waitFor(actor, (s) => selectLive(s) === 'open' && s.matches({ list: 'ready' }));
    expect(loads).toBe(2);

    // Off again, and another tab sharing the stream gets it open: live here too, and the board read again.
    live!({ type: 'live.off', reason: 'stopped' });
    expect(selectLive(actor.getSnapshot())).toBe('off');
    live!({ type: 'live.open' });
    await waitFor(actor, (s) => selectLive(s) === 'open' && s.matches({ list: 'ready' }));
    expect(selectLiveOff(actor.getSnapshot())).toBeNull();
    expect([loads, retries]).toEqual([3, ['retry']]);
  });
});
