import { createHash } from 'node:crypto';
import { SELECTED_OPTION_FIELDS, stopText, type BookingForm, type HourlyRateForm, type PriceDetail, type SelectedOptions } from '../../../contract/booking.ts';
import { BOOKING_MESSAGES, type BookingChannel, type BookingCreate, type PaymentMethod } from '../../../contract/bookings.ts';
import { COMPANY_ACCOUNT_MESSAGES } from '../../../contract/companyAccounts.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { Caller, CredentialGuard } from '../accounts/credentials.ts';
import { isWithinGracePeriod, partySize } from '../pricing/engine.ts';
import { capacityMessage, QUOTE_MESSAGES } from '../../../contract/booking.ts';
import type { Quoting } from '../quotes/quoting.ts';
import type { Site, SiteCatalog } from '../sites/index.ts';
import { DomainError } from '../errors.ts';
import { preparePassenger, type PreparedPassenger, type SignedInBooker } from './passenger.ts';
import { applyPromo, type BookingPromo } from '../promos/service.ts';
import { offerBooked } from './phoneRepository.ts';

export type { PreparedPassenger, SignedInBooker };

/** Everything a booking needs, computed by the server: stored with a card payment so a webhook can finish the booking. */
export interface PreparedBooking {
  requestKey: string;
  quoteId: string;
  bookingType: 'milleage' | 'hourly';
  row: PriceDetail;
  quantity: number;
  unitPence: number;
  totalPence: number;
  currency: string;
  pickupAt: string;
  returnAt: string | null;
  pickupAddress: string;
  dropoffAddress: string;
  pickupDate: string;
  pickupTime: string;
  returnDate: string | null;
  returnTime: string | null;
  hours: number | null;
  stops: { stop_address: string; stop_post_code: string; stop_street_number: string }[];
  totalPassengers: number;
  flightNo: string;
  returnFlightNo: string;
  options: Record<string, unknown>;
  paymentMethod: PaymentMethod;
  passenger: PreparedPassenger;
  /**
   * On account (issue 34): the signed-in member's account (found from the token; set by the booking's transaction
   * under the account's lock, 0 until then), PO number and cost centre. Null for any other payment (a card
   * payment's stored submission from before has no such field: read it with `?? null`).
   */
  onAccount?: { accountId: number; poNumber: string; costCentre: string } | null;
  /**
   * Where the booking came from (the owner's reports): the website or the website framed in the operator's page (the
   * visitor's channel), or 'console' (a phone booking). A QUOTE NOW offer's quote is told apart by the database.
   */
  source?: BookingChannel | 'console';
  /** The promo code taken off `totalPence` (which is after it), or null. */
  promo: BookingPromo | null;
  /**
   * Why the price is not the tariff's (issue 34: a dispatcher's override, a staff-priced QUOTE NOW offer), kept as
   * bookings.price_override_reason; absent or null when the engine priced it.
   */
  priceOverride?: { reason: string } | null;
}

const clock12 = (hour12: string, minute: string) => hour12.replace(/(am|pm)$/, `:${minute}$1`);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The quoted trip with the luggage of the submitted form (the options editor changes it after the quote). */
function withSubmittedLuggage(booked: BookingForm, submitted: BookingCreate['bookingForm']): BookingForm {
  return {
    ...booked,
    luggages: submitted?.luggages ?? booked.luggages,
    hand_luggages: submitted?.hand_luggages ?? booked.hand_luggages,
    return_luggages: submitted?.return_luggages ?? booked.return_luggages,
    return_hand_luggages: submitted?.return_hand_luggages ?? booked.return_hand_luggages,
  };
}

/** Spec §5 capacity, again at booking time (and at a change): the party (both legs of a return) must fit the chosen vehicle. */
export function assertVehicleCarries(row: Pick<PriceDetail, 'max_seat' | 'luggage' | 'small_luggage'>, trip: BookingForm): void {
  const party = partySize(trip);
  const excess = {
    passengers: Math.max(0, party.passengers - row.max_seat),
    luggage: Math.max(0, party.luggage - row.luggage),
    handLuggage: Math.max(0, party.handLuggage - row.small_luggage),
  };
  if (excess.passengers + excess.luggage + excess.handLuggage > 0) throw new DomainError('capacity', capacityMessage(excess));
}

/** Whether the trip asks for the wheelchair option (the return leg's only on a return trip). */
export const wantsWheelchair = (trip: Pick<BookingForm, 'wheel_chair' | 'return_wheel_chair' | 'select_option'>) =>
  trip.wheel_chair === 'yes' || (trip.select_option === 'return' && trip.return_wheel_chair === 'yes');

/**
 * The wheelchair option only on a wheelchair-accessible vehicle category (the catalogue's flag): a booking, a
 * re-pricing or a change asking for it on another category is refused (422) before anything is written.
 */
