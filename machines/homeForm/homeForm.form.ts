/**
 * The home page's two forms (spec §2 Home, §3 Booking form / Hourly form, §5 Form limits, §9 defaults): their
 * defaults, what is restored from storage, the checks before Search and the submitted shapes. Pure functions of
 * their inputs; "now" is passed in and read as Europe/London wall-clock time (CLARIFICATIONS 8).
 */
import type { BookingForm, HourlyRateForm, LatLon, Stop } from '../../contract/booking.ts';
import { londonClock, type LondonClock } from '../../contract/londonClock.ts';
import { DURATIONS, formatHour12, HOURS_12, LIMITS, MINUTES, parseHour, stopText } from '../../contract/quoting.constants.ts';

// ─── Clock ────────────────────────────────────────────────────────────────────────────────────────

export { londonClock, type LondonClock } from '../../contract/londonClock.ts';

/** '2030-06-01' + 1 → '2030-06-02' (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Spec §9: the home form's default time is the current time rounded to 5 minutes (12-hour text and '00'..'55'). */
export function roundedTime(clock: LondonClock): { hour: string; min: string } {
  const total = Math.round((clock.hour * 60 + clock.minute) / 5) * 5;
  const wrapped = total % (24 * 60);
  return { hour: formatHour12(Math.floor(wrapped / 60)), min: String(wrapped % 60).padStart(2, '0') };
}

// ─── Options and limits ───────────────────────────────────────────────────────────────────────────

/** Passengers select on the home form: 1 to 20 (spec §2, §5). */
export const PASSENGER_OPTIONS = Array.from({ length: 20 }, (_, i) => String(i + 1));
/** Luggage and hand luggage: 0 to 20 (spec §5). */
export const LUGGAGE_OPTIONS = Array.from({ length: LIMITS.luggage + 1 }, (_, i) => String(i));
export { DURATIONS, HOURS_12, MINUTES };
/** Extra stops a trip may have (the contract's limit). */
export const MAX_STOPS = 10;
/** Spec §9: where the hourly form looks when the browser gives no position. */
export const FALLBACK_LOCATION: LatLon = { lat: 51.5074, lon: -0.1278 };
/** Spec §9: the browser's position is asked for at most this long. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;

export const EMPTY_STOP: Stop = { street_name: '', number: '', postcode: '' };

/**
 * A suggested address picked for an extra stop, into the stop's fields (spec §5: street or road name, number, city or
 * post code): the last part after a comma is the city or post code ('London NW1 6JJ'), the rest the street; a house
 * number leading the street goes to Number. Without a comma it is all street, and the city or post code is kept.
 * stopText gives the address back.
 */
export function stopFromAddress(address: string, current: Stop = EMPTY_STOP): Stop {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return current;
  const street = parts.length > 1 ? parts.slice(0, -1).join(', ') : parts[0]!;
  const postcode = parts.length > 1 ? parts.at(-1)! : current.postcode;
  const numbered = /^(\d+[A-Za-z]?)\s+(\S.*)$/.exec(street);
  return numbered ? { street_name: numbered[2]!, number: numbered[1]!, postcode } : { street_name: street, number: parts.length > 1 ? '' : current.number, postcode };
}

// ─── Defaults and restoring ───────────────────────────────────────────────────────────────────────

export function defaultQuoteForm(now: Date): BookingForm {
  const clock = londonClock(now);
  const time = roundedTime(clock);
  return {
    stops: [],
    pickup: '',
    dropoff: '',
    pickup_date: addDays(clock.date, 1),
    pickup_hour: time.hour,
    pickup_min: time.min,
    select_option: 'one_way',
    return_date: null,
    return_hour: null,
    return_min: null,
    passengers: 1,
    luggages: 0,
    hand_luggages: 0,
    return_passengers: 1,
    return_luggages: 0,
    return_hand_luggages: 0,
    waiting_min: 0,
    return_waiting_min: 0,
    pickup_fight_number: '',
    return_fight_number: '',
    meet_and_greet: 'no',
    baby_seats: 0,
    booster_seats: 0,
    wheel_chair: 'no',
    special_luggage: 0,
    return_meet_and_greet: 'no',
    return_baby_seats: 0,
    return_booster_seats: 0,
    return_wheel_chair: 'no',
    return_special_luggage: 0,
  };
}

