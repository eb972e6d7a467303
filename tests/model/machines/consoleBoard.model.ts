/**
 * The live bookings board (machines/consoleBoard): the first page of the filters, keyset "Load more", a filter applied
 * and reset, the live feed (open, a drop and its return, a resync, a new or changed booking, refused for good and
 * tried again), the unseen count and the sound, the company and vehicle choices, and the CSV export.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { BoardPage, BoardRow } from '../../../contract/consoleBookings.ts';
import { BOARD_TEXT, boardMachine, defaultFilters, type BoardContext, type BoardFilters } from '../../../machines/consoleBoard/index.ts';
import { machineInvokes } from '../graph.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = boardMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as BoardContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

/** 10:00 on Thursday 26 November 2026 in London (GMT). */
export const BOARD_NOW = new Date('2026-11-26T10:00:00Z');
export const FIRST = 'CF-BOARD-1';
export const SECOND = 'CF-BOARD-2';
export const NEW_BOOKING = 'CF-BOARD-NEW';
export const CSV_REFUSED = 'An export covers at most 366 days';
export const MODEL_FILTERS: BoardFilters = { ...defaultFilters(BOARD_NOW), status: ['confirmed'] };
const RANGE = { from: '2026-11-26', to: '2026-11-27' };

const row = (number: string) => ({ booking_number: number }) as BoardRow;
const page = (numbers: string[], next: string | null): BoardPage => ({ success: true, bookings: numbers.map(row), next_cursor: next, range: RANGE, needs_action: 0 });

/** The outcome event type of loadPage as invoked by the list state `state` (it is invoked from three). */
function pageOutcome(state: 'loading' | 'loadingMore' | 'refreshing', kind: 'done' | 'error') {
  const invoke = machineInvokes(m).find((i) => i.src === 'loadPage' && i.id.endsWith(`.list.${state}`));
  if (!invoke) throw new Error(`board: no loadPage invoke in list.${state}`);
  return `xstate.${kind}.actor.${invoke.id}`;
}

const FAILED = httpError(503, 'Service unavailable');
/** Events the machine handles that nothing outside it sends: `refresh` is raised by its own live handlers; the live feed's actor runs until the board goes (it reports a refusal as `live.off`, never ends by itself). */
export const NEVER_SENT = new Set(['refresh', 'bookingEvents:done', 'bookingEvents:error']);
const SRC_OF_OUTCOME = new Map<string, string>(machineInvokes(m).flatMap((i) => [[`xstate.done.actor.${i.id}`, i.src], [`xstate.error.actor.${i.id}`, i.src]]));

