/**
 * Driver settlement (issue 35), the rules shared by server, console and driver's app: plain code (no zod) so the
 * screens' chunks stay small. Money is integer pence throughout.
 *
 * A week's balance is what the operator owes the driver: what the operator collected for the driver's jobs (card
 * online, on account) less the operator's commission or rent, plus the adjustments. Negative: the driver owes the
 * operator (they kept the cash and card-in-car fares).
 */
import { poundsText } from './money.ts';
import type { DriverWeek } from './settlement.ts';

/** SETTLEMENT_WEEK_START's values, Sunday first as Date.getUTCDay counts. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export const COMMISSION_KINDS = ['percent', 'per_job', 'per_week'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** The owner's rule: SETTLEMENT_COMMISSION with its percentage (basis points: 15% = 1500) or fixed pence. */
export interface CommissionRule {
  kind: CommissionKind;
  basisPoints: number;
  amountPence: number;
}

export interface SettlementSettings {
  SETTLEMENT_WEEK_START?: string | null;
  SETTLEMENT_COMMISSION?: string | null;
  SETTLEMENT_COMMISSION_PERCENT?: string | null;
  SETTLEMENT_COMMISSION_AMOUNT?: string | null;
}

const decimalToHundredths = (value: string | null | undefined): number => {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(value?.trim() ?? '');
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
};

