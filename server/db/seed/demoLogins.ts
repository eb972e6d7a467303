import { randomBytes } from 'node:crypto';
import type { Db } from '../../adapters/db/index.ts';
import { reachableByOthers, type Config } from '../../config.ts';
import { hashPassword, verifyPassword } from '../../domain/accounts/passwords.ts';
import { DEMO_CORPORATE, DEMO_DRIVER, DEMO_STAFF, PUBLISHED_DEMO_PASSWORDS, type DemoPasswords } from './demo.ts';

/**
 * The demo's logins (issue 30): their passwords are published in the README, so they work only on a deployment that
 * nobody else can reach (HOST and PUBLIC_URL both loopback: `reachableByOthers` in server/config.ts). Elsewhere a
 * fresh demo seed gets random passwords, and a database seeded earlier has any published password still in place
 * replaced by a random one (and that login's sessions ended) at start; the new passwords are printed once in the start
 * banner and never stored but as argon2 hashes.
 */

export type DemoLoginName = keyof DemoPasswords;

export interface DemoLogin {
  name: DemoLoginName;
  email: string;
  password: string;
}

export interface DemoLoginsAtStart {
  /** Other machines may reach this deployment: the published passwords do not work here. */
  reachable: boolean;
  /** Passwords made at this start (the demo seeded now, or published ones replaced), to print once; empty when none. */
  generated: DemoLogin[];
}

const EMAILS: Record<DemoLoginName, string> = { corporate: DEMO_CORPORATE.email, owner: DEMO_STAFF.owner.email, dispatcher: DEMO_STAFF.dispatcher.email, driver: DEMO_DRIVER.email };

/** 128 random bits as 22 base64url characters (well within the password policy's 8–128). */
const randomPassword = () => randomBytes(16).toString('base64url');

/** The demo seed's passwords for this deployment: the published ones on loopback, random ones otherwise. */
export function demoPasswordsFor(config: Pick<Config, 'host' | 'publicUrl'>): DemoPasswords {
  if (!reachableByOthers(config)) return PUBLISHED_DEMO_PASSWORDS;
  return { corporate: randomPassword(), owner: randomPassword(), dispatcher: randomPassword(), driver: randomPassword() };
}

export const demoLoginsOf = (passwords: DemoPasswords): DemoLogin[] =>
  (Object.keys(EMAILS) as DemoLoginName[]).map((name) => ({ name, email: EMAILS[name], password: passwords[name] }));

// How each demo login of the default site is read, given a new password, and signed out.
const STAFF_ACCOUNT = {
  select: 'SELECT m.site_id, m.id, m.password_hash FROM staff m JOIN sites s ON s.id = m.site_id AND s.is_default WHERE lower(m.email) = lower($1)',
  update: 'UPDATE staff SET password_hash = $3, updated_at = now() WHERE site_id = $1 AND id = $2',
  endSessions: 'UPDATE staff_sessions SET revoked_at = now() WHERE site_id = $1 AND staff_id = $2 AND revoked_at IS NULL',
};
const ACCOUNTS: Record<DemoLoginName, typeof STAFF_ACCOUNT> = {
  corporate: {
    select: 'SELECT p.site_id, p.id, p.password_hash FROM passengers p JOIN sites s ON s.id = p.site_id AND s.is_default WHERE lower(p.email) = lower($1)',
    update: 'UPDATE passengers SET password_hash = $3 WHERE site_id = $1 AND id = $2',
    endSessions: 'UPDATE passenger_sessions SET revoked_at = now() WHERE site_id = $1 AND passenger_id = $2 AND revoked_at IS NULL',
  },
  owner: STAFF_ACCOUNT,
  dispatcher: STAFF_ACCOUNT,
  driver: {
    select: 'SELECT a.site_id, a.driver_id AS id, a.password_hash FROM driver_accounts a JOIN sites s ON s.id = a.site_id AND s.is_default WHERE lower(a.email) = lower($1)',
    update: 'UPDATE driver_accounts SET password_hash = $3, updated_at = now() WHERE site_id = $1 AND driver_id = $2',
    endSessions: 'UPDATE driver_sessions SET revoked_at = now() WHERE site_id = $1 AND driver_id = $2 AND revoked_at IS NULL',
  },
};

/**
 * On a deployment others can reach: every demo login whose password is still the published one gets a random one
 * (its sessions end). Returns the new passwords; logins with a password of their own are left alone.
 */
export async function retirePublishedDemoPasswords(db: Db): Promise<DemoLogin[]> {
  const replaced: DemoLogin[] = [];
  for (const name of Object.keys(ACCOUNTS) as DemoLoginName[]) {
    const account = ACCOUNTS[name];
    const { rows } = await db.query<{ site_id: number; id: string; password_hash: string | null }>(account.select, [EMAILS[name]]);
    const row = rows[0];
    if (!row || !(await verifyPassword(row.password_hash, PUBLISHED_DEMO_PASSWORDS[name]))) continue;
    const password = randomPassword();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.query(account.update, [row.site_id, row.id, passwordHash]);
      await tx.query(account.endSessions, [row.site_id, row.id]);
    });
    replaced.push({ name, email: EMAILS[name], password });
  }
  return replaced;
}
