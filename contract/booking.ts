import { z } from 'zod';
import { DURATIONS, formatHour12, HOURS_12, LIMITS, MINUTES, parseHour, stopText } from './quoting.constants.ts';
import type { SelectedOptionField } from './bookingOptions.ts';
import { promoCodeFieldSchema, type AppliedPromo } from './promoCodes.ts';

// The option-field lists (zod-free, for the browser's booking chunk), re-exported as part of this contract.
export { LUGGAGE_OPTION_FIELDS, SELECTED_OPTION_FIELDS, TRIP_OPTION_FIELDS, type SelectedOptionField } from './bookingOptions.ts';

// The zod-free constants, helpers and messages live in quoting.constants.ts (the home page loads them without zod).
export { capacityMessage, DURATIONS, formatHour12, HOURS_12, LIMITS, MINUTES, parseHour, QUOTE_MESSAGES, stopText, type CapacityExcess } from './quoting.constants.ts';

/**
 * The quoting contract: the stored BookingForm and HourlyRateForm (spec §3), the four calculate calls (spec §7),
 * the price detail rows and our own places call. Field names are the spec's, misspellings included
 * (`pickup_fight_number`, booking type `milleage`).
 *
 * Money: the API speaks **pounds** (numbers with at most two decimals: what the browser shows, and multiplies by 100
 * for the card amount, spec §9). The pricing engine and the database work in **integer pence** (CLARIFICATIONS 9);
 * every breakdown line also carries its `amount_pence`, and the lines' pence sum exactly to `final_price_pence`.
 *
 * Leniency: the browser keeps its forms as strings, so counts are coerced ('3' → 3, '' or missing → the default),
 * hours may come as '3pm', '3 PM', '03pm' or 24-hour '15' (all become '3pm'), minutes as '5' or 5 (become '05').
 * Limits are strict (spec §5 Form limits): a value outside them is refused, never clamped.
 */

// ─── Small building blocks ───────────────────────────────────────────────────────────────────────

export const TEXT_MAX = 300;
export const MAX_STOPS = 10;
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A whole count from 0 to max; the browser may send it as text. Blank or missing → fallback. */
export const countField = (max: number, fallback = 0) =>
  z.preprocess((value) => (isBlank(value) ? fallback : value), z.coerce.number().int().min(0).max(max));

/** Like countField, but missing stays undefined (the schema fills it from the outbound counterpart). */
const optionalCount = (max: number) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), z.coerce.number().int().min(0).max(max).optional());

/** Waiting minutes 0..100 in steps of 5. */
const waitingField = z.preprocess(
  (value) => (isBlank(value) ? 0 : value),
  z.coerce.number().int().min(0).max(LIMITS.waitingMinutes).multipleOf(LIMITS.waitingStep),
);

const text = (max = TEXT_MAX) => z.string().trim().max(max);
/** Free text that may be missing or null (flight numbers, stop fields): becomes ''. */
const optionalText = (max = TEXT_MAX) => z.preprocess((value) => (value === undefined || value === null ? '' : value), text(max));
const requiredText = (what: string) => z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(TEXT_MAX);

const yesNo = z.preprocess((value) => {
  if (value === true) return 'yes';
  if (value === false || isBlank(value)) return 'no';
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}, z.enum(['yes', 'no']));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
export const isoDateSchema = z.string().trim().refine(isIsoDate, 'Dates are written YYYY-MM-DD');

export const hourSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return value;
    const hour = parseHour(value);
    return hour === null ? value : formatHour12(hour);
  },
  z.enum(HOURS_12 as [string, ...string[]], { error: "Hours are written like '3pm' ('12am' is midnight, '12pm' noon)" }),
);

export const minuteSchema = z.preprocess(
  (value) => {
    if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value))) return String(Number(value)).padStart(2, '0');
    return value;
  },
  z.enum(MINUTES as [string, ...string[]], { error: "Minutes are '00' to '55' in steps of 5" }),
);

const optionalDate = z.preprocess((value) => (isBlank(value) ? null : value), isoDateSchema.nullable());
const optionalHour = z.preprocess((value) => (isBlank(value) ? null : value), hourSchema.nullable());
const optionalMinute = z.preprocess((value) => (isBlank(value) ? null : value), minuteSchema.nullable());

