/**
 * The 'QUOTE NOW' form (spec §2 Quote request, §3 Quote e-mail payload, §5): its values, the prefill from the stored
 * BookingForm, the checks before sending and the payload. Pure functions of their inputs (the date check takes
 * today's London date), so the machine stays pure and they are tested on their own.
 */
import { formatHour12, parseHour } from '../../contract/booking.ts';
import { ENQUIRY_LIMITS, quoteEmailRequestSchema, type QuoteEmailRequest } from '../../contract/enquiries.ts';

/** Field names are the payload's (spec §3), so an error from the server's schema names the same field. */
export interface QuoteRequestForm {
  pickup_address: string;
  dropoff_address: string;
  /** YYYY-MM-DD (a date input; minimum today, Europe/London). */
  pickup_date: string;
  /** HH:MM, 24-hour (a time input); sent as 12-hour text (spec §9). */
  pickup_time: string;
  passenger_email: string;
  passenger_phone: string;
  passenger_name: string;
  additional_info: string;
  passengers: number;
  luggages: number;
}

export type QuoteRequestField = keyof QuoteRequestForm;
export type QuoteRequestErrors = Partial<Record<QuoteRequestField, string>>;

/** The subset of the stored BookingForm (localStorage 'BookingForm', plain JSON, spec §3) the quote form reads. */
export interface StoredBookingForm {
  pickup?: unknown;
  dropoff?: unknown;
  pickup_date?: unknown;
  pickup_hour?: unknown;
  pickup_min?: unknown;
  passengers?: unknown;
  luggages?: unknown;
}

/** The subset of the stored HourlyRateForm (localStorage 'HourlyRateForm', encoded, spec §3) the quote form reads. */
export interface StoredHourlyRateForm {
  pickup?: unknown;
  pickup_date?: unknown;
  pickup_hour?: unknown;
  pickup_min?: unknown;
}

/** What the browser holds of the visitor's last search (spec §3): its type and both forms, each possibly missing. */
export interface StoredTrip {
  /** The stored BookingType: 'milleage' or 'hourly' (null: not stored, read as mileage). */
  bookingType?: unknown;
  bookingForm: StoredBookingForm | null;
  hourlyRateForm?: StoredHourlyRateForm | null;
}

export const QUOTE_LIMITS = { passengers: ENQUIRY_LIMITS.passengers, luggages: ENQUIRY_LIMITS.luggages } as const;

export const EMPTY_QUOTE_FORM: QuoteRequestForm = {
  pickup_address: '',
  dropoff_address: '',
  pickup_date: '',
  pickup_time: '',
  passenger_email: '',
  passenger_phone: '',
  passenger_name: '',
  additional_info: '',
  passengers: 1,
  luggages: 0,
};

const clamp = (value: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, value));

/** A whole number from a stored or typed value, clamped to the limits; `fallback` when it is not a number. */
export function countFrom(value: unknown, limits: { min: number; max: number }, fallback: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? clamp(Math.trunc(number), limits) : fallback;
}