export const consoleBoardModel: MachineModel = {
  id: 'consoleBoard',
  title: 'bookings board',
  machine: m,
  origins: [{ id: 'board', label: '/admin/bookings, signed in', input: { now: BOARD_NOW, muted: false } }],
  variants: [
    variant('filters.apply', { type: 'filters.apply', filters: MODEL_FILTERS }, 'Status: New, Apply'),
    variant('filters.reset', { type: 'filters.reset' }, 'Reset'),
    variant('more', { type: 'more' }, 'Load more'),
    variant('retry', { type: 'retry' }, 'Try again'),
    variant('seen', { type: 'seen' }, 'back to the tab'),
    variant('sound.toggle', { type: 'sound.toggle' }, 'the sound switch'),
    variant('user.interacted', { type: 'user.interacted' }, 'a click on the page'),
    variant('csv.download', { type: 'csv.download' }, 'Export CSV'),
    variant('live.open', { type: 'live.open' }, 'the live feed opens'),
    variant('live.lost', { type: 'live.lost' }, 'the live feed drops'),
    variant('live.resync', { type: 'live.resync' }, 'the server says events may have been missed'),
    variant('live.booking:created', { type: 'live.booking', message: { booking_number: NEW_BOOKING, kind: 'created' } }, 'a booking is made elsewhere'),
    variant('live.booking:changed', { type: 'live.booking', message: { booking_number: FIRST, kind: 'changed' } }, 'a booking on the board changes elsewhere'),
    variant('live.off', { type: 'live.off', reason: 'tooManyTabs' }, 'the server refuses the feed: too many console tabs'),
    variant('live.retry', { type: 'live.retry' }, 'Try again (live updates)'),
    // The machine raises `refresh` itself on a live event; the feed's actor never ends (both kept off by `offer`).
    variant('refresh', { type: 'refresh' }, 'the board raises a refresh'),
    variant('bookingEvents:done', { type: outcome(m, 'bookingEvents', 'done') }, 'the live feed ends'),
    variant('bookingEvents:error', { type: outcome(m, 'bookingEvents', 'error'), error: FAILED }, 'the live feed fails'),
    variant('loadPage:rows', { type: pageOutcome('loading', 'done'), output: page([FIRST], 'cursor-1') }, 'the first page, more to come'),
    variant('loadPage:empty', { type: pageOutcome('loading', 'done'), output: page([], null) }, 'no booking matches'),
    variant('loadPage:error', { type: pageOutcome('loading', 'error'), error: FAILED }, 'the bookings do not load'),
    variant('loadMore:done', { type: pageOutcome('loadingMore', 'done'), output: page([SECOND], null) }, 'the last page'),
    variant('loadMore:error', { type: pageOutcome('loadingMore', 'error'), error: FAILED }, 'the next page does not load'),
    variant('refresh:done', { type: pageOutcome('refreshing', 'done'), output: page([FIRST], 'cursor-1') }, 'the first page read again'),
    variant('refresh:error', { type: pageOutcome('refreshing', 'error'), error: FAILED }, 'the first page does not load again'),
    variant('loadChoices:done', { type: outcome(m, 'loadChoices', 'done'), output: { companies: [{ value: '1', label: 'Westway Cars' }], categories: [{ value: '1', label: 'Saloon' }] } }, 'the companies and vehicles are listed'),
    variant('loadChoices:error', { type: outcome(m, 'loadChoices', 'error'), error: FAILED }, 'they do not load'),
    variant('exportCsv:done', { type: outcome(m, 'exportCsv', 'done'), output: { filename: 'bookings-2026-11-26-2026-11-27.csv', text: 'x' } }, 'the CSV is downloaded'),
    variant('exportCsv:refused', { type: outcome(m, 'exportCsv', 'error'), error: httpError(400, CSV_REFUSED) }, 'the server refuses the export'),
  ],
  // One thing at a time, so the product of the four regions stays small: the choices load first, an export's answer
  // comes before anything else, and the feed and the page's own controls act on a list that has loaded.
  offer: (s, v) => {
    if (NEVER_SENT.has(v.key)) return false;
    const type = v.event.type;
    const outcomeOf = (src: string) => SRC_OF_OUTCOME.get(type) === src;
    if (s.matches({ choices: 'loading' })) return outcomeOf('loadChoices') || (s.matches({ list: 'loading' }) && outcomeOf('loadPage'));
    if (s.matches({ csv: 'downloading' })) return outcomeOf('exportCsv');
    if (s.matches({ list: 'loading' }) && !type.startsWith('xstate.')) return false;
    if (type.startsWith('live.') && !['live.open', 'live.off', 'live.lost'].includes(type) && s.matches({ live: 'connecting' })) return false;
    // A refused feed is closed: nothing arrives on it until it is tried again, here or in another console tab sharing
    // it (whose stream then opens: live.open).
    if (s.matches({ live: 'off' }) && type.startsWith('live.') && type !== 'live.retry' && type !== 'live.open') return false;
    const listReady = s.matches({ list: 'ready' });
    if (['seen', 'sound.toggle', 'user.interacted', 'csv.download', 'filters.apply', 'filters.reset'].includes(type) && !(listReady && s.matches({ live: 'open' }))) return false;
    // The feed's own changes on a list at rest; a booking made or changed also while a page loads (the refresh's own edges).
    if (['live.lost', 'live.off', 'live.retry', 'live.resync'].includes(type) && !listReady && !s.matches({ list: 'failed' })) return false;
    if (type === 'live.booking' && ctx(s).muted) return v.key === 'live.booking:created' && listReady;
    // The first page of the default days (or of a reset) has rows; the filtered one has none.
    const filtered = ctx(s).filters.status.length > 0;
    if (v.key === 'loadPage:rows') return !filtered;
    if (v.key === 'loadPage:empty') return filtered;
    // A refresh reads the first page of the same filters.
    if (v.key === 'refresh:done') return !filtered;
    return true;
  },
  abstract: (s) => {
    const c = ctx(s);
    return {
      filtered: c.filters.status.length > 0,
      rows: c.rows.length,
      more: c.nextCursor !== null,
      error: c.error,
      moreError: c.moreError,
      unseen: Math.min(c.unseen, 1),
      muted: c.muted,
      interacted: c.interacted,
      csvError: c.csvError,
      liveOff: c.liveOff,
      choices: c.choices.companies.length,
    };
  },
  limit: 60_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    'list.loading': ({ snapshot, invocations }) => expect(last(invocations, 'loadPage')).toMatchObject({ from: ctx(snapshot).filters.from, to: ctx(snapshot).filters.to, cursor: undefined }),
    'list.failed': ({ snapshot }) => expect(ctx(snapshot).error).toBe(BOARD_TEXT.loadFailed),
    'list.ready': ({ snapshot }) => {
      expect(ctx(snapshot).error).toBeNull();
      expect([null, BOARD_TEXT.moreFailed]).toContain(ctx(snapshot).moreError);
    },
    'list.loadingMore': ({ invocations }) => expect(last(invocations, 'loadPage')).toMatchObject({ cursor: 'cursor-1' }),
    'list.refreshing': ({ snapshot, invocations }) => {
      expect(ctx(snapshot).rows.length).toBeGreaterThanOrEqual(0);
      expect(last(invocations, 'loadPage')).toMatchObject({ cursor: undefined });
    },
    'choices.loading': () => {},
    'choices.ready': () => {},
    'csv.idle': ({ snapshot }) => expect([null, CSV_REFUSED]).toContain(ctx(snapshot).csvError),
    'csv.downloading': ({ invocations }) => expect(last(invocations, 'exportCsv')).toEqual(RANGE),
    'live.connecting': ({ snapshot }) => expect(ctx(snapshot).liveOff).toBeNull(),
    'live.open': ({ snapshot }) => expect(ctx(snapshot).liveOff).toBeNull(),
    'live.reconnecting': ({ snapshot }) => expect(ctx(snapshot).liveOff).toBeNull(),
    'live.off': ({ snapshot }) => expect(ctx(snapshot).liveOff).toBe('tooManyTabs'),
  },
  guardChecks: [
    {
      label: 'Load more only while there is a next page',
      event: { type: 'more' },
      expected: (s) => (s.matches({ list: 'ready' }) ? { can: ctx(s).nextCursor !== null } : undefined),
    },
    {
      label: 'a refused feed opens again when another tab sharing it reopens it',
      event: { type: 'live.open' },
      expected: (s) => (s.matches({ live: 'off' }) ? { can: true } : undefined),
    },
  ],
};
