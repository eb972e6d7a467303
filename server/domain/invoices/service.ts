import { COMPANY_ACCOUNT_MESSAGES } from '../../../contract/companyAccounts.ts';
import { agingOf, dueDate, endedPeriod, invoiceNumberText, plusDays } from '../../../contract/invoiceRules.ts';
import { INVOICE_MESSAGES, paymentInputSchema, type AccountAging, type CreditNote, type Invoice, type InvoiceFormat, type PaymentInput } from '../../../contract/invoices.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { mailIdentity, type MailPort } from '../../adapters/mail/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { createCompanyAccountsRepository } from '../companyAccounts/repository.ts';
import { DomainError } from '../errors.ts';
import { londonParts, londonWallClock } from '../pricing/londonTime.ts';
import { issuerOf } from '../receipts/index.ts';
import { vatAmounts } from '../receipts/vat.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { invoiceFile, invoiceMail, type InvoiceFile } from './document.ts';
import { createCreditNotes } from './credits.ts';
import { createInvoicesRepository, type InvoiceRow } from './repository.ts';

const londonToday = (now: Date) => londonParts(now).date;

/** An invoice as the console and the corporate area read it. */
export function invoiceView(row: InvoiceRow): Invoice {
  const outstanding = row.totalPence - row.paidPence - row.creditedPence;
  return {
    id: row.id,
    number: invoiceNumberText(row.number),
    account_id: row.accountId,
    account_name: row.accountName,
    period_start: row.periodStart,
    period_end: plusDays(row.periodEnd, -1),
    issued_on: row.periodEnd,
    due_on: row.dueOn,
    vat_invoice: row.operatorVatNumber !== '',
    net_pence: row.netPence,
    vat_pence: row.vatPence,
    total_pence: row.totalPence,
    paid_pence: row.paidPence,
    credited_pence: row.creditedPence,
    outstanding_pence: outstanding,
    status: outstanding === 0 ? 'paid' : row.paidPence > 0 ? 'part_paid' : 'unpaid',
    lines: row.lines,
    mailed_to: row.billingEmail,
  };
}

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Company accounts' invoices (issue 34). The run issues, for each account with uninvoiced bookings, the invoice of its
 * last ended period (monthly or weekly, London days): in one transaction per account it locks the account's row (the
 * booking on account's credit check waits), skips a period already invoiced (the unique key is the claim, whichever
 * process, run or restart comes first), takes the billable bookings picked up before the period's end (a booking
 * left over from an earlier period joins the next invoice), numbers the invoice from the site's one counter, marks
 * the bookings invoiced, adds the total to what the account owes, and queues the mail with the PDF and the CSV. A
 * failure rolls all of it back, number included. A booking on an earlier invoice that the ledger now bills for more
 * (a change re-priced higher on account) is billed the difference as a 'change' line of this next invoice
 * ("Change to booking CF-… after invoice INV-…"; repository.ts changesDue), keyed so it is billed once.
 */
