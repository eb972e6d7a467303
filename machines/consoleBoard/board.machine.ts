/**
 * The live bookings board (issue 17). Two regions:
 * - `list`: `loading` (the first page of the filters) → `ready` or `failed` (`retry`); `filters.apply` loads afresh,
 *   `filters.reset` goes back to today and tomorrow (London); `more` (keyset "Load more") → `loadingMore` → `ready`
 *   with the rows appended, or `ready` with an error (the rows kept). `refreshing` reloads the first page quietly
 *   (the rows stay on screen) when the live stream says a booking was made or changed.
 * - `live`: the stream (an EventSource on GET /api/admin/events, actor `bookingEvents`): `connecting` → `open`;
 *   `live.lost` → `reconnecting` (the browser's EventSource retries by itself); `live.off` → `off` when the server
 *   refused the stream for good (too many console tabs: 429), said plainly, until `live.retry` opens it again. A new booking counts in `unseen`
 *   (the tab's title) until `seen`, is marked fresh on the board, and beeps when the sound is on and the user has
 *   interacted with the page (browsers refuse audio before that).
 * - The badge is the server's count of the "Needs action" queue (`needs_action` of every page read): the same
 *   bookings /admin/needs-action lists. The page sends `refresh` every minute, since reasons of time (no driver
 *   within the lead time) arise without an event.
 * - `choices`: the site's companies and vehicle categories for the filters, loaded once (a failure leaves 'Any' only).
 * - `csv`: the statutory record of the filters' days (`csv.download`) → `saveCsv`, or the server's reason shown.
 * The machine never touches the page: `beep` (WebAudio) and `saveCsv` are supplied by the view.
 */
import { assign, raise, sendTo, setup } from 'xstate';
import { boardActors, type CsvFile } from './board.actors.ts';
import { BOARD_TEXT, boardQuery, defaultFilters, type BoardChoices, type BoardFilters, type BoardRow, type BookingEventMessage, type LiveOffReason } from './board.types.ts';
import { messageOf } from '../console/callError.ts';

export interface BoardInput {
  now: Date;
  /** The sound's mute switch as the member left it (kept by the view). */
  muted: boolean;
}

export interface BoardContext {
  now: Date;
  filters: BoardFilters;
  rows: BoardRow[];
  nextCursor: string | null;
  range: { from: string; to: string } | null;
  error: string | null;
  moreError: string | null;
  /** New bookings not yet seen (the tab's title). */
  unseen: number;
  /** How many bookings need action (the server's count of the "Needs action" queue): the badge. */
  needsAction: number;
  /** Booking numbers that arrived live, marked on the board. */
  fresh: string[];
  muted: boolean;
  /** The user has clicked or typed on the page: audio may play. */
  interacted: boolean;
  csvError: string | null;
  /** Why the live updates are off in this tab (`live.off`), else null. */
  liveOff: LiveOffReason | null;
  /** The company and vehicle filters' choices (empty until loaded; without them those filters offer 'Any' only). */
  choices: BoardChoices;
}

export type BoardEvent =
  | { type: 'filters.apply'; filters: BoardFilters }
  | { type: 'filters.reset' }
  | { type: 'more' }
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'seen' }
  | { type: 'sound.toggle' }
  | { type: 'user.interacted' }
  | { type: 'csv.download' }
  | { type: 'live.open' }
  | { type: 'live.lost' }
  | { type: 'live.resync' }
  | { type: 'live.off'; reason: LiveOffReason }
  | { type: 'live.retry' }
  | { type: 'live.booking'; message: BookingEventMessage };

/** The export's days: the filters' range, else the range the board shows (a search spanning every date: today). */
export function csvRange(context: BoardContext): { from: string; to: string } {
  const fallback = context.range ?? defaultFilters(context.now);
  const from = context.filters.from || fallback.from;
  return { from, to: context.filters.to || (context.filters.from ? from : fallback.to) };
}

