/**
 * How the booking screens write money, dates and times (spec §9): amounts with the CURRENCY symbol and two decimals,
 * dates as day-month-year, times in 12-hour form. Pure, so the confirmation page and its tests agree.
 */
import { NOTHING_TO_PAY, PAYMENT_METHOD_LABELS } from '../../../contract/paymentMethods.ts';
import { poundsText } from '../../../contract/money.ts';

/** 55 → '£55.00'; 1234.5 → '£1,234.50'. An unreadable amount shows as the symbol and a dash rather than 'NaN'. */
export function formatMoney(amount: number | string | null | undefined, symbol: string | null | undefined): string {
  const sign = symbol ?? '£';
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || !Number.isFinite(value)) return `${sign}–`;
  return poundsText(Math.round(value * 100), sign);
}

/** Minor units (pence) → '£55.00'. */
export const formatMinor = (minor: number, symbol: string | null | undefined) => formatMoney(minor / 100, symbol);

/** The ISO code of the common symbols, for 'Amount To Pay' (the setting holds only the symbol). */
export function currencyCode(symbol: string | null | undefined): string | null {
  return ({ '£': 'GBP', '€': 'EUR', $: 'USD' } as Record<string, string>)[symbol ?? '£'] ?? null;
}

/** '2030-06-01' (or an ISO instant) → '01-06-2030'; anything else is shown as given. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** '15:05', '15:05:00', '3:05pm', '3:05 PM', '3pm' → '3:05pm' / '3:00pm' ('12am' is midnight, CLARIFICATIONS 2). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  const raw = value.trim().toLowerCase().replace(/\s+/g, '');
  const twelve = /^(\d{1,2})(?::(\d{2}))?(am|pm)$/.exec(raw);
  if (twelve) {
    const hour = Number(twelve[1]);
    if (hour >= 1 && hour <= 12) return `${hour}:${twelve[2] ?? '00'}${twelve[3]}`;
  }
  const clock = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(raw);
  if (clock) {
    const hour = Number(clock[1]);
    if (hour <= 23) return `${hour % 12 === 0 ? 12 : hour % 12}:${clock[2]}${hour < 12 ? 'am' : 'pm'}`;
  }
  return value;
}

/** 4 → '4 hours'; '4hour' → '4 hours'; 1 → '1 hour'. */
export function formatDuration(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const hours = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(hours)) return String(value);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** Spec §9: 'Q' is a normal booking, anything else hourly. */
export const isHourlyRide = (rideType: string | null | undefined) => rideType !== 'Q';
export const rideTypeLabel = (rideType: string | null | undefined) => (isHourlyRide(rideType) ? 'Hourly booking' : 'Normal booking');

/** Spec §9: 'car' → 'Pay to driver', 'card' → 'Pay by Card' (and issue 34's 'account' → 'On account'); a booking of £0 (a promo code made it free) → 'Nothing to pay'. */
export function paymentMethodLabel(method: string | null | undefined, total?: number | null): string {
  if (total === 0) return NOTHING_TO_PAY;
  return method === 'car' || method === 'card' || method === 'account' ? PAYMENT_METHOD_LABELS[method] : (method ?? '');
}