// ─── BookingForm (localStorage 'BookingForm', body of calculate-distance-price) ───────────────────

export const stopSchema = z.object({
  street_name: optionalText(),
  number: optionalText(),
  postcode: optionalText(),
});
export type Stop = z.infer<typeof stopSchema>;

export const tripTypeSchema = z.enum(['one_way', 'return']);
export type TripType = z.infer<typeof tripTypeSchema>;

const bookingFormObject = z.object({
  stops: z
    .preprocess((value) => (value === undefined || value === null ? [] : value), z.array(stopSchema).max(MAX_STOPS, `At most ${MAX_STOPS} stops`))
    // The form keeps an empty row while the visitor types; a stop with no text is no stop.
    .transform((stops) => stops.filter((stop) => stopText(stop) !== '')),
  pickup: requiredText('Pick-Up'),
  dropoff: requiredText('Drop-Off'),
  pickup_date: isoDateSchema,
  pickup_hour: hourSchema,
  pickup_min: minuteSchema,
  select_option: z.preprocess((value) => (isBlank(value) ? 'one_way' : value), tripTypeSchema),
  return_date: optionalDate,
  return_hour: optionalHour,
  return_min: optionalMinute,

  passengers: countField(LIMITS.passengers, 1),
  luggages: countField(LIMITS.luggage),
  hand_luggages: countField(LIMITS.luggage),
  return_passengers: optionalCount(LIMITS.passengers),
  return_luggages: optionalCount(LIMITS.luggage),
  return_hand_luggages: optionalCount(LIMITS.luggage),

  waiting_min: waitingField,
  return_waiting_min: waitingField,
  pickup_fight_number: optionalText(),
  return_fight_number: optionalText(),

  meet_and_greet: yesNo,
  baby_seats: countField(LIMITS.seats),
  booster_seats: countField(LIMITS.seats),
  wheel_chair: yesNo,
  special_luggage: countField(LIMITS.seats),
  return_meet_and_greet: yesNo,
  return_baby_seats: countField(LIMITS.seats),
  return_booster_seats: countField(LIMITS.seats),
  return_wheel_chair: yesNo,
  return_special_luggage: countField(LIMITS.seats),

  /** UI state the browser keeps in the stored form; carried through, never read by the server. */
  modal: z.union([z.boolean(), z.string().max(TEXT_MAX), z.number(), z.null()]).optional(),
});

export const bookingFormSchema = bookingFormObject
  .superRefine((form, ctx) => {
    if (form.select_option !== 'return') return;
    if (form.return_date === null) ctx.addIssue({ code: 'custom', path: ['return_date'], message: 'Return date is required for a return trip' });
    if (form.return_hour === null) ctx.addIssue({ code: 'custom', path: ['return_hour'], message: 'Return hour is required for a return trip' });
    if (form.return_min === null) ctx.addIssue({ code: 'custom', path: ['return_min'], message: 'Return minute is required for a return trip' });
  })
  // The return leg carries the same party unless the form says otherwise.
  .transform((form) => ({
    ...form,
    return_passengers: form.return_passengers ?? form.passengers,
    return_luggages: form.return_luggages ?? form.luggages,
    return_hand_luggages: form.return_hand_luggages ?? form.hand_luggages,
  }));
export type BookingForm = z.output<typeof bookingFormSchema>;
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** The options of one leg, as the options editor and the pricing engine see them. */
export interface LegOptions {
  meet_and_greet: 'yes' | 'no';
  baby_seats: number;
  booster_seats: number;
  wheel_chair: 'yes' | 'no';
  special_luggage: number;
  waiting_min: number;
}

export const outboundOptions = (form: BookingForm): LegOptions => ({
  meet_and_greet: form.meet_and_greet,
  baby_seats: form.baby_seats,
  booster_seats: form.booster_seats,
  wheel_chair: form.wheel_chair,
  special_luggage: form.special_luggage,
  waiting_min: form.waiting_min,
});

export const returnOptions = (form: BookingForm): LegOptions => ({
  meet_and_greet: form.return_meet_and_greet,
  baby_seats: form.return_baby_seats,
  booster_seats: form.return_booster_seats,
  wheel_chair: form.return_wheel_chair,
  special_luggage: form.return_special_luggage,
  waiting_min: form.return_waiting_min,
});

