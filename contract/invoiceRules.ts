/**
 * Company invoices' plain rules (issue 34), shared by the server, the console and the corporate area: invoice periods
 * on London calendar dates ('YYYY-MM-DD'), due dates by the payment terms, and the aging of what is owed.
 */
import type { InvoicePeriod } from './companyAccounts.ts';

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' plus whole days (negative: before). */
export const plusDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);
/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);

/**
 * The last invoice period that has ended by London day `today`: [start, end), `end` being the first day of the current
 * period — the invoice's date, when the invoice run mails it. Monthly: calendar months; weekly: Monday to Sunday.
 */
export function endedPeriod(period: InvoicePeriod, today: string): { start: string; end: string } {
  if (period === 'weekly') {
    const weekday = (new Date(toUtc(today)).getUTCDay() + 6) % 7; // Monday 0
    const end = plusDays(today, -weekday);
    return { start: plusDays(end, -7), end };
  }
  const end = `${today.slice(0, 7)}-01`;
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const start = month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
  return { start, end };
}

/** The invoice's due date: its date plus the account's payment terms. */
export const dueDate = (issuedOn: string, termsDays: number) => plusDays(issuedOn, termsDays);

export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days_1_30: '1–30 days',
  days_31_60: '31–60 days',
  days_61_90: '61–90 days',
  days_over_90: 'Over 90 days',
};

/** Which bucket an amount owed falls in on London day `today`: not yet due is current, then by days past the due date. */
export function agingBucket(dueOn: string, today: string): AgingBucket {
  const late = daysBetween(dueOn, today);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days_1_30';
  if (late <= 60) return 'days_31_60';
  if (late <= 90) return 'days_61_90';
  return 'days_over_90';
}

export type AgingAmounts = Record<AgingBucket, number> & { total: number };
export const emptyAging = (): AgingAmounts => ({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_over_90: 0, total: 0 });

/** What is owed, by bucket: each invoice's outstanding amount (total − paid) in the bucket of its due date. */
export function agingOf(invoices: readonly { due_on: string; outstanding_pence: number }[], today: string): AgingAmounts {
  const amounts = emptyAging();
  for (const invoice of invoices) {
    if (invoice.outstanding_pence <= 0) continue;
    amounts[agingBucket(invoice.due_on, today)] += invoice.outstanding_pence;
    amounts.total += invoice.outstanding_pence;
  }
  return amounts;
}

/** 'INV-000042': the site's one invoice sequence (the receipts' VAT invoices share it). */
export const invoiceNumberText = (number: number) => `INV-${String(number).padStart(6, '0')}`;
export const creditNoteNumberText = (number: number) => `CN-${String(number).padStart(6, '0')}`;
export const creditNoteFilename = (number: number) => `credit-note-${creditNoteNumberText(number)}.pdf`;
export const invoiceFilename = (number: number, format: 'pdf' | 'csv') => `invoice-${invoiceNumberText(number)}.${format}`;

/** '£12.30', '-£0.50' */
