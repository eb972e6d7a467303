import {
  COMPANY_ACCOUNT_MESSAGES,
  COMPANY_INVITATION_ROUTE,
  companyAccountInputSchema,
  type CompanyAccount,
  type CompanyAccountInput,
  type CompanyAccountPatch,
  type CompanyBookingItem,
  type CompanyBookingsQuery,
  type CompanyRole,
  type MyCompanyAccount,
} from '../../../contract/companyAccounts.ts';
import type { CorporatePassenger } from '../../../contract/accounts.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { mailIdentity, type MailPort } from '../../adapters/mail/index.ts';
import type { Caller, CredentialGuard } from '../accounts/credentials.ts';
import { assertPasswordLinkUsable, newPasswordHash, newPasswordLink, passwordLinkHash } from '../accounts/passwordLinks.ts';
import { createAccountsRepository, toCorporatePassenger } from '../accounts/repository.ts';
import { hashSessionToken, newSessionToken } from '../accounts/secrets.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { corporateBookingItems } from '../bookings/repository.ts';
import { DomainError } from '../errors.ts';
import { siteOrigin } from '../manage/links.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import { invitationMail } from './mails.ts';
import { createCompanyAccountsRepository, type Membership } from './repository.ts';

export const INVITATION_DAYS = 7;

const money = (pence: number) => Math.round(pence) / 100;

/**
 * Company accounts (issue 34): the owner's console (create, change, invite the first admin), an account admin's
 * members (invite, remove), the invitation (set a password, or join with the existing account of the e-mail), the
 * corporate area's bookings, and the booking on account's check under the account's row lock.
 */