// ─── Booking type and HourlyRateForm ──────────────────────────────────────────────────────────────

/** Stored encoded as BookingType: 'milleage' (sic) is distance-based, anything else hourly (spec §1, §3). */
export const BOOKING_TYPES = { mileage: 'milleage', hourly: 'hourly' } as const;
export type BookingType = (typeof BOOKING_TYPES)[keyof typeof BOOKING_TYPES];

export const durationSchema = z.preprocess(
  (value) => (typeof value === 'number' || (typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value)) ? `${Number(value)}hour` : value),
  z.enum(DURATIONS as [string, ...string[]], { error: "Duration is '4hour' to '24hour'" }),
);

/** '6hour' → 6. */
export const durationHours = (duration: string) => Number.parseInt(duration, 10);

export const latLonSchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export type LatLon = z.infer<typeof latLonSchema>;

export const hourlyRateFormSchema = z.object({
  pickup_date: isoDateSchema,
  pickup_duration: z.preprocess((value) => (isBlank(value) ? '4hour' : value), durationSchema),
  pickup_hour: hourSchema,
  pickup_min: minuteSchema,
  pickup: requiredText('Pick-Up'),
  /** The browser's position (locate icon) or null; an unusable position is dropped rather than refused. */
  userLocation: z.preprocess((value) => {
    const parsed = latLonSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }, latLonSchema.nullable()),
});
export type HourlyRateForm = z.output<typeof hourlyRateFormSchema>;
export type HourlyRateFormInput = z.input<typeof hourlyRateFormSchema>;

// ─── Price detail (one row per company × vehicle) ─────────────────────────────────────────────────

export const breakdownGroupSchema = z.enum(['fare', 'surcharge', 'extra', 'adjustment']);
/** Which part of the trip a line belongs to: a leg, the hourly hire, or the whole trip (rounding). */
export const legSchema = z.enum(['outbound', 'return', 'hire', 'trip']);

export const breakdownLineSchema = z.object({
  /** Stable machine code: 'base_fare', 'mileage', 'extra_stops', 'minimum_fare', 'hourly_hire', 'night', 'bank_holiday',
   *  'airport_pickup', 'airport_dropoff', 'congestion_charge', 'ulez', 'meet_and_greet', 'baby_seats', 'booster_seats',
   *  'special_luggage', 'waiting', 'wheel_chair', 'rounding'. */
  code: z.string(),
  label: z.string(),
  leg: legSchema,
  group: breakdownGroupSchema,
  /** Pounds. */
  amount: z.number(),
  amount_pence: z.number().int(),
  quantity: z.number().optional(),
  unit_pence: z.number().int().optional(),
});
export type BreakdownLine = z.infer<typeof breakdownLineSchema>;

