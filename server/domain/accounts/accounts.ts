import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES, PASSWORD_MESSAGES, type CorporatePassenger } from '../../../contract/accounts.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import type { MailIdentity, MailPort } from '../../adapters/mail/index.ts';
import { DomainError } from '../errors.ts';
import type { Caller, CredentialGuard } from './credentials.ts';
import { emailChangedMail, emailChangedNewAddressMail, passwordChangedMail, resetCodeMail } from './notices.ts';
import { assertPasswordAllowed } from './passwordPolicy.ts';
import { hashPassword } from './passwords.ts';
import { createAccountsRepository, toCorporatePassenger, type PassengerRecord } from './repository.ts';
import {
  bearerToken,
  hashResetCode,
  hashSessionToken,
  newCodeSalt,
  newResetCode,
  newSessionToken,
  RESET_CODE_MAX_FAILURES,
  RESET_CODE_RESEND_SECONDS,
  resetCodeMatches,
} from './secrets.ts';

export interface AccountsContext {
  db: Db;
  mail: MailPort;
  siteId: number;
  identity: MailIdentity;
  /** The request's client, for the limits of the password checks. */
  caller: Caller;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

export interface AuthenticatedPassenger {
  passenger: PassengerRecord;
  sessionId: number;
  expiresAt: Date;
}

/**
 * The passenger of the request's bearer token, or a 401: for every passenger-data route (update-passenger now,
 * `GET /get_booking/{passenger_id}` next). The caller then compares the id in the URL or body with
 * `passenger.id` and answers 403 when they differ (CLARIFICATIONS 6). Scoped by the request's site: a token of
 * another site is unknown here.
 */
export async function authenticatePassenger(request: FastifyRequest, db: Queryable): Promise<AuthenticatedPassenger> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new DomainError('unauthenticated', ACCOUNT_MESSAGES.signInAgain);
  const session = await createAccountsRepository(db, request.site.id).sessionByTokenHash(hashSessionToken(token));
  if (!session) throw new DomainError('unauthenticated', ACCOUNT_MESSAGES.signInAgain);
  return session;
}

/** 403 unless the id the browser sent is the token's own passenger (CLARIFICATIONS 6). */
export function assertOwnPassenger(auth: AuthenticatedPassenger, passengerId: number): void {
  if (auth.passenger.id !== passengerId) throw new DomainError('forbidden', ACCOUNT_MESSAGES.notYourAccount);
}

/** Signs in: a new session of 12 hours; the token leaves the server only in this answer. */
export async function signIn(context: AccountsContext, credentials: CredentialGuard, email: string, password: string) {
  const passenger = await credentials.verify(context.siteId, context.caller, email, password);
  if (!passenger) throw new DomainError('unauthenticated', ACCOUNT_MESSAGES.invalidCredentials);
  const token = newSessionToken();
  const expiresAt = await createAccountsRepository(context.db, context.siteId).createSession(passenger.id, hashSessionToken(token));
  context.log.info({ site_id: context.siteId, passenger_id: passenger.id }, 'passenger signed in');
  return { token, expiresAt, passenger: toCorporatePassenger(passenger) };
}

/** Revokes the token's session (a token already revoked or unknown is fine: the browser forgets it anyway). */
export async function signOut(db: Queryable, siteId: number, token: string): Promise<void> {
  await createAccountsRepository(db, siteId).revokeSessionByTokenHash(hashSessionToken(token));
}

/** Whether a profile change moves the account to another e-mail (a change of case only does not). */
const changesEmail = (before: PassengerRecord, email: string) => email.toLowerCase() !== before.email.toLowerCase();

/**
 * Updates the token's own passenger; 409 when another account of the site has the e-mail. A new e-mail needs the
 * current password (400 without it, 403 when wrong, limited like every password check); both addresses are told and
 * every other session of the account ends, in the transaction of the change.
 */
export async function updateOwnProfile(
  context: AccountsContext,
  credentials: CredentialGuard,
  auth: AuthenticatedPassenger,
  profile: { name: string; email: string; phone: string; currentPassword?: string },
): Promise<CorporatePassenger> {
  const before = auth.passenger;
  const movesEmail = changesEmail(before, profile.email);
  if (movesEmail) {
    if (!profile.currentPassword) throw new DomainError('invalid_input', PASSWORD_MESSAGES.currentRequired);
    const checked = await credentials.verify(context.siteId, context.caller, before.email, profile.currentPassword);
    if (checked?.id !== before.id) throw new DomainError('forbidden', PASSWORD_MESSAGES.currentWrong);
  }
  const updated = await context.db
    .transaction(async (tx) => {
      const repository = createAccountsRepository(tx, context.siteId);
      if (await repository.emailTakenByAnother(profile.email, before.id)) throw new DomainError('conflict', ACCOUNT_MESSAGES.emailTaken);
      const after = await repository.updateProfile(before.id, { name: profile.name, email: profile.email, phone: profile.phone });
      if (!after) throw new DomainError('unauthenticated', ACCOUNT_MESSAGES.signInAgain);
      if (!movesEmail) return { after, revoked: null };
      await context.mail.enqueue(tx, context.siteId, emailChangedMail(context.identity, before, after));
      await context.mail.enqueue(tx, context.siteId, emailChangedNewAddressMail(context.identity, before, after));
      return { after, revoked: await repository.revokeOtherSessions(before.id, auth.sessionId) };
    })
    .catch((error: unknown) => {
      // Two updates racing to the same address: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw new DomainError('conflict', ACCOUNT_MESSAGES.emailTaken);
      throw error;
    });
  if (updated.revoked !== null) {
    context.mail.kick();
    context.log.info({ site_id: context.siteId, passenger_id: before.id, sessions_revoked: updated.revoked }, 'account e-mail changed');
  }
  return toCorporatePassenger(updated.after);
}

