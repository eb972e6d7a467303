import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block } from './document.ts';
import { buildLedger, type LedgerCharge, type LedgerRefund } from './ledger.ts';
import { paymentRows, receiptDocument, type Issuer } from './receipt.ts';
import type { ReceiptBooking } from './repository.ts';
import { buildStatement } from './statement.ts';

/**
 * Issue 30: receipts, VAT invoices and statements are built from the booking's ledger, and what they say was paid
 * reconciles (charges − refunds = amount paid). The money moves below follow the domain's rules (manage/change.ts,
 * bookings/refunds.ts): a dearer change is a charge of its own; a cheaper one refunds the difference from the
 * payments oldest first; a change's charge that came after the booking moved on goes back in full; a second charge of
 * one booking is refunded automatically (not the passenger's fare); a cancellation refunds all but the fee, oldest first.
 */

type Op =
  | { kind: 'change'; pence: number; minutes: number }
  | { kind: 'overtaken'; pence: number; minutes: number }
  | { kind: 'duplicate'; minutes: number }
  | { kind: 'cancel'; feePence: number; minutes: number };

interface Simulated {
  booking: ReceiptBooking;
  /** What the passenger should have paid in the end: the fare, or the fee kept once cancelled. */
  expectedPaidPence: number;
}

const ISSUER: Issuer = { name: 'Westway Cars', phone: null, email: null, vat: { number: 'GB 123 4567 89', rateBasisPoints: 2000, pricesIncludeVat: true } };

function simulate(firstPence: number, ops: readonly Op[]): Simulated {
  let clock = Date.UTC(2030, 0, 1, 9);
  let total = firstPence;
  let status = 'confirmed';
  let intents = 0;
  const payments: { intentId: string; amountPence: number; refunded: number; at: Date; for: LedgerCharge['for'] }[] = [];
  const refunds: Omit<LedgerRefund, 'kind'>[] = [];
  const pay = (amountPence: number, kind: LedgerCharge['for']) => {
    const payment = { intentId: `pi_${(intents += 1)}`, amountPence, refunded: 0, at: new Date(clock), for: kind };
    payments.push(payment);
    return payment;
  };
  const refund = (owed: number, reason: string) => {
    for (const payment of payments) {
      const amountPence = Math.min(owed, payment.amountPence - payment.refunded);
      if (amountPence <= 0) continue;
      payment.refunded += amountPence;
      refunds.push({ at: new Date(clock), amountPence, intentId: payment.intentId, reason, status: 'succeeded' });
      owed -= amountPence;
    }
  };
  pay(firstPence, 'booking');
  let fee = 0;
  for (const op of ops) {
    if (status === 'cancelled') break;
    clock += op.minutes * 60_000;
    if (op.kind === 'change' && total + op.pence > 0) {
      if (op.pence > 0) pay(op.pence, 'change');
      else refund(-op.pence, 'change');
      total += op.pence;
    } else if (op.kind === 'overtaken') {
      const late = pay(op.pence, 'change');
      late.refunded = op.pence;
      refunds.push({ at: new Date(clock), amountPence: op.pence, intentId: late.intentId, reason: 'change', status: 'pending' });
    } else if (op.kind === 'duplicate') {
      // Charged twice at booking: the second charge is never the booking's, and its refund is not the passenger's fare.
      refunds.push({ at: new Date(clock), amountPence: firstPence, intentId: 'pi_duplicate', reason: 'duplicate_charge', status: 'succeeded' });
    } else if (op.kind === 'cancel') {
      const left = payments.reduce((sum, payment) => sum + payment.amountPence - payment.refunded, 0);
      fee = Math.min(op.feePence, left);
      refund(left - fee, 'cancellation');
      status = 'cancelled';
    }
  }
  const ledger = buildLedger(
    payments.map(({ intentId, amountPence, at, for: kind }) => ({ intentId, amountPence, at, for: kind })),
    refunds,
  );
  const booking = {
    id: 1,
    bookingNumber: 'CF-TEST0001',
    status,
    createdAt: new Date(Date.UTC(2030, 0, 1, 9)),
    rideType: 'Q',
    pickupAt: new Date(Date.UTC(2030, 0, 20, 9)),
    returnAt: null,
    pickupAddress: 'Heathrow',
    dropoffAddress: 'The Savoy',
    stops: [],
    hireHours: null,
    flightNo: '',
    returnFlightNo: '',
    vehicleCategory: 'Saloon',
    vehicleQty: 1,
    assignedVehicle: null,
    companyName: 'Westway Cars',
    passengerName: 'Jane Doe',
    passengerEmail: 'jane@example.test',
    passengerPhone: '+44 7700 900456',
    totalPassengers: 1,
    paymentMethod: 'card',
    totalPence: total,
    lines: [],
    promo: null,
    cancelledAt: status === 'cancelled' ? new Date(clock) : null,
    cancelledBy: status === 'cancelled' ? 'passenger' : null,
    completedAt: null,
    ledger,
  } satisfies ReceiptBooking;
  return { booking, expectedPaidPence: status === 'cancelled' ? fee : total };
}

