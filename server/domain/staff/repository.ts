import type { StaffMember, StaffRole } from '../../../contract/staff.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { KNOWN_ADDRESS_DAYS } from '../accounts/secrets.ts';
import { STAFF_SESSION_ABSOLUTE_HOURS, STAFF_SESSION_IDLE_MINUTES } from './sessions.ts';

export interface StaffRecord {
  id: number;
  siteId: number;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  passwordHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = 'm.site_id, m.id, m.email, m.name, m.role, m.active, m.password_hash, m.created_at, m.updated_at';

const toStaff = (row: Record<string, unknown>): StaffRecord => ({
  id: Number(row.id),
  siteId: Number(row.site_id),
  email: String(row.email),
  name: String(row.name),
  role: row.role as StaffRole,
  active: Boolean(row.active),
  passwordHash: (row.password_hash as string | null) ?? null,
  createdAt: new Date(row.created_at as string),
  updatedAt: new Date(row.updated_at as string),
});

/** A member as the API shows it (never the hash). */
export const staffView = (member: StaffRecord): StaffMember => ({
  id: member.id,
  email: member.email,
  name: member.name,
  role: member.role,
  active: member.active,
  password_set: member.passwordHash !== null,
  created_at: member.createdAt.toISOString(),
  updated_at: member.updatedAt.toISOString(),
});

/** What the audit log keeps of a member: no hash, no timestamps. */
export const staffAuditView = (member: StaffRecord) => ({ email: member.email, name: member.name, role: member.role, active: member.active });

/** A member's live sign-in code (signInCodes.ts), as its check needs it. */
export interface SignInCodeRecord {
  id: number;
  salt: Buffer;
  hash: Buffer;
  failedAttempts: number;
  expired: boolean;
}

const bytes = (value: unknown) => Buffer.from(value as Uint8Array);

export interface StaffSessionRecord {
  sessionId: number;
  expiresAt: Date;
  member: StaffRecord;
}

/** Staff, their sessions, set-password tokens, sign-in codes and known addresses. Every statement but the token lookups names the site. */
export function createStaffRepository(db: Queryable) {
  return {
    /** How many members of any site have one of these e-mails. */
    async countWithEmails(emails: string[]): Promise<number> {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff WHERE lower(email) = ANY($1::text[])', [emails.map((email) => email.toLowerCase())]);
      return Number(rows[0].n);
    },

    async byEmail(siteId: number, email: string): Promise<StaffRecord | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${COLUMNS} FROM staff m WHERE m.site_id = $1 AND lower(m.email) = lower($2)`, [siteId, email]);
      return rows.length ? toStaff(rows[0]) : null;
    },

    async byId(siteId: number, id: number, lock = false): Promise<StaffRecord | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${COLUMNS} FROM staff m WHERE m.site_id = $1 AND m.id = $2${lock ? ' FOR UPDATE' : ''}`, [siteId, id]);
      return rows.length ? toStaff(rows[0]) : null;
    },

    async list(siteId: number): Promise<StaffRecord[]> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${COLUMNS} FROM staff m WHERE m.site_id = $1 ORDER BY m.id`, [siteId]);
      return rows.map(toStaff);
    },

    /** Inserts a member; null when the e-mail is taken on this site (any case). */
    async insert(siteId: number, member: { email: string; name: string; role: StaffRole; passwordHash?: string | null }): Promise<StaffRecord | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `INSERT INTO staff AS m (site_id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (site_id, lower(email)) DO NOTHING RETURNING ${COLUMNS}`,
        [siteId, member.email, member.name, member.role, member.passwordHash ?? null],
      );
      return rows.length ? toStaff(rows[0]) : null;
    },

    async update(siteId: number, id: number, patch: { role: StaffRole; active: boolean; name: string }): Promise<StaffRecord> {
      const { rows } = await db.query<Record<string, unknown>>(
        `UPDATE staff m SET role = $3, active = $4, name = $5, updated_at = now() WHERE m.site_id = $1 AND m.id = $2 RETURNING ${COLUMNS}`,
        [siteId, id, patch.role, patch.active, patch.name],
      );
      return toStaff(rows[0]);
    },

    async setPassword(siteId: number, id: number, passwordHash: string): Promise<void> {
      await db.query('UPDATE staff SET password_hash = $3, updated_at = now() WHERE site_id = $1 AND id = $2', [siteId, id, passwordHash]);
    },

    /**
     * The site's active owners who can sign in (their password set: an invited owner who never used the link cannot),
     * locked for the rest of the transaction (two owners demoting each other queue).
     */
    async signInOwnerIdsForUpdate(siteId: number): Promise<number[]> {
      const { rows } = await db.query<{ id: string }>(
        "SELECT id FROM staff WHERE site_id = $1 AND role = 'owner' AND active AND password_hash IS NOT NULL ORDER BY id FOR UPDATE",
        [siteId],
      );
      return rows.map((row) => Number(row.id));
    },

    async createSession(siteId: number, staffId: number, tokenHash: Buffer): Promise<Date> {
      await db.query("DELETE FROM staff_sessions WHERE site_id = $1 AND staff_id = $2 AND expires_at < now() - interval '7 days'", [siteId, staffId]);
      const { rows } = await db.query<{ expires_at: Date }>(
        `INSERT INTO staff_sessions (site_id, staff_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 hour') RETURNING expires_at`,
        [siteId, staffId, tokenHash, STAFF_SESSION_ABSOLUTE_HOURS],
      );
      return new Date(rows[0].expires_at);
    },

