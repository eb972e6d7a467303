import { MANAGE_STATUS_LABELS, type ManageStatus } from '../../../contract/manageBooking.ts';
import { PAYMENT_METHOD_LABELS } from '../../../contract/paymentMethods.ts';
import { formatLondonDate, londonParts } from '../pricing/londonTime.ts';
import { clock12 } from '../manage/clock.ts';
import type { Block, DocumentModel } from './document.ts';
import { paymentNumbers } from './ledger.ts';
import type { ReceiptBooking } from './repository.ts';
import { formatVatRate, vatAmounts, type VatSettings } from './vat.ts';
import { poundsText } from '../../../contract/money.ts';

/** Who issues the receipt: the site's Company_Name, Company_Contact_Info and FROM_EMAIL, and its VAT registration. */
export interface Issuer {
  name: string;
  phone: string | null;
  email: string | null;
  vat: VatSettings;
}

/** 'Wed 25 Nov 2026, 3:05pm' in London. */
export function londonDateTimeText(at: Date): string {
  const local = londonParts(at);
  return `${formatLondonDate(local.date)}, ${clock12(local.hour, local.minute)}`;
}
export const londonDateText = (at: Date) => formatLondonDate(londonParts(at).date);

/** 'INV-000042' */
export const invoiceNumberText = (number: number) => `INV-${String(number).padStart(6, '0')}`;

export const statusText = (status: string) => MANAGE_STATUS_LABELS[status as ManageStatus] ?? status;

const REFUND_REASONS: Record<string, string> = { cancellation: 'cancellation', operator: 'by the operator', change: 'change to the booking' };
const REFUND_STATES: Record<string, string> = { pending: 'in progress', succeeded: 'refunded', failed: 'in progress (retrying)' };

/** Everything given back to the booking's cards (its ledger's refunds). */
export const refundedPence = (booking: ReceiptBooking) => booking.ledger.refundedPence;

/** A £0 booking (a promo code made it free) that no card paid: nothing to pay. */
export const isFree = (booking: ReceiptBooking) => booking.totalPence === 0 && booking.ledger.entries.length === 0;

/**
 * What the passenger is charged for the booking: the fare; once cancelled, what the cards' charges kept (the ledger's
 * charges less its refunds: the cancellation fee), nothing of a pay-to-driver booking.
 */
export function chargedPence(booking: ReceiptBooking): number {
  if (booking.status !== 'cancelled') return booking.totalPence;
  return booking.paymentMethod === 'card' ? Math.max(0, booking.ledger.paidPence) : 0;
}

/**
 * How the booking was paid, in a word or three (the statement's Payment column): paid by card (refunded once
 * cancelled, or the fee kept), pay in car (paid to the driver once completed), nothing to pay.
 */
export function paymentText(booking: ReceiptBooking): string {
  if (isFree(booking)) return 'Nothing to pay';
  if (booking.paymentMethod === 'car') {
    if (booking.status === 'cancelled') return 'Pay in car (cancelled: nothing to pay)';
    return booking.status === 'completed' ? 'Pay in car (paid to the driver)' : 'Pay in car (to pay the driver)';
  }
  const { ledger } = booking;
  if (booking.status !== 'cancelled') return 'Paid by card';
  if (ledger.chargedPence > 0 && ledger.paidPence === 0) return 'Refunded';
  return ledger.refundedPence > 0 ? 'Paid by card, partly refunded' : 'Paid by card';
}

/**
 * What the passenger has paid for the booking (the statement's Paid column): by card, the ledger's charges less its
 * refunds; in the car, the fare once the trip is completed (paid to the driver), else nothing yet.
 */
export function paidPence(booking: ReceiptBooking): number {
  if (booking.paymentMethod === 'car') return booking.status === 'completed' ? booking.totalPence : 0;
  return booking.ledger.paidPence;
}

