import { createHash } from 'node:crypto';
import { formatHour12, QUOTE_MESSAGES, SELECTED_OPTION_FIELDS, type Breakdown, type BookingForm, type HourlyRateForm } from '../../../contract/booking.ts';
import { BOOKING_MESSAGES } from '../../../contract/bookings.ts';
import { MANAGE_CHANGE_FIELDS, MANAGE_MESSAGES, type ManageChanges, type ManageTripValues } from '../../../contract/manageBooking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import { assertVehicleCarries, assertWheelchairAccess } from '../bookings/prepare.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import type { ResolveContext } from '../geo/types.ts';
import { londonDateTime, londonParts, planHourly, planTrip, preflightHourly, preflightQuote, priceHourlyQuote, priceSelectedVehicle } from '../pricing/index.ts';
import type { PricedRow, RoutePoint, TripRoutes } from '../pricing/types.ts';
import { zonePricingCatalog } from '../quotes/quoting.ts';
import { createQuotesRepository } from '../quotes/quotesRepository.ts';
import type { SiteCatalog } from '../sites/index.ts';
import { clock12 } from './clock.ts';
import { promoLineFor } from './promo.ts';
import type { ManagedBooking } from './record.ts';

/**
 * Re-pricing a change: the booking's stored quote (its form, route and the vehicle as it was offered) with the
 * booking's current values and the passenger's changes, priced by the quoting engine from the operator's tariffs as
 * they are now, under the booking flow's rules (banned address, grace time, return after pick-up, the booked vehicle's
 * capacity). Nothing price-related comes from the browser. A change that touches nothing priced keeps the price.
 *
 * A changed address (where the owner allows it: MANAGE_ADDRESS_CHANGES) is resolved and routed again through the maps
 * port exactly as the booking flow's quote does (planTrip / planHourly, the same engine and rules), so the new price
 * and distance are what a fresh quote for the same trip gives. Applied, the routed trip becomes the booking's quote.
 */

const PRICED_FIELDS: readonly (keyof ManageTripValues)[] = ['pickup_date', 'pickup_hour', 'pickup_min', ...SELECTED_OPTION_FIELDS.filter((field) => !field.startsWith('return_'))] as (keyof ManageTripValues)[];
const TRIP_ONLY_FIELDS: readonly (keyof ManageTripValues)[] = ['passengers', 'luggages', 'hand_luggages', ...PRICED_FIELDS.slice(3)];
const ADDRESS_FIELDS: readonly (keyof ManageTripValues)[] = ['pickup', 'stops', 'dropoff'];
/** An hourly hire has a pick-up address only. */
const NOT_HOURLY_ADDRESS_FIELDS: readonly (keyof ManageTripValues)[] = ['stops', 'dropoff'];

const count = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value ?? fallback) || fallback);
const yesNo = (value: unknown): 'yes' | 'no' => (value === 'yes' ? 'yes' : 'no');

/** The values a change starts from: the booking as it now stands (London wall-clock time as the booking form writes it). */
export function currentValues(booking: ManagedBooking): ManageTripValues {
  const local = londonParts(booking.pickupAt);
  const options = booking.options;
  return {
    pickup_date: local.date,
    pickup_hour: formatHour12(local.hour),
    pickup_min: String(local.minute).padStart(2, '0'),
    passengers: booking.totalPassengers,
    luggages: count(options.luggages, 0),
    hand_luggages: count(options.hand_luggages, 0),
    meet_and_greet: yesNo(options.meet_and_greet),
    baby_seats: count(options.baby_seats, 0),
    booster_seats: count(options.booster_seats, 0),
    special_luggage: count(options.special_luggage, 0),
    wheel_chair: yesNo(options.wheel_chair),
    waiting_min: count(options.waiting_min, 0),
    flight_no: booking.flightNo,
    passenger_name: booking.passengerName,
    passenger_email: booking.passengerEmail,
    passenger_phone: booking.passengerPhone,
    pickup: booking.pickupAddress,
    stops: booking.stops,
    dropoff: booking.dropoffAddress,
  };
}

/** What a change asks for that differs from the booking (fields sent with their current value are no change). */
export function changedFields(current: ManageTripValues, changes: ManageChanges): (keyof ManageTripValues)[] {
  return MANAGE_CHANGE_FIELDS.filter((field) => changes[field] !== undefined && JSON.stringify(changes[field]) !== JSON.stringify(current[field]));
}

/** sha-256 of a change as it applies to a revision: the same change sent again finds its first record. */
export const changeDigest = (revision: number, after: ManageTripValues) =>
  createHash('sha256')
    .update(JSON.stringify([revision, MANAGE_CHANGE_FIELDS.map((field) => after[field])]))
    .digest('hex');

