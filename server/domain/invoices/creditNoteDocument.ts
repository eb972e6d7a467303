import { creditNoteFilename, creditNoteNumberText, invoiceNumberText } from '../../../contract/invoiceRules.ts';
import { poundsText } from '../../../contract/money.ts';
import { PDF_CONTENT_TYPE } from '../../../contract/receipts.ts';
import { binaryAttachment, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
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

/** The credit note mailed to the account's billing e-mail with its PDF attached, as the invoice is (document.ts invoiceMail). */
export function creditNoteMail(identity: MailIdentity, note: CreditNoteRow, pdf: InvoiceFile): MailMessage {
  const number = creditNoteNumberText(note.number);
  const invoice = invoiceNumberText(note.invoiceNumber);
  return {
    kind: 'company_credit_note',
    to: note.billingEmail,
    from: identity.from,
    replyTo: identity.operatorEmail,
    subject: `Credit note ${number} from ${identity.companyName}`,
    ...renderMail({
      companyName: identity.companyName,
      heading: `Credit note ${number}`,
      intro: [`Hello,`, `A credit note for bookings on the ${note.accountName} account that changed after invoice ${invoice} is attached (PDF).`],
      fields: [
        ['Credit note', number],
        ['Credits invoice', invoice],
        ['Total credit', poundsText(note.totalPence)],
        [`Taken off ${invoice}`, poundsText(note.appliedPence)],
        ...(note.refundDuePence > 0 ? [['To be repaid to you', poundsText(note.refundDuePence)] as [string, string]] : []),
      ],
      outro: ['Your account admins can also download it in the corporate area.'],
    }),
    attachments: [binaryAttachment(pdf.filename, pdf.contentType, pdf.content)],
  };
}
