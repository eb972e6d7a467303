/**
 * The console's Promo codes page (owner only): the site's codes with their uses, a form to create or edit one, and a
 * row's quick switch off / on.
 * - `loading` (the codes and the vehicle categories the form offers) → `ready.browsing`, or `failed` (`retry`).
 * - `ready.browsing` → `ready.form` (`add`, or `edit` with an id); `close` goes back.
 * - `save` (from the form, or a row's switch from `browsing`) → `saving` → `loading` with the server's confirmation as
 *   the notice and the form closed, or back where it was with the server's reason (a taken code, a bad value) and the
 *   form kept as typed.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PromoCode, PromoCreate, PromoPatch } from '../../contract/promoCodes.ts';
import { messageOf } from '../console/callError.ts';

export const PROMOS_TEXT = {
  loadFailed: 'The promo codes could not be loaded. Check the connection and try again.',
  saveFailed: 'That was not saved. Check the connection and try again.',
} as const;

export interface PromoCategory {
  value: string;
  label: string;
}

export interface PromosLists {
  promos: PromoCode[];
  categories: PromoCategory[];
}

/** One change to save: a new code, an edit, or a row's switch (`active` only). */
export type PromoChange = { kind: 'create'; promo: PromoCreate } | { kind: 'update'; id: number; code: string; patch: PromoPatch };

export interface PromosContext extends PromosLists {
  notice: string | null;
  error: string | null;
  /** The code whose form is open (null: a new one). */
  editing: number | null;
  from: 'browsing' | 'form';
  change: PromoChange | null;
}

export type PromosEvent =
  | { type: 'retry' }
  | { type: 'add' }
  | { type: 'edit'; id: number }
  | { type: 'close' }
  | { type: 'save'; change: PromoChange };

const notProvided = (name: string) => () => Promise.reject(new Error(`promos actor "${name}" is not provided`));

export const promosMachine = setup({
  types: { context: {} as PromosContext, events: {} as PromosEvent },
  actors: {
    load: fromPromise<PromosLists, void>(notProvided('load')),
    save: fromPromise<string, PromoChange>(notProvided('save')),
  },
  actions: {
    setLists: assign((_, lists: PromosLists) => ({ promos: lists.promos, categories: lists.categories })),
    setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
    openForm: assign((_, params: { editing: number | null }) => ({ editing: params.editing, error: null, notice: null })),
    closeForm: assign({ editing: null, error: null }),
    keepChange: assign((_, params: { change: PromoChange; from: 'browsing' | 'form' }) => ({ change: params.change, from: params.from, error: null })),
  },
  guards: {
    fromForm: ({ context }) => context.from === 'form',
  },
}).createMachine({
  id: 'promos',
  context: { promos: [], categories: [], notice: null, error: null, editing: null, from: 'browsing', change: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'setLists', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: { text: PROMOS_TEXT.loadFailed } } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: { type: 'setError', params: { text: null } } } } },
    ready: {
      initial: 'browsing',
      on: {
        add: { target: '.form', actions: { type: 'openForm', params: { editing: null } } },
        edit: { target: '.form', actions: { type: 'openForm', params: ({ event }) => ({ editing: event.id }) } },
      },
      states: {
        browsing: {
          on: { save: { target: '#promos.saving', actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change, from: 'browsing' as const }) } } },
        },
        form: {
          on: {
            close: { target: 'browsing', actions: 'closeForm' },
            save: { target: '#promos.saving', actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change, from: 'form' as const }) } },
          },
        },
        backToForm: { always: 'form' },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => context.change!,
        onDone: { target: 'loading', actions: ['closeForm', { type: 'setNotice', params: ({ event }) => ({ text: event.output }) }] },
        onError: [
          { guard: 'fromForm', target: 'ready.backToForm', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PROMOS_TEXT.saveFailed) }) } },
          { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PROMOS_TEXT.saveFailed) }) } },
        ],
      },
    },
  },
});

export type PromosMachine = typeof promosMachine;
