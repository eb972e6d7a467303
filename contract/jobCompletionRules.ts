/** Without zod: the driver app's first load reads these (scripts/check-bundle.ts); the schemas are in jobCompletion.ts. */
import { poundsText } from './money.ts';
/**
 * Completing a job with extras (issue 32): the driver adds what the owner allows (waiting time priced by the owner's
 * waiting tariff, parking, tolls, each within the owner's limit), and for a pay-in-car booking says how the passenger
 * paid. The server prices the extras from the settings and the booking's stored fare: the phone's figures are only a
 * preview (the same function), never trusted. A card booking's extras are charged once to the card saved at booking.
 */

/** What the owner allows a driver to add, from the settings (0 hides an extra). */
export interface ExtrasRules {
  waitingMaxMinutes: number;
  /** PRICE_PER_FIVE_WAITING_MIN in pence: a started 5 minutes costs this much. 0: waiting is not offered. */
  waitingPerFivePence: number;
  parkingMaxPence: number;
  tollsMaxPence: number;
}

const poundsToPence = (value: string | null | undefined): number => {
  const text = (value ?? '').trim().replace(/^£/, '');
  return /^\d+(\.\d+)?$/.test(text) ? Math.round(Number(text) * 100) : 0;
};
export type ExtrasAllowed = {
  waiting: { max_minutes: number; per_five_pence: number } | null;
  parking_max_pence: number | null;
  tolls_max_pence: number | null;
};

const minutes = (value: string | null | undefined, max: number): number => {
  const number = Number((value ?? '').trim());
  return Number.isInteger(number) && number > 0 ? Math.min(number, max) : 0;
};

export const EXTRAS_LIMITS = { waitingMinutes: 240, moneyPence: 20_000 } as const;

export function extrasRulesOf(settings: {
  DRIVER_WAITING_MAX_MINUTES?: string | null;
  PRICE_PER_FIVE_WAITING_MIN?: string | null;
  DRIVER_PARKING_MAX?: string | null;
  DRIVER_TOLLS_MAX?: string | null;
}): ExtrasRules {
  const waitingPerFivePence = poundsToPence(settings.PRICE_PER_FIVE_WAITING_MIN);
  return {
    waitingMaxMinutes: waitingPerFivePence > 0 ? minutes(settings.DRIVER_WAITING_MAX_MINUTES, EXTRAS_LIMITS.waitingMinutes) : 0,
    waitingPerFivePence,
    parkingMaxPence: Math.min(poundsToPence(settings.DRIVER_PARKING_MAX), EXTRAS_LIMITS.moneyPence),
    tollsMaxPence: Math.min(poundsToPence(settings.DRIVER_TOLLS_MAX), EXTRAS_LIMITS.moneyPence),
  };
}

export const PAID_IN_CAR = ['cash', 'card'] as const;
export type PaidInCar = (typeof PAID_IN_CAR)[number];
export const PAID_IN_CAR_LABELS: Record<PaidInCar, string> = { cash: 'Paid in cash', card: 'Paid by card in the car' };

export const COMPLETION_MESSAGES = {
  extrasOnlyOnComplete: 'Extras and how the passenger paid go with "completed" only',
  waitingNotAllowed: 'Waiting time cannot be added to jobs of this operator',
  parkingNotAllowed: 'Parking cannot be added to jobs of this operator',
  tollsNotAllowed: 'Tolls cannot be added to jobs of this operator',
  waitingOverLimit: (max: number) => `Waiting time is at most ${max} minutes`,
  moneyOverLimit: (what: 'Parking' | 'Tolls', maxPence: number) => `${what} is at most ${poundsText(maxPence)}`,
  paidInCarRequired: 'Say how the passenger paid: in cash or by card in the car',
  paidInCarOnCard: 'This job was paid by card: there is nothing to collect in the car',
  extrasCharged: 'Job completed: the extras were charged to the card',
  extrasOwing: 'Job completed: the card needs the passenger to confirm, so they were mailed a link to pay the extras',
  extrasFailed: 'Job completed: the card refused the extras; the office will collect them',
} as const;

/** One extra as priced by the server (also the receipt's and the breakdown's line). */
export interface ExtraLine {
  code: 'job_waiting' | 'job_parking' | 'job_tolls';
  label: string;
  amount_pence: number;
}

export interface ExtrasInput {
  waiting_min?: number;
  parking_pence?: number;
  tolls_pence?: number;
}

/** The extras priced, or the first problem with them (the server's 422 message). */
export function priceExtras(input: ExtrasInput, rules: ExtrasRules): { lines: ExtraLine[]; waitingPence: number; totalPence: number } | { problem: string } {
  const waiting = input.waiting_min ?? 0;
  const parking = input.parking_pence ?? 0;
  const tolls = input.tolls_pence ?? 0;
  if (waiting > 0 && rules.waitingMaxMinutes === 0) return { problem: COMPLETION_MESSAGES.waitingNotAllowed };
  if (waiting > rules.waitingMaxMinutes) return { problem: COMPLETION_MESSAGES.waitingOverLimit(rules.waitingMaxMinutes) };
  if (parking > 0 && rules.parkingMaxPence === 0) return { problem: COMPLETION_MESSAGES.parkingNotAllowed };
  if (parking > rules.parkingMaxPence) return { problem: COMPLETION_MESSAGES.moneyOverLimit('Parking', rules.parkingMaxPence) };
  if (tolls > 0 && rules.tollsMaxPence === 0) return { problem: COMPLETION_MESSAGES.tollsNotAllowed };
  if (tolls > rules.tollsMaxPence) return { problem: COMPLETION_MESSAGES.moneyOverLimit('Tolls', rules.tollsMaxPence) };
  const lines: ExtraLine[] = [];
  const waitingPence = Math.ceil(waiting / 5) * rules.waitingPerFivePence;
  if (waiting > 0) lines.push({ code: 'job_waiting', label: `Waiting time ${waiting} min (added by the driver)`, amount_pence: waitingPence });
  if (parking > 0) lines.push({ code: 'job_parking', label: 'Parking (added by the driver)', amount_pence: parking });
  if (tolls > 0) lines.push({ code: 'job_tolls', label: 'Tolls (added by the driver)', amount_pence: tolls });
  return { lines, waitingPence, totalPence: lines.reduce((sum, line) => sum + line.amount_pence, 0) };
}

export const extrasAllowedOf = (rules: ExtrasRules): ExtrasAllowed => ({
  waiting: rules.waitingMaxMinutes > 0 ? { max_minutes: rules.waitingMaxMinutes, per_five_pence: rules.waitingPerFivePence } : null,
  parking_max_pence: rules.parkingMaxPence > 0 ? rules.parkingMaxPence : null,
  tolls_max_pence: rules.tollsMaxPence > 0 ? rules.tollsMaxPence : null,
});


/** How far a tap's own time may reach back (the phone's clock, bounded by the server). */
export const TAP_TIME_MAX_AGE_HOURS = 12;
