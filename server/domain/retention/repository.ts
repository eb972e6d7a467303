import type { Queryable } from '../../adapters/db/index.ts';

/** The site's RETENTION_MONTHS row, if it has one: read before the run's transaction, to know its cutoff. */
export async function retentionSettingRows(db: Queryable, siteId: number): Promise<{ setting_name: string; setting_value: string | null }[]> {
  const { rows } = await db.query<{ setting_name: string; setting_value: string | null }>(
    "SELECT setting_name, setting_value FROM settings WHERE site_id = $1 AND setting_name = 'RETENTION_MONTHS'",
    [siteId],
  );
  return rows;
}

/**
 * The retention job's statements (retention.ts), each for one site and one cutoff, in the run's transaction. Each
 * touches only rows older than the cutoff and not yet done, so a second run changes nothing.
 */
export function createRetentionRepository(tx: Queryable, siteId: number, cutoff: Date) {
  const count = async (sql: string, params: unknown[] = []) => (await tx.query(sql, [siteId, cutoff, ...params])).rows.length;
  return {
    /** Bookings whose last pick-up (the return's, if any) is past the cutoff: the passenger's data blanked. */
    async anonymiseBookings(anonymisedName: string, now: Date): Promise<{ booking_number: string; payment_intent_id: string | null }[]> {
      const { rows } = await tx.query<{ booking_number: string; payment_intent_id: string | null }>(
        `UPDATE bookings SET passenger_name = $3, passenger_email = '', passenger_phone = '', additional_info = '', return_additional_info = '',
                flight_no = '', return_flight_no = '', passenger_id = NULL, anonymised_at = $4
          WHERE site_id = $1 AND anonymised_at IS NULL AND greatest(pick_up_at, COALESCE(return_at, pick_up_at)) < $2
          RETURNING booking_number, payment_intent_id`,
        [siteId, cutoff, anonymisedName, now],
      );
      return rows;
    },

    /** The same fields in those bookings' stored card submissions. */
    async anonymisePayments(intents: string[], anonymisedName: string): Promise<void> {
      await tx.query(
        `UPDATE payments SET submission = jsonb_set(submission, '{passenger}', COALESCE(submission->'passenger', '{}'::jsonb)
                   || jsonb_build_object('name', $3::text, 'email', '', 'phone', '', 'additionalInfo', '', 'returnAdditionalInfo', '', 'newAccount', null))
                   || '{"flightNo": "", "returnFlightNo": ""}'::jsonb, updated_at = now()
          WHERE site_id = $1 AND intent_id = ANY($2::text[])`,
        [siteId, intents, anonymisedName],
      );
    },

    /** Those bookings' changes asked through the manage page: the passenger's fields in what the booking was and became. */
    async anonymiseBookingChanges(bookingNumbers: string[], anonymisedName: string): Promise<void> {
      const blank = `jsonb_build_object('passenger_name', $3::text, 'passenger_email', '', 'passenger_phone', '', 'flight_no', '')`;
      await tx.query(
        `UPDATE booking_changes c SET before = c.before || ${blank},
                after = jsonb_set(c.after, '{values}', COALESCE(c.after->'values', '{}'::jsonb) || ${blank})
           FROM bookings b
          WHERE c.site_id = $1 AND b.site_id = c.site_id AND b.id = c.booking_id AND b.booking_number = ANY($2::text[])`,
        [siteId, bookingNumbers, anonymisedName],
      );
    },

    /** The delivered mails about those bookings (younger than the cutoff, else deleteMails takes them): address and bodies blanked. */
    async blankMailsAbout(bookingNumbers: string[]): Promise<void> {
      await tx.query(
        `UPDATE mail_outbox SET to_address = 'anonymised', reply_to = NULL, text_body = '', html_body = '', attachments = '[]'
          WHERE site_id = $1 AND status <> 'queued' AND substring(subject from 'CF-[A-Z0-9]+') = ANY($2::text[])`,
        [siteId, bookingNumbers],
      );
    },

    /** The texts about those bookings (issue 33: a phone number, the pick-up address), unless still waiting to go: deleted. */
    async deleteTextsAbout(bookingNumbers: string[]): Promise<void> {
      await tx.query(
        `DELETE FROM sms_outbox o USING bookings b
          WHERE o.site_id = $1 AND b.site_id = o.site_id AND b.id = o.booking_id AND o.status <> 'queued' AND b.booking_number = ANY($2::text[])`,
        [siteId, bookingNumbers],
      );
    },

    /** Those bookings' trips as the drivers' phones reported them (issue 32) and their flights (issue 33): deleted. */
    async deleteTripTracesOf(bookingNumbers: string[]): Promise<{ positionReports: number; flights: number }> {
      const ofBookings = `(SELECT id FROM bookings WHERE site_id = $1 AND booking_number = ANY($2::text[]))`;
      const trace = async (table: string) => (await tx.query(`DELETE FROM ${table} WHERE site_id = $1 AND booking_id IN ${ofBookings} RETURNING booking_id`, [siteId, bookingNumbers])).rows.length;
      return { positionReports: await trace('driver_position_reports'), flights: await trace('booking_flights') };
    },

    /** Drivers' positions reported off a job before the cutoff: deleted (where a person was is personal data). */
    async deleteOffJobPositions(): Promise<number> {
      return count('DELETE FROM driver_position_reports WHERE site_id = $1 AND booking_id IS NULL AND recorded_at < $2 RETURNING id');
    },

    /**
     * QUOTE NOW requests and Contact Us messages received before the cutoff, whatever their status, with the replies
     * mailed to them and the quote offers made to them. Nothing refers to them but those.
     */
    async deleteEnquiries(): Promise<{ quoteRequests: number; contactMessages: number; replies: number; quoteOffers: number }> {
      const old = `(SELECT id FROM quote_requests WHERE site_id = $1 AND created_at < $2)`;
      const oldContacts = `(SELECT id FROM contact_messages WHERE site_id = $1 AND created_at < $2)`;
      const replies = await count(
        `DELETE FROM enquiry_replies WHERE site_id = $1
            AND ((enquiry_kind = 'quote' AND enquiry_id IN ${old}) OR (enquiry_kind = 'contact' AND enquiry_id IN ${oldContacts}))
          RETURNING id`,
      );
      const quoteOffers = await count(`DELETE FROM quote_offers WHERE site_id = $1 AND quote_request_id IN ${old} RETURNING id`);
      const quoteRequests = await count('DELETE FROM quote_requests WHERE site_id = $1 AND created_at < $2 RETURNING id');
      const contactMessages = await count('DELETE FROM contact_messages WHERE site_id = $1 AND created_at < $2 RETURNING id');
      return { quoteRequests, contactMessages, replies, quoteOffers };
    },

    /**
     * Passenger and corporate accounts opened or changed before the cutoff with no booking (made, picked up or
     * returning) and no sign-in since: deleted with their sessions, reset codes and known addresses (ON DELETE CASCADE).
     * Their bookings are all past the cutoff, so anonymised in this run, and keep no link to the account.
     */
    async deleteDormantAccounts(): Promise<number> {
      const { rows } = await tx.query<{ id: string }>(
        `DELETE FROM passengers p
          WHERE p.site_id = $1 AND greatest(p.created_at, p.updated_at) < $2
            AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.site_id = p.site_id AND b.passenger_id = p.id
                              AND greatest(b.created_at, b.pick_up_at, COALESCE(b.return_at, b.pick_up_at)) >= $2)
            AND NOT EXISTS (SELECT 1 FROM passenger_sessions s WHERE s.site_id = p.site_id AND s.passenger_id = p.id AND s.created_at >= $2)
          RETURNING p.id`,
        [siteId, cutoff],
      );
      if (rows.length > 0) {
        await tx.query('UPDATE bookings SET passenger_id = NULL WHERE site_id = $1 AND passenger_id = ANY($2::bigint[])', [siteId, rows.map((row) => row.id)]);
      }
      return rows.length;
    },

    /** Mails written before the cutoff and no longer waiting to go: deleted (their addresses and bodies are personal data). */
    async deleteMails(): Promise<number> {
      return count("DELETE FROM mail_outbox WHERE site_id = $1 AND created_at < $2 AND status <> 'queued' RETURNING id");
    },
  };
}
