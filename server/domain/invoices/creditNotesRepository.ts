import type { Queryable } from '../../adapters/db/index.ts';
import { DOCUMENTED_PENCE, LEDGER_PENCE } from './repository.ts';

/** The statements of credit notes (migration 037), on a Queryable so the service decides the transaction. */

export interface CreditNoteRow {
  id: number;
  accountId: number;
  invoiceId: number;
  invoiceNumber: number;
  number: number;
  issuedOn: string;
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
  appliedPence: number;
  refundDuePence: number;
  lines: number;
}

export interface CreditLineRow {
  bookingId: number;
  bookingNumber: string;
  pickUpAt: Date;
  passengerName: string;
  route: string;
  reason: 'cancelled' | 'refunded' | 'changed';
  beforePence: number;
  afterPence: number;
  amountPence: number;
  /** What earlier credit notes took off the booking (the line's key with the booking; migration 038). */
  creditedBeforePence: number;
}

/** A credit due: the booking's line on an issued invoice and what the ledger says it comes to now. */
export interface CreditDue extends CreditLineRow {
  invoiceId: number;
}

type Row = Record<string, unknown>;


const COLUMNS = `n.*, to_char(n.issued_on, 'YYYY-MM-DD') AS issued_on_text, i.invoice_number,
  (SELECT count(*) FROM company_credit_note_lines c WHERE c.site_id = n.site_id AND c.credit_note_id = n.id)::integer AS line_count`;

function noteOf(row: Row): CreditNoteRow {
  return {
    id: Number(row.id),
    accountId: Number(row.account_id),
    invoiceId: Number(row.invoice_id),
    invoiceNumber: Number(row.invoice_number),
    number: Number(row.credit_number),
    issuedOn: String(row.issued_on_text),
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
    appliedPence: Number(row.applied_pence),
    refundDuePence: Number(row.refund_due_pence),
    lines: Number(row.line_count ?? 0),
  };
}