export function createCompanyAccountsService(deps: { db: Db; cache: SiteCache; mail: MailPort; publicUrl: string; credentials?: CredentialGuard }) {
  const { db } = deps;
  const repo = (queryable: Queryable = db) => createCompanyAccountsRepository(queryable);
  const identityOf = async (site: Site) => mailIdentity((await deps.cache.catalog(site.id)).settings, site.name);

  async function found(siteId: number, id: number, queryable: Queryable = db): Promise<CompanyAccount> {
    const account = await repo(queryable).byId(siteId, id);
    if (!account) throw new DomainError('not_found', COMPANY_ACCOUNT_MESSAGES.notFound);
    return account;
  }

  /** Records an invitation and queues its mail, in the caller's transaction. */
  async function invite(tx: Queryable, site: Site, accountId: number, accountName: string, email: string, role: CompanyRole, invitedBy: string) {
    if (await repo(tx).isMemberByEmail(site.id, email)) throw new DomainError('conflict', COMPANY_ACCOUNT_MESSAGES.alreadyMember, { field: 'email' });
    const { tokenHash, link } = newPasswordLink(siteOrigin(site, deps.publicUrl), COMPANY_INVITATION_ROUTE);
    await repo(tx).insertInvitation(site.id, { accountId, email, role, tokenHash, invitedBy, days: INVITATION_DAYS });
    await deps.mail.enqueue(tx, site.id, invitationMail(await identityOf(site), { email, role, accountName, link, days: INVITATION_DAYS }));
  }

  /** The member's own account with the rights of their role, or a 403. */
  async function adminOf(siteId: number, passengerId: number, queryable: Queryable = db, lock = false): Promise<Membership> {
    const membership = await repo(queryable).membership(siteId, passengerId, lock);
    if (!membership) throw new DomainError('forbidden', COMPANY_ACCOUNT_MESSAGES.notMember);
    if (membership.role !== 'admin') throw new DomainError('forbidden', COMPANY_ACCOUNT_MESSAGES.notAdmin);
    return membership;
  }

  return {
    // ─── The owner's console ───────────────────────────────────────────────────────────────────────
    list: (siteId: number) => repo().list(siteId),

    async create(actor: Actor, siteId: number, input: CompanyAccountInput): Promise<CompanyAccount> {
      const values = companyAccountInputSchema.parse(input);
      return db.transaction(async (tx) => {
        const id = await repo(tx).insert(siteId, values);
        if (id === null) throw new DomainError('conflict', COMPANY_ACCOUNT_MESSAGES.nameTaken, { field: 'name' });
        const account = await found(siteId, id, tx);
        await recordAudit(tx, actor, { siteId, action: 'company_account.create', entityType: 'company_account', entityId: id, before: null, after: account });
        return account;
      });
    },

    async update(actor: Actor, siteId: number, id: number, patch: CompanyAccountPatch): Promise<CompanyAccount> {
      return db.transaction(async (tx) => {
        const before = await found(siteId, id, tx);
        try {
          await repo(tx).update(siteId, id, patch);
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw new DomainError('conflict', COMPANY_ACCOUNT_MESSAGES.nameTaken, { field: 'name' });
          throw error;
        }
        const after = await found(siteId, id, tx);
        await recordAudit(tx, actor, { siteId, action: 'company_account.update', entityType: 'company_account', entityId: id, before, after });
        return after;
      });
    },

    async members(siteId: number, id: number) {
      await found(siteId, id);
      return { members: await repo().members(siteId, id), invitations: await repo().pendingInvitations(siteId, id) };
    },

    /** The owner invites a member (the first admin) of an account. */
    async inviteFromConsole(site: Site, actor: Actor, id: number, email: string, role: CompanyRole): Promise<string> {
      const account = await found(site.id, id);
      await identityOf(site);
      await db.transaction(async (tx) => {
        await invite(tx, site, id, account.name, email, role, actor.kind === 'staff' ? actor.email : 'owner');
        await recordAudit(tx, actor, { siteId: site.id, action: 'company_account.invite', entityType: 'company_account', entityId: id, before: null, after: { email, role } });
      });
      deps.mail.kick();
      return COMPANY_ACCOUNT_MESSAGES.invited(email);
    },

    // ─── The corporate area ────────────────────────────────────────────────────────────────────────
    async mine(siteId: number, passengerId: number): Promise<MyCompanyAccount | null> {
      const membership = await repo().membership(siteId, passengerId);
      if (!membership) return null;
      return {
        id: membership.accountId,
        name: membership.accountName,
        role: membership.role,
        on_account: membership.active,
        po_required: membership.poRequired,
        cost_centre_required: membership.costCentreRequired,
        members: membership.role === 'admin' ? await repo().members(siteId, membership.accountId) : [],
      };
    },

    async inviteMember(site: Site, passenger: { id: number; email: string }, email: string, role: CompanyRole): Promise<string> {
      const membership = await adminOf(site.id, passenger.id);
      await identityOf(site);
      await db.transaction((tx) => invite(tx, site, membership.accountId, membership.accountName, email, role, passenger.email));
      deps.mail.kick();
      return COMPANY_ACCOUNT_MESSAGES.invited(email);
    },

    /**
     * An admin removes another member, never themselves and never the account's last admin: under the account row's
     * lock, so two admins removing each other at once cannot leave the account with none (the second finds itself
     * no longer a member).
     */
    async removeMember(siteId: number, passengerId: number, memberId: number): Promise<string> {
      return db.transaction(async (tx) => {
        // The lock first, then the membership read again: under READ COMMITTED the locking read's joined membership
        // row is the one seen before waiting for the lock (a concurrent removal of this admin would go unseen).
        await adminOf(siteId, passengerId, tx, true);
        const membership = await adminOf(siteId, passengerId, tx);
        if (memberId === passengerId) throw new DomainError('conflict', COMPANY_ACCOUNT_MESSAGES.cannotRemoveSelf);
        if (!(await repo(tx).removeMember(siteId, membership.accountId, memberId))) throw new DomainError('not_found', COMPANY_ACCOUNT_MESSAGES.memberNotFound);
        if ((await repo(tx).adminCount(siteId, membership.accountId)) === 0) throw new DomainError('conflict', COMPANY_ACCOUNT_MESSAGES.lastAdmin);
        return COMPANY_ACCOUNT_MESSAGES.removed;
      });
    },

    async bookings(siteId: number, passenger: { id: number; email: string }, filter: CompanyBookingsQuery): Promise<CompanyBookingItem[]> {
      const membership = await repo().membership(siteId, passenger.id);
      const admin = membership?.role === 'admin';
      const rows = await repo().bookings(siteId, { passengerId: passenger.id, email: passenger.email, accountId: membership?.accountId ?? null, admin }, filter);
      const items = await corporateBookingItems(db, siteId, rows);
      return items.map((item, index) => {
        const row = rows[index];
        return {
          ...item,
          booker: { passenger_id: row.passenger_id === null ? null : Number(row.passenger_id), name: String(row.booker_name ?? '') },
          po_number: String(row.po_number ?? ''),
          cost_centre: String(row.cost_centre ?? ''),
          refunded_amount: money(Number(row.refunded_pence ?? 0)),
        };
      });
    },

    /** The manage calls' grant for an account admin: any booking on their account. */
    adminBookingId: (siteId: number, passengerId: number, bookingNumber: string) => repo().adminBookingId(siteId, passengerId, bookingNumber),

    // ─── The invitation ────────────────────────────────────────────────────────────────────────────
    async previewInvitation(siteId: number, token: string) {
      const invitation = await repo().invitation(siteId, passwordLinkHash(token));
      assertPasswordLinkUsable(invitation, { linkInvalid: COMPANY_ACCOUNT_MESSAGES.invitationInvalid, linkUsed: COMPANY_ACCOUNT_MESSAGES.invitationUsed, linkExpired: COMPANY_ACCOUNT_MESSAGES.invitationExpired });
      const existing = await repo().passengerByEmail(siteId, invitation.email);
      return { email: invitation.email, account_name: invitation.accountName, role: invitation.role, existing_account: existing?.passwordHash != null };
    },

    /**
     * Accepts an invitation: with the existing account of the e-mail (its password, checked by the credential guard),
     * or a new corporate passenger with the password chosen (the policy's). Signs the member in (a new session).
     */
    async acceptInvitation(siteId: number, caller: Caller, token: string, password: string): Promise<{ token: string; expiresAt: Date; passenger: CorporatePassenger }> {
      const messages = { linkInvalid: COMPANY_ACCOUNT_MESSAGES.invitationInvalid, linkUsed: COMPANY_ACCOUNT_MESSAGES.invitationUsed, linkExpired: COMPANY_ACCOUNT_MESSAGES.invitationExpired };
      const peek = await repo().invitation(siteId, passwordLinkHash(token));
      assertPasswordLinkUsable(peek, messages);
      const existing = await repo().passengerByEmail(siteId, peek.email);
      let passwordHash: string | null = null;
      if (existing?.passwordHash) {
        if (!deps.credentials) throw new Error('company accounts: no credential guard');
        const verified = await deps.credentials.verify(siteId, caller, peek.email, password);
        if (!verified) throw new DomainError('forbidden', COMPANY_ACCOUNT_MESSAGES.wrongPassword, { field: 'password' });
      } else passwordHash = await newPasswordHash(password);
      const passengerId = await db.transaction(async (tx) => {
        const invitation = await repo(tx).invitation(siteId, passwordLinkHash(token), true);
        assertPasswordLinkUsable(invitation, messages);
        const account = await repo(tx).passengerByEmail(siteId, invitation.email);
        const id = account ? account.id : await repo(tx).insertPassenger(siteId, { name: invitation.email.split('@')[0], email: invitation.email, passwordHash: passwordHash! });
        if (account) await repo(tx).markCorporate(siteId, id, account.passwordHash ? null : passwordHash);
        if (!(await repo(tx).addMember(siteId, invitation.accountId, id, invitation.role))) throw new DomainError('conflict', COMPANY_ACCOUNT_MESSAGES.alreadyMember);
        await repo(tx).useInvitation(siteId, invitation.id);
        return { id, email: invitation.email };
      });
      const accounts = createAccountsRepository(db, siteId);
      const sessionToken = newSessionToken();
      const expiresAt = await accounts.createSession(passengerId.id, hashSessionToken(sessionToken));
      const passenger = await accounts.passengerByEmail(passengerId.email);
      return { token: sessionToken, expiresAt, passenger: toCorporatePassenger(passenger!) };
    },
  };
}

export type CompanyAccountsService = ReturnType<typeof createCompanyAccountsService>;
