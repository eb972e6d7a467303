import { INVOICE_CSV_COLUMNS } from '../../../contract/invoices.ts';
import { invoiceFilename, invoiceNumberText } from '../../../contract/invoiceRules.ts';
import { binaryAttachment, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import { formatLondonDate } from '../pricing/londonTime.ts';
import { csvFile } from '../receipts/csv.ts';
import { renderPdf, type DocumentModel } from '../receipts/document.ts';
import { letterhead, londonDateTimeText, type Issuer } from '../receipts/receipt.ts';
import { formatVatRate } from '../receipts/vat.ts';
import { CSV_CONTENT_TYPE, PDF_CONTENT_TYPE } from '../../../contract/receipts.ts';
import { plusDays } from '../../../contract/invoiceRules.ts';
import type { InvoiceLineRow, InvoiceRow } from './repository.ts';
import { poundsText, poundsField } from '../../../contract/money.ts';

const ITEM_TEXT = { trip: 'Trip', cancellation_fee: 'Cancellation fee', change: 'Change' } as const;

/** The period's days as written: 'Sun 1 Nov 2026 to Mon 30 Nov 2026'. */
export const periodText = (invoice: Pick<InvoiceRow, 'periodStart' | 'periodEnd'>) => `${formatLondonDate(invoice.periodStart)} to ${formatLondonDate(plusDays(invoice.periodEnd, -1))}`;

/**
 * A company invoice in the receipts' document model (receipts/document.ts): a VAT invoice with the operator's VAT
 * number where the invoice was issued so, else an invoice; the customer, the period, each booking's line, the totals.
 */
export function invoiceDocument(invoice: InvoiceRow, lines: readonly InvoiceLineRow[], issuer: Issuer): DocumentModel {
  const vatInvoice = invoice.operatorVatNumber !== '';
  const owed = invoice.totalPence - invoice.paidPence;
  const billTo = [invoice.accountName, invoice.billingAddress, invoice.customerVatNumber ? `VAT number ${invoice.customerVatNumber}` : ''].filter(Boolean).join(', ');
  return {
    title: vatInvoice ? 'VAT invoice' : 'Invoice',
    issuer: issuer.name,
    // The VAT number as on the invoice when issued (a later change of the setting does not rewrite it).
    letterhead: [...letterhead({ ...issuer, vat: { ...issuer.vat, number: null } }), ...(vatInvoice ? [`VAT registration number ${invoice.operatorVatNumber}`] : [])],
    landscape: true,
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Invoice number', invoiceNumberText(invoice.number)],
          ['Invoice date', formatLondonDate(invoice.periodEnd)],
          ['Period', periodText(invoice)],
          ['Bill to', billTo],
          ['Payment due', `${formatLondonDate(invoice.dueOn)}`],
        ],
      },
      { kind: 'heading', text: 'Bookings on account' },
      {
        kind: 'table',
        columns: [
          { title: 'Booking', width: 12 },
          { title: 'Pick-up (London)', width: 17 },
          { title: 'Passenger', width: 13 },
          { title: 'Route', width: 28 },
          { title: 'PO / cost centre', width: 13 },
          { title: 'Item', width: 9 },
          { title: 'Amount', width: 8, align: 'right' },
        ],
        rows: lines.map((line) => [
          line.bookingNumber,
          londonDateTimeText(line.pickUpAt),
          line.passengerName,
          line.route,
          [line.poNumber, line.costCentre].filter(Boolean).join(' / '),
          ITEM_TEXT[line.kind],
          poundsText(line.amountPence),
        ]),
      },
      {
        kind: 'amounts',
        rows: [
          ...(vatInvoice
            ? [
                { label: 'Total excluding VAT', amount: poundsText(invoice.netPence) },
                { label: `VAT at ${formatVatRate(invoice.vatRateBasisPoints)}`, amount: poundsText(invoice.vatPence) },
              ]
            : []),
          { label: 'Total', amount: poundsText(invoice.totalPence), strong: true },
          ...(invoice.paidPence > 0 ? [{ label: 'Paid', amount: poundsText(-invoice.paidPence) }, { label: 'Still to pay', amount: poundsText(owed), strong: true }] : []),
        ],
      },
      { kind: 'text', text: `Please pay by ${formatLondonDate(invoice.dueOn)}, quoting ${invoiceNumberText(invoice.number)}.` },
    ],
  };
}

export const invoicePdf = (invoice: InvoiceRow, lines: readonly InvoiceLineRow[], issuer: Issuer) => renderPdf(invoiceDocument(invoice, lines, issuer));

/** The lines as CSV (RFC 4180, CRLF, formula-safe cells; amounts in pounds with two decimals). */
export function invoiceCsv(invoice: InvoiceRow, lines: readonly InvoiceLineRow[]): string {
  const number = invoiceNumberText(invoice.number);
  return csvFile(
    INVOICE_CSV_COLUMNS,
    lines.map((line) => [
      number,
      line.bookingNumber,
      londonDateTimeText(line.pickUpAt),
      line.passengerName,
      line.bookerName,
      line.route,
      line.poNumber,
      line.costCentre,
      ITEM_TEXT[line.kind],
      poundsField(line.amountPence),
    ]),
  );
}

export interface InvoiceFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export async function invoiceFile(invoice: InvoiceRow, lines: readonly InvoiceLineRow[], issuer: Issuer, format: 'pdf' | 'csv'): Promise<InvoiceFile> {
  const filename = invoiceFilename(invoice.number, format);
  if (format === 'csv') return { filename, contentType: CSV_CONTENT_TYPE, content: Buffer.from(invoiceCsv(invoice, lines), 'utf8') };
  return { filename, contentType: PDF_CONTENT_TYPE, content: await invoicePdf(invoice, lines, issuer) };
}

/** The invoice mailed to the account's billing e-mail, the PDF and the CSV of its lines attached. */
export function invoiceMail(identity: MailIdentity, invoice: InvoiceRow, files: { pdf: InvoiceFile; csv: InvoiceFile }): MailMessage {
  const number = invoiceNumberText(invoice.number);
  return {
    kind: 'company_invoice',
    to: invoice.billingEmail,
    from: identity.from,
    replyTo: identity.operatorEmail,
    subject: `Invoice ${number} from ${identity.companyName}`,
    ...renderMail({
      companyName: identity.companyName,
      heading: `Invoice ${number}`,
      intro: [`Hello,`, `Your invoice for the bookings on the ${invoice.accountName} account is attached (PDF, and its lines as CSV).`],
      fields: [
        ['Invoice', number],
        ['Period', periodText(invoice)],
        ['Total', poundsText(invoice.totalPence)],
        ['Payment due', formatLondonDate(invoice.dueOn)],
      ],
      outro: ['Your account admins can also download it in the corporate area.'],
    }),
    attachments: [binaryAttachment(files.pdf.filename, files.pdf.contentType, files.pdf.content), binaryAttachment(files.csv.filename, files.csv.contentType, files.csv.content)],
  };
}
