import { invoiceNumberText } from '../../../contract/invoiceRules.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** The statements of company invoices (issue 34), on a Queryable so the service decides the transaction. */

export interface InvoiceRow {
  id: number;
  siteId: number;
  accountId: number;
  number: number;
  periodStart: string;
  periodEnd: string;
  dueOn: string;
  issuedAt: Date;
  accountName: string;
  billingEmail: string;
  billingAddress: string;
  customerVatNumber: string;
  operatorVatNumber: string;
  vatRateBasisPoints: number;
  pricesIncludeVat: boolean;
  netPence: number;
  vatPence: number;
  totalPence: number;
  paidPence: number;
  /** Taken off by credit notes (migration 037). */
  creditedPence: number;
  lines: number;
}

export interface InvoiceLineRow {
  bookingId: number;
  bookingNumber: string;
  pickUpAt: Date;
  passengerName: string;
  bookerName: string;
  route: string;
  poNumber: string;
  costCentre: string;
  kind: 'trip' | 'cancellation_fee' | 'change';
  amountPence: number;
  /** What the documents billed the booking before this line (0 for its own line; migration 038). */
  billedBeforePence: number;
  /** A change line's invoice that first billed the booking (null for its own line). */
  correctsInvoiceId: number | null;
}

export interface BillableAccount {
  siteId: number;
  accountId: number;
}

export interface LockedAccount {
  id: number;
  name: string;
  billingEmail: string;
  billingAddress: string;
  vatNumber: string;
  invoicePeriod: 'weekly' | 'monthly';
  paymentTermsDays: number;
}

type Row = Record<string, unknown>;
const dateText = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

const INVOICE_COLUMNS = `i.*, to_char(i.period_start, 'YYYY-MM-DD') AS period_start_text, to_char(i.period_end, 'YYYY-MM-DD') AS period_end_text,
  to_char(i.due_on, 'YYYY-MM-DD') AS due_on_text,
  (SELECT count(*) FROM company_invoice_lines l WHERE l.site_id = i.site_id AND l.invoice_id = i.id)::integer AS line_count`;

function invoiceOf(row: Row): InvoiceRow {
  return {
    id: Number(row.id),
    siteId: Number(row.site_id),
    accountId: Number(row.account_id),
    number: Number(row.invoice_number),
    periodStart: dateText(row.period_start_text),
    periodEnd: dateText(row.period_end_text),
    dueOn: dateText(row.due_on_text),
    issuedAt: new Date(row.issued_at as string),
    accountName: String(row.account_name),
    billingEmail: String(row.billing_email),
    billingAddress: String(row.billing_address),
    customerVatNumber: String(row.customer_vat_number),
    operatorVatNumber: String(row.operator_vat_number),
    vatRateBasisPoints: Number(row.vat_rate_bp),
    pricesIncludeVat: Boolean(row.prices_include_vat),
    netPence: Number(row.net_pence),
    vatPence: Number(row.vat_pence),
    totalPence: Number(row.total_pence),
    paidPence: Number(row.paid_pence),
    creditedPence: Number(row.credited_pence ?? 0),
    lines: Number(row.line_count ?? 0),
  };
}

/**
 * What of an account's booking is invoiced: a cancelled booking by its fee (none: not invoiced), any other by its
 * total (the final price, changes included). The same amounts credit.ts counts against the limit.
 */
const BILLABLE = `(b.status <> 'cancelled' OR COALESCE(b.cancellation_fee_pence, 0) > 0)`;
/** What the ledger bills a booking on account now (creditNotesRepository.ts's LEDGER_PENCE). */
export const LEDGER_PENCE = `(CASE WHEN b.status = 'cancelled' THEN COALESCE(b.cancellation_fee_pence, 0) ELSE b.total_pence END)`;
/** What the invoices billed booking `l.booking_id` (its own line and every change line). */
export const INVOICED_PENCE = `(SELECT sum(e.amount_pence) FROM company_invoice_lines e WHERE e.site_id = l.site_id AND e.booking_id = l.booking_id)`;
/** What the documents bill it: its invoice lines less what credit notes took off. */
export const DOCUMENTED_PENCE = `(${INVOICED_PENCE} - COALESCE((SELECT sum(c.amount_pence) FROM company_credit_note_lines c WHERE c.site_id = l.site_id AND c.booking_id = l.booking_id), 0))`;
/** `l`: a booking's own line on an issued invoice (not a change line), with its invoice `i` and booking `b`. */
const OWN_LINES = `company_invoice_lines l
  JOIN company_invoices i ON i.site_id = l.site_id AND i.id = l.invoice_id
  JOIN bookings b ON b.site_id = l.site_id AND b.id = l.booking_id`;
