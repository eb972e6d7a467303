import { INVOICE_MESSAGES, type CreditNote } from '../../../contract/invoices.ts';
import { creditNoteNumberText, invoiceNumberText } from '../../../contract/invoiceRules.ts';
import type { Db } from '../../adapters/db/index.ts';
import type { MailIdentity, MailPort } from '../../adapters/mail/index.ts';
import { DomainError } from '../errors.ts';
import { londonParts } from '../pricing/londonTime.ts';
import type { Issuer } from '../receipts/receipt.ts';
import { vatAmounts } from '../receipts/vat.ts';
import type { Site } from '../sites/index.ts';
import { creditNoteFile, creditNoteMail } from './creditNoteDocument.ts';
import { createCreditNotesRepository, type CreditDue, type CreditNoteRow } from './creditNotesRepository.ts';
import type { InvoiceFile } from './document.ts';
import { createInvoicesRepository } from './repository.ts';

export function creditNoteView(row: CreditNoteRow): CreditNote {
  return {
    id: row.id,
    number: creditNoteNumberText(row.number),
    account_id: row.accountId,
    account_name: row.accountName,
    invoice_id: row.invoiceId,
    invoice_number: invoiceNumberText(row.invoiceNumber),
    issued_on: row.issuedOn,
    vat_credit_note: row.operatorVatNumber !== '',
    net_pence: row.netPence,
    vat_pence: row.vatPence,
    total_pence: row.totalPence,
    applied_pence: row.appliedPence,
    refund_due_pence: row.refundDuePence,
    lines: row.lines,
  };
}

/**
 * Credit notes (issue 34). An issued invoice is never edited. With each invoice run (the server's hourly job, the
 * console's Run invoices now, the CLI) every account with a booking on an issued invoice that the ledger now bills for
 * less (cancelled: its fee or nothing; changed: its new price) gets, per invoice corrected, one credit note for the
 * differences: why with the run and not in the cancel's or change's transaction: one place whatever path moved the
 * booking (the passenger's manage link, the corporate area, the console), issued within the hour, and several changes
 * of one booking within the hour make one document. In one transaction per account: the account's row locked (the run
 * and a booking on account queue there), the credits due read, a CN- number from the site's own counter (locked: no
 * gaps), the note and its lines written (the lines' key, booking and what earlier credit notes took off it, makes
 * the same credit twice impossible whatever runs at once), set against its invoice and taken off what the account owes,
 * and its mail (the PDF attached) queued to the billing e-mail in the same transaction: once per note.
 * A booking the ledger bills for more (a rise after invoicing) is billed by the account's next invoice (a 'change'
 * line, service.ts); the documents' amount of a booking counts those lines, so a later fall credits only what was billed.
 */
export function createCreditNotes(deps: { db: Db; mail: Pick<MailPort, 'enqueue'>; issuerFor: (site: Site) => Promise<{ issuer: Issuer; identity: MailIdentity }> }) {
  const { db } = deps;
  const notes = (queryable: Parameters<typeof createCreditNotesRepository>[0] = db) => createCreditNotesRepository(queryable);

  async function creditFor(site: Site, accountId: number, now: Date): Promise<CreditNote[]> {
    const { issuer, identity } = await deps.issuerFor(site);
    return db.transaction(async (tx) => {
      const account = await createInvoicesRepository(tx).lockAccount(site.id, accountId);
      if (!account) return [];
      const due = await notes(tx).creditsDue(site.id, accountId);
      const byInvoice = new Map<number, CreditDue[]>();
      for (const line of due) byInvoice.set(line.invoiceId, [...(byInvoice.get(line.invoiceId) ?? []), line]);
      const issued: CreditNote[] = [];
      for (const [invoiceId, lines] of byInvoice) {
        const invoice = (await createInvoicesRepository(tx).byId(site.id, invoiceId))!;
        const sum = lines.reduce((total, line) => total + line.amountPence, 0);
        // The VAT as on the invoice corrected (its rate and whether prices include it).
        const vat = invoice.operatorVatNumber ? vatAmounts(sum, invoice.vatRateBasisPoints, invoice.pricesIncludeVat) : { netPence: sum, vatPence: 0, grossPence: sum };
        const id = await notes(tx).insert(
          site.id,
          {
            accountId,
            invoiceId,
            number: await notes(tx).nextNumber(site.id),
            issuedOn: londonParts(now).date,
            accountName: account.name,
            billingEmail: account.billingEmail,
            billingAddress: account.billingAddress,
            customerVatNumber: account.vatNumber,
            operatorVatNumber: invoice.operatorVatNumber,
            vatRateBasisPoints: invoice.vatRateBasisPoints,
            pricesIncludeVat: invoice.pricesIncludeVat,
            netPence: vat.netPence,
            vatPence: vat.vatPence,
            totalPence: vat.grossPence,
          },
          lines,
        );
        const note = (await notes(tx).byId(site.id, id))!;
        // Mailed as the invoice is: queued in this transaction, so a note is mailed once and only if it is written.
        await deps.mail.enqueue(tx, site.id, creditNoteMail(identity, note, await creditNoteFile(note, await notes(tx).lines(site.id, id), issuer)));
        issued.push(creditNoteView(note));
      }
      return issued;
    });
  }

  return {
    /** The credit notes due now (one site's, or every site's); those issued. */
    async run(siteId: number | null, now: Date, siteById: (id: number) => Promise<Site | null>): Promise<CreditNote[]> {
      const issued: CreditNote[] = [];
      for (const { siteId: accountSite, accountId } of await notes().creditDueAccounts(siteId)) {
        const site = await siteById(accountSite);
        if (site) issued.push(...(await creditFor(site, accountId, now)));
      }
      return issued;
    },

    async list(siteId: number, accountId: number | null): Promise<CreditNote[]> {
      return (await notes().list(siteId, accountId)).map(creditNoteView);
    },

    /** A credit note's PDF; with `accountId`, only that account's (another's is a 404, as if it did not exist). */
    async file(site: Site, id: number, accountId: number | null): Promise<InvoiceFile> {
      const note = await notes().byId(site.id, id);
      if (!note || (accountId !== null && note.accountId !== accountId)) throw new DomainError('not_found', INVOICE_MESSAGES.creditNoteNotFound);
      const { issuer } = await deps.issuerFor(site);
      return creditNoteFile(note, await notes().lines(site.id, id), issuer);
    },
  };
}
