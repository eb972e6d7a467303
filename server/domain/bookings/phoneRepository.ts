import type { PhonePassenger } from '../../../contract/consolePhoneBookings.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** Statements of the bookings the office takes (phone.ts) and of staff-priced offers (prepare.ts). */

/** Whether a staff-priced offer's quote has its booking already (the unique index of migration 034 is the final word). */
export async function offerBooked(db: Queryable, siteId: number, quoteId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM bookings WHERE site_id = $1 AND quote_id = $2 AND price_override_reason IS NOT NULL LIMIT 1', [siteId, quoteId]);
  return rows.length > 0;
}

const PASSENGER_COLUMNS = `p.id, p.name, p.email, p.phone, a.id AS account_id, a.name AS account_name, a.active, a.po_required, a.cost_centre_required
   FROM passengers p
   LEFT JOIN company_account_members m ON m.site_id = p.site_id AND m.passenger_id = p.id
   LEFT JOIN company_accounts a ON a.site_id = m.site_id AND a.id = m.account_id`;

const passengerOf = (row: Record<string, unknown>): PhonePassenger => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  phone: String(row.phone),
  account:
    row.account_id === null || row.account_id === undefined
      ? null
      : { id: Number(row.account_id), name: String(row.account_name), active: Boolean(row.active), po_required: Boolean(row.po_required), cost_centre_required: Boolean(row.cost_centre_required) },
});

/**
 * The site's passengers a dispatcher may mean: an e-mail address starting with the text typed, or (7 digits or more
 * typed) a phone number with the same last 10 digits (07700 900123 finds +44 7700 900123). At most 10, by name.
 */
export async function searchPassengers(db: Queryable, siteId: number, text: string): Promise<PhonePassenger[]> {
  const digits = text.replace(/\D/g, '');
  const emailStart = `${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${PASSENGER_COLUMNS}
      WHERE p.site_id = $1 AND (lower(p.email) LIKE $2 OR ($3::text <> '' AND right(regexp_replace(p.phone, '[^0-9]', '', 'g'), 10) = right($3::text, 10)))
      ORDER BY p.name, p.id LIMIT 10`,
    [siteId, emailStart, digits.length >= 7 ? digits : ''],
  );
  return rows.map(passengerOf);
}

/** One passenger of the site, or null. */
export async function phonePassenger(db: Queryable, siteId: number, id: number): Promise<PhonePassenger | null> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT ${PASSENGER_COLUMNS} WHERE p.site_id = $1 AND p.id = $2`, [siteId, id]);
  return rows[0] ? passengerOf(rows[0]) : null;
}

/** What the answer of a phone booking reports of it. */
export async function phoneBookingFacts(db: Queryable, siteId: number, bookingId: number): Promise<{ totalPence: number; paymentMethod: string; paymentStatus: string; dueAt: Date | null }> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT b.total_pence, b.payment_method, b.payment_status, l.due_at FROM bookings b
       LEFT JOIN booking_pay_links l ON l.site_id = b.site_id AND l.booking_id = b.id WHERE b.site_id = $1 AND b.id = $2`,
    [siteId, bookingId],
  );
  const row = rows[0];
  return { totalPence: Number(row.total_pence), paymentMethod: String(row.payment_method), paymentStatus: String(row.payment_status), dueAt: row.due_at ? new Date(row.due_at as string) : null };
}
