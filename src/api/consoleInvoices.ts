/** The owner's company invoice calls (contract/invoices.ts, issue 34). */
import type { Invoice, InvoicesList, PaymentInput } from '../../contract/invoices.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

export const loadInvoices = async (accountId: number | null, { signal }: CallOptions = {}): Promise<InvoicesList> => {
  const { invoices, credit_notes, aging } = await consoleCall<{ success: true } & InvoicesList>('/invoices', { query: { account_id: accountId ?? undefined }, signal });
  return { invoices, credit_notes, aging };
};
export const runInvoices = async () => (await consoleCall<{ success: true; message: string; issued: Invoice[] }>('/invoices/run', { method: 'POST' })).message;
export const recordInvoicePayment = async (invoiceId: number, payment: PaymentInput) =>
  (await consoleCall<{ success: true; message: string; invoice: Invoice }>(`/invoices/${invoiceId}/payments`, { method: 'POST', body: { ...payment } })).message;
