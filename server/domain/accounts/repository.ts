import type { CorporatePassenger } from '../../../contract/accounts.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { KNOWN_ADDRESS_DAYS, RESET_CODE_MAX_FAILURES, RESET_CODE_TTL_MINUTES, SESSION_TTL_HOURS } from './secrets.ts';

export interface PassengerRecord {
  id: number;
  name: string;
  email: string;
  phone: string;
  passwordHash: string | null;
  isCorporate: boolean;
}

export interface ResetCodeRecord {
  id: number;
  salt: Uint8Array;
  hash: Uint8Array;
  failedAttempts: number;
  expired: boolean;
}

const toPassenger = (row: Record<string, unknown>): PassengerRecord => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  phone: String(row.phone ?? ''),
  passwordHash: (row.password_hash as string | null) ?? null,
  isCorporate: Boolean(row.is_corporate),
});

/** The spec's corporate passenger shape (spec §3). */
export const toCorporatePassenger = (passenger: PassengerRecord): CorporatePassenger => ({
  passenger_id: passenger.id,
  passenger_name: passenger.name,
  passenger_email: passenger.email,
  passenger_contact_no: passenger.phone,
});

const bytes = (value: unknown) => (value instanceof Uint8Array ? value : Buffer.from(String(value).replace(/^\\x/, ''), 'hex'));

const PASSENGER_COLUMNS = 'p.id, p.name, p.email, p.phone, p.password_hash, p.is_corporate';