/**
 * Spec §3 Hourly form defaults: today, '4hour', noon (CLARIFICATIONS 2), '00'. From 09:00 in London the date is
 * tomorrow: noon today would be less than three hours away, inside a usual grace time (the demo's is two hours),
 * and a default that can only meet the 'Urgent Booking!' popup is no default.
 */
export const HOURLY_TODAY_UNTIL_HOUR = 9;

export function defaultHourlyForm(now: Date): HourlyRateForm {
  const clock = londonClock(now);
  return { pickup_date: clock.hour < HOURLY_TODAY_UNTIL_HOUR ? clock.date : addDays(clock.date, 1), pickup_duration: '4hour', pickup_hour: '12pm', pickup_min: '00', pickup: '', userLocation: null };
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const num = (value: unknown, fallback: number, max: number, min = 0) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};
const oneOf = <T extends string>(value: unknown, list: readonly T[], fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);
const yesNo = (value: unknown): 'yes' | 'no' => (value === 'yes' || value === true ? 'yes' : 'no');
const hourOf = (value: unknown, fallback: string) => {
  if (typeof value !== 'string' && typeof value !== 'number') return fallback;
  const hour = parseHour(value);
  return hour === null ? fallback : formatHour12(hour);
};
/** A stored date before today (or unreadable) gives way to the default. */
const dateOf = (value: unknown, today: string, fallback: string) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= today ? value : fallback);

/** The quote form from the stored BookingForm (plain JSON; any field may be missing or stale), else the defaults. */
export function restoreQuoteForm(stored: unknown, now: Date): BookingForm {
  const base = defaultQuoteForm(now);
  if (!stored || typeof stored !== 'object') return base;
  const s = stored as Record<string, unknown>;
  const today = londonClock(now).date;
  const isReturn = s.select_option === 'return';
  const pickupDate = dateOf(s.pickup_date, today, base.pickup_date);
  const stops = Array.isArray(s.stops)
    ? s.stops.slice(0, MAX_STOPS).map((stop) => {
        const o = (stop && typeof stop === 'object' ? stop : {}) as Record<string, unknown>;
        return { street_name: str(o.street_name, ''), number: str(o.number, ''), postcode: str(o.postcode, '') };
      })
    : [];
  return {
    ...base,
    stops,
    pickup: str(s.pickup, ''),
    dropoff: str(s.dropoff, ''),
    pickup_date: pickupDate,
    pickup_hour: hourOf(s.pickup_hour, base.pickup_hour),
    pickup_min: oneOf(String(s.pickup_min ?? ''), MINUTES, base.pickup_min),
    select_option: isReturn ? 'return' : 'one_way',
    return_date: isReturn ? dateOf(s.return_date, pickupDate, pickupDate) : null,
    return_hour: isReturn ? hourOf(s.return_hour, base.pickup_hour) : null,
    return_min: isReturn ? oneOf(String(s.return_min ?? ''), MINUTES, base.pickup_min) : null,
    passengers: num(s.passengers, 1, LIMITS.passengers, 1),
    luggages: num(s.luggages, 0, LIMITS.luggage),
    hand_luggages: num(s.hand_luggages, 0, LIMITS.luggage),
    return_passengers: num(s.return_passengers, num(s.passengers, 1, LIMITS.passengers, 1), LIMITS.passengers, 1),
    return_luggages: num(s.return_luggages, num(s.luggages, 0, LIMITS.luggage), LIMITS.luggage),
    return_hand_luggages: num(s.return_hand_luggages, num(s.hand_luggages, 0, LIMITS.luggage), LIMITS.luggage),
    waiting_min: num(s.waiting_min, 0, LIMITS.waitingMinutes),
    return_waiting_min: num(s.return_waiting_min, 0, LIMITS.waitingMinutes),
    pickup_fight_number: str(s.pickup_fight_number, ''),
    return_fight_number: str(s.return_fight_number, ''),
    meet_and_greet: yesNo(s.meet_and_greet),
    baby_seats: num(s.baby_seats, 0, LIMITS.seats),
    booster_seats: num(s.booster_seats, 0, LIMITS.seats),
    wheel_chair: yesNo(s.wheel_chair),
    special_luggage: num(s.special_luggage, 0, LIMITS.seats),
    return_meet_and_greet: yesNo(s.return_meet_and_greet),
    return_baby_seats: num(s.return_baby_seats, 0, LIMITS.seats),
    return_booster_seats: num(s.return_booster_seats, 0, LIMITS.seats),
    return_wheel_chair: yesNo(s.return_wheel_chair),
    return_special_luggage: num(s.return_special_luggage, 0, LIMITS.seats),
    ...(typeof s.modal === 'boolean' || typeof s.modal === 'string' ? { modal: s.modal } : {}),
  };
}

