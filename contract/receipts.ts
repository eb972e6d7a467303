/**
 * Receipts and statements (issue 18), under /api/v1 with the key pair like every call. zod-free, so the manage page
 * and the corporate area load none.
 *
 * - A booking's receipt (a VAT invoice when the operator is VAT-registered): `POST RECEIPT_API.receipt` with the
 *   manage calls' body (`ManageAccess`: a link's `token`, or a corporate passenger's bearer token and the
 *   `booking_number` of one of their own bookings). The answer is the PDF (`application/pdf`, Content-Disposition
 *   attachment, `receiptFilename`); a refusal is the manage calls' JSON refusal (`code`, `operator_phone`).
 * - A corporate passenger's monthly statement: `GET RECEIPT_API.statement?month=YYYY-MM&format=pdf|csv` with the
 *   bearer token. The month is London's calendar month; the bookings are those whose pick-up falls in it.
 */
import type { ManageAccess } from './manageBooking.ts';

export const RECEIPT_API = {
  receipt: '/manage-booking/receipt',
  statement: '/passenger/statement',
} as const;

export const PDF_CONTENT_TYPE = 'application/pdf';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** 'YYYY-MM', months 01–12. */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The oldest statement month offered and accepted (no bookings before it). */
export const FIRST_STATEMENT_YEAR = 2000;

/** A file the passenger asks for. */
export type DownloadRequest =
  /** A booking's receipt: a link's token, or a corporate passenger's booking number with their bearer token. */
  | { kind: 'receipt'; access: ManageAccess; bearer?: string }
  /** The corporate passenger's statement of a London month. */
  | { kind: 'statement'; month: string; format: StatementFormat; bearer: string }
  /** A company invoice (issue 34), for an account admin: its id with their bearer token. */
  | { kind: 'invoice'; id: number; format: StatementFormat; bearer: string }
  /** A credit note (issue 34), for an account admin: its id with their bearer token (a PDF). */
  | { kind: 'creditNote'; id: number; bearer: string };

export interface DownloadedFile {
  filename: string;
  blob: Blob;
}

export const RECEIPT_MESSAGES = {
  monthInvalid: 'Choose a month as YYYY-MM.',
  formatInvalid: 'Choose a statement as pdf or csv.',
} as const;

export const receiptFilename = (bookingNumber: string) => `receipt-${bookingNumber}.pdf`;
export const statementFilename = (month: string, format: StatementFormat) => `statement-${month}.${format}`;

/**
 * The statement CSV's columns, in order (UTF-8 with a byte order mark, CRLF; money in pounds with two decimals).
 * Payment says what happened (Paid by card; Refunded; Pay in car (paid to the driver / to pay the driver); Nothing to
 * pay); Refunded is what went back to the card and Paid what was paid so far (by card: charges less refunds, every
 * change's charge counted; in the car: the fare once paid to the driver). The fare total leaves cancelled trips out.
 */
export const STATEMENT_CSV_COLUMNS = [
  'Booking number',
  'Pick-up date',
  'Pick-up time',
  'From',
  'To',
  'Vehicle',
  'Passenger',
  'Status',
  'Payment',
  'Fare',
  'Refunded',
  'Paid',
  'VAT',
] as const;

/** The file name a Content-Disposition header names (`attachment; filename="receipt-CF-….pdf"`), or null. */
export const attachmentFilename = (header: string | null | undefined) => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;

/** The London month an instant falls in: 'YYYY-MM' (for the statement's month picker default). */
export function londonMonth(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}
