/**
 * The console's Company accounts page (owner only, issue 34): the site's accounts with what counts against each credit
 * limit; a form to create or edit one; an account admin invited by e-mail.
 * - `loading` → `ready.browsing`, or `failed` (`retry`).
 * - `ready.browsing` → `ready.form` (`add`, `edit` with an id, `invite` with an id); `close` goes back.
 * - `save` (from the form) → `saving` → `loading` with the server's confirmation as the notice and the form closed,
 *   or back to the form with the server's reason (a taken name, an address already a member) as typed.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CompanyAccount, CompanyAccountInput, CompanyAccountPatch, CompanyRole } from '../../contract/companyAccounts.ts';
import { messageOf } from '../console/callError.ts';

export const COMPANY_ACCOUNTS_TEXT = {
  loadFailed: 'The company accounts could not be loaded. Check the connection and try again.',
  saveFailed: 'That was not saved. Check the connection and try again.',
} as const;

export type CompanyAccountChange =
  | { kind: 'create'; account: CompanyAccountInput }
  | { kind: 'update'; id: number; patch: CompanyAccountPatch }
  | { kind: 'invite'; id: number; email: string; role: CompanyRole };

export interface CompanyAccountsContext {
  accounts: CompanyAccount[];
  notice: string | null;
  error: string | null;
  /** The account whose form is open (null: a new one). */
  editing: number | null;
  /** What the open form does. */
  formKind: 'account' | 'invite';
  change: CompanyAccountChange | null;
}

export type CompanyAccountsEvent =
  | { type: 'retry' }
  | { type: 'add' }
  | { type: 'edit'; id: number }
  | { type: 'invite'; id: number }
  | { type: 'close' }
  | { type: 'save'; change: CompanyAccountChange };

const notProvided = (name: string) => () => Promise.reject(new Error(`company accounts actor "${name}" is not provided`));

export const companyAccountsMachine = setup({
  types: { context: {} as CompanyAccountsContext, events: {} as CompanyAccountsEvent },
  actors: {
    load: fromPromise<CompanyAccount[], void>(notProvided('load')),
    save: fromPromise<string, CompanyAccountChange>(notProvided('save')),
  },
  actions: {
    setAccounts: assign((_, accounts: CompanyAccount[]) => ({ accounts })),
    setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
    openForm: assign((_, params: { editing: number | null; formKind: 'account' | 'invite' }) => ({ editing: params.editing, formKind: params.formKind, error: null, notice: null })),
    closeForm: assign({ editing: null, error: null }),
    keepChange: assign((_, params: { change: CompanyAccountChange }) => ({ change: params.change, error: null })),
  },
}).createMachine({
  id: 'companyAccounts',
  context: { accounts: [], notice: null, error: null, editing: null, formKind: 'account', change: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'setAccounts', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: { text: COMPANY_ACCOUNTS_TEXT.loadFailed } } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: { type: 'setError', params: { text: null } } } } },
    ready: {
      initial: 'browsing',
      on: {
        add: { target: '.form', actions: { type: 'openForm', params: { editing: null, formKind: 'account' } } },
        edit: { target: '.form', actions: { type: 'openForm', params: ({ event }) => ({ editing: event.id, formKind: 'account' as const }) } },
        invite: { target: '.form', actions: { type: 'openForm', params: ({ event }) => ({ editing: event.id, formKind: 'invite' as const }) } },
      },
      states: {
        browsing: {},
        form: {
          on: {
            close: { target: 'browsing', actions: 'closeForm' },
            save: { target: '#companyAccounts.saving', actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change }) } },
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
        onError: { target: 'ready.backToForm', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, COMPANY_ACCOUNTS_TEXT.saveFailed) }) } },
      },
    },
  },
});

export type CompanyAccountsMachine = typeof companyAccountsMachine;

export type CompanyAccountsStage = 'loading' | 'failed' | 'browsing' | 'form';
/** What the page shows: the form stays open (busy) while its change is saved. */
export function selectCompanyAccountsStage(s: import('xstate').SnapshotFrom<CompanyAccountsMachine>): CompanyAccountsStage {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('saving') || s.matches({ ready: 'form' })) return 'form';
  return 'browsing';
}
