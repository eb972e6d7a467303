/**
 * The corporate area's invoices (issue 34), for an account admin: `loading` → `list`; a 403 (a booker, or not a
 * member) is `hidden` (the section shows nothing); a 401 (the session ended) `sessionEnded`; any other failure
 * `failed` with its text (`retry`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CreditNote, Invoice } from '../../contract/invoices.ts';
import { failureOf, isUnauthorizedError } from './corporate.types.ts';

export const CORPORATE_INVOICES_FAILED = 'The invoices could not be loaded. Please check your connection and try again.';

export const corporateInvoicesMachine = setup({
  types: { context: {} as { invoices: Invoice[]; creditNotes: CreditNote[]; error: string | null }, events: {} as { type: 'retry' } },
  actors: {
    /** The account's invoices and credit notes. */
    load: fromPromise<{ invoices: Invoice[]; credit_notes: CreditNote[] }, void>(() => Promise.reject(new Error('corporate invoices actor "load" is not provided'))),
  },
  guards: {
    isForbidden: ({ event }) => 'error' in event && failureOf(event.error).status === 403,
    isUnauthorized: ({ event }) => 'error' in event && isUnauthorizedError(event.error),
  },
}).createMachine({
  id: 'corporateInvoices',
  context: { invoices: [], creditNotes: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'list', actions: assign({ invoices: ({ event }) => event.output.invoices, creditNotes: ({ event }) => event.output.credit_notes, error: null }) },
        onError: [
          { guard: 'isForbidden', target: 'hidden' },
          { guard: 'isUnauthorized', target: 'sessionEnded' },
          { target: 'failed', actions: assign({ error: CORPORATE_INVOICES_FAILED }) },
        ],
      },
    },
    list: {},
    hidden: {},
    sessionEnded: {},
    failed: { on: { retry: 'loading' } },
  },
});

export type CorporateInvoicesMachine = typeof corporateInvoicesMachine;