export function assertWheelchairAccess(catalog: Pick<SiteCatalog, 'vehicles'>, vehicleId: number, trip: Pick<BookingForm, 'wheel_chair' | 'return_wheel_chair' | 'select_option'>): void {
  if (!wantsWheelchair(trip)) return;
  const vehicle = catalog.vehicles.find((candidate) => candidate.tbms_vid === vehicleId);
  if (!vehicle?.wheelchair) throw new DomainError('unprocessable', BOOKING_MESSAGES.noWheelchairAccess);
}

/**
 * What the paying browser sent that a stranger holding the intent id would not know: a re-sent paid intent id gets
 * the booking's details back only with the same. The password is left out (never hashed fast into a table): an
 * existing client's is checked again by the credential guard instead.
 */
export function submissionDigest(input: BookingCreate): string {
  const { password: _password, ...registration } = input.registrationData;
  const vehicle = input.selectedVehicleData;
  return sha256(
    JSON.stringify({
      vehicle: [vehicle.quote_id, vehicle.vehicle_id, vehicle.company_id, input.selectedVehicle],
      ...(input.promo_code ? { promo: input.promo_code } : {}),
      bookingType: input.bookingType,
      mode: input.selected_passenger,
      registration,
    }),
  );
}

function sameMoney(pounds: number | undefined, pence: number): boolean {
  return pounds === undefined || Math.round(pounds * 100) === pence;
}

/**
 * Prices and checks one booking submission from the server's own data: the stored quote, the operator's tariffs and
 * the options in the submitted form. The browser's price is only compared (a different one is refused), never used.
 */
