/**
 * Pure predicates behind the machine's named guards: the details-step checks (spec §5, in order) and the facts
 * the step guards read (spec §2 stepper, §4).
 */
import type { AppliedPromo } from '../../contract/promoCodes.ts';
import { YES } from '../../contract/settings.ts';
import { BOOKING_MESSAGES } from './booking.messages.ts';
import type { RouteFacts } from './booking.routes.ts';
import type { BookingResponse, BookingSettings, PassengerMode, PriceDetail, RegistrationData } from './booking.types.ts';
import type { AccountFields, SignedInMember } from './booking.context.ts';

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/** Which local check of the details step fails first (spec §5 Details step 1–4). */
export type DetailsProblem = 'emailMissing' | 'passwordMissing' | 'privacyMissing' | 'termsMissing';

export function detailsProblem(data: RegistrationData, mode: PassengerMode): DetailsProblem | null {
  if (blank(data.email)) return 'emailMissing';
  if (mode !== 'guest_login' && blank(data.password)) return 'passwordMissing';
  if (mode === 'new_client' && !data.privacyAccepted) return 'privacyMissing';
  if (mode === 'new_client' && !data.termsAccepted) return 'termsMissing';
  return null;
}

export const detailsMessage = (problem: DetailsProblem) => BOOKING_MESSAGES[problem];

export const showPayInCar = (settings: BookingSettings) => settings.SHOWPAYINCAR === YES;
export const showCard = (settings: BookingSettings) => settings.SHOWCARD === YES;

/**
 * "Nothing to pay": the server priced the chosen vehicle with the applied promo code at £0 (a 100 % code, or a fixed
 * amount above the fare). Such a booking is made without a card or the driver; the server checks its total again.
 */
export const isNothingToPay = (promo: Pick<AppliedPromo, 'total_pence'> | null) => promo !== null && promo.total_pence === 0;

export interface FlowFacts {
  settings: BookingSettings;
  priceDetails: PriceDetail[] | null;
  selectedVehicle: PriceDetail | null;
  registrationData: RegistrationData;
  passengerMode: PassengerMode;
  booking: BookingResponse | null;
  promo: AppliedPromo | null;
}

/**
 * "Saved registration data" for the payment step: data that passes the details step's local checks. (The server
 * check of an existing client is not remembered across a reload; the booking call checks the account again.)
 */
export function routeFacts(c: FlowFacts): RouteFacts {
  return {
    hasPriceDetails: c.priceDetails !== null,
    hasSelectedVehicle: c.selectedVehicle !== null,
    hasRegistrationData: detailsProblem(c.registrationData, c.passengerMode) === null,
    cardAllowed: showCard(c.settings) && !isNothingToPay(c.promo),
    hasBooking: c.booking !== null,
  };
}

/** "On account (Company name)" is offered: signed in, the member's account is on, and there is something to pay. */
export const isOnAccountOffered = (member: SignedInMember | null, promo: Pick<AppliedPromo, 'total_pence'> | null) => member?.account?.onAccount === true && !isNothingToPay(promo);

/** The first field the account requires that is blank ('Enter a PO number', 'Enter a cost centre'), or null. */
export function accountFieldsProblem(member: SignedInMember | null, fields: AccountFields): string | null {
  const account = member?.account;
  if (account?.poRequired && blank(fields.poNumber)) return BOOKING_MESSAGES.poRequired;
  if (account?.costCentreRequired && blank(fields.costCentre)) return BOOKING_MESSAGES.costCentreRequired;
  return null;
}

/** The details step signed in: the member's name, e-mail and phone fill the blank fields (what was typed stays). */
export function withMember(data: RegistrationData, member: SignedInMember | null): RegistrationData {
  if (!member) return data;
  const [firstName, ...rest] = member.name.trim().split(/\s+/);
  return {
    ...data,
    firstName: data.firstName || firstName || '',
    surname: data.surname || rest.join(' '),
    email: member.email,
    number: data.number || member.phone,
    password: '',
  };
}
