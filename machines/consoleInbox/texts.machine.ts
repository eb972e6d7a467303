/**
 * The console's log of text messages (issue 33), on the mail page (/admin/mail) below the mail: `loading` → `ready` |
 * `failed` (retry); a delivery-state filter loads the first page again; `texts.more` the next keyset page;
 * `texts.refresh` reloads (states change as the dispatcher works and retries).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MailStatus, TextRow, TextsPage } from '../../contract/consoleEnquiries.ts';

export interface TextsContext {
  status: MailStatus | null;
  rows: TextRow[];
  next: string | null;
  error: string | null;
  moreError: string | null;
}

export type TextsEvent = { type: 'texts.filter'; status: MailStatus | null } | { type: 'texts.retry' } | { type: 'texts.refresh' } | { type: 'texts.more' };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

export const textsActors = {
  loadTexts: fromPromise<TextsPage, { status: MailStatus | null; after: string | null }>(() => Promise.reject(new Error('texts actor "loadTexts" is not provided'))),
};

export const textsMachine = setup({
  types: { context: {} as TextsContext, events: {} as TextsEvent },
  actors: textsActors,
  guards: { hasMore: ({ context }) => context.next !== null },
}).createMachine({
  id: 'consoleTexts',
  initial: 'loading',
  context: { status: null, rows: [], next: null, error: null, moreError: null },
  on: {
    'texts.filter': { target: '.loading', actions: assign(({ event }) => ({ status: event.status })) },
    'texts.refresh': '.loading',
  },
  states: {
    loading: {
      entry: assign({ error: null, moreError: null }),
      invoke: {
        src: 'loadTexts',
        input: ({ context }) => ({ status: context.status, after: null }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ rows: event.output.texts, next: event.output.next })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error), rows: [], next: null })) },
      },
    },
    ready: { on: { 'texts.more': { guard: 'hasMore', target: 'loadingMore' } } },
    loadingMore: {
      entry: assign({ moreError: null }),
      invoke: {
        src: 'loadTexts',
        input: ({ context }) => ({ status: context.status, after: context.next }),
        onDone: { target: 'ready', actions: assign(({ context, event }) => ({ rows: [...context.rows, ...event.output.texts], next: event.output.next })) },
        onError: { target: 'ready', actions: assign(({ event }) => ({ moreError: messageOf(event.error) })) },
      },
    },
    failed: { on: { 'texts.retry': 'loading' } },
  },
});

export type TextsMachine = typeof textsMachine;