/** The booking as the change makes it: what is written to it when the change is applied (kept in booking_changes.after). */
export interface ChangePlan {
  values: ManageTripValues;
  changed: (keyof ManageTripValues)[];
  pickupAt: string;
  pickupDate: string;
  pickupTime: string;
  /** The booking's options jsonb after the change. */
  options: Record<string, unknown>;
  unitPence: number;
  totalPence: number;
  /** The new price's breakdown (with the booking's promo line, re-priced), or null when nothing priced changed. */
  breakdown: Breakdown | null;
  /** The booking's promo code on the new price: its line's label and what it takes off (pence, positive); null without one. */
  promo?: { label: string; discountPence: number } | null;
  /** An address change: the trip routed again and the booked vehicle's row on it (the booking's new quote once applied). */
  route?: ChangedRoute | null;
}

export type ChangedRoute =
  | { bookingType: 'milleage'; form: BookingForm; trip: TripRoutes; row: PricedRow }
  | { bookingType: 'hourly'; form: HourlyRateForm; trip: RoutePoint; row: PricedRow };

/** The maps port and what it resolves against (the site's saved addresses and base), as the booking flow's quote has them. */
export interface Places {
  maps: MapsPort;
  context: ResolveContext;
}

export interface RepriceInput {
  db: Queryable;
  siteId: number;
  catalog: SiteCatalog;
  booking: ManagedBooking;
  changes: ManageChanges;
  now: Date;
  /** Where the owner allows address changes online (and the maps port is there): how to place them; null: by phone. */
  places: Places | null;
}

const refuse = (message: string) => new DomainError('change_refused', message);