/** '3pm' + '05' → '15:05'; '' when the hour is missing or unreadable. */
export function timeFromHourAndMinute(hour: unknown, minute: unknown): string {
  if (typeof hour !== 'string' && typeof hour !== 'number') return '';
  const parsed = parseHour(hour);
  if (parsed === null) return '';
  const minutes = Number(minute ?? 0);
  const mm = Number.isInteger(minutes) && minutes >= 0 && minutes <= 59 ? minutes : 0;
  return `${String(parsed).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}

/** '15:05' → '3:05pm', '12:00' → '12pm', '00:30' → '12:30am' (CLARIFICATIONS 2); other text is returned trimmed. */
export function to12HourText(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return time.trim();
  const hour = formatHour12(Number(match[1]) % 24);
  return match[2] === '00' ? hour : hour.replace(/(am|pm)$/, `:${match[2]}$1`);
}

/** The form with what the stored BookingForm holds (a visitor arriving from a failed or zero price). */
export function formFromBookingForm(stored: StoredBookingForm | null | undefined): QuoteRequestForm {
  if (!stored || typeof stored !== 'object') return { ...EMPTY_QUOTE_FORM };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const date = text(stored.pickup_date);
  return {
    ...EMPTY_QUOTE_FORM,
    pickup_address: text(stored.pickup),
    dropoff_address: text(stored.dropoff),
    pickup_date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '',
    pickup_time: timeFromHourAndMinute(stored.pickup_hour, stored.pickup_min),
    passengers: countFrom(stored.passengers, QUOTE_LIMITS.passengers, EMPTY_QUOTE_FORM.passengers),
    luggages: countFrom(stored.luggages, QUOTE_LIMITS.luggages, EMPTY_QUOTE_FORM.luggages),
  };
}

/**
 * The form prefilled with the trip the visitor searched last: after an hourly search (BookingType 'hourly') its
 * pickup, date and time from HourlyRateForm (an hourly trip has no drop-off; a BookingForm left by an earlier
 * mileage search is another trip), otherwise from BookingForm.
 */
export function formFromStoredTrip(stored: StoredTrip): QuoteRequestForm {
  if (stored.bookingType === 'hourly' && stored.hourlyRateForm && typeof stored.hourlyRateForm === 'object') {
    const hourly = stored.hourlyRateForm;
    return formFromBookingForm({ pickup: hourly.pickup, pickup_date: hourly.pickup_date, pickup_hour: hourly.pickup_hour, pickup_min: hourly.pickup_min });
  }
  return formFromBookingForm(stored.bookingForm);
}

/** Spec §4 Quote e-mail: after sending, e-mail, name, comments and telephone are cleared, luggages 0, passengers 1. */
export function formAfterSend(form: QuoteRequestForm): QuoteRequestForm {
  return { ...form, passenger_email: '', passenger_name: '', additional_info: '', passenger_phone: '', luggages: 0, passengers: 1 };
}

/** The quote e-mail payload of spec §3. */
export function toQuotePayload(form: QuoteRequestForm): QuoteEmailRequest {
  return {
    pickup_address: form.pickup_address.trim(),
    dropoff_address: form.dropoff_address.trim(),
    pickup_date: form.pickup_date,
    pickup_time: to12HourText(form.pickup_time),
    passenger_email: form.passenger_email.trim(),
    passenger_phone: form.passenger_phone.trim(),
    passenger_name: form.passenger_name.trim(),
    additional_info: form.additional_info.trim(),
    passengers: form.passengers,
    luggages: form.luggages,
  };
}

export const QUOTE_FIELD_MESSAGES = {
  pickup_date: 'Enter the pickup date',
  pickup_time: 'Enter the pickup time',
  passenger_email: 'Enter your email',
  passenger_phone: 'Enter your telephone number',
  pastDate: 'The pickup date cannot be in the past',
} as const;

/**
 * Spec §5: date, time, e-mail and telephone are required; the date is today or later (London); then the contract's
 * schema (e-mail and phone format, lengths, counts), whose first message per field is kept. Empty: valid.
 */
export function validateQuoteForm(form: QuoteRequestForm, today: string): QuoteRequestErrors {
  const errors: QuoteRequestErrors = {};
  const required = ['pickup_date', 'pickup_time', 'passenger_email', 'passenger_phone'] as const;
  for (const field of required) if (form[field].trim() === '') errors[field] = QUOTE_FIELD_MESSAGES[field];
  if (!errors.pickup_date && form.pickup_date < today) errors.pickup_date = QUOTE_FIELD_MESSAGES.pastDate;
  const parsed = quoteEmailRequestSchema.safeParse(toQuotePayload(form));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as QuoteRequestField;
      if (field in EMPTY_QUOTE_FORM && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}
