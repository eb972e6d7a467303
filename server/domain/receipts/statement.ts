import { STATEMENT_CSV_COLUMNS } from '../../../contract/receipts.ts';
import { londonParts, londonWallClock } from '../pricing/londonTime.ts';
import { clock12 } from '../manage/clock.ts';
import { csvFile } from './csv.ts';
import type { DocumentModel } from './document.ts';
import { chargedPence, letterhead, paidPence, paymentText, refundedPence, statusText, type Issuer } from './receipt.ts';
import type { ReceiptBooking } from './repository.ts';
import { formatVatRate, vatAmounts } from './vat.ts';
import { poundsText, poundsField } from '../../../contract/money.ts';

/** The instants a London calendar month 'YYYY-MM' starts and ends (the next month's first midnight). */
export function londonMonthRange(month: string): { from: Date; to: Date } {
  const [year, number] = month.split('-').map(Number);
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: londonWallClock(`${month}-01`, 0, 0), to: londonWallClock(`${next}-01`, 0, 0) };
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthTitle = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** '12.30': pounds with two decimals, as a spreadsheet reads a number. */

export interface StatementRow {
  booking: ReceiptBooking;
  date: string;
  time: string;
  /** How it was paid (receipt.ts paymentText). */
  payment: string;
  /** Given back to the card (every refund of its ledger). */
  refundedPence: number;
  /** Paid so far: by card, its ledger's charges less refunds; in the car, the fare once paid to the driver. */
  paidPence: number;
  /** The VAT of its invoice (on the fare, or on the fee kept once cancelled), when the operator is VAT-registered. */
  vatPence: number | null;
}

export interface Statement {
  month: string;
  passengerName: string;
  rows: StatementRow[];
  /** The fare total leaves cancelled trips out (they are listed with their refunds); the others add up every row. */
  totals: { farePence: number; refundedPence: number; paidPence: number; vatPence: number | null };
}

/** The month's bookings with how each one was paid and what was given back, and the totals (VAT per booking, as on its invoice). */
export function buildStatement(month: string, passengerName: string, bookings: readonly ReceiptBooking[], issuer: Issuer): Statement {
  const registered = issuer.vat.number !== null;
  const rows = bookings.map((booking): StatementRow => {
    const local = londonParts(booking.pickupAt);
    return {
      booking,
      date: local.date,
      time: clock12(local.hour, local.minute),
      payment: paymentText(booking),
      refundedPence: refundedPence(booking),
      paidPence: paidPence(booking),
      vatPence: registered ? vatAmounts(chargedPence(booking), issuer.vat.rateBasisPoints, issuer.vat.pricesIncludeVat).vatPence : null,
    };
  });
  const sum = (pick: (row: StatementRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    month,
    passengerName,
    rows,
    totals: {
      farePence: sum((row) => (row.booking.status === 'cancelled' ? 0 : row.booking.totalPence)),
      refundedPence: sum((row) => row.refundedPence),
      paidPence: sum((row) => row.paidPence),
      vatPence: registered ? sum((row) => row.vatPence ?? 0) : null,
    },
  };
}

const destination = (booking: ReceiptBooking) => (booking.rideType === 'Q' ? booking.dropoffAddress : `${booking.hireHours ?? 0} hours as directed`);

/** The statement as CSV, with a UTF-8 byte order mark so that a spreadsheet opened by double click reads names right. */
export function statementCsv(statement: Statement): string {
  return `\uFEFF${csvFile(
    STATEMENT_CSV_COLUMNS,
    statement.rows.map((row) => [
      row.booking.bookingNumber,
      row.date,
      row.time,
      row.booking.pickupAddress,
      destination(row.booking),
      row.booking.vehicleCategory,
      row.booking.passengerName,
      statusText(row.booking.status),
      row.payment,
      poundsField(row.booking.totalPence),
      poundsField(row.refundedPence),
      poundsField(row.paidPence),
      row.vatPence === null ? '' : poundsField(row.vatPence),
    ]),
  )}`;
}

export function statementDocument(statement: Statement, issuer: Issuer): DocumentModel {
  const { totals } = statement;
  const vat = totals.vatPence !== null;
  return {
    title: `Statement for ${monthTitle(statement.month)}`,
    issuer: issuer.name,
    letterhead: letterhead(issuer),
    landscape: true,
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Account', statement.passengerName],
          ['Month', `${monthTitle(statement.month)} (pick-up dates, London time)`],
          ['Bookings', String(statement.rows.length)],
        ],
      },
      {
        kind: 'table',
        columns: [
          { title: 'Date', width: 9 },
          { title: 'Booking', width: 10 },
          { title: 'From', width: 16 },
          { title: 'To', width: 16 },
          { title: 'Vehicle', width: 8 },
          { title: 'Status', width: 8 },
          { title: 'Payment', width: 10 },
          { title: 'Fare', width: 7, align: 'right' },
          { title: 'Refunded', width: 7, align: 'right' },
          { title: 'Paid', width: 7, align: 'right' },
          ...(vat ? [{ title: 'VAT', width: 6, align: 'right' as const }] : []),
        ],
        rows: statement.rows.map((row) => [
          `${row.date} ${row.time}`,
          row.booking.bookingNumber,
          row.booking.pickupAddress,
          destination(row.booking),
          row.booking.vehicleCategory,
          statusText(row.booking.status),
          row.payment,
          poundsText(row.booking.totalPence),
          poundsText(row.refundedPence),
          poundsText(row.paidPence),
          ...(vat ? [poundsText(row.vatPence ?? 0)] : []),
        ]),
        totals: ['Total', '', '', '', '', '', '', poundsText(totals.farePence), poundsText(totals.refundedPence), poundsText(totals.paidPence), ...(vat ? [poundsText(totals.vatPence ?? 0)] : [])],
      },
      ...(statement.rows.length === 0 ? [{ kind: 'text' as const, text: 'No bookings this month.' }] : []),
      ...(statement.rows.some((row) => row.booking.status === 'cancelled') ? [{ kind: 'text' as const, text: 'Cancelled trips are listed with their refunds; the fare total leaves them out.' }] : []),
      ...(vat ? [{ kind: 'text' as const, text: `VAT at ${formatVatRate(issuer.vat.rateBasisPoints)}, as on each booking's VAT invoice.` }] : []),
    ],
  };
}
