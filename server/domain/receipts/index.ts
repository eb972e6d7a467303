import { CSV_CONTENT_TYPE, PDF_CONTENT_TYPE, receiptFilename, statementFilename, type StatementFormat } from '../../../contract/receipts.ts';
import { settingsFromRows, type SettingRow } from '../../../contract/settings.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { mailIdentity } from '../../adapters/mail/index.ts';
import { renderPdf } from './document.ts';
import { receiptDocument, type Issuer } from './receipt.ts';
import { invoiceNumberOf, listStatementBookings, loadReceiptBooking, loadSiteForReceipt } from './repository.ts';
import { buildStatement, londonMonthRange, statementCsv, statementDocument } from './statement.ts';
import { vatSettings } from './vat.ts';

export { vatAmounts, vatRateBasisPoints } from './vat.ts';

export interface ReceiptFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export class ReceiptNotFound extends Error {}

export function issuerOf(siteName: string, settingRows: readonly SettingRow[]): Issuer {
  const settings = settingsFromRows(settingRows);
  const identity = mailIdentity(settingRows, siteName);
  return { name: identity.companyName, phone: settings.Company_Contact_Info?.trim() || null, email: identity.operatorEmail, vat: vatSettings(settings) };
}

async function issuerOfSite(db: Queryable, siteId: number): Promise<Issuer> {
  const site = await loadSiteForReceipt(db, siteId);
  if (!site) throw new ReceiptNotFound(`no site ${siteId}`);
  return issuerOf(site.name, site.settings);
}

/**
 * A booking's receipt as a PDF: a VAT invoice when the site is VAT-registered (its invoice number given at the first
 * receipt and kept). Also what the completion mail attaches: given the completing transaction as `db`, it reads the
 * booking as completed and the invoice number commits with the completion. Throws ReceiptNotFound for another site's
 * booking.
 */
export async function receiptPdf(db: Db | Queryable, siteId: number, bookingId: number, now = new Date()): Promise<ReceiptFile> {
  const issuer = await issuerOfSite(db, siteId);
  const booking = await loadReceiptBooking(db, siteId, bookingId);
  if (!booking) throw new ReceiptNotFound(`no booking ${bookingId} on site ${siteId}`);
  const invoice = issuer.vat.number !== null ? await invoiceNumberOf(db, siteId, bookingId) : null;
  const content = await renderPdf(receiptDocument(booking, issuer, invoice, now));
  return { filename: receiptFilename(booking.bookingNumber), contentType: PDF_CONTENT_TYPE, content };
}

/** A passenger's statement of a London month ('YYYY-MM'): their bookings picked up in it, as PDF or CSV. */
export async function statementFile(db: Queryable, siteId: number, passenger: { id: number; name: string }, month: string, format: StatementFormat): Promise<ReceiptFile> {
  const issuer = await issuerOfSite(db, siteId);
  const { from, to } = londonMonthRange(month);
  const statement = buildStatement(month, passenger.name, await listStatementBookings(db, siteId, passenger.id, from, to), issuer);
  const filename = statementFilename(month, format);
  if (format === 'csv') return { filename, contentType: CSV_CONTENT_TYPE, content: Buffer.from(statementCsv(statement), 'utf8') };
  return { filename, contentType: PDF_CONTENT_TYPE, content: await renderPdf(statementDocument(statement, issuer)) };
}