export const boardMachine = setup({
  types: {
    context: {} as BoardContext,
    events: {} as BoardEvent,
    input: {} as BoardInput,
  },
  actors: boardActors,
  actions: {
    setFilters: assign({ filters: (_, params: { filters: BoardFilters }) => params.filters }),
    resetFilters: assign({ filters: ({ context }) => defaultFilters(context.now) }),
    setPage: assign((_, params: { rows: BoardRow[]; next: string | null; range: BoardContext['range']; needsAction: number }) => ({
      rows: params.rows,
      nextCursor: params.next,
      range: params.range,
      needsAction: params.needsAction,
      error: null,
      moreError: null,
    })),
    appendPage: assign(({ context }, params: { rows: BoardRow[]; next: string | null; needsAction: number }) => {
      const known = new Set(context.rows.map((row) => row.booking_number));
      return { rows: [...context.rows, ...params.rows.filter((row) => !known.has(row.booking_number))], nextCursor: params.next, needsAction: params.needsAction, moreError: null };
    }),
    setError: assign({ error: BOARD_TEXT.loadFailed }),
    setMoreError: assign({ moreError: BOARD_TEXT.moreFailed }),
    countNew: assign(({ context }, params: { number: string }) => ({
      unseen: context.unseen + 1,
      fresh: context.fresh.includes(params.number) ? context.fresh : [...context.fresh, params.number],
    })),
    markSeen: assign({ unseen: 0 }),
    toggleSound: assign({ muted: ({ context }) => !context.muted, interacted: true }),
    noteInteraction: assign({ interacted: true }),
    setChoices: assign({ choices: (_, params: { choices: BoardChoices }) => params.choices }),
    setCsvError: assign({ csvError: (_, params: { text: string }) => params.text }),
    clearCsvError: assign({ csvError: null }),
    setLiveOff: assign({ liveOff: (_, params: { reason: LiveOffReason }) => params.reason }),
    clearLiveOff: assign({ liveOff: null }),
    /** Hands the CSV file to the browser as a download; supplied by the view. */
    saveCsv: (_, _params: CsvFile) => {},
    /** A short, quiet tone; supplied by the view. */
    beep: () => {},
    /** Keeps the mute switch for the next visit; supplied by the view. */
    keepMuted: (_, _params: { muted: boolean }) => {},
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    isNewBooking: ({ event }) => event.type === 'live.booking' && event.message.kind === 'created',
    isNewBookingToBeep: ({ context, event }) => event.type === 'live.booking' && event.message.kind === 'created' && !context.muted && context.interacted,
  },
}).createMachine({
  id: 'board',
  context: ({ input }) => ({
    now: input.now,
    filters: defaultFilters(input.now),
    rows: [],
    nextCursor: null,
    range: null,
    error: null,
    moreError: null,
    unseen: 0,
    needsAction: 0,
    fresh: [],
    muted: input.muted,
    interacted: false,
    csvError: null,
    liveOff: null,
    choices: { companies: [], categories: [] },
  }),
  type: 'parallel',
  on: {
    seen: { actions: 'markSeen' },
    'user.interacted': { actions: 'noteInteraction' },
    'sound.toggle': { actions: ['toggleSound', { type: 'keepMuted', params: ({ context }) => ({ muted: context.muted }) }] },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'filters.apply': { target: '.loading', actions: { type: 'setFilters', params: ({ event }) => ({ filters: event.filters }) } },
        'filters.reset': { target: '.loading', actions: 'resetFilters' },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => boardQuery(context.filters, null),
            onDone: { target: 'ready', actions: { type: 'setPage', params: ({ event }) => ({ rows: event.output.bookings, next: event.output.next_cursor, range: event.output.range, needsAction: event.output.needs_action }) } },
            onError: { target: 'failed', actions: 'setError' },
          },
        },
        failed: {
          on: { retry: 'loading' },
        },
        ready: {
          on: {
            more: { guard: 'hasMore', target: 'loadingMore' },
            refresh: 'refreshing',
          },
        },
        loadingMore: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => boardQuery(context.filters, context.nextCursor),
            onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => ({ rows: event.output.bookings, next: event.output.next_cursor, needsAction: event.output.needs_action }) } },
            onError: { target: 'ready', actions: 'setMoreError' },
          },
          // A booking made or changed meanwhile: the first page again (the extra page is dropped).
          on: { refresh: 'refreshing' },
        },
        refreshing: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => boardQuery(context.filters, null),
            onDone: { target: 'ready', actions: { type: 'setPage', params: ({ event }) => ({ rows: event.output.bookings, next: event.output.next_cursor, range: event.output.range, needsAction: event.output.needs_action }) } },
            // The rows on screen stay; the next event or a filter change tries again.
            onError: { target: 'ready' },
          },
          on: { refresh: { target: 'refreshing', reenter: true } },
        },
      },
    },
    choices: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadChoices',
            onDone: { target: 'ready', actions: { type: 'setChoices', params: ({ event }) => ({ choices: event.output }) } },
            onError: 'ready',
          },
        },
        ready: {},
      },
    },
    csv: {
      initial: 'idle',
      states: {
        idle: { on: { 'csv.download': 'downloading' } },
        downloading: {
          entry: 'clearCsvError',
          invoke: {
            src: 'exportCsv',
            input: ({ context }) => csvRange(context),
            onDone: { target: 'idle', actions: { type: 'saveCsv', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'setCsvError', params: ({ event }) => ({ text: messageOf(event.error, BOARD_TEXT.csvFailed) }) } },
          },
        },
      },
    },
    live: {
      invoke: { id: 'liveFeed', src: 'bookingEvents' },
      initial: 'connecting',
      on: {
        'live.off': { target: '.off', actions: { type: 'setLiveOff', params: ({ event }) => ({ reason: event.reason }) } },
        'live.booking': [
          {
            guard: 'isNewBookingToBeep',
            actions: [{ type: 'countNew', params: ({ event }) => ({ number: event.message.booking_number }) }, 'beep', raise({ type: 'refresh' })],
          },
          { guard: 'isNewBooking', actions: [{ type: 'countNew', params: ({ event }) => ({ number: event.message.booking_number }) }, raise({ type: 'refresh' })] },
          { actions: raise({ type: 'refresh' }) },
        ],
        // Events may have been missed (the server's listener reconnected): the board is read again.
        'live.resync': { actions: raise({ type: 'refresh' }) },
      },
      states: {
        connecting: { on: { 'live.open': 'open', 'live.lost': 'reconnecting' } },
        open: { on: { 'live.lost': 'reconnecting' } },
        // Back after a drop (a server restart, the network): what happened meanwhile was not streamed.
        reconnecting: { on: { 'live.open': { target: 'open', actions: raise({ type: 'refresh' }) } } },
        // Refused for good (429: too many console tabs): nothing is tried until the member asks, here or in another tab
        // sharing the stream (which then opens for this tab too).
        off: {
          on: {
            'live.retry': { target: 'reconnecting', actions: ['clearLiveOff', sendTo('liveFeed', { type: 'retry' })] },
            'live.open': { target: 'open', actions: ['clearLiveOff', raise({ type: 'refresh' })] },
          },
        },
      },
    },
  },
});

export type BoardMachine = typeof boardMachine;
