import type { RateLimiter } from '../../plugins/rateLimit.ts';
import { STAFF_MESSAGES, STAFF_PASSWORD_LINK_HOURS, STAFF_SET_PASSWORD_ROUTE, type StaffMember, type StaffRole } from '../../../contract/staff.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { mailIdentity, type MailIdentity, type MailPort } from '../../adapters/mail/index.ts';
import { DomainError } from '../errors.ts';
import { assertPasswordLinkUsable, newPasswordHash, newPasswordLink, passwordLinkHash } from '../accounts/passwordLinks.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { siteOrigin } from '../manage/links.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { setPasswordMail } from './mails.ts';
import { createSignInCodes } from './signInCodes.ts';
import { createStaffRepository, staffAuditView, staffView, type StaffRecord } from './repository.ts';

export interface StaffServiceDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  /** The deployment's address, for a site without hosts (as the manage links). */
  publicUrl: string;
  /** The app's rate limiter (the wrong sign-in codes' limit). */
  limiter: RateLimiter;
}

/** Managing a site's staff (owners): add, change, send a set-password link; and a member setting a password. */
export function createStaffService(deps: StaffServiceDeps) {
  const { db, mail } = deps;

  /** Makes a set-password token (in the caller's transaction) and queues its mail. */
  async function sendLink(tx: Queryable, site: Site, identity: MailIdentity, member: StaffRecord, first: boolean) {
    const { tokenHash, link } = newPasswordLink(siteOrigin(site, deps.publicUrl), STAFF_SET_PASSWORD_ROUTE);
    await createStaffRepository(tx).insertPasswordToken(site.id, member.id, tokenHash, STAFF_PASSWORD_LINK_HOURS);
    await mail.enqueue(tx, site.id, setPasswordMail(identity, member, link, first));
  }

  // Read before a transaction: on PGlite the site cache's own query would wait for the transaction's connection.
  const identityOf = async (site: Site) => mailIdentity((await deps.cache.catalog(site.id)).settings, site.name);

  return {
    /** The mailed sign-in code of a member the password check asks more proof of (signInCodes.ts). */
    signInCodes: createSignInCodes(deps),

    async list(siteId: number): Promise<StaffMember[]> {
      return (await createStaffRepository(db).list(siteId)).map(staffView);
    },

    async add(site: Site, actor: Actor, input: { email: string; name: string; role: StaffRole }): Promise<StaffMember> {
      const identity = await identityOf(site);
      const member = await db.transaction(async (tx) => {
        const created = await createStaffRepository(tx).insert(site.id, input);
        if (!created) throw new DomainError('conflict', STAFF_MESSAGES.emailTaken, { field: 'email' });
        await sendLink(tx, site, identity, created, true);
        await recordAudit(tx, actor, { siteId: site.id, action: 'staff.create', entityType: 'staff', entityId: created.id, before: null, after: staffAuditView(created) });
        return created;
      });
      mail.kick();
      return staffView(member);
    },

    /** A new set-password link for a member (a lost first mail, or a forgotten password); earlier links stop working. */
    async resendLink(site: Site, actor: Actor, id: number): Promise<StaffMember> {
      const identity = await identityOf(site);
      const member = await db.transaction(async (tx) => {
        const found = await createStaffRepository(tx).byId(site.id, id, true);
        if (!found) throw new DomainError('not_found', STAFF_MESSAGES.notFound);
        await sendLink(tx, site, identity, found, found.passwordHash === null);
        await recordAudit(tx, actor, { siteId: site.id, action: 'staff.send_password_link', entityType: 'staff', entityId: id, before: null, after: null });
        return found;
      });
      mail.kick();
      return staffView(member);
    },

    /**
     * Role, name and active flag. Some active owner who can sign in (password set) always remains: an invited owner who
     * never set a password does not count; a deactivated member's sessions end at once.
     */
    async change(siteId: number, actor: Actor, id: number, patch: { role?: StaffRole; active?: boolean; name?: string }): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const repository = createStaffRepository(tx);
        const owners = await repository.signInOwnerIdsForUpdate(siteId);
        const before = await repository.byId(siteId, id, true);
        if (!before) throw new DomainError('not_found', STAFF_MESSAGES.notFound);
        const next = { role: patch.role ?? before.role, active: patch.active ?? before.active, name: patch.name ?? before.name };
        const stopsBeingOwner = before.role === 'owner' && before.active && (next.role !== 'owner' || !next.active);
        if (stopsBeingOwner && !owners.some((owner) => owner !== id)) throw new DomainError('conflict', STAFF_MESSAGES.lastOwner);
        const after = await repository.update(siteId, id, next);
        if (!after.active && before.active) await repository.revokeAllSessions(siteId, id);
        await recordAudit(tx, actor, { siteId, action: 'staff.update', entityType: 'staff', entityId: id, before: staffAuditView(before), after: staffAuditView(after) });
        return staffView(after);
      });
    },

    /** A mailed link's use: single, within 24 hours, an active member, a password the policy allows. Ends the member's sessions. */
    async setPassword(token: string, password: string): Promise<void> {
      const passwordHash = await newPasswordHash(password);
      await db.transaction(async (tx) => {
        const repository = createStaffRepository(tx);
        const found = await repository.passwordTokenForUpdate(passwordLinkHash(token));
        assertPasswordLinkUsable(found, STAFF_MESSAGES);
        const member = await repository.byId(found.siteId, found.staffId, true);
        if (!member?.active) throw new DomainError('invalid', STAFF_MESSAGES.linkInvalid);
        await repository.setPassword(found.siteId, member.id, passwordHash);
        await repository.markPasswordTokenUsed(found.siteId, found.id);
        await repository.revokeAllSessions(found.siteId, member.id);
        const self: Actor = { kind: 'staff', staffId: member.id, sessionId: null, role: member.role, name: member.name, email: member.email };
        await recordAudit(tx, self, {
          siteId: found.siteId,
          action: 'staff.set_password',
          entityType: 'staff',
          entityId: member.id,
          before: { password_set: member.passwordHash !== null },
          after: { password_set: true },
        });
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