/**
 * What account `a`'s invoiced bookings are billed more now than their documents billed (a rise after invoicing): the
 * change lines its next invoice will bill (changesDue). Counted against the credit limit at once (companyAccounts).
 */
export const CHANGES_DUE_PENCE = `COALESCE((SELECT sum(${LEDGER_PENCE} - ${DOCUMENTED_PENCE}) FROM ${OWN_LINES}
    WHERE l.site_id = a.site_id AND i.account_id = a.id AND l.kind <> 'change' AND ${LEDGER_PENCE} > ${DOCUMENTED_PENCE}), 0)`;

export function createInvoicesRepository(db: Queryable) {
  return {
    /**
     * Accounts (of one site, or every site) with an uninvoiced billable booking picked up before `before`, or with a
     * booking on an issued invoice that the ledger now bills for more than the documents did (a change due).
     */
    async billableAccounts(siteId: number | null, before: Date): Promise<BillableAccount[]> {
      const { rows } = await db.query<{ site_id: number; company_account_id: string }>(
        `SELECT b.site_id, b.company_account_id FROM bookings b
          WHERE b.company_account_id IS NOT NULL AND b.invoiced_at IS NULL AND b.pick_up_at < $2 AND ($1::integer IS NULL OR b.site_id = $1)
            AND ${BILLABLE}
         UNION
         SELECT i.site_id, i.account_id FROM ${OWN_LINES}
          WHERE l.kind <> 'change' AND ($1::integer IS NULL OR l.site_id = $1) AND ${LEDGER_PENCE} > ${DOCUMENTED_PENCE}
          ORDER BY 1, 2`,
        [siteId, before],
      );
      return rows.map((row) => ({ siteId: Number(row.site_id), accountId: Number(row.company_account_id) }));
    },

    /** The account's row, locked until the transaction ends (the booking on account's credit check waits for it). */
    async lockAccount(siteId: number, accountId: number): Promise<LockedAccount | null> {
      const { rows } = await db.query<Row>('SELECT * FROM company_accounts WHERE site_id = $1 AND id = $2 FOR UPDATE', [siteId, accountId]);
      const row = rows[0];
      if (!row) return null;
      return {
        id: Number(row.id),
        name: String(row.name),
        billingEmail: String(row.billing_email),
        billingAddress: String(row.billing_address),
        vatNumber: String(row.vat_number),
        invoicePeriod: row.invoice_period as LockedAccount['invoicePeriod'],
        paymentTermsDays: Number(row.payment_terms_days),
      };
    },

    async periodInvoiced(siteId: number, accountId: number, periodStart: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM company_invoices WHERE site_id = $1 AND account_id = $2 AND period_start = $3::date', [siteId, accountId, periodStart]);
      return rows.length > 0;
    },

    /**
     * The account's uninvoiced billable bookings picked up before `before`, oldest first, locked (a cancellation waits;
     * NO KEY UPDATE, so a receipt's foreign key check on the booking does not wait behind it).
     */
    async billableBookings(siteId: number, accountId: number, before: Date): Promise<InvoiceLineRow[]> {
      const { rows } = await db.query<Row>(
        `SELECT b.id, b.booking_number, b.pick_up_at, b.passenger_name, COALESCE(p.name, '') AS booker_name, b.pick_up_address, b.drop_off_address,
                b.ride_type, b.hourly_duration, b.po_number, b.cost_centre, b.status, b.total_pence, COALESCE(b.cancellation_fee_pence, 0) AS fee_pence
           FROM bookings b LEFT JOIN passengers p ON p.site_id = b.site_id AND p.id = b.passenger_id
          WHERE b.site_id = $1 AND b.company_account_id = $2 AND b.invoiced_at IS NULL AND b.pick_up_at < $3 AND ${BILLABLE}
          ORDER BY b.pick_up_at, b.id
          FOR NO KEY UPDATE OF b`,
        [siteId, accountId, before],
      );
      return rows.map((row) => {
        const cancelled = row.status === 'cancelled';
        const hourly = row.ride_type === 'H';
        return {
          bookingId: Number(row.id),
          bookingNumber: String(row.booking_number),
          pickUpAt: new Date(row.pick_up_at as string),
          passengerName: String(row.passenger_name),
          bookerName: String(row.booker_name),
          route: hourly ? `${String(row.pick_up_address)} (${Number(row.hourly_duration ?? 0)} hour hire)` : `${String(row.pick_up_address)} → ${String(row.drop_off_address)}`,
          poNumber: String(row.po_number),
          costCentre: String(row.cost_centre),
          kind: cancelled ? 'cancellation_fee' : 'trip',
          amountPence: cancelled ? Number(row.fee_pence) : Number(row.total_pence),
          billedBeforePence: 0,
          correctsInvoiceId: null,
        } satisfies InvoiceLineRow;
      });
    },

    /**
     * The account's changes due (read under the caller's lock of the account row): each booking on an issued invoice
     * that the ledger now bills for more than its invoice lines less its credit notes, for the difference. The line's
     * key (booking, what the invoices billed before it) makes the same difference billed twice impossible.
     */
    async changesDue(siteId: number, accountId: number): Promise<InvoiceLineRow[]> {
      const { rows } = await db.query<Row>(
        `SELECT l.booking_id, l.booking_number, l.pick_up_at, l.passenger_name, l.booker_name, l.po_number, l.cost_centre, l.invoice_id, i.invoice_number,
                ${INVOICED_PENCE}::integer AS billed_before, (${LEDGER_PENCE} - ${DOCUMENTED_PENCE})::integer AS amount
           FROM ${OWN_LINES}
          WHERE l.site_id = $1 AND i.account_id = $2 AND l.kind <> 'change' AND ${LEDGER_PENCE} > ${DOCUMENTED_PENCE}
          ORDER BY l.pick_up_at, l.booking_id`,
        [siteId, accountId],
      );
      return rows.map((row) => ({
        bookingId: Number(row.booking_id),
        bookingNumber: String(row.booking_number),
        pickUpAt: new Date(row.pick_up_at as string),
        passengerName: String(row.passenger_name),
        bookerName: String(row.booker_name),
        route: `Change to booking ${String(row.booking_number)} after invoice ${invoiceNumberText(Number(row.invoice_number))}`,
        poNumber: String(row.po_number),
        costCentre: String(row.cost_centre),
        kind: 'change',
        amountPence: Number(row.amount),
        billedBeforePence: Number(row.billed_before),
        correctsInvoiceId: Number(row.invoice_id),
      }));
    },

    /** The site's next number in its one invoice sequence (the counter row locked until the transaction ends: no gaps). */
    async nextNumber(siteId: number): Promise<number> {
      await db.query('INSERT INTO receipt_invoice_counters (site_id) VALUES ($1) ON CONFLICT (site_id) DO NOTHING', [siteId]);
      const { rows } = await db.query<{ last_number: number }>('UPDATE receipt_invoice_counters SET last_number = last_number + 1 WHERE site_id = $1 RETURNING last_number', [siteId]);
      return Number(rows[0].last_number);
    },

    async insertInvoice(
      siteId: number,
      invoice: Omit<InvoiceRow, 'id' | 'siteId' | 'issuedAt' | 'paidPence' | 'creditedPence' | 'lines'>,
      lines: readonly InvoiceLineRow[],
    ): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO company_invoices (site_id, account_id, invoice_number, period_start, period_end, due_on, account_name, billing_email, billing_address,
           customer_vat_number, operator_vat_number, vat_rate_bp, prices_include_vat, net_pence, vat_pence, total_pence)
         VALUES ($1, $2, $3, $4::date, $5::date, $6::date, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
        [
          siteId,
          invoice.accountId,
          invoice.number,
          invoice.periodStart,
          invoice.periodEnd,
          invoice.dueOn,
          invoice.accountName,
          invoice.billingEmail,
          invoice.billingAddress,
          invoice.customerVatNumber,
          invoice.operatorVatNumber,
          invoice.vatRateBasisPoints,
          invoice.pricesIncludeVat,
          invoice.netPence,
          invoice.vatPence,
          invoice.totalPence,
        ],
      );
      const id = Number(rows[0].id);
      await db.query(
        `INSERT INTO company_invoice_lines (site_id, invoice_id, booking_id, booking_number, pick_up_at, passenger_name, booker_name, route, po_number, cost_centre, kind, amount_pence,
           billed_before_pence, corrects_invoice_id)
         SELECT $1::integer, $2::bigint, * FROM unnest($3::bigint[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::integer[],
           $13::integer[], $14::bigint[])`,
        [
          siteId,
          id,
          lines.map((line) => line.bookingId),
          lines.map((line) => line.bookingNumber),
          lines.map((line) => line.pickUpAt.toISOString()),
          lines.map((line) => line.passengerName),
          lines.map((line) => line.bookerName),
          lines.map((line) => line.route),
          lines.map((line) => line.poNumber),
          lines.map((line) => line.costCentre),
          lines.map((line) => line.kind),
          lines.map((line) => line.amountPence),
          lines.map((line) => line.billedBeforePence),
          lines.map((line) => line.correctsInvoiceId),
        ],
      );
      const own = lines.filter((line) => line.kind !== 'change').map((line) => line.bookingId);
      await db.query('UPDATE bookings SET invoiced_at = now() WHERE site_id = $1 AND id = ANY($2::bigint[])', [siteId, own]);
      // What the account's unpaid invoices owe counts against its credit limit (companyAccounts/credit.ts).
      await db.query('UPDATE company_accounts SET unpaid_pence = unpaid_pence + $3 WHERE site_id = $1 AND id = $2', [siteId, invoice.accountId, invoice.totalPence]);
      return id;
    },

    async byId(siteId: number, id: number, lock = false): Promise<InvoiceRow | null> {
      const { rows } = await db.query<Row>(`SELECT ${INVOICE_COLUMNS} FROM company_invoices i WHERE i.site_id = $1 AND i.id = $2${lock ? ' FOR UPDATE OF i' : ''}`, [siteId, id]);
      return rows[0] ? invoiceOf(rows[0]) : null;
    },

    /** The site's invoices (of one account when given), newest first, at most 1 000. */
    async list(siteId: number, accountId: number | null): Promise<InvoiceRow[]> {
      const { rows } = await db.query<Row>(
        `SELECT ${INVOICE_COLUMNS} FROM company_invoices i WHERE i.site_id = $1 AND ($2::bigint IS NULL OR i.account_id = $2)
          ORDER BY i.invoice_number DESC LIMIT 1000`,
        [siteId, accountId],
      );
      return rows.map(invoiceOf);
    },

    /** Every invoice of the site that still owes something (for the aging). */
    async owed(siteId: number): Promise<InvoiceRow[]> {
      const { rows } = await db.query<Row>(`SELECT ${INVOICE_COLUMNS} FROM company_invoices i WHERE i.site_id = $1 AND i.paid_pence + i.credited_pence < i.total_pence ORDER BY i.due_on`, [siteId]);
      return rows.map(invoiceOf);
    },

    async lines(siteId: number, invoiceId: number): Promise<InvoiceLineRow[]> {
      const { rows } = await db.query<Row>('SELECT * FROM company_invoice_lines WHERE site_id = $1 AND invoice_id = $2 ORDER BY pick_up_at, booking_id, billed_before_pence', [siteId, invoiceId]);
      return rows.map((row) => ({
        bookingId: Number(row.booking_id),
        bookingNumber: String(row.booking_number),
        pickUpAt: new Date(row.pick_up_at as string),
        passengerName: String(row.passenger_name),
        bookerName: String(row.booker_name),
        route: String(row.route),
        poNumber: String(row.po_number),
        costCentre: String(row.cost_centre),
        kind: row.kind as InvoiceLineRow['kind'],
        amountPence: Number(row.amount_pence),
        billedBeforePence: Number(row.billed_before_pence ?? 0),
        correctsInvoiceId: row.corrects_invoice_id == null ? null : Number(row.corrects_invoice_id),
      }));
    },

    /** Records a payment (the caller holds the invoice's row lock and checked the amount). */
    async insertPayment(siteId: number, invoice: { id: number; accountId: number }, payment: { amountPence: number; receivedOn: string; reference: string; recordedBy: string }): Promise<void> {
      await db.query('INSERT INTO company_invoice_payments (site_id, invoice_id, amount_pence, received_on, reference, recorded_by) VALUES ($1, $2, $3, $4::date, $5, $6)', [
        siteId,
        invoice.id,
        payment.amountPence,
        payment.receivedOn,
        payment.reference,
        payment.recordedBy,
      ]);
      await db.query('UPDATE company_invoices SET paid_pence = paid_pence + $3 WHERE site_id = $1 AND id = $2', [siteId, invoice.id, payment.amountPence]);
      await db.query('UPDATE company_accounts SET unpaid_pence = GREATEST(0, unpaid_pence - $3) WHERE site_id = $1 AND id = $2', [siteId, invoice.accountId, payment.amountPence]);
    },

    /** The accounts of a site with their payment terms (the aging lists every account). */
    async accounts(siteId: number): Promise<{ id: number; name: string; paymentTermsDays: number }[]> {
      const { rows } = await db.query<Row>('SELECT id, name, payment_terms_days FROM company_accounts WHERE site_id = $1 ORDER BY lower(name)', [siteId]);
      return rows.map((row) => ({ id: Number(row.id), name: String(row.name), paymentTermsDays: Number(row.payment_terms_days) }));
    },
  };
}