function tripFields(booking: ReceiptBooking): [string, string][] {
  const fields: [string, string][] = [['Pick-up', `${londonDateTimeText(booking.pickupAt)} (London time)`], ['From', booking.pickupAddress]];
  if (booking.stops.length) fields.push(['Via', booking.stops.join('; ')]);
  if (booking.rideType === 'Q') fields.push(['To', booking.dropoffAddress]);
  else fields.push(['Hire', `${booking.hireHours ?? 0} hour${booking.hireHours === 1 ? '' : 's'} (as directed)`]);
  if (booking.flightNo) fields.push(['Flight', booking.flightNo]);
  if (booking.returnAt) {
    fields.push(['Return', `${londonDateTimeText(booking.returnAt)} (London time), from ${booking.dropoffAddress} to ${booking.pickupAddress}`]);
    if (booking.returnFlightNo) fields.push(['Return flight', booking.returnFlightNo]);
  }
  const vehicle = `${booking.vehicleCategory}${booking.vehicleQty > 1 ? ` × ${booking.vehicleQty}` : ''}`;
  fields.push(['Vehicle', booking.assignedVehicle ? `${vehicle} (${booking.assignedVehicle})` : vehicle]);
  fields.push(['Operated by', booking.companyName]);
  return fields;
}

function priceRows(booking: ReceiptBooking) {
  const rows: { label: string; amount: string; strong?: boolean }[] = booking.lines.map((line) => ({ label: line.label, amount: poundsText(line.amount_pence) }));
  const perVehicle = booking.lines.reduce((sum, line) => sum + line.amount_pence, 0);
  if (booking.vehicleQty > 1) rows.push({ label: `Price of one vehicle × ${booking.vehicleQty} vehicles`, amount: poundsText(perVehicle * booking.vehicleQty) });
  if (booking.promo) rows.push({ label: booking.promo.label, amount: poundsText(booking.promo.amount_pence) });
  // The driver's extras at completion (issue 32): after the booked price, part of the total.
  const extras = (booking.extras ?? []).reduce((sum, line) => sum + line.amount_pence, 0);
  // The booking's total is the record; lines that no longer add up to it (a change made later) are shown as such.
  const difference = booking.totalPence - perVehicle * booking.vehicleQty - (booking.promo?.amount_pence ?? 0) - extras;
  if (difference !== 0) rows.push({ label: 'Change to the booking', amount: poundsText(difference) });
  for (const line of booking.extras ?? []) rows.push({ label: line.label, amount: poundsText(line.amount_pence) });
  rows.push({ label: 'Total fare', amount: poundsText(booking.totalPence), strong: true });
  return rows;
}

/**
 * The booking's ledger line by line, oldest first: each card payment (numbered; the booking's, then each change's)
 * and each refund with the payment it went back to, then the amount paid, which they add up to.
 */
export function paymentRows(booking: ReceiptBooking) {
  const rows: { label: string; amount: string; strong?: boolean }[] = [];
  const { ledger } = booking;
  const numbers = paymentNumbers(ledger);
  for (const entry of ledger.entries) {
    const payment = `card payment ${numbers.get(entry.intentId)}`;
    if (entry.kind === 'charge') {
      rows.push({ label: `Paid by card on ${londonDateText(entry.at)} (${payment}: ${entry.for === 'change' ? 'a change to the booking' : entry.for === 'extras' ? "the driver's extras" : 'the booking'})`, amount: poundsText(entry.amountPence) });
    } else {
      rows.push({
        label: `Refund (${REFUND_REASONS[entry.reason] ?? entry.reason}) on ${londonDateText(entry.at)} to ${payment}: ${REFUND_STATES[entry.status] ?? entry.status}`,
        amount: poundsText(-entry.amountPence),
      });
    }
  }
  if (ledger.entries.length > 0) rows.push({ label: 'Amount paid by card', amount: poundsText(ledger.paidPence), strong: true });
  if (isFree(booking)) rows.push({ label: 'Nothing to pay', amount: poundsText(0) });
  else if (booking.paymentMethod === 'car') {
    if (booking.status === 'cancelled') rows.push({ label: 'Nothing to pay: the booking was cancelled', amount: poundsText(0) });
    else if (booking.status === 'completed') rows.push({ label: 'Paid to the driver', amount: poundsText(booking.totalPence) });
    else rows.push({ label: 'To pay the driver', amount: poundsText(booking.totalPence) });
  }
  return rows;
}

