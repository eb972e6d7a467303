/**
 * A booking's ledger (issue 30): every card charge of the booking (the payment that paid it, then each paid change's
 * charge) and every refund of them (a cheaper change's, a cancellation's, an operator's, a change's charge that came
 * after the booking moved on), each with its date and the card payment it was on. Receipts, VAT invoices and
 * statements are all built from it, so what they say was paid always reconciles:
 *   amount paid = sum of charges − sum of refunds.
 * A second charge's automatic refund (`duplicate_charge`) is left out with the charge it gave back: neither was the
 * passenger's fare. Pure: the repository reads the rows, this orders and sums them.
 */

/** What a charge paid: the booking, a change to it, or the driver's extras after the trip (issue 32). */
export type ChargeFor = 'booking' | 'change' | 'extras';

export interface LedgerCharge {
  kind: 'charge';
  at: Date;
  amountPence: number;
  /** The processor's payment (its intent id): the card payment a refund goes back to. */
  intentId: string;
  for: ChargeFor;
}

export interface LedgerRefund {
  kind: 'refund';
  at: Date;
  amountPence: number;
  intentId: string;
  /** refunds.reason: change, cancellation, operator. */
  reason: string;
  status: string;
}

export type LedgerEntry = LedgerCharge | LedgerRefund;

export interface Ledger {
  /** Oldest first (a charge before a refund made at the same instant). */
  entries: LedgerEntry[];
  chargedPence: number;
  refundedPence: number;
  /** What the passenger has paid: charged − refunded. */
  paidPence: number;
}

const sum = (entries: readonly { amountPence: number }[]) => entries.reduce((total, entry) => total + entry.amountPence, 0);

export function buildLedger(charges: readonly Omit<LedgerCharge, 'kind'>[], refunds: readonly Omit<LedgerRefund, 'kind'>[]): Ledger {
  const paid = new Set(charges.map((charge) => charge.intentId));
  const given = refunds.filter((refund) => refund.reason !== 'duplicate_charge' && paid.has(refund.intentId));
  const entries: LedgerEntry[] = [...charges.map((charge): LedgerEntry => ({ kind: 'charge', ...charge })), ...given.map((refund): LedgerEntry => ({ kind: 'refund', ...refund }))];
  entries.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? 0 : a.kind === 'charge' ? -1 : 1));
  const chargedPence = sum(charges);
  const refundedPence = sum(given);
  return { entries, chargedPence, refundedPence, paidPence: chargedPence - refundedPence };
}

/** The card payments in the order they were made: a refund names the one it went back to (1-based). */
export function paymentNumbers(ledger: Ledger): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const entry of ledger.entries) if (entry.kind === 'charge' && !numbers.has(entry.intentId)) numbers.set(entry.intentId, numbers.size + 1);
  return numbers;
}
