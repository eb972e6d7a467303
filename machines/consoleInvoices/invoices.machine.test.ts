import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CreditNote, Invoice, PaymentInput } from '../../contract/invoices.ts';
import { INVOICE_MESSAGES } from '../../contract/invoices.ts';
import { emptyAging } from '../../contract/invoiceRules.ts';
import { INVOICES_TEXT, invoicesMachine, selectInvoicesStage, type PaymentRequest } from './index.ts';

const invoice: Invoice = {
  id: 7,
  number: 'INV-000007',
  account_id: 3,
  account_name: 'Acme Ltd',
  period_start: '2026-11-01',
  period_end: '2026-11-30',
  issued_on: '2026-12-01',
  due_on: '2026-12-31',
  vat_invoice: true,
  net_pence: 1000,
  vat_pence: 200,
  total_pence: 1200,
  paid_pence: 0,
  credited_pence: 0,
  outstanding_pence: 1200,
  status: 'unpaid',
  lines: 2,
  mailed_to: 'ledger@acme.test',
};
const creditNote: CreditNote = {
  id: 12,
  number: 'CN-000003',
  account_id: 3,
  account_name: 'Acme Ltd',
  invoice_id: 7,
  invoice_number: 'INV-000007',
  issued_on: '2026-12-03',
  vat_credit_note: true,
  net_pence: 500,
  vat_pence: 100,
  total_pence: 600,
  applied_pence: 600,
  refund_due_pence: 0,
  lines: 1,
};
const aging = [{ account_id: 3, account_name: 'Acme Ltd', payment_terms_days: 30, owed: { ...emptyAging(), current: 1200, total: 1200 } }];

function page(options: { record?: (request: PaymentRequest) => Promise<string>; run?: () => Promise<string>; failFirstLoad?: boolean; creditNotes?: (accountId: number | null) => CreditNote[] } = {}) {
  const loads: (number | null)[] = [];
  const recorded: PaymentRequest[] = [];
  let failed = false;
  const actor = createActor(
    invoicesMachine.provide({
      actors: {
        load: fromPromise(async ({ input }: { input: { accountId: number | null } }) => {
          loads.push(input.accountId);
          if (options.failFirstLoad && !failed) {
            failed = true;
            throw new Error('offline');
          }
          return { invoices: [invoice], credit_notes: options.creditNotes?.(input.accountId) ?? [], aging };
        }),
        run: fromPromise(options.run ?? (async () => INVOICE_MESSAGES.issued(1))),
        record: fromPromise(async ({ input }: { input: PaymentRequest }) => {
          recorded.push(input);
          return (options.record ?? (async () => INVOICE_MESSAGES.recorded(input.payment.amount_pence, 'INV-000007')))(input);
        }),
      },
    }),
  ).start();
  return { actor, loads, recorded };
}

const stage = (actor: ReturnType<typeof page>['actor']) => selectInvoicesStage(actor.getSnapshot());

describe('the console invoices page', () => {
  it('loads, filters by account, runs the invoices and reloads with the answer as the notice', async () => {
    const { actor, loads } = page();
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing');
    expect(actor.getSnapshot().context.aging).toEqual(aging);
    actor.send({ type: 'filter', accountId: 3 });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing' && loads.length === 2);
    actor.send({ type: 'run' });
    expect(stage(actor)).toBe('running');
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing' && loads.length === 3);
    expect(loads).toEqual([null, 3, 3]);
    expect(actor.getSnapshot().context.notice).toBe('1 invoice issued and mailed.');
  });

  it("holds the answer's credit notes for the page to list, the account filter's with it", async () => {
    const { actor, loads } = page({ creditNotes: (accountId) => (accountId === null || accountId === 3 ? [creditNote] : []) });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing');
    expect(actor.getSnapshot().context.credit_notes).toEqual([creditNote]);
    actor.send({ type: 'filter', accountId: 4 });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing' && loads.length === 2);
    expect(loads).toEqual([null, 4]);
    expect(actor.getSnapshot().context.credit_notes).toEqual([]);
  });

  it('records a payment: the form closes and the list reloads; a refusal keeps the form open with the reason', async () => {
    let refuse = true;
    const { actor, recorded, loads } = page({
      record: async (request) => {
        if (refuse) {
          refuse = false;
          throw Object.assign(new Error(INVOICE_MESSAGES.overpaid(1200)), { status: 422 });
        }
        return INVOICE_MESSAGES.recorded(request.payment.amount_pence, 'INV-000007');
      },
    });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing');
    actor.send({ type: 'pay', invoiceId: 7 });
    expect(stage(actor)).toBe('paying');
    const payment: PaymentInput = { amount_pence: 5000, reference: 'BACS' };
    actor.send({ type: 'record', payment });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'paying' && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The payment is more than the invoice still owes (£12.00).');
    actor.send({ type: 'record', payment: { amount_pence: 1200 } });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing' && loads.length === 2);
    expect(recorded).toEqual([{ invoiceId: 7, payment }, { invoiceId: 7, payment: { amount_pence: 1200 } }]);
    expect(actor.getSnapshot().context).toMatchObject({ paying: null, error: null, notice: 'Payment of £12.00 recorded against INV-000007.' });
    // Close without recording.
    actor.send({ type: 'pay', invoiceId: 7 });
    actor.send({ type: 'close' });
    expect([stage(actor), actor.getSnapshot().context.paying]).toEqual(['browsing', null]);
  });

  it('a failed load offers a retry; a failed run says why and stays on the list', async () => {
    const { actor } = page({ failFirstLoad: true, run: async () => Promise.reject(new Error('')) });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'failed');
    expect(actor.getSnapshot().context.error).toBe(INVOICES_TEXT.loadFailed);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing');
    actor.send({ type: 'run' });
    await waitFor(actor, (s) => selectInvoicesStage(s) === 'browsing' && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(INVOICES_TEXT.runFailed);
  });
});
