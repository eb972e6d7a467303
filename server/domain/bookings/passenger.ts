import { BOOKING_MESSAGES, type BookingCreate, type PassengerMode } from '../../../contract/bookings.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { HttpError } from '../../http.ts';
import type { Caller, CredentialGuard } from '../accounts/credentials.ts';
import { hashPassword, verifyPasswordEvenIfMissing } from '../accounts/passwords.ts';
import { createAccountsRepository } from '../accounts/repository.ts';

export interface PreparedPassenger {
  mode: PassengerMode;
  /** The existing account (existing_client), or null. */
  passengerId: number | null;
  /** new_client: the account to create with the booking (the password only as its argon2id hash). */
  newAccount: { name: string; email: string; phone: string; passwordHash: string } | null;
  name: string;
  email: string;
  phone: string;
  additionalInfo: string;
  returnAdditionalInfo: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function contactOf(input: BookingCreate): Omit<PreparedPassenger, 'mode' | 'passengerId' | 'newAccount'> {
  const registration = input.registrationData;
  const travellerIsOther = registration.passengerDetails === 'yes' && registration.passengerName !== '';
  return {
    name: travellerIsOther ? registration.passengerName : `${registration.firstName} ${registration.surname}`.trim(),
    email: travellerIsOther && registration.passengerEmail ? registration.passengerEmail : registration.email,
    phone: travellerIsOther && registration.passengerPhone ? registration.passengerPhone : registration.number,
    additionalInfo: registration.additionalInfo,
    returnAdditionalInfo: registration.return_additionalInfo,
  };
}

/** Checks the registration mode (spec §5 Details step) and resolves the account, before any money moves. */
export async function preparePassenger(deps: { db: Queryable; credentials: CredentialGuard }, siteId: number, input: BookingCreate, caller: Caller): Promise<PreparedPassenger> {
  const registration = input.registrationData;
  const email = registration.email.trim();
  if (!email) throw new HttpError(400, 'Enter Passenger Email to receive booking details');
  if (!EMAIL.test(email)) throw new HttpError(400, 'Enter a valid email address');
  const contact = contactOf(input);
  const accounts = createAccountsRepository(deps.db, siteId);
  const mode = input.selected_passenger;
  if (mode === 'existing_client') {
    const account = await deps.credentials.verify(siteId, caller, email, registration.password ?? '');
    if (!account) throw new HttpError(401, BOOKING_MESSAGES.wrongCredentials);
    const usesAccountContact = registration.passengerDetails !== 'yes';
    return {
      mode,
      passengerId: account.id,
      newAccount: null,
      ...contact,
      name: usesAccountContact ? account.name : contact.name,
      email: usesAccountContact ? account.email : contact.email,
      phone: usesAccountContact ? account.phone || contact.phone : contact.phone,
    };
  }
  if (!registration.number.trim()) throw new HttpError(400, 'Enter a mobile number so the driver can reach you');
  if (!`${registration.firstName}${registration.surname}`.trim()) throw new HttpError(400, 'Enter your name');
  if (mode === 'guest_login') return { mode, passengerId: null, newAccount: null, ...contact };
  const password = registration.password ?? '';
  if (!password) throw new HttpError(400, 'Enter Password for booking');
  if (password.length < 8) throw new HttpError(400, 'Choose a password of at least 8 characters');
  if (!registration.privacyAccepted) throw new HttpError(400, 'Please Accept Our Privacy Policies');
  if (!registration.termsAccepted) throw new HttpError(400, 'Please Accept Our Term and Conditions');
  const existing = await accounts.passengerByEmail(email);
  if (existing && !(await verifyPasswordEvenIfMissing(existing.passwordHash, password))) throw new HttpError(409, BOOKING_MESSAGES.emailTaken);
  return {
    mode,
    passengerId: existing?.id ?? null,
    newAccount: existing
      ? null
      : { name: `${registration.firstName} ${registration.surname}`.trim(), email, phone: registration.number, passwordHash: await hashPassword(password) },
    ...contact,
  };
}

