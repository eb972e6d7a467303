import { createHash } from 'node:crypto';
import { formatHour12, SELECTED_OPTION_FIELDS, type Breakdown, type BookingForm, type HourlyRateForm } from '../../../contract/booking.ts';
import { BOOKING_MESSAGES } from '../../../contract/bookings.ts';
import { MANAGE_CHANGE_FIELDS, MANAGE_MESSAGES, type ManageChanges, type ManageTripValues } from '../../../contract/manageBooking.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { HttpError } from '../../http.ts';
import { assertVehicleCarries } from '../bookings/prepare.ts';
import { londonDateTime, londonParts, preflightHourly, preflightQuote, priceHourlyQuote, priceSelectedVehicle } from '../pricing/index.ts';
import type { RoutePoint, TripRoutes } from '../pricing/types.ts';
import { pricingCatalog } from '../quotes/quoting.ts';
import { createQuotesRepository } from '../quotes/quotesRepository.ts';
import type { SiteCatalog } from '../sites/index.ts';
import { clock12 } from './terms.ts';
import type { ManagedBooking } from './record.ts';

/**
 * Re-pricing a change: the booking's stored quote (its form, route and the vehicle as it was offered) with the
 * booking's current values and the passenger's changes, priced by the quoting engine from the operator's tariffs as
 * they are now, under the booking flow's rules (banned address, grace time, return after pick-up, the booked vehicle's
 * capacity). Nothing price-related comes from the browser. A change that touches nothing priced keeps the price.
 */

const PRICED_FIELDS: readonly (keyof ManageTripValues)[] = ['pickup_date', 'pickup_hour', 'pickup_min', ...SELECTED_OPTION_FIELDS.filter((field) => !field.startsWith('return_'))] as (keyof ManageTripValues)[];
const TRIP_ONLY_FIELDS: readonly (keyof ManageTripValues)[] = ['passengers', 'luggages', 'hand_luggages', ...PRICED_FIELDS.slice(3)];
const ADDRESS_FIELDS: readonly (keyof ManageTripValues)[] = ['pickup', 'dropoff'];

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
    dropoff: booking.dropoffAddress,
  };
}

/** What a change asks for that differs from the booking (fields sent with their current value are no change). */
export function changedFields(current: ManageTripValues, changes: ManageChanges): (keyof ManageTripValues)[] {
  return MANAGE_CHANGE_FIELDS.filter((field) => changes[field] !== undefined && changes[field] !== current[field]);
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
  /** The new price's breakdown, or null when nothing priced changed. */
  breakdown: Breakdown | null;
}

export interface RepriceInput {
  db: Queryable;
  siteId: number;
  catalog: SiteCatalog;
  booking: ManagedBooking;
  changes: ManageChanges;
  now: Date;
}

const refuse = (message: string) => new HttpError(422, message, { code: 'change_refused' });

/** Prices a change (refusing it with the booking flow's messages); throws 400 when it changes nothing. */
export async function planChange(input: RepriceInput): Promise<ChangePlan> {
  const { booking, changes } = input;
  const current = currentValues(booking);
  const changed = changedFields(current, changes);
  if (changed.length === 0) throw new HttpError(400, MANAGE_MESSAGES.nothingChanged);
  // Changing addresses online needs the trip routed again through the maps port: not built, so by phone.
  if (changed.some((field) => ADDRESS_FIELDS.includes(field))) throw refuse(MANAGE_MESSAGES.addressesByPhone);
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
  const pricing = pricingCatalog(input.catalog);
  const offered = quote.rows.find((row) => row.vehicle_id === booking.vehicleId && row.company_id === booking.companyId);
  if (!offered) throw refuse(MANAGE_MESSAGES.noOriginalPrice);
  const repriced = changed.some((field) => PRICED_FIELDS.includes(field));

  if (quote.bookingType === 'hourly') {
    const form: HourlyRateForm = { ...(quote.form as HourlyRateForm), pickup_date: values.pickup_date, pickup_hour: values.pickup_hour, pickup_min: values.pickup_min };
    const early = preflightHourly(form, pricing, input.now, quote.trip as RoutePoint);
    if (early) throw refuse(early.message);
    if (!repriced) return { ...plan, options: booking.options, unitPence: booking.totalPence / booking.vehicleQty, totalPence: booking.totalPence, breakdown: null };
    const priced = priceHourlyQuote(form, quote.trip as RoutePoint, pricing, input.now);
    if (!priced.ok) throw refuse(priced.error.message);
    const row = priced.rows.find((candidate) => candidate.vehicle_id === booking.vehicleId && candidate.company_id === booking.companyId);
    if (!row || row.breakdown.final_price_pence <= 0) throw refuse(BOOKING_MESSAGES.zeroPrice);
    const unitPence = row.breakdown.final_price_pence;
    return { ...plan, options: booking.options, unitPence, totalPence: unitPence * booking.vehicleQty, breakdown: row.breakdown };
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
    ...(booking.returnAt ? returnTime(booking.returnAt) : {}),
  };
  const early = preflightQuote(form, pricing, input.now, quote.trip as TripRoutes);
  if (early) throw refuse(early.message);
  assertVehicleCarries(offered, form);
  if (!repriced) return { ...plan, options, unitPence: booking.totalPence / booking.vehicleQty, totalPence: booking.totalPence, breakdown: null };
  const priced = priceSelectedVehicle({ form, options: {}, trip: quote.trip as TripRoutes, vehicle_id: booking.vehicleId, company_id: booking.companyId }, pricing);
  if (!priced.ok) throw refuse(priced.error.message);
  const unitPence = priced.row.breakdown.final_price_pence;
  if (unitPence <= 0) throw refuse(BOOKING_MESSAGES.zeroPrice);
  return { ...plan, options, unitPence, totalPence: unitPence * booking.vehicleQty, breakdown: priced.row.breakdown };
}

function returnTime(returnAt: Date): Pick<BookingForm, 'return_date' | 'return_hour' | 'return_min'> {
  const local = londonParts(returnAt);
  return { return_date: local.date, return_hour: formatHour12(local.hour), return_min: String(local.minute).padStart(2, '0') };
}
