/**
 * The map's effects by signature: src/app/console/mapLogic.ts supplies the real ones (the src/api call and the
 * console's shared live feed), tests supply stubs.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { DispatchMap } from '../../contract/consoleMap.ts';
import type { LiveEvent } from '../consoleBoard/board.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`map actor "${name}" is not provided`));

export const mapActors = {
  /** GET /api/admin/dispatch-map: resolves with the drivers on duty and today's jobs; rejects with the console client's error. */
  loadMap: fromPromise<DispatchMap, void>(notProvided('loadMap')),
  /** The live stream: sends live.open, live.booking, live.resync, live.lost and live.off while it runs; receives `retry`. */
  bookingEvents: fromCallback<EventObject, void, LiveEvent>(() => () => {}),
};
