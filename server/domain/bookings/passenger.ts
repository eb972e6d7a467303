import { BOOKING_MESSAGES, type BookingCreate, type PassengerMode } from '../../../contract/bookings.ts';
import { EMAIL_PATTERN } from '../../../contract/plainChecks.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import type { Caller, CredentialGuard } from '../accounts/credentials.ts';
import { assertPasswordAllowed } from '../accounts/passwordPolicy.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { createAccountsRepository } from '../accounts/repository.ts';

/** The request's signed-in corporate passenger (its bearer token), who books without typing a password. */
export interface SignedInBooker {
  id: number;
  name: string;
  email: string;
  phone: string;
}

export interface PreparedPassenger {
  /** 'corporate': booked signed in (the bearer token's passenger is the booker; no password asked). */
  mode: PassengerMode | 'corporate';
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

export const PASSENGER_EMAIL_INVALID = 'Enter a valid email address for the passenger';

/**
 * Every address a booking's mail goes to is one address by the project's one e-mail rule (zod's `z.email()`
 * pattern, which the account calls check with): no display names, lists, brackets or line breaks.
 */
const isOneAddress = (email: string) => EMAIL_PATTERN.test(email);

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
export async function preparePassenger(deps: { db: Queryable; credentials: CredentialGuard }, siteId: number, input: BookingCreate, caller: Caller, signedIn: SignedInBooker | null = null): Promise<PreparedPassenger> {
  const registration = input.registrationData;
  if (signedIn) {
    // Signed in: the booker is the token's passenger whatever the form says; "for someone else" keeps the traveller's
    // name, phone and e-mail apart (the booking's passenger fields), the booker stays passenger_id.
    if (registration.passengerDetails === 'yes') {
      if (!registration.passengerName) throw new DomainError('invalid_input', "Enter the passenger's name");
      if (registration.passengerEmail && !isOneAddress(registration.passengerEmail)) throw new DomainError('invalid_input', PASSENGER_EMAIL_INVALID);
    }
    const contact = contactOf({ ...input, registrationData: { ...registration, email: signedIn.email, number: registration.number || signedIn.phone } });
    const forOther = registration.passengerDetails === 'yes';
    return {
      ...contact,
      mode: 'corporate',
      passengerId: signedIn.id,
      newAccount: null,
      name: forOther ? contact.name : signedIn.name,
      email: forOther ? contact.email : signedIn.email,
      phone: forOther ? contact.phone : registration.number || signedIn.phone,
    };
  }
  const email = registration.email.trim();
  if (!email) throw new DomainError('invalid_input', 'Enter Passenger Email to receive booking details');
  if (!isOneAddress(email)) throw new DomainError('invalid_input', 'Enter a valid email address');
  if (registration.passengerDetails === 'yes' && registration.passengerEmail && !isOneAddress(registration.passengerEmail)) throw new DomainError('invalid_input', PASSENGER_EMAIL_INVALID);
  const contact = contactOf(input);
  const mode = input.selected_passenger;
  if (mode === 'existing_client') {
    const account = await deps.credentials.verify(siteId, caller, email, registration.password ?? '');
    if (!account) throw new DomainError('unauthenticated', BOOKING_MESSAGES.wrongCredentials);
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
  if (!registration.number.trim()) throw new DomainError('invalid_input', 'Enter a mobile number so the driver can reach you');
  // A name is not asked for: spec §5 "Required fields" marks only email and mobile on the guest and new-client forms.
  if (mode === 'guest_login') return { mode, passengerId: null, newAccount: null, ...contact };
  const password = registration.password ?? '';
  if (!password) throw new DomainError('invalid_input', 'Enter Password for booking');
  if (!registration.privacyAccepted) throw new DomainError('invalid_input', 'Please Accept Our Privacy Policies');
  if (!registration.termsAccepted) throw new DomainError('invalid_input', 'Please Accept Our Term and Conditions');
  // An e-mail with an account: the booking is that account's if the password is right (a password check like any
  // other, limited by the guard), else the spec's 409 and nothing more.
  if (await createAccountsRepository(deps.db, siteId).passengerByEmail(email)) {
    const account = await deps.credentials.verify(siteId, caller, email, password);
    if (!account) throw new DomainError('conflict', BOOKING_MESSAGES.emailTaken);
    return { mode, passengerId: account.id, newAccount: null, ...contact };
  }
  await assertPasswordAllowed(password, 'password');
  return {
    mode,
    passengerId: null,
    newAccount: { name: `${registration.firstName} ${registration.surname}`.trim(), email, phone: registration.number, passwordHash: await hashPassword(password) },
    ...contact,
  };
}