/** The week's first day (0 Sunday … 6 Saturday; default Monday) and the commission rule (default 0%). */
export function settlementRules(settings: SettlementSettings): { weekStartDay: number; rule: CommissionRule } {
  const day = WEEKDAYS.indexOf((settings.SETTLEMENT_WEEK_START ?? '') as (typeof WEEKDAYS)[number]);
  const kind = (COMMISSION_KINDS as readonly string[]).includes(settings.SETTLEMENT_COMMISSION ?? '') ? (settings.SETTLEMENT_COMMISSION as CommissionKind) : 'percent';
  return {
    weekStartDay: day < 0 ? 1 : day,
    rule: { kind, basisPoints: Math.min(10_000, decimalToHundredths(settings.SETTLEMENT_COMMISSION_PERCENT)), amountPence: decimalToHundredths(settings.SETTLEMENT_COMMISSION_AMOUNT) },
  };
}

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);
const plusDays = (date: string, days: number) => {
  const at = dayOf(date);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** The first day of the week (London date 'YYYY-MM-DD') that `date` falls in. */
export function weekStartOf(date: string, weekStartDay: number): string {
  const back = (dayOf(date).getUTCDay() - weekStartDay + 7) % 7;
  return plusDays(date, -back);
}

/** The week's last day. */
export const weekEndOf = (weekStart: string) => plusDays(weekStart, 6);
export const nextWeek = (weekStart: string, weeks = 1) => plusDays(weekStart, 7 * weeks);

/** A real calendar date 'YYYY-MM-DD' between 2000 and 2100. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2100 && !Number.isNaN(dayOf(value).getTime()) && dayOf(value).toISOString().startsWith(value);
}

/** How the job was paid, as the settlement reads it: in the car (to the driver), by card online, on account. */
export type SettlementPayment = 'car' | 'card' | 'account';

export interface JobMoney {
  /** What the driver took in the car (cash or card in the car): a pay-in-car booking's fare. */
  driverCollectedPence: number;
  /** What the operator took: the card ledger's charges less refunds, or the on-account fare. */
  operatorCollectedPence: number;
}

export interface WeekTotals {
  jobs: number;
  faresPence: number;
  driverCollectedPence: number;
  operatorCollectedPence: number;
  commissionPence: number;
  adjustmentsPence: number;
  /** What the operator owes the driver (negative: what the driver owes the operator). */
  balancePence: number;
}

/** The commission of one job under a per-job rule (a percentage rounds half up to the penny, job by job). */
export function jobCommission(farePence: number, rule: CommissionRule): number {
  if (rule.kind === 'percent') return Math.round((farePence * rule.basisPoints) / 10_000);
  if (rule.kind === 'per_job') return rule.amountPence;
  return 0;
}

/** A week's totals from its jobs and adjustments. A weekly rent is due for a week with at least one job. */
export function weekTotals(jobs: readonly JobMoney[], adjustmentsPence: readonly number[], rule: CommissionRule): WeekTotals {
  let driverCollectedPence = 0;
  let operatorCollectedPence = 0;
  let commissionPence = rule.kind === 'per_week' && jobs.length > 0 ? rule.amountPence : 0;
  for (const job of jobs) {
    driverCollectedPence += job.driverCollectedPence;
    operatorCollectedPence += job.operatorCollectedPence;
    commissionPence += jobCommission(job.driverCollectedPence + job.operatorCollectedPence, rule);
  }
  const adjustments = adjustmentsPence.reduce((total, amount) => total + amount, 0);
  return {
    jobs: jobs.length,
    faresPence: driverCollectedPence + operatorCollectedPence,
    driverCollectedPence,
    operatorCollectedPence,
    commissionPence,
    adjustmentsPence: adjustments,
    balancePence: operatorCollectedPence - commissionPence + adjustments,
  };
}

/** The balance in words, the same in the console, the app and the PDF. */
export function balanceText(balancePence: number, who: 'driver' | 'operator'): string {
  if (balancePence === 0) return 'Nothing owed either way';
  const amount = poundsText(Math.abs(balancePence));
  if (who === 'driver') return balancePence > 0 ? `You are owed ${amount}` : `You owe ${amount}`;
  return balancePence > 0 ? `You owe the driver ${amount}` : `The driver owes you ${amount}`;
}

export function commissionRuleText(rule: CommissionRule): string {
  if (rule.kind === 'percent') return `${(rule.basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}% of each job's fare`;
  if (rule.kind === 'per_job') return `${poundsText(rule.amountPence)} per job`;
  return `${poundsText(rule.amountPence)} rent per week with jobs`;
}

/** 'Mon 6 Jul – Sun 12 Jul 2026'. */
export function weekTitle(weekStart: string): string {
  const format = (date: string, year: boolean) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', ...(year ? { year: 'numeric' } : {}) }).format(dayOf(date)).replace(',', '');
  return `${format(weekStart, false)} – ${format(weekEndOf(weekStart), true)}`;
}

/**
 * A week with no job, no adjustment and nothing settled: the driver's Earnings screen shows it as one line ("No jobs"),
 * not a card of zeros with an empty statement.
 */
export function isQuietWeek(
  week: Pick<DriverWeek, 'jobs' | 'settled_at' | 'fares_pence' | 'driver_collected_pence' | 'operator_collected_pence' | 'commission_pence' | 'adjustments_pence' | 'balance_pence'>,
): boolean {
  const figures = [week.fares_pence, week.driver_collected_pence, week.operator_collected_pence, week.commission_pence, week.adjustments_pence, week.balance_pence];
  return week.jobs === 0 && week.settled_at === null && figures.every((pence) => pence === 0);
}

export const SETTLEMENT_MESSAGES = {
  alreadySettled: 'This week is already settled.',
  settledLocked: 'This week is settled: nothing in it can change. Add an adjustment to the next week.',
  notOver: 'This week is not over yet: settle it once it has ended.',
  weekInvalid: 'week: Give the first day of a settlement week as YYYY-MM-DD.',
  notWeekStart: (day: number) => `week: Settlement weeks start on a ${WEEKDAYS[day][0].toUpperCase()}${WEEKDAYS[day].slice(1)}.`,
  driverNotFound: 'No such driver on this site.',
  reason: 'reason: Say why, in 1 to 200 characters.',
  amount: 'amount_pence: A whole number of pence, not 0, up to £100,000 either way.',
  settled: (name: string) => `${name}'s week is settled.`,
  adjusted: 'Adjustment added.',
} as const;

export const statementFilename = (weekStart: string) => `statement-${weekStart}.pdf`;

/** The weekly statement's addresses (plain links: the staff's or the driver's cookie goes with them). */
export const consoleStatementPath = (driverId: number, weekStart: string) => `/api/admin/settlement/${driverId}/${encodeURIComponent(weekStart)}/statement`;
export const driverStatementPath = (weekStart: string) => `/api/driver/earnings/${encodeURIComponent(weekStart)}/statement`;