export function createCreditNotesRepository(db: Queryable) {
  return {
    /** Accounts (of one site, or every site) with a booking on an issued invoice that the ledger now bills for less. */
    async creditDueAccounts(siteId: number | null): Promise<{ siteId: number; accountId: number }[]> {
      const { rows } = await db.query<{ site_id: number; account_id: string }>(
        `SELECT DISTINCT i.site_id, i.account_id FROM company_invoice_lines l
           JOIN company_invoices i ON i.site_id = l.site_id AND i.id = l.invoice_id
           JOIN bookings b ON b.site_id = l.site_id AND b.id = l.booking_id
          WHERE ($1::integer IS NULL OR l.site_id = $1) AND l.kind <> 'change' AND ${LEDGER_PENCE} < ${DOCUMENTED_PENCE}
          ORDER BY i.site_id, i.account_id`,
        [siteId],
      );
      return rows.map((row) => ({ siteId: Number(row.site_id), accountId: Number(row.account_id) }));
    },

    /** The account's credits due (read under the caller's lock of the account row), by invoice and pick-up. */
    async creditsDue(siteId: number, accountId: number): Promise<CreditDue[]> {
      const { rows } = await db.query<Row>(
        `SELECT l.invoice_id, l.booking_id, l.booking_number, l.pick_up_at, l.passenger_name, l.route, b.status,
                ${DOCUMENTED_PENCE}::integer AS before_pence, ${LEDGER_PENCE}::integer AS after_pence,
                COALESCE((SELECT sum(c.amount_pence) FROM company_credit_note_lines c WHERE c.site_id = l.site_id AND c.booking_id = l.booking_id), 0)::integer AS credited_before
           FROM company_invoice_lines l
           JOIN company_invoices i ON i.site_id = l.site_id AND i.id = l.invoice_id
           JOIN bookings b ON b.site_id = l.site_id AND b.id = l.booking_id
          WHERE l.site_id = $1 AND i.account_id = $2 AND l.kind <> 'change' AND ${LEDGER_PENCE} < ${DOCUMENTED_PENCE}
          ORDER BY l.invoice_id, l.pick_up_at, l.booking_id`,
        [siteId, accountId],
      );
      return rows.map((row) => ({
        invoiceId: Number(row.invoice_id),
        bookingId: Number(row.booking_id),
        bookingNumber: String(row.booking_number),
        pickUpAt: new Date(row.pick_up_at as string),
        passengerName: String(row.passenger_name),
        route: String(row.route),
        reason: row.status === 'cancelled' ? 'cancelled' : 'changed',
        beforePence: Number(row.before_pence),
        afterPence: Number(row.after_pence),
        amountPence: Number(row.before_pence) - Number(row.after_pence),
        creditedBeforePence: Number(row.credited_before),
      }));
    },

    /** The site's next credit note number (the counter row locked until the transaction ends: no gaps). */
    async nextNumber(siteId: number): Promise<number> {
      await db.query('INSERT INTO company_credit_note_counters (site_id) VALUES ($1) ON CONFLICT (site_id) DO NOTHING', [siteId]);
      const { rows } = await db.query<{ last_number: number }>('UPDATE company_credit_note_counters SET last_number = last_number + 1 WHERE site_id = $1 RETURNING last_number', [siteId]);
      return Number(rows[0].last_number);
    },

    /**
     * Writes the credit note and its lines, sets what it can against its invoice (the invoice's row locked) and takes
     * that off what the account owes. A line already credited (the key: booking and what earlier credit notes took off it) fails
     * the whole transaction: the same difference is never credited twice.
     */
    async insert(siteId: number, note: Omit<CreditNoteRow, 'id' | 'invoiceNumber' | 'appliedPence' | 'refundDuePence' | 'lines'>, lines: readonly CreditLineRow[]): Promise<number> {
      const { rows: invoices } = await db.query<{ owed: string }>('SELECT (total_pence - paid_pence - credited_pence) AS owed FROM company_invoices WHERE site_id = $1 AND id = $2 FOR UPDATE', [siteId, note.invoiceId]);
      const applied = Math.min(note.totalPence, Number(invoices[0].owed));
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO company_credit_notes (site_id, account_id, invoice_id, credit_number, issued_on, account_name, billing_email, billing_address, customer_vat_number,
           operator_vat_number, vat_rate_bp, prices_include_vat, net_pence, vat_pence, total_pence, applied_pence, refund_due_pence)
         VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
        [
          siteId,
          note.accountId,
          note.invoiceId,
          note.number,
          note.issuedOn,
          note.accountName,
          note.billingEmail,
          note.billingAddress,
          note.customerVatNumber,
          note.operatorVatNumber,
          note.vatRateBasisPoints,
          note.pricesIncludeVat,
          note.netPence,
          note.vatPence,
          note.totalPence,
          applied,
          note.totalPence - applied,
        ],
      );
      const id = Number(rows[0].id);
      await db.query(
        `INSERT INTO company_credit_note_lines (site_id, credit_note_id, booking_id, booking_number, pick_up_at, passenger_name, route, reason, before_pence, after_pence, amount_pence,
           credited_before_pence)
         SELECT $1::integer, $2::bigint, * FROM unnest($3::bigint[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::integer[], $10::integer[], $11::integer[],
           $12::integer[])`,
        [
          siteId,
          id,
          lines.map((line) => line.bookingId),
          lines.map((line) => line.bookingNumber),
          lines.map((line) => line.pickUpAt.toISOString()),
          lines.map((line) => line.passengerName),
          lines.map((line) => line.route),
          lines.map((line) => line.reason),
          lines.map((line) => line.beforePence),
          lines.map((line) => line.afterPence),
          lines.map((line) => line.amountPence),
          lines.map((line) => line.creditedBeforePence),
        ],
      );
      await db.query('UPDATE company_invoices SET credited_pence = credited_pence + $3 WHERE site_id = $1 AND id = $2', [siteId, note.invoiceId, applied]);
      await db.query('UPDATE company_accounts SET unpaid_pence = GREATEST(0, unpaid_pence - $3) WHERE site_id = $1 AND id = $2', [siteId, note.accountId, applied]);
      return id;
    },

    async byId(siteId: number, id: number): Promise<CreditNoteRow | null> {
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM company_credit_notes n JOIN company_invoices i ON i.site_id = n.site_id AND i.id = n.invoice_id WHERE n.site_id = $1 AND n.id = $2`, [siteId, id]);
      return rows[0] ? noteOf(rows[0]) : null;
    },

    /** The site's credit notes (one account's when given), newest first, at most 1 000. */
    async list(siteId: number, accountId: number | null): Promise<CreditNoteRow[]> {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM company_credit_notes n JOIN company_invoices i ON i.site_id = n.site_id AND i.id = n.invoice_id
          WHERE n.site_id = $1 AND ($2::bigint IS NULL OR n.account_id = $2) ORDER BY n.credit_number DESC LIMIT 1000`,
        [siteId, accountId],
      );
      return rows.map(noteOf);
    },

    async lines(siteId: number, id: number): Promise<CreditLineRow[]> {
      const { rows } = await db.query<Row>('SELECT * FROM company_credit_note_lines WHERE site_id = $1 AND credit_note_id = $2 ORDER BY pick_up_at, booking_id', [siteId, id]);
      return rows.map((row) => ({
        bookingId: Number(row.booking_id),
        bookingNumber: String(row.booking_number),
        pickUpAt: new Date(row.pick_up_at as string),
        passengerName: String(row.passenger_name),
        route: String(row.route),
        reason: row.reason as CreditLineRow['reason'],
        beforePence: Number(row.before_pence),
        afterPence: Number(row.after_pence),
        amountPence: Number(row.amount_pence),
        creditedBeforePence: Number(row.credited_before_pence ?? 0),
      }));
    },
  };
}
