import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CreditNote, Invoice } from '../../contract/invoices.ts';
import { CORPORATE_INVOICES_FAILED, corporateInvoicesMachine } from './invoices.machine.ts';

const refusal = (status: number) => Object.assign(new Error(`refused ${status}`), { status });
const invoice = { id: 1, number: 'INV-000001' } as Invoice;
const creditNote = { id: 4, number: 'CN-000001' } as CreditNote;
type Answer = { invoices: Invoice[]; credit_notes: CreditNote[] };

function page(answers: (() => Promise<Answer>)[]) {
  let call = 0;
  return createActor(corporateInvoicesMachine.provide({ actors: { load: fromPromise(() => answers[Math.min(call++, answers.length - 1)]()) } })).start();
}

describe("the corporate area's invoices", () => {
  it("an admin's list", async () => {
    const actor = page([async () => ({ invoices: [invoice], credit_notes: [creditNote] })]);
    await waitFor(actor, (s) => s.matches('list'));
    expect(actor.getSnapshot().context.invoices).toEqual([invoice]);
    expect(actor.getSnapshot().context.creditNotes).toEqual([creditNote]);
  });

  it('a booker (403) sees no section; an ended session (401) is told apart', async () => {
    expect((await waitFor(page([() => Promise.reject(refusal(403))]), (s) => !s.matches('loading'))).value).toBe('hidden');
    expect((await waitFor(page([() => Promise.reject(refusal(401))]), (s) => !s.matches('loading'))).value).toBe('sessionEnded');
  });

  it('another failure says so and retries', async () => {
    const actor = page([() => Promise.reject(refusal(500)), async () => ({ invoices: [invoice], credit_notes: [] })]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(CORPORATE_INVOICES_FAILED);
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('list'));
  });
});
