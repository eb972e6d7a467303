/** The invoices page's statechart given the console's calls (src/api/consoleInvoices.ts). */
import { fromPromise } from 'xstate';
import { invoicesMachine, type PaymentRequest } from '../../../machines/consoleInvoices/index.ts';
import { loadInvoices, recordInvoicePayment, runInvoices } from '../../api/consoleInvoices.ts';

export const invoicesLogic = invoicesMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }: { input: { accountId: number | null }; signal: AbortSignal }) => loadInvoices(input.accountId, { signal })),
    run: fromPromise(() => runInvoices()),
    record: fromPromise(({ input }: { input: PaymentRequest }) => recordInvoicePayment(input.invoiceId, input.payment)),
  },
});
