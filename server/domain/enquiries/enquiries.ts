import type { ContactForm, QuoteEmail } from '../../../contract/enquiries.ts';
import type { Db } from '../../adapters/db/index.ts';
import type { MailIdentity, MailPort } from '../../adapters/mail/index.ts';
import { createEnquiriesRepository } from './enquiriesRepository.ts';
import { contactNotice, quoteRequestNotice } from './notices.ts';

export interface EnquiryContext {
  db: Db;
  mail: MailPort;
  siteId: number;
  identity: MailIdentity;
  clientIp: string | null;
  log: { warn(object: object, message: string): void };
}

/**
 * Stores a quote request and queues the operator's notice in one transaction; resolves with the request's id only
 * after the commit. Without FROM_EMAIL the request is still stored (and logged), there is just nobody to mail.
 */
export async function submitQuoteRequest(context: EnquiryContext, request: QuoteEmail): Promise<number> {
  const { db, mail, siteId, identity } = context;
  const operatorEmail = identity.operatorEmail;
  const id = await db.transaction(async (tx) => {
    const repository = createEnquiriesRepository(tx);
    const requestId = await repository.insertQuoteRequest(siteId, request, context.clientIp);
    if (operatorEmail) {
      const mailId = await mail.enqueue(tx, siteId, quoteRequestNotice({ ...identity, operatorEmail }, request, requestId));
      await repository.linkMail('quote_requests', siteId, requestId, mailId);
    }
    return requestId;
  });
  if (operatorEmail) mail.kick();
  else context.log.warn({ site_id: siteId, quote_request_id: id }, 'quote request stored but not mailed: the FROM_EMAIL setting is empty');
  return id;
}

/** Stores a Contact Us message and queues the operator's notice in one transaction (as submitQuoteRequest). */
export async function submitContactMessage(context: EnquiryContext, form: ContactForm): Promise<number> {
  const { db, mail, siteId, identity } = context;
  const operatorEmail = identity.operatorEmail;
  const id = await db.transaction(async (tx) => {
    const repository = createEnquiriesRepository(tx);
    const contactId = await repository.insertContactMessage(siteId, form, context.clientIp);
    if (operatorEmail) {
      const mailId = await mail.enqueue(tx, siteId, contactNotice({ ...identity, operatorEmail }, form, contactId));
      await repository.linkMail('contact_messages', siteId, contactId, mailId);
    }
    return contactId;
  });
  if (operatorEmail) mail.kick();
  else context.log.warn({ site_id: siteId, contact_id: id }, 'contact message stored but not mailed: the FROM_EMAIL setting is empty');
  return id;
}
