import type { CompanyAccount, CompanyAccountPatch, CompanyBookingsQuery, CompanyMember, CompanyRole } from '../../../contract/companyAccounts.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { CHANGES_DUE_PENCE } from '../invoices/repository.ts';

/** The statements of company accounts (issue 34), on a Queryable so the service decides the transaction. */

const ACCOUNT_FIELDS = ['name', 'billing_email', 'billing_address', 'vat_number', 'credit_limit_pence', 'invoice_period', 'payment_terms_days', 'po_required', 'cost_centre_required', 'active'] as const;

/**
 * What counts against the credit limit: the account's uninvoiced on-account bookings (a cancelled one by its fee), the
 * rises of its invoiced bookings that the next invoice will bill (uninvoiced change lines), and its unpaid invoices.
 */
const USED_SQL = `COALESCE((SELECT sum(CASE WHEN b.status = 'cancelled' THEN COALESCE(b.cancellation_fee_pence, 0) ELSE b.total_pence END)
    FROM bookings b WHERE b.site_id = a.site_id AND b.company_account_id = a.id AND b.invoiced_at IS NULL), 0) + ${CHANGES_DUE_PENCE} + a.unpaid_pence`;

const SELECT_ACCOUNT = `SELECT a.*, (${USED_SQL})::bigint AS used_pence,
  (SELECT count(*) FROM company_account_members m WHERE m.site_id = a.site_id AND m.account_id = a.id)::integer AS members
  FROM company_accounts a`;

export function accountView(row: Record<string, unknown>): CompanyAccount {
  return {
    id: Number(row.id),
    name: String(row.name),
    billing_email: String(row.billing_email),
    billing_address: String(row.billing_address),
    vat_number: String(row.vat_number),
    credit_limit_pence: Number(row.credit_limit_pence),
    invoice_period: row.invoice_period as CompanyAccount['invoice_period'],
    payment_terms_days: Number(row.payment_terms_days),
    po_required: Boolean(row.po_required),
    cost_centre_required: Boolean(row.cost_centre_required),
    active: Boolean(row.active),
    used_pence: Number(row.used_pence ?? 0),
    members: Number(row.members ?? 0),
  };
}

export interface Membership {
  accountId: number;
  accountName: string;
  role: CompanyRole;
  active: boolean;
  poRequired: boolean;
  costCentreRequired: boolean;
}

const membershipOf = (row: Record<string, unknown>): Membership => ({
  accountId: Number(row.account_id),
  accountName: String(row.name),
  role: row.role as CompanyRole,
  active: Boolean(row.active),
  poRequired: Boolean(row.po_required),
  costCentreRequired: Boolean(row.cost_centre_required),
});

