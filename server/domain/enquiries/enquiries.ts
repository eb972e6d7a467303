import type { ContactForm, QuoteEmail } from '../../../contract/enquiries.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import type { MailIdentity, MailPort } from '../../adapters/mail/index.ts';
import { contactNotice, quoteRequestNotice } from './notices.ts';

export function createEnquiriesRepository(db: Queryable) {
  return {
    async insertQuoteRequest(siteId: number, request: QuoteEmail, clientIp: string | null): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO quote_requests (site_id, pickup_address, dropoff_address, pickup_date, pickup_time, passenger_email,
           passenger_phone, passenger_name, additional_info, passengers, luggages, client_ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          siteId,
          request.pickup_address,
          request.dropoff_address,
          request.pickup_date,
          request.pickup_time,
          request.passenger_email,
          request.passenger_phone,
          request.passenger_name,
          request.additional_info,
          request.passengers,
          request.luggages,
          clientIp,
        ],
      );
      return Number(rows[0].id);
    },
    async insertContactMessage(siteId: number, form: ContactForm, clientIp: string | null): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO contact_messages (site_id, first_name, last_name, email, telephone, query_reason, booking_number, comments, client_ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [siteId, form.firstName, form.lastName, form.email, form.telephone, form.queryReason, form.bookingNumber, form.comments, clientIp],
      );
      return Number(rows[0].id);
    },
    async linkMail(table: 'quote_requests' | 'contact_messages', siteId: number, id: number, mailId: number): Promise<void> {
      await db.query(`UPDATE ${table} SET mail_id = $3 WHERE site_id = $1 AND id = $2`, [siteId, id, mailId]);
    },
  };
}

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
