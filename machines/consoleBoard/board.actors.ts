/**
 * The board's effects by signature: src/app/console/boardLogic.ts supplies the real ones (src/api calls and
 * an EventSource on GET /api/admin/events), tests supply stubs.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { BoardChoices, BoardPage, BoardQuery, LiveEvent } from './board.types.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`board actor "${name}" is not provided`));

export interface CsvFile {
  filename: string;
  text: string;
}

export const boardActors = {
  /** The site's companies and vehicle categories (GET /api/v1/fetch_companies and /fetch_vehicles). */
  loadChoices: fromPromise<BoardChoices, void>(notProvided('loadChoices')),
  /** GET /api/admin/bookings/export.csv */
  exportCsv: fromPromise<CsvFile, { from: string; to: string }>(notProvided('exportCsv')),
  /** GET /api/admin/bookings */
  loadPage: fromPromise<BoardPage, BoardQuery>(notProvided('loadPage')),
  /** The live stream: sends live.open, live.booking, live.resync, live.lost and live.off to the board while it runs; receives `retry`. */
  bookingEvents: fromCallback<EventObject, void, LiveEvent>(() => () => {}),
};