export function createCompanyAccountsRepository(db: Queryable) {
  return {
    /** The company account a booking is on, its row locked until the transaction ends; null for a booking not on account. */
    async lockBookingAccount(siteId: number, bookingId: number): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT a.id FROM company_accounts a JOIN bookings b ON b.site_id = a.site_id AND b.company_account_id = a.id
          WHERE b.site_id = $1 AND b.id = $2 FOR UPDATE OF a`,
        [siteId, bookingId],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    async list(siteId: number): Promise<CompanyAccount[]> {
      const { rows } = await db.query<Record<string, unknown>>(`${SELECT_ACCOUNT} WHERE a.site_id = $1 ORDER BY lower(a.name)`, [siteId]);
      return rows.map(accountView);
    },

    async byId(siteId: number, id: number): Promise<CompanyAccount | null> {
      const { rows } = await db.query<Record<string, unknown>>(`${SELECT_ACCOUNT} WHERE a.site_id = $1 AND a.id = $2`, [siteId, id]);
      return rows[0] ? accountView(rows[0]) : null;
    },

    /** A new account, or null when the site has one of that name. */
    async insert(siteId: number, input: Required<Omit<CompanyAccountPatch, never>>): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO company_accounts (site_id, ${ACCOUNT_FIELDS.join(', ')}) VALUES ($1, ${ACCOUNT_FIELDS.map((_, index) => `$${index + 2}`).join(', ')})
         ON CONFLICT (site_id, lower(name)) DO NOTHING RETURNING id`,
        [siteId, ...ACCOUNT_FIELDS.map((field) => input[field])],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** The given fields changed; false when no such account. */
    async update(siteId: number, id: number, patch: CompanyAccountPatch): Promise<boolean> {
      const fields = ACCOUNT_FIELDS.filter((field) => patch[field] !== undefined);
      const sets = fields.map((field, index) => `${field} = $${index + 3}`);
      const { rows } = await db.query<{ id: string }>(
        `UPDATE company_accounts SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE site_id = $1 AND id = $2 RETURNING id`,
        [siteId, id, ...fields.map((field) => patch[field])],
      );
      return rows.length > 0;
    },

    async members(siteId: number, accountId: number): Promise<CompanyMember[]> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT m.passenger_id, p.name, p.email, m.role FROM company_account_members m
           JOIN passengers p ON p.site_id = m.site_id AND p.id = m.passenger_id
          WHERE m.site_id = $1 AND m.account_id = $2 ORDER BY m.role, lower(p.name), m.passenger_id`,
        [siteId, accountId],
      );
      return rows.map((row) => ({ passenger_id: Number(row.passenger_id), name: String(row.name), email: String(row.email), role: row.role as CompanyRole }));
    },

    async pendingInvitations(siteId: number, accountId: number): Promise<{ email: string; role: CompanyRole; expires_at: string }[]> {
      const { rows } = await db.query<{ email: string; role: CompanyRole; expires_at: Date }>(
        `SELECT email, role, expires_at FROM company_account_invitations
          WHERE site_id = $1 AND account_id = $2 AND used_at IS NULL AND expires_at > now() ORDER BY created_at`,
        [siteId, accountId],
      );
      return rows.map((row) => ({ email: row.email, role: row.role, expires_at: new Date(row.expires_at).toISOString() }));
    },

    /** The passenger's membership, or null. `lock`: the account's row is locked until the transaction ends. */
    async membership(siteId: number, passengerId: number, lock = false): Promise<Membership | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT m.account_id, m.role, a.name, a.active, a.po_required, a.cost_centre_required
           FROM company_account_members m JOIN company_accounts a ON a.site_id = m.site_id AND a.id = m.account_id
          WHERE m.site_id = $1 AND m.passenger_id = $2${lock ? ' FOR UPDATE OF a' : ''}`,
        [siteId, passengerId],
      );
      return rows[0] ? membershipOf(rows[0]) : null;
    },

    /** The credit limit and what counts against it now (read under the caller's lock of the account row). */
    async credit(siteId: number, accountId: number): Promise<{ limitPence: number; usedPence: number }> {
      const { rows } = await db.query<{ credit_limit_pence: number; used_pence: string }>(`SELECT a.credit_limit_pence, (${USED_SQL})::bigint AS used_pence FROM company_accounts a WHERE a.site_id = $1 AND a.id = $2`, [siteId, accountId]);
      return { limitPence: Number(rows[0].credit_limit_pence), usedPence: Number(rows[0].used_pence) };
    },

    async insertInvitation(siteId: number, invitation: { accountId: number; email: string; role: CompanyRole; tokenHash: Buffer; invitedBy: string; days: number }): Promise<void> {
      await db.query(
        `INSERT INTO company_account_invitations (site_id, account_id, email, role, token_hash, invited_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))`,
        [siteId, invitation.accountId, invitation.email, invitation.role, invitation.tokenHash, invitation.invitedBy, invitation.days],
      );
    },

    /** An invitation by its token's hash (locked when asked), with whether it is used or expired. */
    async invitation(siteId: number, tokenHash: Buffer, lock = false) {
      const { rows } = await db.query<{ id: string; account_id: string; email: string; role: CompanyRole; name: string; used: boolean; expired: boolean }>(
        `SELECT i.id, i.account_id, i.email, i.role, a.name, i.used_at IS NOT NULL AS used, i.expires_at <= now() AS expired
           FROM company_account_invitations i JOIN company_accounts a ON a.site_id = i.site_id AND a.id = i.account_id
          WHERE i.site_id = $1 AND i.token_hash = $2${lock ? ' FOR UPDATE OF i' : ''}`,
        [siteId, tokenHash],
      );
      const row = rows[0];
      return row ? { id: Number(row.id), accountId: Number(row.account_id), email: row.email, role: row.role, accountName: row.name, used: row.used, expired: row.expired } : null;
    },

    async useInvitation(siteId: number, id: number): Promise<void> {
      await db.query('UPDATE company_account_invitations SET used_at = now() WHERE site_id = $1 AND id = $2', [siteId, id]);
    },

    /** Adds the member; false when the passenger already belongs to an account. */
    async addMember(siteId: number, accountId: number, passengerId: number, role: CompanyRole): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO company_account_members (site_id, account_id, passenger_id, role) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING passenger_id`,
        [siteId, accountId, passengerId, role],
      );
      return rows.length > 0;
    },

    async removeMember(siteId: number, accountId: number, passengerId: number): Promise<boolean> {
      const { rows } = await db.query('DELETE FROM company_account_members WHERE site_id = $1 AND account_id = $2 AND passenger_id = $3 RETURNING passenger_id', [siteId, accountId, passengerId]);
      return rows.length > 0;
    },

    /** How many admins the account has (read under the caller's lock of the account row). */
    async adminCount(siteId: number, accountId: number): Promise<number> {
      const { rows } = await db.query<{ n: string }>(`SELECT count(*)::int AS n FROM company_account_members WHERE site_id = $1 AND account_id = $2 AND role = 'admin'`, [siteId, accountId]);
      return Number(rows[0]?.n ?? 0);
    },

    /** Whether the passenger with this e-mail is a member of any account. */
    async isMemberByEmail(siteId: number, email: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM company_account_members m JOIN passengers p ON p.site_id = m.site_id AND p.id = m.passenger_id
          WHERE m.site_id = $1 AND lower(p.email) = lower($2)`,
        [siteId, email],
      );
      return rows.length > 0;
    },

    /** A passenger for an invitation: the existing one of the e-mail, or a new corporate one with this password hash. */
    async passengerByEmail(siteId: number, email: string): Promise<{ id: number; name: string; email: string; phone: string; passwordHash: string | null } | null> {
      const { rows } = await db.query<{ id: string; name: string; email: string; phone: string; password_hash: string | null }>(
        'SELECT id, name, email, phone, password_hash FROM passengers WHERE site_id = $1 AND lower(email) = lower($2)',
        [siteId, email],
      );
      const row = rows[0];
      return row ? { id: Number(row.id), name: row.name, email: row.email, phone: row.phone, passwordHash: row.password_hash } : null;
    },

    async insertPassenger(siteId: number, passenger: { name: string; email: string; passwordHash: string }): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO passengers (site_id, name, email, password_hash, is_corporate) VALUES ($1, $2, $3, $4, true) RETURNING id`,
        [siteId, passenger.name, passenger.email, passenger.passwordHash],
      );
      return Number(rows[0].id);
    },

    async markCorporate(siteId: number, passengerId: number, passwordHash: string | null): Promise<void> {
      await db.query('UPDATE passengers SET is_corporate = true, password_hash = COALESCE($3, password_hash), updated_at = now() WHERE site_id = $1 AND id = $2', [siteId, passengerId, passwordHash]);
    },

    /**
     * The bookings a member may see with the filters: every booking of the account for an admin; for a booker those
     * they made (passenger_id) or travel on (the passenger e-mail is theirs). Newest pick-up first, at most 500.
     */
    async bookings(siteId: number, viewer: { passengerId: number; email: string; accountId: number | null; admin: boolean }, filter: CompanyBookingsQuery): Promise<Record<string, unknown>[]> {
      const values: unknown[] = [siteId, viewer.passengerId, viewer.email];
      const add = (value: unknown) => `$${values.push(value)}`;
      const where = ['b.site_id = $1'];
      if (viewer.admin && viewer.accountId !== null) where.push(`(b.company_account_id = ${add(viewer.accountId)} OR b.passenger_id = $2 OR lower(b.passenger_email) = lower($3))`);
      else where.push(`(b.passenger_id = $2 OR lower(b.passenger_email) = lower($3))`);
      if (filter.booker !== undefined) where.push(`b.passenger_id = ${add(filter.booker)}`);
      if (filter.passenger) where.push(`(b.passenger_name ILIKE ${add(`%${filter.passenger.replace(/[\\%_]/g, '\\$&')}%`)} OR b.passenger_email ILIKE $${values.length})`);
      if (filter.cost_centre) where.push(`lower(b.cost_centre) = lower(${add(filter.cost_centre)})`);
      if (filter.from) where.push(`b.pick_up_date >= ${add(filter.from)}::date`);
      if (filter.to) where.push(`b.pick_up_date <= ${add(filter.to)}::date`);
      if (filter.status) where.push(`b.status = ${add(filter.status)}`);
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT b.*, COALESCE(p.name, '') AS booker_name,
                COALESCE((SELECT sum(r.amount_pence) FROM refunds r WHERE r.site_id = b.site_id AND r.booking_id = b.id AND r.reason <> 'duplicate_charge' AND r.status <> 'failed'), 0)::bigint AS refunded_pence
           FROM bookings b LEFT JOIN passengers p ON p.site_id = b.site_id AND p.id = b.passenger_id
          WHERE ${where.join(' AND ')} ORDER BY b.pick_up_at DESC, b.id DESC LIMIT 500`,
        values,
      );
      return rows;
    },

    /**
     * A booking the member may see, by its number (the bookings list's rule: an admin any of the account's, anyone
     * those they made or travel on); null for another's, another account's or another site's.
     */
    async visibleBookingId(siteId: number, viewer: { passengerId: number; email: string; accountId: number | null; admin: boolean }, bookingNumber: string): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT b.id FROM bookings b
          WHERE b.site_id = $1 AND b.booking_number = $4
            AND (b.passenger_id = $2 OR lower(b.passenger_email) = lower($3) OR ($5::boolean AND b.company_account_id = $6::bigint))`,
        [siteId, viewer.passengerId, viewer.email, bookingNumber, viewer.admin && viewer.accountId !== null, viewer.accountId],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** A short-lived manage link of a booking handed to a member (migration 037; the token's hash only). */
    async insertMemberLink(siteId: number, link: { bookingId: number; tokenHash: Buffer; passengerId: number; expiresAt: Date }): Promise<void> {
      await db.query('INSERT INTO booking_manage_links (site_id, booking_id, token_hash, expires_at, issued_to_passenger_id) VALUES ($1, $2, $3, $4, $5)', [
        siteId,
        link.bookingId,
        link.tokenHash,
        link.expiresAt,
        link.passengerId,
      ]);
    },

    /** Whether the passenger is an admin of the account the booking is on (the manage calls' wider grant). */
    async adminBookingId(siteId: number, passengerId: number, bookingNumber: string): Promise<number | null> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT b.id FROM bookings b JOIN company_account_members m ON m.site_id = b.site_id AND m.account_id = b.company_account_id
          WHERE b.site_id = $1 AND b.booking_number = $3 AND m.passenger_id = $2 AND m.role = 'admin'`,
        [siteId, passengerId, bookingNumber],
      );
      return rows[0] ? Number(rows[0].id) : null;
    },
  };
}