/**
 * Forgot password, step 1: a new 6-digit code (superseding any earlier one) and its e-mail, in one transaction.
 * Unknown e-mail: 404 'Email not found' as the spec's text requires (CLARIFICATIONS 4: rate-limited and logged).
 * Anyone may ask for anyone's code, and the code goes to the owner's mailbox: so an account gets a new code at most
 * every 5 minutes (no mail bombing), and a request sooner is answered alike, the live code (the one in the owner's
 * latest mail) standing. Nobody is refused for the account's sake, so no one else's requests lock the owner out.
 */
export async function requestResetCode(context: AccountsContext, email: string, subject: string): Promise<void> {
  const passenger = await createAccountsRepository(context.db, context.siteId).passengerByEmail(email);
  if (!passenger) {
    context.log.warn({ site_id: context.siteId, account: subject }, 'forgot-password for an e-mail without an account');
    throw new DomainError('not_found', ACCOUNT_MESSAGES.emailNotFound);
  }
  const code = newResetCode();
  const salt = newCodeSalt();
  const sent = await context.db.transaction(async (tx) => {
    const repository = createAccountsRepository(tx, context.siteId);
    await repository.lockPassenger(passenger.id);
    if (await repository.hasUsableCodeYoungerThan(passenger.id, RESET_CODE_RESEND_SECONDS)) return false;
    await repository.retireCodes(passenger.id);
    await repository.insertCode(passenger.id, salt, hashResetCode(salt, code));
    await context.mail.enqueue(tx, context.siteId, resetCodeMail(context.identity, passenger, code));
    return true;
  });
  if (!sent) {
    context.log.info({ site_id: context.siteId, passenger_id: passenger.id }, 'password reset code not sent again: the live one is recent');
    return;
  }
  context.mail.kick();
  context.log.info({ site_id: context.siteId, passenger_id: passenger.id }, 'password reset code sent');
}

type CodeOutcome = 'ok' | 'invalid' | 'expired' | 'locked';

/**
 * Checks a code against the passenger's live one, inside the caller's transaction with the code row locked.
 * Order: none → invalid; 5 wrong tries already → locked (even if this one is right); expired → expired;
 * wrong → one more wrong try recorded. The outcome is returned, not thrown, so the wrong try is committed.
 */
async function checkCode(tx: Queryable, siteId: number, passengerId: number | null, code: string): Promise<{ outcome: CodeOutcome; codeId?: number }> {
  if (passengerId === null) return { outcome: 'invalid' };
  const repository = createAccountsRepository(tx, siteId);
  const live = await repository.liveCodeForUpdate(passengerId);
  if (!live) return { outcome: 'invalid' };
  if (live.failedAttempts >= RESET_CODE_MAX_FAILURES) return { outcome: 'locked' };
  if (live.expired) return { outcome: 'expired' };
  if (!resetCodeMatches(live.salt, live.hash, code)) {
    await repository.recordWrongCode(live.id);
    return { outcome: 'invalid' };
  }
  return { outcome: 'ok', codeId: live.id };
}

function refuseCode(outcome: Exclude<CodeOutcome, 'ok'>): never {
  const message = { invalid: ACCOUNT_MESSAGES.codeInvalid, expired: ACCOUNT_MESSAGES.codeExpired, locked: ACCOUNT_MESSAGES.codeLocked }[outcome];
  throw new DomainError('invalid_input', message);
}

/** Forgot password, step 2: is this the live code? (It stays usable for step 3.) */
export async function verifyResetCode(context: AccountsContext, email: string, code: string): Promise<void> {
  const passenger = await createAccountsRepository(context.db, context.siteId).passengerByEmail(email);
  const result = await context.db.transaction(async (tx) => {
    const checked = await checkCode(tx, context.siteId, passenger?.id ?? null, code);
    if (checked.outcome === 'ok') await createAccountsRepository(tx, context.siteId).markCodeVerified(checked.codeId!);
    return checked;
  });
  if (result.outcome !== 'ok') refuseCode(result.outcome);
}

/**
 * Forgot password, step 3: with the live code, sets the new password, uses the code up, retires any other, signs
 * every session out and tells the owner by e-mail: one transaction.
 */
export async function resetPasswordWithCode(context: AccountsContext, email: string, code: string, newPassword: string): Promise<void> {
  // Before the code is looked at: a refused password costs no try of the code.
  await assertPasswordAllowed(newPassword, 'new_password');
  const passenger = await createAccountsRepository(context.db, context.siteId).passengerByEmail(email);
  // Hashed before the transaction so the row lock is held for milliseconds, not for argon2's work.
  const passwordHash = passenger ? await hashPassword(newPassword) : null;
  const result = await context.db.transaction(async (tx) => {
    const checked = await checkCode(tx, context.siteId, passenger?.id ?? null, code);
    if (checked.outcome !== 'ok' || !passenger || !passwordHash) return { ...checked, revoked: 0 };
    const repository = createAccountsRepository(tx, context.siteId);
    await repository.setPassword(passenger.id, passwordHash);
    await repository.markCodeUsed(checked.codeId!);
    await repository.retireCodes(passenger.id);
    const revoked = await repository.revokeAllSessions(passenger.id);
    await context.mail.enqueue(tx, context.siteId, passwordChangedMail(context.identity, passenger));
    return { ...checked, revoked };
  });
  if (result.outcome !== 'ok') refuseCode(result.outcome);
  context.mail.kick();
  context.log.info({ site_id: context.siteId, passenger_id: passenger!.id, sessions_revoked: result.revoked }, 'password reset with a code');
}
