/**
 * The queue's effects by signature: src/app/console/queueLogic.ts supplies the real ones (src/api calls and the
 * console's shared live feed), tests supply stubs.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { NeedsActionQueue } from '../../contract/consoleQueue.ts';
import type { LiveEvent } from '../consoleBoard/board.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`queue actor "${name}" is not provided`));

export const queueActors = {
  /** GET /api/admin/needs-action: resolves with the queue; rejects with the console client's error. */
  loadQueue: fromPromise<NeedsActionQueue, void>(notProvided('loadQueue')),
  /** POST …/change-requests/handled: resolves with the server's message; rejects with its refusal (409: none open). */
  markHandled: fromPromise<{ message: string }, { bookingNumber: string; requestId: number }>(notProvided('markHandled')),
  /** The live stream: sends live.open, live.booking, live.resync, live.lost and live.off while it runs; receives `retry`. */
  bookingEvents: fromCallback<EventObject, void, LiveEvent>(() => () => {}),
};