export const breakdownSchema = z.object({
  currency: z.literal('GBP'),
  lines: z.array(breakdownLineSchema),
  /** Pounds: fare lines (base, mileage, stops, minimum top-up, hourly hire). */
  fare: z.number(),
  /** Pounds: time and place surcharges (night, bank holiday, airport, Congestion Charge, ULEZ). */
  surcharges: z.number(),
  /** Pounds: options from settings (meet and greet, seats, special luggage, waiting; wheelchair is never charged). */
  extras: z.number(),
  /** Pounds: ROUND_OFF adjustment (may be negative), 0 when ROUND_OFF is not 'yes'. */
  rounding: z.number(),
  /** Spec §3: the breakdown is "an object, with final_price merged in". Pounds. */
  final_price: z.number(),
  final_price_pence: z.number().int(),
  /** Pence of `price` (fare + surcharges). */
  price_pence: z.number().int(),
  booking_type: z.enum(['milleage', 'hourly']),
  /** Miles of the outbound leg (through the stops), of the return leg, and their durations in seconds. */
  distance_miles: z.number().nullable(),
  duration_seconds: z.number().int().nullable(),
  return_distance_miles: z.number().nullable(),
  return_duration_seconds: z.number().int().nullable(),
  hours: z.number().int().nullable(),
  pickup_at: z.string(),
  return_at: z.string().nullable(),
  /** True when distances come from the offline estimate (great-circle × road factor), not a routing service. */
  estimated: z.boolean(),
  notes: z.array(z.string()),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const priceDetailSchema = z.object({
  vehicle_id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  vehicle_image: z.string(),
  vehicle_type: z.string(),
  max_seat: z.number().int(),
  luggage: z.number().int(),
  small_luggage: z.number().int(),
  /** A wheelchair-accessible vehicle category (the catalogue's flag): the wheelchair option is offered and booked only on one. Absent in quotes stored before it. */
  wheelchair: z.boolean().optional(),
  /** Pounds: the journey (fare + surcharges), before options and rounding. 0 = this company does not price this vehicle: the card offers Contact Us (spec §2). */
  price: z.number(),
  /** Pounds: what the passenger pays for one vehicle: price + extras + rounding. The card total is this × quantity. */
  final_price: z.number(),
  rating: z.number(),
  breakdown: breakdownSchema,
  /** The stored quote this row belongs to (CLARIFICATIONS 3); recalculation, payment and booking refer to it. */
  quote_id: z.string(),
  estimated: z.boolean(),
});
export type PriceDetail = z.infer<typeof priceDetailSchema>;

/** Response of calculate-distance-price and calculate-hourly-price. */
export const priceListResponseSchema = z.object({
  success: z.literal(true),
  price_details: z.array(priceDetailSchema),
  /** ISO instant after which the quote_id is refused and the visitor re-prices. */
  expires_at: z.string(),
  /** The outbound road route in Google's encoded polyline format, when a routing service gave one (never offline). */
  route_polyline: z.string().optional(),
});
export type PriceListResponse = z.infer<typeof priceListResponseSchema>;

// ─── calculate-selected-vehicle-price ─────────────────────────────────────────────────────────────

/** The chosen row as the browser stores it (selectedVehicleData); only these fields are read, the price never. */
export const selectedVehicleRefSchema = z.object({
  quote_id: z.string().trim().min(1).max(100),
  vehicle_id: z.coerce.number().int().positive(),
  company_id: z.coerce.number().int().positive(),
});

const optionalYesNo = yesNo.optional();
const optionalSeats = optionalCount(LIMITS.seats);
const optionalWaiting = z.preprocess((value) => (isBlank(value) ? undefined : value), waitingField.optional());

/**
 * Body: the vehicle plus the outbound options (spec §7). Accepted as `{ vehicle: selectedVehicleData, …options }`
 * (recommended) or with quote_id, vehicle_id and company_id at the top level. An option left out keeps the quote's value.
 * The return leg's options may be sent too (`return_meet_and_greet` …), an extension the spec's body lacks.
 */
export const selectedVehiclePriceBodySchema = z
  .object({
    vehicle: selectedVehicleRefSchema.partial().optional(),
    quote_id: z.string().trim().min(1).max(100).optional(),
    vehicle_id: z.coerce.number().int().positive().optional(),
    company_id: z.coerce.number().int().positive().optional(),
    meet_and_greet: optionalYesNo,
    baby_seats: optionalSeats,
    booster_seats: optionalSeats,
    special_luggage: optionalSeats,
    wheel_chair: optionalYesNo,
    waiting_min: optionalWaiting,
    return_meet_and_greet: optionalYesNo,
    return_baby_seats: optionalSeats,
    return_booster_seats: optionalSeats,
    return_special_luggage: optionalSeats,
    return_wheel_chair: optionalYesNo,
    return_waiting_min: optionalWaiting,
    /** Our extension: the visitor's promo code, and how many vehicles (the booking's `selectedVehicle`) its discount is taken from. */
    promo_code: promoCodeFieldSchema,
    selectedVehicle: z.preprocess((value) => (isBlank(value) ? 1 : value), z.coerce.number().int().min(1).max(6)),
  })
  .transform((body, ctx) => {
    const ref = selectedVehicleRefSchema.safeParse({
      quote_id: body.vehicle?.quote_id ?? body.quote_id,
      vehicle_id: body.vehicle?.vehicle_id ?? body.vehicle_id,
      company_id: body.vehicle?.company_id ?? body.company_id,
    });
    if (!ref.success) {
      ctx.addIssue({ code: 'custom', path: ['vehicle'], message: 'The vehicle with its quote_id, vehicle_id and company_id is required' });
      return z.NEVER;
    }
    const { vehicle: _vehicle, quote_id: _quote, vehicle_id: _vid, company_id: _cid, promo_code, selectedVehicle, ...options } = body;
    return { ...ref.data, options: Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as SelectedOptions, promo_code, quantity: selectedVehicle };
  });
export type SelectedVehiclePriceBody = z.output<typeof selectedVehiclePriceBodySchema>;

/** Options the editor changed; an option left out keeps the stored form's value. */
export type SelectedOptions = Partial<Pick<BookingForm, SelectedOptionField>>;

export const selectedVehiclePriceResponseSchema = z.object({
  success: z.literal(true),
  quote_id: z.string(),
  price: z.number(),
  final_price: z.number(),
  breakdown: breakdownSchema,
  /** With a `promo_code`: its line and the totals of `selectedVehicle` vehicles before and after it. */
  promo: z.custom<AppliedPromo>().optional(),
});
export type SelectedVehiclePriceResponse = z.infer<typeof selectedVehiclePriceResponseSchema>;

// ─── calculate-distance and places ────────────────────────────────────────────────────────────────

/** Body: pickup and dropoff (spec §7); stops are read when sent, so the whole BookingForm may be posted. */
export const distanceBodySchema = z.object({
  pickup: requiredText('Pick-Up'),
  dropoff: requiredText('Drop-Off'),
  stops: z
    .preprocess((value) => (value === undefined || value === null ? [] : value), z.array(stopSchema).max(MAX_STOPS, `At most ${MAX_STOPS} stops`))
    .transform((stops) => stops.filter((stop) => stopText(stop) !== '')),
});
export type DistanceBody = z.output<typeof distanceBodySchema>;

export const distanceResponseSchema = z.object({
  /** Miles through the stops in order, two decimals. Km = miles × 1.60934, rounded (spec §9), is the browser's. */
  via_miles: z.number(),
  /** Seconds. */
  time_duration: z.number().int(),
  estimated: z.boolean(),
});
export type DistanceResponse = z.infer<typeof distanceResponseSchema>;

/** GET /api/v1/places?q=…&limit=…&lat=…&lon=… (ours): place suggestions when the Google library is not loaded. */
export const placesQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  limit: z.preprocess((value) => (isBlank(value) ? 8 : value), z.coerce.number().int().min(1).max(20)),
  lat: z.preprocess((value) => (isBlank(value) ? undefined : value), z.coerce.number().min(-90).max(90).optional()),
  lon: z.preprocess((value) => (isBlank(value) ? undefined : value), z.coerce.number().min(-180).max(180).optional()),
});
export type PlacesQuery = z.output<typeof placesQuerySchema>;

