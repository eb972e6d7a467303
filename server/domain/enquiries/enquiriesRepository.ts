import type { ContactForm, QuoteEmail } from '../../../contract/enquiries.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** The public forms' rows: a QUOTE NOW request or a contact message as sent, and the notice mail it was given. */
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
