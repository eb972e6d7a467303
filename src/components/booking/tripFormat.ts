/**
 * How the booking summary writes distances, durations and times (spec §9): km = miles × 1.60934 rounded, durations
 * in hours and minutes, 12-hour times from the forms' hour and minute. Pure, tested beside it.
 */
import { parseHour } from '../../../contract/quoting.constants.ts';
import { formatNumberEnGb } from '../../app/numberFormat.ts';

/** Spec §9: km = miles × 1.60934, rounded. */
export const kmFromMiles = (miles: number) => Math.round(miles * 1.60934);

/** 12.345 → '12.3'; 8 → '8'. */
export const milesText = (miles: number) => formatNumberEnGb(Math.round(miles * 10) / 10);

/** 3900 s → '1 h 5 min'; 600 → '10 min'; 7200 → '2 h'. */
export function durationText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** '3pm' + '05' → '3:05pm'; '12am' + '00' → '12:00am'; '' when the hour is unreadable. */
export function timeText(hour: string | null | undefined, minute: string | null | undefined): string {
  if (!hour) return '';
  const h = parseHour(hour);
  if (h === null) return '';
  const mm = String(Number(minute ?? 0) || 0).padStart(2, '0');
  return `${h % 12 === 0 ? 12 : h % 12}:${mm}${h < 12 ? 'am' : 'pm'}`;
}

/** '4hour' → '4 hours'. */
export const hoursText = (duration: string) => {
  const n = Number.parseInt(duration, 10);
  return Number.isFinite(n) ? `${n} ${n === 1 ? 'hour' : 'hours'}` : duration;
};

/** Stars 1 to 5 from the rounded rating (spec §9). */
export const starsOf = (rating: number) => Math.min(5, Math.max(1, Math.round(Number.isFinite(rating) ? rating : 1)));

/** A setting's amount when it switches an option on (spec §5: shown only when over zero), else null. */
export function settingAmount(value: string | null | undefined): number | null {
  const n = Number(value);
  return value != null && value.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
}