    /**
     * The live session of a cookie's token (not revoked, before its absolute end, used within the idle period) and
     * its active member; marks it used now. One statement per request.
     */
    async touchSession(tokenHash: Buffer): Promise<StaffSessionRecord | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `UPDATE staff_sessions s SET last_seen_at = now()
           FROM staff m
          WHERE s.token_hash = $1 AND m.site_id = s.site_id AND m.id = s.staff_id AND m.active
            AND s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 minute'
          RETURNING s.id AS session_id, s.expires_at, ${COLUMNS}`,
        [tokenHash, STAFF_SESSION_IDLE_MINUTES],
      );
      if (!rows.length) return null;
      return { sessionId: Number(rows[0].session_id), expiresAt: new Date(rows[0].expires_at as string), member: toStaff(rows[0]) };
    },

    /**
     * Whether a session still holds (not revoked, before its absolute end, used within the idle period, its member
     * active), read without marking it used: an open event stream is not activity.
     */
    async sessionIsLive(siteId: number, sessionId: number): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM staff_sessions s JOIN staff m ON m.site_id = s.site_id AND m.id = s.staff_id
          WHERE s.site_id = $1 AND s.id = $2 AND m.active AND s.revoked_at IS NULL AND s.expires_at > now()
            AND s.last_seen_at > now() - $3 * interval '1 minute'`,
        [siteId, sessionId, STAFF_SESSION_IDLE_MINUTES],
      );
      return rows.length > 0;
    },

    async revokeSession(siteId: number, sessionId: number): Promise<void> {
      await db.query('UPDATE staff_sessions SET revoked_at = now() WHERE site_id = $1 AND id = $2 AND revoked_at IS NULL', [siteId, sessionId]);
    },

    async revokeAllSessions(siteId: number, staffId: number): Promise<number> {
      const { rows } = await db.query('UPDATE staff_sessions SET revoked_at = now() WHERE site_id = $1 AND staff_id = $2 AND revoked_at IS NULL RETURNING id', [siteId, staffId]);
      return rows.length;
    },

    /** A new set-password token ends the member's earlier unused ones. */
    async insertPasswordToken(siteId: number, staffId: number, tokenHash: Buffer, hours: number): Promise<void> {
      await db.query('UPDATE staff_password_tokens SET used_at = now() WHERE site_id = $1 AND staff_id = $2 AND used_at IS NULL', [siteId, staffId]);
      await db.query('INSERT INTO staff_password_tokens (site_id, staff_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + $4 * interval \'1 hour\')', [
        siteId,
        staffId,
        tokenHash,
        hours,
      ]);
    },

    /** A set-password token, locked (two uses of one link queue, and the second finds it used). */
    async passwordTokenForUpdate(tokenHash: Buffer): Promise<{ id: number; siteId: number; staffId: number; used: boolean; expired: boolean } | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        'SELECT id, site_id, staff_id, used_at IS NOT NULL AS used, expires_at <= now() AS expired FROM staff_password_tokens WHERE token_hash = $1 FOR UPDATE',
        [tokenHash],
      );
      if (!rows.length) return null;
      const row = rows[0];
      return { id: Number(row.id), siteId: Number(row.site_id), staffId: Number(row.staff_id), used: Boolean(row.used), expired: Boolean(row.expired) };
    },

    async markPasswordTokenUsed(siteId: number, id: number): Promise<void> {
      await db.query('UPDATE staff_password_tokens SET used_at = now() WHERE site_id = $1 AND id = $2', [siteId, id]);
    },

    /** Locks the member's row for the rest of the transaction (one sign-in code request at a time per member). */
    async lockMember(siteId: number, staffId: number): Promise<void> {
      await db.query('SELECT 1 FROM staff WHERE site_id = $1 AND id = $2 FOR UPDATE', [siteId, staffId]);
    },

    /** Whether the member has a sign-in code still usable (unexpired, tries left) that was made less than `seconds` ago. */
    async hasUsableSignInCodeYoungerThan(siteId: number, staffId: number, seconds: number, maxFailures: number): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM staff_sign_in_codes
          WHERE site_id = $1 AND staff_id = $2 AND used_at IS NULL AND superseded_at IS NULL
            AND expires_at > now() AND failed_attempts < $3 AND created_at > now() - $4 * interval '1 second'`,
        [siteId, staffId, maxFailures, seconds],
      );
      return rows.length > 0;
    },

    /** A new sign-in code; the member's earlier ones end. */
    async insertSignInCode(siteId: number, staffId: number, salt: Buffer, hash: Buffer, minutes: number): Promise<void> {
      await db.query('UPDATE staff_sign_in_codes SET superseded_at = now() WHERE site_id = $1 AND staff_id = $2 AND used_at IS NULL AND superseded_at IS NULL', [siteId, staffId]);
      await db.query(
        `INSERT INTO staff_sign_in_codes (site_id, staff_id, code_salt, code_hash, expires_at) VALUES ($1, $2, $3, $4, now() + $5 * interval '1 minute')`,
        [siteId, staffId, salt, hash, minutes],
      );
    },

    /** The member's live sign-in code, locked for the rest of the transaction (concurrent tries queue behind it). */
    async liveSignInCodeForUpdate(siteId: number, staffId: number): Promise<SignInCodeRecord | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT id, code_salt, code_hash, failed_attempts, expires_at <= now() AS expired FROM staff_sign_in_codes
          WHERE site_id = $1 AND staff_id = $2 AND used_at IS NULL AND superseded_at IS NULL
          ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [siteId, staffId],
      );
      if (!rows.length) return null;
      const row = rows[0];
      return { id: Number(row.id), salt: bytes(row.code_salt), hash: bytes(row.code_hash), failedAttempts: Number(row.failed_attempts), expired: Boolean(row.expired) };
    },

    async recordWrongSignInCode(siteId: number, id: number): Promise<void> {
      await db.query('UPDATE staff_sign_in_codes SET failed_attempts = failed_attempts + 1 WHERE site_id = $1 AND id = $2', [siteId, id]);
    },

    async markSignInCodeUsed(siteId: number, id: number): Promise<void> {
      await db.query('UPDATE staff_sign_in_codes SET used_at = now() WHERE site_id = $1 AND id = $2', [siteId, id]);
    },

    async isKnownAddress(siteId: number, staffId: number, addressHash: Buffer): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM staff_known_addresses WHERE site_id = $1 AND staff_id = $2 AND address_hash = $3 AND last_success_at > now() - $4 * interval '1 day'`,
        [siteId, staffId, addressHash, KNOWN_ADDRESS_DAYS],
      );
      return rows.length > 0;
    },

    async rememberAddress(siteId: number, staffId: number, addressHash: Buffer): Promise<void> {
      await db.query(
        `WITH stale AS (
           DELETE FROM staff_known_addresses
            WHERE site_id = $1 AND staff_id = $2 AND address_hash <> $3 AND last_success_at <= now() - $4 * interval '1 day')
         INSERT INTO staff_known_addresses (site_id, staff_id, address_hash) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, staff_id, address_hash) DO UPDATE SET last_success_at = now()`,
        [siteId, staffId, addressHash, KNOWN_ADDRESS_DAYS],
      );
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