/** A coordinate of GET /api/v1/places/nearest: a plain decimal number (at most 32 characters) within its range. */
const coordinate = (name: string, limit: number) =>
  z.preprocess(
    (value) => (isBlank(value) || (typeof value === 'string' && value.length > 32) ? NaN : value),
    z.coerce.number({ error: `${name} must be a number` }).min(-limit, { error: `${name} must be between -${limit} and ${limit}` }).max(limit, { error: `${name} must be between -${limit} and ${limit}` }),
  );

/** GET /api/v1/places/nearest?lat=&lon=: the visitor's position ("Use my location"). */
export const nearestPlaceQuerySchema = z.object({
  lat: coordinate('lat', 90),
  lon: coordinate('lon', 180),
});
export type NearestPlaceQuery = z.output<typeof nearestPlaceQuerySchema>;

export const placeKindSchema = z.enum(['saved', 'airport', 'station', 'hotel', 'place', 'postcode', 'location']);
export type PlaceKind = z.infer<typeof placeKindSchema>;

export const placeSuggestionSchema = z.object({
  /** The text to put in the address field; resolving it again gives the same place. */
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  kind: placeKindSchema,
  estimated: z.boolean(),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;
export const placeSuggestionListSchema = z.array(placeSuggestionSchema);
/** The nearest address to a position (the maps port's reverse geocoding), or null when none is near (outside the UK). */
export const nearestPlaceResponseSchema = z.object({ place: placeSuggestionSchema.nullable() });
export type NearestPlaceResponse = z.infer<typeof nearestPlaceResponseSchema>;

// Messages (spec §8 Price calculation; texts exact): QUOTE_MESSAGES and capacityMessage, in quoting.constants.ts.
