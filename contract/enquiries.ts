import { londonClock } from './londonClock.ts';
import { z } from 'zod';
import { isCalendarDate } from './londonClock.ts';
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES, isPhone, QUERY_REASONS, tooLongMessage } from './enquiryRules.ts';

export { ENQUIRY_LIMITS, ENQUIRY_MESSAGES, QUERY_REASONS, type QueryReason } from './enquiryRules.ts';

/** Today's date in Europe/London as YYYY-MM-DD (CLARIFICATIONS 8). */
export function londonToday(now: Date = new Date()): string {
  return londonClock(now).date;
}

const text = (max: number) => z.string().trim().max(max, tooLongMessage(max));
const optionalText = (max: number) => text(max).optional().default('');

/** A number input may arrive as a number or as its text; anything else is refused. */
const count = (min: number, max: number, label: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, `${label} must be a whole number`)])
    .transform(Number)
    .pipe(z.number().int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`));

/** Telephone: the quote form's number input sends a number; digits with spaces, +, -, ( ) as text. */
const phone = (typeMessage: string) => z
  .union([z.number().int().nonnegative().transform(String), z.string().trim()], { error: typeMessage })
  .pipe(z.string().max(ENQUIRY_LIMITS.phone, tooLongMessage(ENQUIRY_LIMITS.phone)));

const email = z.string().trim().max(ENQUIRY_LIMITS.email).pipe(z.email(ENQUIRY_MESSAGES.invalidEmail));

/** '14:30' (a time input), '2:30pm', '2pm' or '2pm:30'-like 12-hour text (spec §3 uses '3pm' with a separate minute). */
const TIME_PATTERN = /^(?:(?:[01]?\d|2[0-3]):[0-5]\d|(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s?[ap]\.?m\.?)$/i;

/** POST /api/v1/send-instant-email: the quote e-mail payload (spec §3); date, time, e-mail and telephone required (spec §5). */
export const quoteEmailRequestSchema = z.object({
  pickup_address: optionalText(ENQUIRY_LIMITS.address),
  dropoff_address: optionalText(ENQUIRY_LIMITS.address),
  pickup_date: z
    .string({ error: 'Pickup date is required' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Pickup date must be a date (YYYY-MM-DD)')
    .refine(isCalendarDate, 'Pickup date must be a real date'),
  pickup_time: z.string({ error: 'Pickup time is required' }).trim().min(1, 'Pickup time is required').regex(TIME_PATTERN, 'Pickup time must be a time such as 14:30 or 2:30pm'),
  passenger_email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(email),
  passenger_phone: phone('Telephone is required').refine((value) => value !== '', 'Telephone is required').refine(isPhone, ENQUIRY_MESSAGES.invalidPhone),
  passenger_name: optionalText(ENQUIRY_LIMITS.name),
  additional_info: optionalText(ENQUIRY_LIMITS.additionalInfo),
  passengers: count(ENQUIRY_LIMITS.passengers.min, ENQUIRY_LIMITS.passengers.max, 'Passengers').optional().default(1),
  luggages: count(ENQUIRY_LIMITS.luggages.min, ENQUIRY_LIMITS.luggages.max, 'Luggages').optional().default(0),
});
export type QuoteEmailRequest = z.input<typeof quoteEmailRequestSchema>;
export type QuoteEmail = z.output<typeof quoteEmailRequestSchema>;

/** The date check needs the clock, so it is applied by the server (and may be by the form) on top of the schema. */
export const isPastLondonDate = (date: string, now: Date = new Date()) => date < londonToday(now);
export const PICKUP_DATE_PAST_MESSAGE = 'Pickup date cannot be in the past';

/** POST /api/v1/contact-us: the contact form (spec §3). No field is required (spec §5), but an empty form is refused. */
export const contactRequestSchema = z
  .object({
    firstName: optionalText(ENQUIRY_LIMITS.name),
    lastName: optionalText(ENQUIRY_LIMITS.name),
    email: z
      .string()
      .trim()
      .max(ENQUIRY_LIMITS.email, tooLongMessage(ENQUIRY_LIMITS.email))
      .refine((value) => value === '' || z.email().safeParse(value).success, ENQUIRY_MESSAGES.invalidEmail)
      .optional()
      .default(''),
    telephone: phone('Telephone must be text or a number').refine((value) => value === '' || isPhone(value), ENQUIRY_MESSAGES.invalidPhone).optional().default(''),
    queryReason: z.enum(QUERY_REASONS, { error: ENQUIRY_MESSAGES.invalidQueryReason }).optional().default('Booking'),
    bookingNumber: optionalText(ENQUIRY_LIMITS.bookingNumber),
    comments: optionalText(ENQUIRY_LIMITS.comments),
  })
  .refine(
    (form) => [form.firstName, form.lastName, form.email, form.telephone, form.bookingNumber, form.comments].some((value) => value !== ''),
    ENQUIRY_MESSAGES.contactEmpty,
  );
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactForm = z.output<typeof contactRequestSchema>;

/** 200 of send-instant-email. */
export interface QuoteEmailResponse {
  success: true;
  message: string;
  quote_request_id: number;
}

/** 200 of contact-us. Errors carry `error` as well as `message` (spec §7: the browser reads `error`). */
export interface ContactResponse {
  success: true;
  message: string;
  contact_id: number;
}