/** Passengers, sessions and reset codes of one site: every statement is scoped by site_id. */
export function createAccountsRepository(db: Queryable, siteId: number) {
  return {
    async passengerByEmail(email: string): Promise<PassengerRecord | null> {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${PASSENGER_COLUMNS} FROM passengers p WHERE p.site_id = $1 AND lower(p.email) = lower($2)`, [siteId, email]);
      return rows.length ? toPassenger(rows[0]) : null;
    },

    async emailTakenByAnother(email: string, passengerId: number): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM passengers WHERE site_id = $1 AND lower(email) = lower($2) AND id <> $3', [siteId, email, passengerId]);
      return rows.length > 0;
    },

    async updateProfile(passengerId: number, profile: { name: string; email: string; phone: string }): Promise<PassengerRecord | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `UPDATE passengers p SET name = $3, email = $4, phone = $5, updated_at = now()
          WHERE p.site_id = $1 AND p.id = $2 RETURNING ${PASSENGER_COLUMNS}`,
        [siteId, passengerId, profile.name, profile.email, profile.phone],
      );
      return rows.length ? toPassenger(rows[0]) : null;
    },

    async setPassword(passengerId: number, passwordHash: string): Promise<void> {
      await db.query('UPDATE passengers SET password_hash = $3, updated_at = now() WHERE site_id = $1 AND id = $2', [siteId, passengerId, passwordHash]);
    },

    async createSession(passengerId: number, tokenHash: Buffer): Promise<Date> {
      // Sessions long expired are of no use: drop this passenger's while we are here.
      await db.query("DELETE FROM passenger_sessions WHERE site_id = $1 AND passenger_id = $2 AND expires_at < now() - interval '7 days'", [siteId, passengerId]);
      const { rows } = await db.query<{ expires_at: Date }>(
        `INSERT INTO passenger_sessions (site_id, passenger_id, token_hash, expires_at)
         VALUES ($1, $2, $3, now() + $4 * interval '1 hour') RETURNING expires_at`,
        [siteId, passengerId, tokenHash, SESSION_TTL_HOURS],
      );
      return new Date(rows[0].expires_at);
    },

    /** The live session of a token (not expired, not revoked) with its passenger. */
    async sessionByTokenHash(tokenHash: Buffer): Promise<{ sessionId: number; expiresAt: Date; passenger: PassengerRecord } | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT s.id AS session_id, s.expires_at, ${PASSENGER_COLUMNS}
           FROM passenger_sessions s JOIN passengers p ON p.site_id = s.site_id AND p.id = s.passenger_id
          WHERE s.site_id = $1 AND s.token_hash = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
        [siteId, tokenHash],
      );
      if (!rows.length) return null;
      return { sessionId: Number(rows[0].session_id), expiresAt: new Date(rows[0].expires_at as string), passenger: toPassenger(rows[0]) };
    },

    async revokeSessionByTokenHash(tokenHash: Buffer): Promise<boolean> {
      const { rows } = await db.query('UPDATE passenger_sessions SET revoked_at = now() WHERE site_id = $1 AND token_hash = $2 AND revoked_at IS NULL RETURNING id', [siteId, tokenHash]);
      return rows.length > 0;
    },

    /** Every live session of the passenger but one (the one making a change keeps going). */
    async revokeOtherSessions(passengerId: number, keptSessionId: number): Promise<number> {
      const { rows } = await db.query('UPDATE passenger_sessions SET revoked_at = now() WHERE site_id = $1 AND passenger_id = $2 AND id <> $3 AND revoked_at IS NULL RETURNING id', [
        siteId,
        passengerId,
        keptSessionId,
      ]);
      return rows.length;
    },

    async revokeAllSessions(passengerId: number): Promise<number> {
      const { rows } = await db.query('UPDATE passenger_sessions SET revoked_at = now() WHERE site_id = $1 AND passenger_id = $2 AND revoked_at IS NULL RETURNING id', [siteId, passengerId]);
      return rows.length;
    },

    /** Locks the passenger's row for the rest of the transaction (one reset-code request at a time per account). */
    async lockPassenger(passengerId: number): Promise<void> {
      await db.query('SELECT 1 FROM passengers WHERE site_id = $1 AND id = $2 FOR UPDATE', [siteId, passengerId]);
    },

    /** Whether the passenger has a code still usable (live, unexpired, tries left) that was sent less than `seconds` ago. */
    async hasUsableCodeYoungerThan(passengerId: number, seconds: number): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM password_reset_codes
          WHERE site_id = $1 AND passenger_id = $2 AND used_at IS NULL AND superseded_at IS NULL
            AND expires_at > now() AND failed_attempts < $3 AND created_at > now() - $4 * interval '1 second'`,
        [siteId, passengerId, RESET_CODE_MAX_FAILURES, seconds],
      );
      return rows.length > 0;
    },

    /** Whether the passenger's password was checked successfully from this address (a digest) lately. */
    async isKnownAddress(passengerId: number, addressHash: Buffer): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM passenger_known_addresses
          WHERE site_id = $1 AND passenger_id = $2 AND address_hash = $3 AND last_success_at > now() - $4 * interval '1 day'`,
        [siteId, passengerId, addressHash, KNOWN_ADDRESS_DAYS],
      );
      return rows.length > 0;
    },

    async rememberAddress(passengerId: number, addressHash: Buffer): Promise<void> {
      // The passenger's addresses past their time go at the same moment.
      await db.query(
        `WITH stale AS (
           DELETE FROM passenger_known_addresses
            WHERE site_id = $1 AND passenger_id = $2 AND address_hash <> $3 AND last_success_at <= now() - $4 * interval '1 day')
         INSERT INTO passenger_known_addresses (site_id, passenger_id, address_hash) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, passenger_id, address_hash) DO UPDATE SET last_success_at = now()`,
        [siteId, passengerId, addressHash, KNOWN_ADDRESS_DAYS],
      );
    },

    /** Ends every live code of the passenger ('used' false: superseded by a new one; true: consumed by a reset). */
    async retireCodes(passengerId: number): Promise<void> {
      await db.query('UPDATE password_reset_codes SET superseded_at = now() WHERE site_id = $1 AND passenger_id = $2 AND used_at IS NULL AND superseded_at IS NULL', [siteId, passengerId]);
    },

    async insertCode(passengerId: number, salt: Buffer, hash: Buffer): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO password_reset_codes (site_id, passenger_id, code_salt, code_hash, expires_at)
         VALUES ($1, $2, $3, $4, now() + $5 * interval '1 minute') RETURNING id`,
        [siteId, passengerId, salt, hash, RESET_CODE_TTL_MINUTES],
      );
      return Number(rows[0].id);
    },

    /** The passenger's live code, locked for the rest of the transaction (concurrent guesses queue behind it). */
    async liveCodeForUpdate(passengerId: number): Promise<ResetCodeRecord | null> {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT id, code_salt, code_hash, failed_attempts, expires_at <= now() AS expired
           FROM password_reset_codes
          WHERE site_id = $1 AND passenger_id = $2 AND used_at IS NULL AND superseded_at IS NULL
          ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [siteId, passengerId],
      );
      if (!rows.length) return null;
      const row = rows[0];
      return { id: Number(row.id), salt: bytes(row.code_salt), hash: bytes(row.code_hash), failedAttempts: Number(row.failed_attempts), expired: Boolean(row.expired) };
    },

    async recordWrongCode(codeId: number): Promise<void> {
      await db.query('UPDATE password_reset_codes SET failed_attempts = failed_attempts + 1 WHERE site_id = $1 AND id = $2', [siteId, codeId]);
    },

    async markCodeVerified(codeId: number): Promise<void> {
      await db.query('UPDATE password_reset_codes SET verified_at = coalesce(verified_at, now()) WHERE site_id = $1 AND id = $2', [siteId, codeId]);
    },

    async markCodeUsed(codeId: number): Promise<void> {
      await db.query('UPDATE password_reset_codes SET used_at = now() WHERE site_id = $1 AND id = $2', [siteId, codeId]);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