/** The hourly form from the stored HourlyRateForm (decoded), else the defaults. */
export function restoreHourlyForm(stored: unknown, now: Date): HourlyRateForm {
  const base = defaultHourlyForm(now);
  if (!stored || typeof stored !== 'object') return base;
  const s = stored as Record<string, unknown>;
  const loc = s.userLocation as Record<string, unknown> | null | undefined;
  const userLocation = loc && typeof loc.lat === 'number' && typeof loc.lon === 'number' ? { lat: loc.lat, lon: loc.lon } : null;
  return {
    pickup_date: dateOf(s.pickup_date, londonClock(now).date, base.pickup_date),
    pickup_duration: oneOf(s.pickup_duration, DURATIONS, base.pickup_duration),
    pickup_hour: hourOf(s.pickup_hour, base.pickup_hour),
    pickup_min: oneOf(String(s.pickup_min ?? ''), MINUTES, base.pickup_min),
    pickup: str(s.pickup, ''),
    userLocation,
  };
}

// ─── Checks before Search ─────────────────────────────────────────────────────────────────────────

export type FormErrors = Record<string, string>;

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/** What stops a quote search, per field ('stops.1.street_name' for a stop's field). Empty when it may go. */
export function quoteErrors(form: BookingForm, today: string): FormErrors {
  const errors: FormErrors = {};
  if (blank(form.pickup)) errors.pickup = 'Enter the pick-up address';
  if (blank(form.dropoff)) errors.dropoff = 'Enter the drop-off address';
  if (!form.pickup_date) errors.pickup_date = 'Choose the pickup date';
  else if (form.pickup_date < today) errors.pickup_date = 'The pickup date cannot be in the past';
  form.stops.forEach((stop, index) => {
    if (blank(stop.street_name)) errors[`stops.${index}.street_name`] = 'Enter the street or road name';
    if (blank(stop.postcode)) errors[`stops.${index}.postcode`] = 'Enter the city or post code';
  });
  if (form.select_option === 'return') {
    if (!form.return_date) errors.return_date = 'Choose the return date';
    else if (form.return_date < form.pickup_date) errors.return_date = 'The return date cannot be before the pickup date';
    else if (form.return_date === form.pickup_date && form.return_hour && form.return_min) {
      const out = (parseHour(form.pickup_hour) ?? 0) * 60 + Number(form.pickup_min);
      const back = (parseHour(form.return_hour) ?? 0) * 60 + Number(form.return_min);
      if (back <= out) errors.return_hour = 'The return time must be after the pickup time';
    }
    if (!form.return_hour) errors.return_hour ??= 'Choose the return hour';
    if (!form.return_min) errors.return_min = 'Choose the return minute';
  }
  return errors;
}

export function hourlyErrors(form: HourlyRateForm, today: string): FormErrors {
  const errors: FormErrors = {};
  if (blank(form.pickup)) errors.pickup = 'Enter the pick-up address';
  if (!form.pickup_date) errors.pickup_date = 'Choose the pickup date';
  else if (form.pickup_date < today) errors.pickup_date = 'The pickup date cannot be in the past';
  return errors;
}

/** The BookingForm Search sends: trimmed addresses, the return fields only on a return trip, the return party as the outbound one when unset. */
export function submittedQuote(form: BookingForm): BookingForm {
  const isReturn = form.select_option === 'return';
  return {
    ...form,
    pickup: form.pickup.trim(),
    dropoff: form.dropoff.trim(),
    stops: form.stops.filter((stop) => stopText(stop) !== ''),
    return_date: isReturn ? form.return_date : null,
    return_hour: isReturn ? form.return_hour : null,
    return_min: isReturn ? form.return_min : null,
    ...(isReturn ? {} : { return_passengers: form.passengers, return_luggages: form.luggages, return_hand_luggages: form.hand_luggages }),
  };
}

export const submittedHourly = (form: HourlyRateForm): HourlyRateForm => ({ ...form, pickup: form.pickup.trim() });