/** Prices a change (refusing it with the booking flow's messages); throws 400 when it changes nothing. */
export async function planChange(input: RepriceInput): Promise<ChangePlan> {
  const { booking, changes } = input;
  const current = currentValues(booking);
  const changed = changedFields(current, changes);
  if (changed.length === 0) throw new DomainError('invalid_input', MANAGE_MESSAGES.nothingChanged);
  const moved = changed.some((field) => ADDRESS_FIELDS.includes(field));
  if (moved && !input.places) throw refuse(MANAGE_MESSAGES.addressesByPhone);
  if (booking.rideType === 'H' && changed.some((field) => NOT_HOURLY_ADDRESS_FIELDS.includes(field))) throw refuse(MANAGE_MESSAGES.hourlyAddresses);
  if (booking.rideType === 'H' && changed.some((field) => TRIP_ONLY_FIELDS.includes(field))) throw refuse(MANAGE_MESSAGES.hourlyOptions);

  const values: ManageTripValues = { ...current, ...Object.fromEntries(changed.map((field) => [field, changes[field]])) };
  const pickupAt = londonDateTime(values.pickup_date, values.pickup_hour, values.pickup_min);
  const plan = {
    values,
    changed,
    pickupAt: pickupAt.toISOString(),
    pickupDate: values.pickup_date,
    pickupTime: clock12(londonParts(pickupAt).hour, londonParts(pickupAt).minute),
  };
  const quote = await createQuotesRepository(input.db).load(input.siteId, booking.quoteId);
  if (!quote) throw refuse(MANAGE_MESSAGES.noOriginalPrice);
  const pricing = await zonePricingCatalog(input.db, input.siteId, input.catalog);
  const offered = quote.rows.find((row) => row.vehicle_id === booking.vehicleId && row.company_id === booking.companyId);
  if (!offered) throw refuse(MANAGE_MESSAGES.noOriginalPrice);
  const repriced = moved || changed.some((field) => PRICED_FIELDS.includes(field));

  if (quote.bookingType === 'hourly') {
    const booked = quote.form as HourlyRateForm;
    // A new pick-up is placed by its text alone: the browser's position at booking time belongs to the old one.
    const form: HourlyRateForm = { ...booked, pickup: values.pickup, userLocation: moved ? null : booked.userLocation, pickup_date: values.pickup_date, pickup_hour: values.pickup_hour, pickup_min: values.pickup_min };
    let trip = quote.trip as RoutePoint;
    if (moved) {
      const early = preflightHourly(form, pricing, input.now);
      if (early) throw refuse(early.message);
      const planned = await planHourly(form, input.places!.maps, input.places!.context);
      if (!planned.ok) throw refuse(planned.error.message);
      trip = planned.value;
    }
    const early = preflightHourly(form, pricing, input.now, trip);
    if (early) throw refuse(early.message);
    if (!repriced) return { ...plan, options: booking.options, unitPence: booking.totalPence / booking.vehicleQty, totalPence: booking.totalPence, breakdown: null, promo: keptPromo(booking) };
    const priced = priceHourlyQuote(form, trip, pricing, input.now);
    if (!priced.ok) throw refuse(priced.error.message);
    const row = priced.rows.find((candidate) => candidate.vehicle_id === booking.vehicleId && candidate.company_id === booking.companyId);
    if (!row || row.breakdown.final_price_pence <= 0) throw refuse(BOOKING_MESSAGES.zeroPrice);
    const unitPence = row.breakdown.final_price_pence;
    const route: ChangedRoute | null = moved ? { bookingType: 'hourly', form, trip, row } : null;
    return { ...plan, options: booking.options, unitPence, ...withBookedPromo(booking, unitPence, row.breakdown), route };
  }

  const options: Record<string, unknown> = { ...booking.options };
  for (const field of TRIP_ONLY_FIELDS) if (field !== 'passengers') options[field] = values[field];
  const form: BookingForm = {
    ...(quote.form as BookingForm),
    ...Object.fromEntries(SELECTED_OPTION_FIELDS.filter((field) => options[field] !== undefined).map((field) => [field, options[field]])),
    pickup_date: values.pickup_date,
    pickup_hour: values.pickup_hour,
    pickup_min: values.pickup_min,
    passengers: values.passengers,
    luggages: values.luggages,
    hand_luggages: values.hand_luggages,
    return_passengers: count(options.return_passengers, values.passengers),
    return_luggages: count(options.return_luggages, values.luggages),
    return_hand_luggages: count(options.return_hand_luggages, values.hand_luggages),
    pickup_fight_number: values.flight_no,
    pickup: values.pickup,
    stops: values.stops,
    dropoff: values.dropoff,
    ...(booking.returnAt ? returnTime(booking.returnAt) : {}),
  };
  let trip = quote.trip as TripRoutes;
  if (moved) {
    // As the quote call: the rules that need no map first, then the trip placed and routed by the maps port.
    const early = preflightQuote(form, pricing, input.now);
    if (early) throw refuse(early.message);
    const planned = await planTrip(form, input.places!.maps, input.places!.context);
    if (!planned.ok) throw refuse(planned.error.message);
    trip = planned.value;
    if (trip.outbound.miles <= 0) throw refuse(QUOTE_MESSAGES.zeroDistance);
  }
  const early = preflightQuote(form, pricing, input.now, trip);
  if (early) throw refuse(early.message);
  assertVehicleCarries(offered, form);
  // A wheelchair newly asked for needs a vehicle that takes one (as the booking flow refuses it).
  if (values.wheel_chair === 'yes' && yesNo(booking.options.wheel_chair) !== 'yes') assertWheelchairAccess(input.catalog, booking.vehicleId, { ...form, select_option: 'one_way' });
  if (!repriced) return { ...plan, options, unitPence: booking.totalPence / booking.vehicleQty, totalPence: booking.totalPence, breakdown: null, promo: keptPromo(booking) };
  const priced = priceSelectedVehicle({ form, options: {}, trip, vehicle_id: booking.vehicleId, company_id: booking.companyId }, pricing);
  if (!priced.ok) throw refuse(priced.error.message);
  const unitPence = priced.row.breakdown.final_price_pence;
  if (unitPence <= 0) throw refuse(BOOKING_MESSAGES.zeroPrice);
  const route: ChangedRoute | null = moved ? { bookingType: 'milleage', form: priced.form, trip, row: priced.row } : null;
  return { ...plan, options, unitPence, ...withBookedPromo(booking, unitPence, priced.row.breakdown), route };
}

/**
 * The new price of every vehicle with the booking's promo code taken off under its rules as booked (manage/promo.ts:
 * no second use, nothing judged again), and the breakdown with the code's line as the booking flow stores it.
 */
function withBookedPromo(booking: ManagedBooking, unitPence: number, breakdown: Breakdown): Pick<ChangePlan, 'totalPence' | 'breakdown' | 'promo'> {
  const beforePence = unitPence * booking.vehicleQty;
  if (!booking.promo) return { totalPence: beforePence, breakdown, promo: null };
  const line = promoLineFor(booking.promo, beforePence);
  return { totalPence: beforePence + line.amount_pence, breakdown: { ...breakdown, promo: line } as Breakdown, promo: { label: line.label, discountPence: -line.amount_pence } };
}

/** Nothing priced changed: the booking's code keeps taking off what it took. */
const keptPromo = (booking: ManagedBooking): ChangePlan['promo'] => (booking.promo ? { label: booking.promo.label, discountPence: booking.promo.discount_pence } : null);

function returnTime(returnAt: Date): Pick<BookingForm, 'return_date' | 'return_hour' | 'return_min'> {
  const local = londonParts(returnAt);
  return { return_date: local.date, return_hour: formatHour12(local.hour), return_min: String(local.minute).padStart(2, '0') };
}
