import type { RateLimiter } from '../../plugins/rateLimit.ts';
import { createHash } from 'node:crypto';
import { DRIVER_MESSAGES, DRIVER_PASSWORD_LINK_HOURS, DRIVER_SET_PASSWORD_ROUTE } from '../../../contract/driver.ts';
import type { Db } from '../../adapters/db/index.ts';
import { mailIdentity, type MailPort } from '../../adapters/mail/index.ts';
import { createPasswordCheck, type Caller, type GuardLog } from '../accounts/credentials.ts';
import { assertPasswordLinkUsable, newPasswordHash, newPasswordLink, passwordLinkHash } from '../accounts/passwordLinks.ts';
import { hashSessionToken, newSessionToken } from '../accounts/secrets.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { isUniqueViolation } from '../bookings/paymentsRepository.ts';
import { DomainError } from '../errors.ts';
import { createFleetRepository } from '../fleet/repository.ts';
import { siteOrigin } from '../manage/links.ts';
import { londonParts } from '../pricing/londonTime.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { driverInvitationMail } from './mails.ts';
import { createDriversRepository, type DriverAccountRecord } from './repository.ts';
import { DRIVER_SESSION_ABSOLUTE_HOURS } from './sessions.ts';

/** Drivers' accounts counted apart from passengers' and staff's in the wrong-password limits. */
export const driverAccountSubject = (email: string) => `driver:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;

export interface DriverAccountsDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  /** The deployment's address, for a site without hosts. */
  publicUrl: string;
  log?: GuardLog;
  /** The app's rate limiter (the password check's limits). */
  limiter: RateLimiter;
}

/**
 * Driver accounts (issue 32): the owner or a dispatcher invites a driver of the register (a set-password link by mail,
 * the staff's link code); the driver sets a password and signs in with the passengers' and staff's password check.
 */
export function createDriverAccounts(deps: DriverAccountsDeps) {
  const { db, mail } = deps;
  const verify = createPasswordCheck<DriverAccountRecord>(
    deps.limiter,
    {
      subject: driverAccountSubject,
      // A driver deactivated in the register, or without a password yet, is checked like an unknown e-mail.
      byEmail: async (siteId, email) => {
        const account = await createDriversRepository(db).accountByEmail(siteId, email);
        return account?.active ? account : null;
      },
      isKnownAddress: (siteId, id, addressHash) => createDriversRepository(db).isKnownAddress(siteId, id, addressHash),
      rememberAddress: (siteId, id, addressHash) => createDriversRepository(db).rememberAddress(siteId, id, addressHash),
    },
    deps.log,
  );

  return {
    /** Invites the register's driver `driverId` at `email` (or sends a new link): earlier links stop working. */
    async invite(site: Site, actor: Actor, driverId: number, email: string): Promise<{ account: DriverAccountRecord; first: boolean }> {
      const identity = mailIdentity((await deps.cache.catalog(site.id)).settings, site.name);
      const outcome = await db.transaction(async (tx) => {
        const driver = await createFleetRepository(tx).driver(site.id, driverId, londonParts(new Date()).date, true);
        if (!driver) throw new DomainError('not_found', DRIVER_MESSAGES.driverNotFound);
        if (!driver.active) throw new DomainError('unprocessable', DRIVER_MESSAGES.driverInactive);
        const drivers = createDriversRepository(tx);
        const before = await drivers.accountOf(site.id, driverId);
        let account: DriverAccountRecord;
        try {
          account = await drivers.saveAccount(site.id, driverId, email);
        } catch (error) {
          if (isUniqueViolation(error)) throw new DomainError('conflict', DRIVER_MESSAGES.emailTaken, { field: 'email' });
          throw error;
        }
        const { tokenHash, link } = newPasswordLink(siteOrigin(site, deps.publicUrl), DRIVER_SET_PASSWORD_ROUTE);
        await drivers.insertPasswordToken(site.id, driverId, tokenHash, DRIVER_PASSWORD_LINK_HOURS);
        const first = account.passwordHash === null;
        await mail.enqueue(tx, site.id, driverInvitationMail(identity, account, link, first));
        await recordAudit(tx, actor, { siteId: site.id, action: 'driver.invite', entityType: 'driver', entityId: driverId, before: before ? { email: before.email } : null, after: { email: account.email } });
        return { account, first };
      });
      mail.kick();
      return outcome;
    },

    /** A mailed link's use: single, within 24 hours, an active driver, a password the policy allows. Ends the driver's sessions. */
    async setPassword(token: string, password: string): Promise<void> {
      const passwordHash = await newPasswordHash(password);
      await db.transaction(async (tx) => {
        const drivers = createDriversRepository(tx);
        const found = await drivers.passwordTokenForUpdate(passwordLinkHash(token));
        assertPasswordLinkUsable(found, DRIVER_MESSAGES);
        const account = await drivers.accountOf(found.siteId, found.driverId);
        if (!account?.active) throw new DomainError('invalid', DRIVER_MESSAGES.linkInvalid);
        await drivers.setPassword(found.siteId, account.id, passwordHash);
        await drivers.markPasswordTokenUsed(found.siteId, found.id);
        await drivers.revokeAllSessions(found.siteId, account.id);
        const self: Actor = { kind: 'driver', role: 'driver', driverId: account.id, sessionId: null, name: account.name };
        await recordAudit(tx, self, { siteId: found.siteId, action: 'driver.set_password', entityType: 'driver', entityId: account.id, before: { password_set: account.passwordHash !== null }, after: { password_set: true } });
      });
    },

    /** Sign-in: the account and a new session's token, or null for a wrong e-mail or password (rate limits throw). */
    async signIn(siteId: number, caller: Caller, email: string, password: string): Promise<{ account: DriverAccountRecord; token: string; expiresAt: Date } | null> {
      // The passengers' answer at the account-wide limit ('refuse'): a verdict is right or wrong, never proof-needed.
      const verdict = await verify(siteId, caller, email, password);
      if (verdict.kind !== 'right') return null;
      const { account } = verdict;
      const token = newSessionToken();
      const expiresAt = await createDriversRepository(db).createSession(siteId, account.id, hashSessionToken(token), DRIVER_SESSION_ABSOLUTE_HOURS);
      return { account, token, expiresAt };
    },
  };
}

export type DriverAccounts = ReturnType<typeof createDriverAccounts>;
