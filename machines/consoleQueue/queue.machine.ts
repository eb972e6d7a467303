/**
 * The dispatcher's "Needs action" queue (issue 33) on /admin/needs-action: every booking that needs a person, whatever
 * its date, with its reasons (the server decides them: server/domain/dispatch/needsAction.ts). Two regions:
 * - `list`: `loading` → `ready` or `failed` (`retry`). In `ready` the queue is read again quietly (`refreshing`, the
 *   cards stay) when the live stream says a booking was made or changed, and every QUEUE_RECHECK_MS, since reasons of
 *   time (no driver within the lead time, a driver not on the way) arise with the clock alone. `request.handle` marks a
 *   booking's change requests dealt with (`handling`), then reads the queue again with the server's notice; a refusal
 *   (another dispatcher was quicker: 409) is shown and the queue read again too.
 * - `live`: the console's shared stream, as the board's: `connecting` → `open`; `live.lost` → `reconnecting` (read
 *   again once back); `live.off` → `off` until `live.retry`.
 */
import { assign, raise, sendTo, setup } from 'xstate';
import type { NeedsActionItem, NeedsActionQueue } from '../../contract/consoleQueue.ts';
import { messageOf } from '../console/callError.ts';
import type { LiveOffReason } from '../consoleBoard/board.types.ts';
import { queueActors } from './queue.actors.ts';

/** How often the queue is read again without an event (reasons of time). */
export const QUEUE_RECHECK_MS = 60_000;

export const QUEUE_TEXT = {
  loadFailed: 'The queue could not be loaded. Check the connection and try again.',
  handleFailed: 'The change request could not be marked as dealt with. Try again.',
} as const;

export interface QueueContext {
  items: NeedsActionItem[];
  count: number;
  checkedAt: string | null;
  error: string | null;
  /** The server's answer to the last "Dealt with" (its message, or its refusal) and whether it was refused. */
  notice: { text: string; refused: boolean } | null;
  /** The booking whose requests are being marked. */
  handling: string | null;
  liveOff: LiveOffReason | null;
}

export type QueueEvent =
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'request.handle'; bookingNumber: string; requestId: number }
  | { type: 'notice.dismiss' }
  | { type: 'live.open' }
  | { type: 'live.lost' }
  | { type: 'live.resync' }
  | { type: 'live.off'; reason: LiveOffReason }
  | { type: 'live.retry' }
  | { type: 'live.booking'; message: unknown };

export const queueMachine = setup({
  types: { context: {} as QueueContext, events: {} as QueueEvent },
  actors: queueActors,
  actions: {
    setQueue: assign((_, params: { queue: NeedsActionQueue }) => ({ items: params.queue.items, count: params.queue.count, checkedAt: params.queue.checked_at, error: null })),
    setError: assign({ error: QUEUE_TEXT.loadFailed }),
    startHandling: assign({ handling: (_, params: { bookingNumber: string }) => params.bookingNumber, notice: null }),
    setNotice: assign({ handling: null, notice: (_, params: { text: string; refused: boolean }) => params }),
    clearNotice: assign({ notice: null }),
    setLiveOff: assign({ liveOff: (_, params: { reason: LiveOffReason }) => params.reason }),
    clearLiveOff: assign({ liveOff: null }),
  },
  delays: { recheck: QUEUE_RECHECK_MS },
}).createMachine({
  id: 'queue',
  context: { items: [], count: 0, checkedAt: null, error: null, notice: null, handling: null, liveOff: null },
  type: 'parallel',
  on: { 'notice.dismiss': { actions: 'clearNotice' } },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadQueue',
            onDone: { target: 'ready', actions: { type: 'setQueue', params: ({ event }) => ({ queue: event.output }) } },
            onError: { target: 'failed', actions: 'setError' },
          },
        },
        failed: { on: { retry: 'loading' } },
        ready: {
          after: { recheck: 'refreshing' },
          on: {
            refresh: 'refreshing',
            'request.handle': { target: 'handling', actions: { type: 'startHandling', params: ({ event }) => ({ bookingNumber: event.bookingNumber }) } },
          },
        },
        refreshing: {
          invoke: {
            src: 'loadQueue',
            onDone: { target: 'ready', actions: { type: 'setQueue', params: ({ event }) => ({ queue: event.output }) } },
            // The cards on screen stay; the next event or the next minute tries again.
            onError: 'ready',
          },
          on: { refresh: { target: 'refreshing', reenter: true } },
        },
        handling: {
          invoke: {
            src: 'markHandled',
            input: ({ event }) => {
              const { bookingNumber, requestId } = event as Extract<QueueEvent, { type: 'request.handle' }>;
              return { bookingNumber, requestId };
            },
            onDone: { target: 'refreshing', actions: { type: 'setNotice', params: ({ event }) => ({ text: event.output.message, refused: false }) } },
            onError: { target: 'refreshing', actions: { type: 'setNotice', params: ({ event }) => ({ text: messageOf(event.error, QUEUE_TEXT.handleFailed), refused: true }) } },
          },
        },
      },
    },
    live: {
      invoke: { id: 'liveFeed', src: 'bookingEvents' },
      initial: 'connecting',
      on: {
        'live.off': { target: '.off', actions: { type: 'setLiveOff', params: ({ event }) => ({ reason: event.reason }) } },
        'live.booking': { actions: raise({ type: 'refresh' }) },
        'live.resync': { actions: raise({ type: 'refresh' }) },
      },
      states: {
        connecting: { on: { 'live.open': 'open', 'live.lost': 'reconnecting' } },
        open: { on: { 'live.lost': 'reconnecting' } },
        reconnecting: { on: { 'live.open': { target: 'open', actions: raise({ type: 'refresh' }) } } },
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

export type QueueMachine = typeof queueMachine;
