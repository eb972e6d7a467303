/**
 * One file download (a booking's receipt, a monthly statement): `idle` → `downloading` → `idle`, the file handed to
 * the view's `saveFile`; a failure shows its text until the next try; a 401 (the corporate session ended) is
 * `sessionEnded`, for the view to send the passenger to sign in. A second `download` while one runs is ignored.
 * Used by the corporate area and by the manage page's receipt button.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { STATEMENT_FORMATS, STATEMENT_MONTH_PATTERN, type DownloadedFile, type DownloadRequest } from '../../contract/receipts.ts';
import { failureOf, isUnauthorizedError } from './corporate.types.ts';

export type { DownloadedFile, DownloadRequest };

export interface DownloadContext {
  error: string | null;
}

export type DownloadEvent = { type: 'download'; request: DownloadRequest } | { type: 'error.dismiss' };

export const DOWNLOAD_FAILURE_TEXT = 'The file could not be downloaded. Please check your connection and try again.';

/** The server's words for a refusal it explained (4xx with a message), else the generic failure. */
export function downloadFailureText(error: unknown): string {
  const { status, message } = failureOf(error);
  return status !== null && status >= 400 && status < 500 && message ? message : DOWNLOAD_FAILURE_TEXT;
}

/** A request the server can answer: a receipt names a booking; a statement a real month and format. */
export function isDownloadable(request: DownloadRequest): boolean {
  if (request.kind === 'receipt') return Boolean(request.access.token || (request.access.booking_number && request.bearer));
  if (request.kind === 'creditNote') return Number.isSafeInteger(request.id) && request.id > 0 && request.bearer !== '';
  if (request.kind === 'invoice') return Number.isSafeInteger(request.id) && request.id > 0 && (STATEMENT_FORMATS as readonly string[]).includes(request.format) && request.bearer !== '';
  return STATEMENT_MONTH_PATTERN.test(request.month) && (STATEMENT_FORMATS as readonly string[]).includes(request.format) && request.bearer !== '';
}

export const downloadMachine = setup({
  types: { context: {} as DownloadContext, events: {} as DownloadEvent },
  actors: {
    /** Fetches the file; rejects like src/api (an Error with the server's `message` and the HTTP `status`). */
    fetchFile: fromPromise<DownloadedFile, DownloadRequest>(() => Promise.reject(new Error('download actor "fetchFile" is not provided'))),
  },
  actions: {
    /** Hands the file to the browser; supplied by the view layer. */
    saveFile: (_, _params: DownloadedFile) => {},
    setError: assign({ error: (_, params: { error: unknown }) => downloadFailureText(params.error) }),
    clearError: assign({ error: null }),
  },
  guards: {
    isDownloadable: ({ event }) => event.type === 'download' && isDownloadable(event.request),
    isUnauthorized: ({ event }) => 'error' in event && isUnauthorizedError(event.error),
  },
}).createMachine({
  id: 'download',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        download: { guard: 'isDownloadable', target: 'downloading', actions: 'clearError' },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    downloading: {
      invoke: {
        src: 'fetchFile',
        input: ({ event }) => {
          assertEvent(event, 'download');
          return event.request;
        },
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isUnauthorized', target: 'sessionEnded' },
          { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    sessionEnded: {},
  },
});

export type DownloadMachine = typeof downloadMachine;
