import { z } from 'zod';
import { AGING_BUCKETS } from './invoiceRules.ts';
import { poundsText } from './money.ts';

/**
 * Company accounts' invoices (issue 34, invoices part). One invoice per account and invoice period, numbered in the
 * site's one gapless sequence (INV-000123), built from the account's bookings (a cancellation with a fee as its fee).
 * The owner's console calls (owners only, audited):
 *   GET  /api/admin/invoices?account_id=            → { success, invoices: Invoice[], aging: AccountAging[] }
 *   POST /api/admin/invoices/run                     → { success, message, issued: Invoice[] }   (the periods ended by today)
 *   GET  /api/admin/invoices/:id/file?format=pdf|csv → the invoice as a file
 *   POST /api/admin/invoices/:id/payments { amount_pence, received_on?, reference? } → 201 { success, message, invoice }
 * The corporate area's (an account admin's bearer token; bookers are refused):
 *   GET  /api/v1/corporate/invoices                   → { success, invoices: Invoice[] }
 *   GET  /api/v1/corporate/invoices/:id/file?format=  → the file (another account's invoice: 404)
 */
export const INVOICE_PATHS = { console: '/api/admin/invoices', corporate: '/api/v1/corporate/invoices' } as const;

export const INVOICE_FORMATS = ['pdf', 'csv'] as const;
export type InvoiceFormat = (typeof INVOICE_FORMATS)[number];

export const INVOICE_STATUSES = ['unpaid', 'part_paid', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { unpaid: 'Unpaid', part_paid: 'Part paid', paid: 'Paid' };


export const INVOICE_MESSAGES = {
  notFound: 'No such invoice',
  creditNoteNotFound: 'No such credit note',
  adminsOnly: 'Only an account admin can see the invoices',
  overpaid: (outstandingPence: number) => `The payment is more than the invoice still owes (${poundsText(outstandingPence)}).`,
  alreadyPaid: 'This invoice is already paid in full.',
  recorded: (amountPence: number, number: string) => `Payment of ${poundsText(amountPence)} recorded against ${number}.`,
  issued: (count: number) => (count === 0 ? 'No invoices were due: every ended period is already invoiced.' : `${count} invoice${count === 1 ? '' : 's'} issued and mailed.`),
  receivedInFuture: 'The payment date cannot be in the future',
} as const;

export const invoiceLineSchema = z.object({
  booking_number: z.string(),
  pick_up_at: z.string(),
  passenger_name: z.string(),
  booker_name: z.string(),
  route: z.string(),
  po_number: z.string(),
  cost_centre: z.string(),
  /**
   * 'trip': the booking's final price; 'cancellation_fee': a cancelled booking's fee; 'change': what a booking already
   * on an issued invoice was later billed more (route then reads "Change to booking CF-… after invoice INV-…").
   */
  kind: z.enum(['trip', 'cancellation_fee', 'change']),
  amount_pence: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  account_id: z.number(),
  account_name: z.string(),
  period_start: z.string(),
  /** The period's last day (inclusive). */
  period_end: z.string(),
  issued_on: z.string(),
  due_on: z.string(),
  /** A VAT invoice (the operator's VAT number on it). */
  vat_invoice: z.boolean(),
  net_pence: z.number(),
  vat_pence: z.number(),
  total_pence: z.number(),
  paid_pence: z.number(),
  /** Taken off by credit notes (a booking on it later cancelled or made cheaper): never edited, credited. */
  credited_pence: z.number(),
  outstanding_pence: z.number(),
  status: z.enum(INVOICE_STATUSES),
  lines: z.number(),
  mailed_to: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const agingAmountsSchema = z.object({ ...Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, z.number()])), total: z.number() } as Record<(typeof AGING_BUCKETS)[number] | 'total', z.ZodNumber>);
/**
 * A credit note (issue 34): a booking on an issued invoice later cancelled or made cheaper is credited, numbered
 * CN-000123 in the site's own credit note sequence, set against the invoice it corrects (applied) and, beyond what that
 * invoice still owed, owed back to the company (refund_due).
 */
export const creditNoteSchema = z.object({
  id: z.number(),
  number: z.string(),
  account_id: z.number(),
  account_name: z.string(),
  invoice_id: z.number(),
  invoice_number: z.string(),
  issued_on: z.string(),
  vat_credit_note: z.boolean(),
  net_pence: z.number(),
  vat_pence: z.number(),
  total_pence: z.number(),
  applied_pence: z.number(),
  refund_due_pence: z.number(),
  lines: z.number(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const accountAgingSchema = z.object({ account_id: z.number(), account_name: z.string(), payment_terms_days: z.number(), owed: agingAmountsSchema });
export type AccountAging = z.infer<typeof accountAgingSchema>;

export const invoiceListQuerySchema = z.object({ account_id: z.coerce.number().int().positive().max(2 ** 53 - 1).optional() });
export const invoiceListResponseSchema = z.object({ success: z.literal(true), invoices: z.array(invoiceSchema), credit_notes: z.array(creditNoteSchema), aging: z.array(accountAgingSchema) });
/** The console's invoices page's data: the invoices and what each account owes by age. */
export type InvoicesList = Omit<z.infer<typeof invoiceListResponseSchema>, 'success'>;
export const corporateInvoiceListResponseSchema = z.object({ success: z.literal(true), invoices: z.array(invoiceSchema), credit_notes: z.array(creditNoteSchema) });
export const invoiceRunResponseSchema = z.object({ success: z.literal(true), message: z.string(), issued: z.array(invoiceSchema) });
export const invoiceIdParamsSchema = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2 ** 53 - 1) });
export const invoiceFileQuerySchema = z.object({ format: z.enum(INVOICE_FORMATS, { error: 'Choose pdf or csv' }).default('pdf') });

const isRealDate = (date: string) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);

export const paymentInputSchema = z.object({
  amount_pence: z.number({ error: 'Enter the amount in pence' }).int('The amount is in whole pence').min(1, 'The amount must be more than nothing').max(1_000_000_000, 'The amount is too large'),
  received_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD').refine(isRealDate, 'Not a real date').optional(),
  reference: z
    .string()
    .trim()
    .max(200, 'The reference is at most 200 characters')
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'The reference may not hold control characters')
    .default(''),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;
export const paymentResponseSchema = z.object({ success: z.literal(true), message: z.string(), invoice: invoiceSchema });

/** The invoice CSV's columns, in order (CRLF; money in pounds with two decimals). */
export const INVOICE_CSV_COLUMNS = ['Invoice', 'Booking number', 'Pick-up', 'Passenger', 'Booked by', 'Route', 'PO number', 'Cost centre', 'Item', 'Amount'] as const;

/** The console's download of an invoice (a plain GET with the session cookie). */
export const consoleInvoiceFilePath = (id: number, format: InvoiceFormat) => `/api/admin/invoices/${id}/file?format=${format}`;
/** The corporate area's (the bearer token goes in the header: fetched, then saved). */
export const consoleCreditNoteFilePath = (id: number) => `/api/admin/credit-notes/${id}/file`;
export const corporateCreditNoteFilePath = (id: number) => `/api/v1/corporate/credit-notes/${id}/file`;
export const corporateInvoiceFilePath = (id: number, format: InvoiceFormat) => `/api/v1/corporate/invoices/${id}/file?format=${format}`;