export async function prepareBooking(
  deps: { db: Queryable; quoting: Quoting; credentials: CredentialGuard; now: () => Date },
  site: Site,
  catalog: SiteCatalog,
  input: BookingCreate,
  caller: Caller,
  signedIn: SignedInBooker | null = null,
): Promise<PreparedBooking> {
  const settings = settingsFromRows(catalog.settings);
  if (input.payment_method === 'account' && !signedIn) throw new DomainError('unauthenticated', COMPANY_ACCOUNT_MESSAGES.signInToBookOnAccount);
  // A free booking ("Nothing to pay") is paid neither way: its own check is on the server's total, below.
  if (!input.nothing_to_pay && input.payment_method === 'car' && settings.SHOWPAYINCAR !== 'yes') throw new DomainError('forbidden', BOOKING_MESSAGES.carDisabled);
  if (!input.nothing_to_pay && input.payment_method === 'card' && settings.SHOWCARD !== 'yes') throw new DomainError('forbidden', BOOKING_MESSAGES.cardDisabled);
  const vehicle = input.selectedVehicleData;
  if (input.bookingType === 'milleage' && !input.bookingForm) throw new DomainError('invalid_input', BOOKING_MESSAGES.formMissing);
  const options: SelectedOptions = {};
  if (input.bookingType === 'milleage' && input.bookingForm) {
    // The options the editor may change after the quote (the shared list); everything else comes from the quote.
    for (const field of SELECTED_OPTION_FIELDS) (options as Record<string, unknown>)[field] = input.bookingForm[field];
  }
  const { quote, row, form, staffPrice } = await deps.quoting.priceVehicle(site, catalog, { quote_id: vehicle.quote_id, vehicle_id: vehicle.vehicle_id, company_id: vehicle.company_id, options });
  // A staff-priced offer books once (the unique index of migration 034 holds it under concurrency; this is the early word).
  if (staffPrice && (await offerBooked(deps.db, site.id, quote.id))) throw new DomainError('conflict', BOOKING_MESSAGES.offerAlreadyBooked);
  if (quote.bookingType !== input.bookingType) throw new DomainError('invalid_input', 'bookingType does not match the quote');
  const unitPence = row.breakdown.final_price_pence;
  if (unitPence <= 0) throw new DomainError('unprocessable', BOOKING_MESSAGES.zeroPrice);
  if (!sameMoney(vehicle.final_price, unitPence)) throw new DomainError('conflict', BOOKING_MESSAGES.priceChanged, { final_price: row.final_price });
  const pickupAt = new Date(row.breakdown.pickup_at);
  if (isWithinGracePeriod(pickupAt, deps.now(), settings)) throw new DomainError('grace_period', QUOTE_MESSAGES.gracePeriod);
  const trip = quote.bookingType === 'milleage' ? withSubmittedLuggage(form as BookingForm, input.bookingForm) : null;
  if (trip) assertVehicleCarries(row, trip);
  if (trip) assertWheelchairAccess(catalog, row.vehicle_id, trip);

  const quantity = input.selectedVehicle;
  // The code is judged on every vehicle's price before it; the use is taken when the booking (or payment) is written.
  const promo = input.promo_code ? await applyPromo(deps.db, site.id, input.promo_code, { totalPence: unitPence * quantity, vehicleId: row.vehicle_id, now: deps.now() }) : null;
  const totalPence = promo ? promo.total_pence : unitPence * quantity;
  // £0 (a promo code made it free): nothing to pay, so no card intent; "Nothing to pay" only when the server's total is £0.
  if (input.nothing_to_pay && totalPence !== 0) throw new DomainError('conflict', BOOKING_MESSAGES.notFree, { amount: totalPence });
  if (totalPence === 0 && input.payment_method === 'card') throw new DomainError('conflict', BOOKING_MESSAGES.nothingToPayByCard);
  const paymentMethod = totalPence === 0 ? 'car' : input.payment_method;
  // The stored breakdown (bookings.breakdown: receipts, the operator's view) keeps the promo line beside the vehicle's lines.
  const bookedRow: PriceDetail = promo ? { ...row, breakdown: { ...row.breakdown, promo: promo.line } as PriceDetail['breakdown'] } : row;
  const passenger = await preparePassenger(deps, site.id, input, caller, signedIn);
  // The account itself is found and checked under its lock when the booking is written (service.ts).
  const onAccount = paymentMethod === 'account' ? { accountId: 0, poNumber: input.po_number ?? '', costCentre: input.cost_centre ?? '' } : null;
  const submittedForm = input.bookingForm;
  let prepared: Omit<PreparedBooking, 'requestKey'>;
  if (trip) {
    prepared = {
      quoteId: quote.id,
      bookingType: 'milleage',
      row: bookedRow,
      quantity,
      unitPence,
      totalPence,
      currency: settings.CURRENCY ?? '£',
      pickupAt: row.breakdown.pickup_at,
      returnAt: row.breakdown.return_at,
      pickupAddress: trip.pickup,
      dropoffAddress: trip.dropoff,
      pickupDate: trip.pickup_date,
      pickupTime: clock12(trip.pickup_hour, trip.pickup_min),
      returnDate: trip.select_option === 'return' ? trip.return_date : null,
      returnTime: trip.select_option === 'return' && trip.return_hour && trip.return_min ? clock12(trip.return_hour, trip.return_min) : null,
      hours: null,
      stops: trip.stops.map((stop) => ({ stop_address: stopText(stop), stop_post_code: stop.postcode, stop_street_number: stop.number })),
      totalPassengers: trip.passengers,
      flightNo: submittedForm?.pickup_fight_number ?? '',
      returnFlightNo: submittedForm?.return_fight_number ?? '',
      options: {
        luggages: trip.luggages,
        hand_luggages: trip.hand_luggages,
        return_passengers: trip.return_passengers,
        return_luggages: trip.return_luggages,
        return_hand_luggages: trip.return_hand_luggages,
        ...options,
      },
      paymentMethod,
      passenger,
      promo,
      onAccount,
      priceOverride: staffPrice ? { reason: staffPrice.reason } : null,
    };
  } else {
    const hire = quote.form as HourlyRateForm;
    prepared = {
      quoteId: quote.id,
      bookingType: 'hourly',
      row: bookedRow,
      quantity,
      unitPence,
      totalPence,
      currency: settings.CURRENCY ?? '£',
      pickupAt: row.breakdown.pickup_at,
      returnAt: null,
      pickupAddress: hire.pickup,
      dropoffAddress: '',
      pickupDate: hire.pickup_date,
      pickupTime: clock12(hire.pickup_hour, hire.pickup_min),
      returnDate: null,
      returnTime: null,
      hours: row.breakdown.hours,
      stops: [],
      totalPassengers: 1,
      flightNo: submittedForm?.pickup_fight_number ?? '',
      returnFlightNo: '',
      options: { hours: row.breakdown.hours },
      paymentMethod,
      passenger,
      promo,
      onAccount,
      priceOverride: staffPrice ? { reason: staffPrice.reason } : null,
    };
  }
  return { ...prepared, requestKey: requestKeyOf(prepared), source: caller.channel ?? 'website' };
}

/** Identical submissions (a double click, a retried request) share this key, and so make one booking. */
function requestKeyOf(prepared: Omit<PreparedBooking, 'requestKey'>): string {
  const { passenger } = prepared;
  const identity = {
    quote: prepared.quoteId,
    vehicle: [prepared.row.vehicle_id, prepared.row.company_id, prepared.quantity],
    options: prepared.options,
    flights: [prepared.flightNo, prepared.returnFlightNo],
    payment: prepared.paymentMethod,
    who: [passenger.mode, passenger.name, passenger.email.toLowerCase(), passenger.phone, passenger.additionalInfo, passenger.returnAdditionalInfo],
    total: prepared.totalPence,
    ...(prepared.promo ? { promo: prepared.promo.code } : {}),
  };
  return sha256(JSON.stringify(identity));
}