export function createInvoicesService(deps: { db: Db; cache: SiteCache; mail: MailPort; log?: Log }) {
  const { db } = deps;
  const repo = (queryable: Queryable = db) => createInvoicesRepository(queryable);

  async function siteById(siteId: number): Promise<Site | null> {
    return (await deps.cache.sites()).find((site) => site.id === siteId) ?? null;
  }

  async function issuerFor(site: Site) {
    const settings = (await deps.cache.catalog(site.id)).settings;
    return { issuer: issuerOf(site.name, settings), identity: mailIdentity(settings, site.name) };
  }

  /** One account's invoice of its last ended period, or null (none due, already issued, nothing billable). */
  async function issueFor(site: Site, accountId: number, now: Date): Promise<Invoice | null> {
    const { issuer, identity } = await issuerFor(site);
    return db.transaction(async (tx) => {
      const account = await repo(tx).lockAccount(site.id, accountId);
      if (!account) return null;
      const period = endedPeriod(account.invoicePeriod, londonToday(now));
      if (await repo(tx).periodInvoiced(site.id, accountId, period.start)) return null;
      // The period's bookings, then what bookings on earlier invoices were billed more since (a change re-priced higher).
      const lines = [...(await repo(tx).billableBookings(site.id, accountId, londonWallClock(period.end, 0, 0))), ...(await repo(tx).changesDue(site.id, accountId))];
      if (lines.length === 0) return null;
      const sum = lines.reduce((total, line) => total + line.amountPence, 0);
      const vat = issuer.vat.number ? vatAmounts(sum, issuer.vat.rateBasisPoints, issuer.vat.pricesIncludeVat) : { netPence: sum, vatPence: 0, grossPence: sum };
      const number = await repo(tx).nextNumber(site.id);
      const fields = {
        accountId,
        number,
        periodStart: period.start,
        periodEnd: period.end,
        dueOn: dueDate(period.end, account.paymentTermsDays),
        accountName: account.name,
        billingEmail: account.billingEmail,
        billingAddress: account.billingAddress,
        customerVatNumber: account.vatNumber,
        operatorVatNumber: issuer.vat.number ?? '',
        vatRateBasisPoints: issuer.vat.number ? issuer.vat.rateBasisPoints : 0,
        pricesIncludeVat: issuer.vat.pricesIncludeVat,
        netPence: vat.netPence,
        vatPence: vat.vatPence,
        totalPence: vat.grossPence,
      };
      const id = await repo(tx).insertInvoice(site.id, fields, lines);
      const invoice = (await repo(tx).byId(site.id, id))!;
      const files = { pdf: await invoiceFile(invoice, lines, issuer, 'pdf'), csv: await invoiceFile(invoice, lines, issuer, 'csv') };
      await deps.mail.enqueue(tx, site.id, invoiceMail(identity, invoice, files));
      return invoiceView(invoice);
    });
  }

  const credits = createCreditNotes({ db, mail: deps.mail, issuerFor });

  /**
   * Issues every invoice due by `now` (one site's, or every site's for the server's job), then the credit notes due
   * (credits.ts: bookings on issued invoices the ledger now bills for less); the invoices issued.
   */
  async function run(siteId: number | null, now: Date): Promise<Invoice[]> {
    const accounts = await repo().billableAccounts(siteId, now);
    const issued: Invoice[] = [];
    for (const { siteId: accountSite, accountId } of accounts) {
      const site = await siteById(accountSite);
      if (!site) continue;
      const invoice = await issueFor(site, accountId, now);
      if (invoice) issued.push(invoice);
    }
    const credited = await credits.run(siteId, now, siteById);
    if (issued.length > 0 || credited.length > 0) deps.mail.kick();
    if (credited.length > 0) deps.log?.info({ credit_notes: credited.map((note) => note.number) }, 'invoices: credit notes issued');
    return issued;
  }

  async function found(siteId: number, id: number): Promise<InvoiceRow> {
    const invoice = await repo().byId(siteId, id);
    if (!invoice) throw new DomainError('not_found', INVOICE_MESSAGES.notFound);
    return invoice;
  }

  async function fileOf(site: Site, invoice: InvoiceRow, format: InvoiceFormat): Promise<InvoiceFile> {
    const { issuer } = await issuerFor(site);
    return invoiceFile(invoice, await repo().lines(site.id, invoice.id), issuer, format);
  }

  /** The member's account if they are its admin; a booker or a non-member is refused. */
  async function adminAccountOf(siteId: number, passengerId: number): Promise<number> {
    const membership = await createCompanyAccountsRepository(db).membership(siteId, passengerId);
    if (!membership) throw new DomainError('forbidden', COMPANY_ACCOUNT_MESSAGES.notMember);
    if (membership.role !== 'admin') throw new DomainError('forbidden', INVOICE_MESSAGES.adminsOnly);
    return membership.accountId;
  }

  return {
    run,

    /** The owner's run from the console or the operator CLI: this site's invoices due now, audited. */
    async runForSite(actor: Actor, siteId: number, now: Date): Promise<Invoice[]> {
      const issued = await run(siteId, now);
      if (issued.length > 0) {
        await db.transaction((tx) =>
          recordAudit(tx, actor, { siteId, action: 'invoice.run', entityType: 'company_invoice', entityId: issued[0].id, before: null, after: { issued: issued.map((invoice) => invoice.number) } }),
        );
      }
      return issued;
    },

    /** The site's invoices and credit notes (one account's when given) and what each account owes, by how long past due. */
    async list(siteId: number, accountId: number | null, now: Date): Promise<{ invoices: Invoice[]; credit_notes: CreditNote[]; aging: AccountAging[] }> {
      const invoices = (await repo().list(siteId, accountId)).map(invoiceView);
      const creditNotes = await credits.list(siteId, accountId);
      const owed = (await repo().owed(siteId)).map(invoiceView);
      const today = londonToday(now);
      const accounts = (await repo().accounts(siteId)).filter((account) => accountId === null || account.id === accountId);
      const aging = accounts.map((account) => ({
        account_id: account.id,
        account_name: account.name,
        payment_terms_days: account.paymentTermsDays,
        owed: agingOf(owed.filter((invoice) => invoice.account_id === account.id), today),
      }));
      return { invoices, credit_notes: creditNotes, aging };
    },

    async consoleFile(site: Site, id: number, format: InvoiceFormat): Promise<InvoiceFile> {
      return fileOf(site, await found(site.id, id), format);
    },

    /**
     * Records a payment against an invoice (full or part) under the invoice's row lock, so concurrent payments add up
     * and never pass what is owed; what the account owes (its credit) goes down by the amount. Audited.
     */
    async recordPayment(actor: Actor, siteId: number, id: number, input: PaymentInput, now: Date): Promise<{ message: string; invoice: Invoice }> {
      const payment = paymentInputSchema.parse(input);
      const today = londonToday(now);
      const receivedOn = payment.received_on ?? today;
      if (receivedOn > today) throw new DomainError('invalid_input', INVOICE_MESSAGES.receivedInFuture, { field: 'received_on' });
      return db.transaction(async (tx) => {
        const invoice = await repo(tx).byId(siteId, id, true);
        if (!invoice) throw new DomainError('not_found', INVOICE_MESSAGES.notFound);
        const outstanding = invoice.totalPence - invoice.paidPence - invoice.creditedPence;
        if (outstanding === 0) throw new DomainError('conflict', INVOICE_MESSAGES.alreadyPaid);
        if (payment.amount_pence > outstanding) throw new DomainError('unprocessable', INVOICE_MESSAGES.overpaid(outstanding), { field: 'amount_pence', outstanding_pence: outstanding });
        const recordedBy = actor.kind === 'staff' ? actor.email : 'owner';
        await repo(tx).insertPayment(siteId, invoice, { amountPence: payment.amount_pence, receivedOn, reference: payment.reference, recordedBy });
        const after = (await repo(tx).byId(siteId, id))!;
        await recordAudit(tx, actor, {
          siteId,
          action: 'invoice.payment',
          entityType: 'company_invoice',
          entityId: id,
          before: { paid_pence: invoice.paidPence },
          after: { paid_pence: after.paidPence, amount_pence: payment.amount_pence, received_on: receivedOn, reference: payment.reference },
        });
        return { message: INVOICE_MESSAGES.recorded(payment.amount_pence, invoiceNumberText(invoice.number)), invoice: invoiceView(after) };
      });
    },

    // ─── The corporate area (account admins) ───────────────────────────────────────────────────────
    async mine(siteId: number, passengerId: number): Promise<{ invoices: Invoice[]; credit_notes: CreditNote[] }> {
      const accountId = await adminAccountOf(siteId, passengerId);
      return { invoices: (await repo().list(siteId, accountId)).map(invoiceView), credit_notes: await credits.list(siteId, accountId) };
    },

    /** The owner's credit note PDF. */
    async consoleCreditNote(site: Site, id: number): Promise<InvoiceFile> {
      return credits.file(site, id, null);
    },

    /** An admin's credit note PDF: only their own account's (another's is a 404). */
    async myCreditNote(site: Site, passengerId: number, id: number): Promise<InvoiceFile> {
      return credits.file(site, id, await adminAccountOf(site.id, passengerId));
    },

    /** An admin's download: only their own account's invoices (another's is a 404, as if it did not exist). */
    async myFile(site: Site, passengerId: number, id: number, format: InvoiceFormat): Promise<InvoiceFile> {
      const accountId = await adminAccountOf(site.id, passengerId);
      const invoice = await found(site.id, id);
      if (invoice.accountId !== accountId) throw new DomainError('not_found', INVOICE_MESSAGES.notFound);
      return fileOf(site, invoice, format);
    },

    /**
     * The server's job: runs every `everyMs` (an hour by default) and once at start, every site; each invoice is
     * issued once whichever process gets there first. The stop waits for a run in flight; the timer never keeps the
     * process alive.
     */
    start(everyMs = 60 * 60_000, now: () => Date = () => new Date()): () => Promise<void> {
      let running: Promise<unknown> | null = null;
      const tick = () => {
        if (running) return;
        running = run(null, now())
          .then((issued) => {
            if (issued.length > 0) deps.log?.info({ issued: issued.map((invoice) => invoice.number) }, 'invoices: issued and mailed');
          })
          .catch((error: unknown) => deps.log?.error({ err: error }, 'invoices: run failed'))
          .finally(() => {
            running = null;
          });
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      tick();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
