import { poundsText } from '../../../contract/money.ts';

/**
 * How the corporate bookings table shows a booking (spec §9): dates day-month-year, times in 12-hour format,
 * payment methods 'Pay to driver' ('car') and 'Pay by Card' ('card'), amounts with the CURRENCY symbol.
 */

/** '2026-03-12' → '12-03-2026'; anything else as given ('' for none). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** '15:05' or '15:05:00' → '3:05pm'; '00:00' → '12:00am' (the spec's 12-hour text, CLARIFICATIONS 2); 12-hour text such as '3pm' is kept. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match) return value;
  const hour = Number(match[1]) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]}${hour < 12 ? 'am' : 'pm'}`;
}

/** 42.5 with '£' → '£42.50' (contract/money.ts); a missing amount → ''. */
export function formatAmount(value: number | string | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? poundsText(Math.round(number * 100), currency) : String(value);
}

/** Ride type 'Q' is a normal booking, anything else hourly (spec §9). */
export const formatRideType = (value: string | null | undefined) => (value === 'Q' ? 'Normal booking' : 'Hourly hire');

/** Yes/no-like values for the details modal. */
export function formatFlag(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (value === 'yes' || value === 1 || value === '1') return 'Yes';
  if (value === 'no' || value === 0 || value === '0') return 'No';
  return String(value);
}
