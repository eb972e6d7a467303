/**
 * A register the console keeps (drivers, vehicles, staff): the list, adding to it and changing an entry, each change
 * saved on the server and the list read again. One machine for the three; the view supplies `load` (the list) and
 * `save` (one change: `{ kind, … }` as the page defines it, answering the text to confirm it with).
 * - `loading` → `ready.browsing`, or `failed` (`retry`).
 * - `ready.browsing` ⇄ `ready.adding` (`add.open` / `add.close`); `edit.open` (an entry's id, from anywhere in `ready`)
 *   → `ready.editing` (`edit.close`); `save` from any of them → `saving` → `loading` with the server's confirmation as
 *   the notice, or back where it was with the server's reason (a duplicate licence, the last owner, …) and the form
 *   kept.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from '../console/callError.ts';

export const REGISTER_TEXT = {
  loadFailed: 'The list could not be loaded. Check the connection and try again.',
  saveFailed: 'That was not saved. Check the connection and try again.',
} as const;

export interface RegisterChange {
  kind: string;
  [field: string]: unknown;
}

export interface RegisterContext<Item> {
  items: Item[];
  notice: string | null;
  error: string | null;
  /** Where a refused save goes back to. */
  from: RegisterStep;
  change: RegisterChange | null;
  /** The entry whose edit form is open. */
  editing: number | null;
}

type RegisterStep = 'browsing' | 'adding' | 'editing';

export type RegisterEvent =
  | { type: 'retry' }
  | { type: 'add.open' }
  | { type: 'add.close' }
  | { type: 'edit.open'; id: number }
  | { type: 'edit.close' }
  | { type: 'save'; change: RegisterChange };

const notProvided = (name: string) => () => Promise.reject(new Error(`register actor "${name}" is not provided`));

export function createRegisterMachine<Item>() {
  return setup({
    types: {
      context: {} as RegisterContext<Item>,
      events: {} as RegisterEvent,
    },
    actors: {
      load: fromPromise<Item[], void>(notProvided('load')),
      save: fromPromise<string, RegisterChange>(notProvided('save')),
    },
    actions: {
      setItems: assign({ items: (_, params: { items: Item[] }) => params.items }),
      setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
      setError: assign({ error: (_, params: { text: string | null }) => params.text }),
      keepChange: assign((_, params: { change: RegisterChange; from: RegisterStep }) => ({ change: params.change, from: params.from })),
      setEditing: assign({ editing: (_, params: { id: number | null }) => params.id }),
    },
    guards: {
      fromAdding: ({ context }) => context.from === 'adding',
      fromEditing: ({ context }) => context.from === 'editing',
    },
  }).createMachine({
    id: 'register',
    context: { items: [], notice: null, error: null, from: 'browsing', change: null, editing: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: { target: 'ready', actions: { type: 'setItems', params: ({ event }) => ({ items: event.output }) } },
          onError: { target: 'failed', actions: { type: 'setError', params: { text: REGISTER_TEXT.loadFailed } } },
        },
      },
      failed: { on: { retry: { target: 'loading', actions: { type: 'setError', params: { text: null } } } } },
      ready: {
        initial: 'browsing',
        on: {
          'edit.open': {
            target: '.editing',
            actions: [{ type: 'setEditing', params: ({ event }) => ({ id: event.id }) }, { type: 'setNotice', params: { text: null } }, { type: 'setError', params: { text: null } }],
          },
        },
        states: {
          browsing: {
            on: {
              'add.open': { target: 'adding', actions: [{ type: 'setNotice', params: { text: null } }, { type: 'setError', params: { text: null } }] },
              save: { target: '#register.saving', actions: [{ type: 'keepChange', params: ({ event }) => ({ change: event.change, from: 'browsing' as const }) }, { type: 'setError', params: { text: null } }] },
            },
          },
          adding: {
            on: {
              'add.close': { target: 'browsing', actions: { type: 'setError', params: { text: null } } },
              save: { target: '#register.saving', actions: [{ type: 'keepChange', params: ({ event }) => ({ change: event.change, from: 'adding' as const }) }, { type: 'setError', params: { text: null } }] },
            },
          },
          editing: {
            on: {
              'edit.close': { target: 'browsing', actions: [{ type: 'setEditing', params: { id: null } }, { type: 'setError', params: { text: null } }] },
              'add.open': { target: 'adding', actions: [{ type: 'setEditing', params: { id: null } }, { type: 'setNotice', params: { text: null } }, { type: 'setError', params: { text: null } }] },
              save: { target: '#register.saving', actions: [{ type: 'keepChange', params: ({ event }) => ({ change: event.change, from: 'editing' as const }) }, { type: 'setError', params: { text: null } }] },
            },
          },
          backToAdding: { always: 'adding' },
          backToEditing: { always: 'editing' },
        },
      },
      saving: {
        invoke: {
          src: 'save',
          input: ({ context }) => context.change!,
          onDone: { target: 'loading', actions: [{ type: 'setNotice', params: ({ event }) => ({ text: event.output }) }, { type: 'setEditing', params: { id: null } }] },
          onError: [
            { guard: 'fromEditing', target: 'ready.backToEditing', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, REGISTER_TEXT.saveFailed) }) } },
            { guard: 'fromAdding', target: 'ready.backToAdding', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, REGISTER_TEXT.saveFailed) }) } },
            { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, REGISTER_TEXT.saveFailed) }) } },
          ],
        },
      },
    },
  });
}

export type RegisterMachine<Item> = ReturnType<typeof createRegisterMachine<Item>>;