const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);
const amountsAfter = (blocks: readonly Block[], heading: string) => {
  const at = blocks.findIndex((block) => block.kind === 'heading' && block.text === heading);
  return blocks.slice(at + 1).find((block) => block.kind === 'amounts') as Extract<Block, { kind: 'amounts' }>;
};

const minutes = fc.integer({ min: 0, max: 3 * 24 * 60 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('change' as const), pence: fc.integer({ min: -20_000, max: 20_000 }).filter((value) => value !== 0), minutes }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('overtaken' as const), pence: fc.integer({ min: 1, max: 5_000 }), minutes }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), minutes }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), feePence: fc.integer({ min: 0, max: 2_000 }), minutes }) },
);

describe("a booking's ledger", () => {
  it('every receipt and statement reconciles: charges − refunds = amount paid = the fare (or the fee kept once cancelled), over random change/charge/refund/cancel sequences', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 50_000 }), fc.array(op, { maxLength: 12 }), (first, ops) => {
        const { booking, expectedPaidPence } = simulate(first, ops);
        const { ledger } = booking;
        expect(ledger.paidPence).toBe(expectedPaidPence);
        expect(ledger.chargedPence - ledger.refundedPence).toBe(ledger.paidPence);
        // Oldest first, and no refund of the duplicate charge.
        expect(ledger.entries.map((entry) => entry.at.getTime())).toEqual(ledger.entries.map((entry) => entry.at.getTime()).sort((a, b) => a - b));
        expect(ledger.entries.some((entry) => entry.intentId === 'pi_duplicate')).toBe(false);

        // The receipt lists every charge and refund, dated, with the card payment it was on, and they add up to the amount paid.
        const rows = paymentRows(booking);
        expect(rows).toHaveLength(ledger.entries.length + 1);
        const last = rows.at(-1)!;
        expect(last).toEqual({ label: 'Amount paid by card', amount: `£${(expectedPaidPence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`, strong: true });
        expect(rows.slice(0, -1).reduce((sum, row) => sum + pence(row.amount), 0)).toBe(expectedPaidPence);
        for (const row of rows.slice(0, -1)) expect(row.label).toMatch(/^(Paid by card on \w{3} \d+ \w{3} \d{4} \(card payment \d+: (the booking|a change to the booking)\)|Refund \((change to the booking|cancellation)\) on \w{3} \d+ \w{3} \d{4} to card payment \d+: (refunded|in progress))$/);

        const document = receiptDocument(booking, ISSUER, { number: 1, issuedAt: new Date(Date.UTC(2030, 0, 2)) }, new Date());
        expect(pence(amountsAfter(document.blocks, 'VAT').rows.at(-1)!.amount)).toBe(expectedPaidPence);
        if (booking.status === 'cancelled') {
          expect(amountsAfter(document.blocks, 'Cancellation').rows.map((row) => pence(row.amount))).toEqual([expectedPaidPence, ledger.refundedPence]);
        }

        // The statement: the row's Paid and Refunded are the ledger's, the fare total leaves a cancelled trip out.
        const statement = buildStatement('2030-01', 'Jane Doe', [booking], ISSUER);
        expect(statement.rows[0]).toMatchObject({ paidPence: expectedPaidPence, refundedPence: ledger.refundedPence });
        expect(statement.totals.farePence).toBe(booking.status === 'cancelled' ? 0 : booking.totalPence);
        expect(statement.rows[0].payment).toBe(booking.status !== 'cancelled' ? 'Paid by card' : expectedPaidPence === 0 ? 'Refunded' : ledger.refundedPence > 0 ? 'Paid by card, partly refunded' : 'Paid by card');
      }),
      { numRuns: 400 },
    );
  });

  it('a free booking (a promo code took the whole fare) reads "Nothing to pay", a pay-in-car trip is paid to the driver only once completed', () => {
    const { booking } = simulate(1000, []);
    const free = { ...booking, totalPence: 0, ledger: buildLedger([], []) };
    expect(paymentRows(free)).toEqual([{ label: 'Nothing to pay', amount: '£0.00' }]);
    const document = receiptDocument(free, { ...ISSUER, vat: { ...ISSUER.vat, number: null } }, null, new Date());
    const payment = document.blocks.findIndex((block) => block.kind === 'heading' && block.text === 'Payment');
    expect(document.blocks.slice(payment + 1)).toEqual([
      { kind: 'fields', rows: [['Method', 'Nothing to pay']] },
      { kind: 'amounts', rows: [{ label: 'Nothing to pay', amount: '£0.00' }] },
    ]);
    const car = { ...booking, paymentMethod: 'car' as const, ledger: buildLedger([], []) };
    const statement = buildStatement('2030-01', 'Jane Doe', [free, car, { ...car, status: 'completed' }, { ...car, status: 'cancelled' }], ISSUER);
    expect(statement.rows.map((row) => [row.payment, row.paidPence])).toEqual([
      ['Nothing to pay', 0],
      ['Pay in car (to pay the driver)', 0],
      ['Pay in car (paid to the driver)', 1000],
      ['Pay in car (cancelled: nothing to pay)', 0],
    ]);
    expect(statement.totals).toMatchObject({ farePence: 2000, paidPence: 1000, refundedPence: 0 });
  });
});