/** The receipt of a booking as a document: a VAT invoice (with its number) when the operator is VAT-registered. */
export function receiptDocument(booking: ReceiptBooking, issuer: Issuer, invoice: { number: number; issuedAt: Date } | null, now: Date): DocumentModel {
  const vatInvoice = issuer.vat.number !== null && invoice !== null;
  const charged = chargedPence(booking);
  const head: [string, string][] = [['Booking number', booking.bookingNumber]];
  if (vatInvoice) head.push(['Invoice number', invoiceNumberText(invoice.number)], ['Invoice date', londonDateText(invoice.issuedAt)]);
  else head.push(['Receipt date', londonDateText(now)]);
  head.push(['Booked on', `${londonDateTimeText(booking.createdAt)} (London time)`], ['Status', statusText(booking.status)]);

  const blocks: Block[] = [
    { kind: 'fields', rows: head },
    { kind: 'heading', text: 'Trip' },
    { kind: 'fields', rows: tripFields(booking) },
    { kind: 'heading', text: 'Passenger' },
    {
      kind: 'fields',
      rows: [
        ['Name', booking.passengerName],
        ['E-mail', booking.passengerEmail],
        ['Phone', booking.passengerPhone],
        ['Passengers', String(booking.totalPassengers)],
      ],
    },
    { kind: 'heading', text: 'Price' },
    { kind: 'amounts', rows: priceRows(booking) },
  ];
  if (booking.status === 'cancelled') {
    const by = booking.cancelledBy === 'passenger' ? 'by the passenger' : 'by the operator';
    blocks.push(
      { kind: 'heading', text: 'Cancellation' },
      { kind: 'text', text: `Cancelled on ${booking.cancelledAt ? londonDateTimeText(booking.cancelledAt) : '-'} (London time) ${by}.` },
      {
        kind: 'amounts',
        rows: [
          { label: 'Kept (cancellation fee)', amount: poundsText(charged) },
          { label: 'Refunded', amount: poundsText(refundedPence(booking)) },
        ],
      },
    );
  }
  if (vatInvoice) {
    const amounts = vatAmounts(charged, issuer.vat.rateBasisPoints, issuer.vat.pricesIncludeVat);
    blocks.push(
      { kind: 'heading', text: 'VAT' },
      {
        kind: 'amounts',
        rows: [
          { label: 'Net amount', amount: poundsText(amounts.netPence) },
          { label: `VAT at ${formatVatRate(issuer.vat.rateBasisPoints)}`, amount: poundsText(amounts.vatPence) },
          { label: 'Total including VAT', amount: poundsText(amounts.grossPence), strong: true },
        ],
      },
      {
        kind: 'text',
        text: issuer.vat.pricesIncludeVat
          ? `Prices include VAT. VAT is worked out on the ${booking.status === 'cancelled' ? 'amount kept' : 'total fare'} to the nearest penny.`
          : `VAT is added to the ${booking.status === 'cancelled' ? 'amount kept' : 'fare'}, to the nearest penny: the amount due is ${poundsText(amounts.grossPence)}.`,
      },
    );
  }
  blocks.push({ kind: 'heading', text: 'Payment' }, { kind: 'fields', rows: [['Method', isFree(booking) ? 'Nothing to pay' : PAYMENT_METHOD_LABELS[booking.paymentMethod]]] });
  const payments = paymentRows(booking);
  if (payments.length) blocks.push({ kind: 'amounts', rows: payments });
  return { title: vatInvoice ? 'VAT invoice' : 'Receipt', issuer: issuer.name, letterhead: letterhead(issuer), blocks };
}

export function letterhead(issuer: Issuer): string[] {
  const lines: string[] = [];
  const contact = [issuer.phone ? `Phone ${issuer.phone}` : '', issuer.email ? `E-mail ${issuer.email}` : ''].filter(Boolean).join(' · ');
  if (contact) lines.push(contact);
  if (issuer.vat.number) lines.push(`VAT registration number ${issuer.vat.number}`);
  return lines;
}
