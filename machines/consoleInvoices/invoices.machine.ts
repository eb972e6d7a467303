/**
 * The console's Invoices page (owner only, issue 34): company accounts' invoices, what each account owes by days
 * past due, the invoice run, and payments recorded against an invoice.
 * - `loading` (the list, of one account when filtered) → `ready.browsing`, or `failed` (`retry`).
 * - `filter` with an account id (null: all) → `loading`.
 * - `run` → `running` → `loading` with the run's answer as the notice, or back with the reason.
 * - `pay` with an invoice id → `ready.paying` (the payment form); `close` goes back; `record` → `recording` →
 *   `loading` with the confirmation and the form closed, or back to the form with the server's reason (more than owed).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { InvoicesList, PaymentInput } from '../../contract/invoices.ts';
import { messageOf } from '../console/callError.ts';

export const INVOICES_TEXT = {
  loadFailed: 'The invoices could not be loaded. Check the connection and try again.',
  runFailed: 'The invoice run did not finish. Check the connection and try again.',
  payFailed: 'The payment was not recorded. Check the connection and try again.',
} as const;


export interface PaymentRequest {
  invoiceId: number;
  payment: PaymentInput;
}

export interface InvoicesContext extends InvoicesList {
  accountId: number | null;
  notice: string | null;
  error: string | null;
  /** The invoice whose payment form is open. */
  paying: number | null;
  request: PaymentRequest | null;
}

export type InvoicesEvent =
  | { type: 'retry' }
  | { type: 'filter'; accountId: number | null }
  | { type: 'run' }
  | { type: 'pay'; invoiceId: number }
  | { type: 'close' }
  | { type: 'record'; payment: PaymentInput };

const notProvided = (name: string) => () => Promise.reject(new Error(`invoices actor "${name}" is not provided`));

export const invoicesMachine = setup({
  types: { context: {} as InvoicesContext, events: {} as InvoicesEvent },
  actors: {
    load: fromPromise<InvoicesList, { accountId: number | null }>(notProvided('load')),
    run: fromPromise<string, void>(notProvided('run')),
    record: fromPromise<string, PaymentRequest>(notProvided('record')),
  },
  actions: {
    setList: assign((_, list: InvoicesList) => ({ invoices: list.invoices, credit_notes: list.credit_notes, aging: list.aging })),
    setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
  },
}).createMachine({
  id: 'invoices',
  context: { invoices: [], credit_notes: [], aging: [], accountId: null, notice: null, error: null, paying: null, request: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: { target: 'ready', actions: { type: 'setList', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: { text: INVOICES_TEXT.loadFailed } } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: { type: 'setError', params: { text: null } } } } },
    ready: {
      initial: 'browsing',
      on: {
        filter: { target: 'loading', actions: assign({ accountId: ({ event }) => event.accountId, paying: null, notice: null, error: null }) },
        run: { target: 'running', actions: assign({ paying: null, notice: null, error: null }) },
        pay: { target: '.paying', actions: assign({ paying: ({ event }) => event.invoiceId, notice: null, error: null }) },
      },
      states: {
        browsing: {},
        paying: {
          on: {
            close: { target: 'browsing', actions: assign({ paying: null, error: null }) },
            record: { target: '#invoices.recording', actions: assign({ request: ({ context, event }) => ({ invoiceId: context.paying!, payment: event.payment }), error: null }) },
          },
        },
        backToForm: { always: 'paying' },
      },
    },
    running: {
      invoke: {
        src: 'run',
        onDone: { target: 'loading', actions: { type: 'setNotice', params: ({ event }) => ({ text: event.output }) } },
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, INVOICES_TEXT.runFailed) }) } },
      },
    },
    recording: {
      invoke: {
        src: 'record',
        input: ({ context }) => context.request!,
        onDone: { target: 'loading', actions: [assign({ paying: null }), { type: 'setNotice', params: ({ event }) => ({ text: event.output }) }] },
        onError: { target: 'ready.backToForm', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, INVOICES_TEXT.payFailed) }) } },
      },
    },
  },
});

export type InvoicesMachine = typeof invoicesMachine;

export type InvoicesStage = 'loading' | 'failed' | 'browsing' | 'running' | 'paying' | 'recording';
export function selectInvoicesStage(s: SnapshotFrom<InvoicesMachine>): InvoicesStage {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('running')) return 'running';
  if (s.matches('recording')) return 'recording';
  if (s.matches({ ready: 'paying' }) || s.matches({ ready: 'backToForm' })) return 'paying';
  return 'browsing';
}
