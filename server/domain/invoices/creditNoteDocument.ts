import { creditNoteFilename, creditNoteNumberText, invoiceNumberText } from '../../../contract/invoiceRules.ts';
import { poundsText } from '../../../contract/money.ts';
import { PDF_CONTENT_TYPE } from '../../../contract/receipts.ts';
import { formatLondonDate } from '../pricing/londonTime.ts';
import { renderPdf, type DocumentModel } from '../receipts/document.ts';
import { letterhead, londonDateTimeText, type Issuer } from '../receipts/receipt.ts';
import { formatVatRate } from '../receipts/vat.ts';
import type { CreditLineRow, CreditNoteRow } from './creditNotesRepository.ts';
import type { InvoiceFile } from './document.ts';

const REASON_TEXT = { cancelled: 'Cancelled', refunded: 'Refunded', changed: 'Price changed' } as const;

/** A credit note in the receipts' document model, laid out as the invoice it corrects (invoices/document.ts). */
export function creditNoteDocument(note: CreditNoteRow, lines: readonly CreditLineRow[], issuer: Issuer): DocumentModel {
  const vat = note.operatorVatNumber !== '';
  const billTo = [note.accountName, note.billingAddress, note.customerVatNumber ? `VAT number ${note.customerVatNumber}` : ''].filter(Boolean).join(', ');
  return {
    title: 'Credit note',
    issuer: issuer.name,
    letterhead: [...letterhead({ ...issuer, vat: { ...issuer.vat, number: null } }), ...(vat ? [`VAT registration number ${note.operatorVatNumber}`] : [])],
    landscape: true,
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Credit note number', creditNoteNumberText(note.number)],
          ['Date', formatLondonDate(note.issuedOn)],
          ['Credits invoice', invoiceNumberText(note.invoiceNumber)],
          ['Bill to', billTo],
        ],
      },
      { kind: 'heading', text: 'Bookings credited' },
      {
        kind: 'table',
        columns: [
          { title: 'Booking', width: 12 },
          { title: 'Pick-up (London)', width: 17 },
          { title: 'Passenger', width: 13 },
          { title: 'Route', width: 26 },
          { title: 'Why', width: 11 },
          { title: 'Invoiced', width: 8, align: 'right' },
          { title: 'Now', width: 7, align: 'right' },
          { title: 'Credit', width: 8, align: 'right' },
        ],
        rows: lines.map((line) => [
          line.bookingNumber,
          londonDateTimeText(line.pickUpAt),
          line.passengerName,
          line.route,
          REASON_TEXT[line.reason],
          poundsText(line.beforePence),
          poundsText(line.afterPence),
          poundsText(line.amountPence),
        ]),
      },
      {
        kind: 'amounts',
        rows: [
          ...(vat
            ? [
                { label: 'Credit excluding VAT', amount: poundsText(note.netPence) },
                { label: `VAT at ${formatVatRate(note.vatRateBasisPoints)}`, amount: poundsText(note.vatPence) },
              ]
            : []),
          { label: 'Total credit', amount: poundsText(note.totalPence), strong: true },
          { label: `Taken off ${invoiceNumberText(note.invoiceNumber)}`, amount: poundsText(note.appliedPence) },
          ...(note.refundDuePence > 0 ? [{ label: 'To be repaid to you', amount: poundsText(note.refundDuePence), strong: true }] : []),
        ],
      },
    ],
  };
}

export async function creditNoteFile(note: CreditNoteRow, lines: readonly CreditLineRow[], issuer: Issuer): Promise<InvoiceFile> {
  return { filename: creditNoteFilename(note.number), contentType: PDF_CONTENT_TYPE, content: await renderPdf(creditNoteDocument(note, lines, issuer)) };
}
