/**
 * The owner's reports (issue 35): a range of London days and the period of equal length before it, read as three
 * aggregates (repository.ts) and shaped into the contract's report. The rules live here: the range's checks, the
 * instants of London days, revenue (fares less refunds plus fees kept), VAT on the totals, labels.
 */
import { CANCEL_REASON_LABELS, type CancelReason } from '../../../contract/dispatch.ts';
import { PAYMENT_METHOD_LABELS, NOTHING_TO_PAY, type PaymentMethod } from '../../../contract/paymentMethods.ts';
import {
  BOOKING_SOURCE_LABELS,
  LEAD_TIME_BUCKETS,
  LEAD_TIME_LABELS,
  REPORT_MAX_DAYS,
  REPORTS_MESSAGES,
  type BookingSource,
  type CountGroup,
  type Report,
  type ReportQuery,
  type ReportTotals,
  type TripGroup,
} from '../../../contract/reports.ts';
import type { Db } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import { addDays, londonWallClock } from '../pricing/londonTime.ts';
import { vatAmounts, vatSettings } from '../receipts/vat.ts';
import type { Settings } from '../../../contract/settings.ts';
import { createReportsRepository, type CountAggregate, type ReportPeriod, type TripAggregate, type TripFigures } from './repository.ts';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
/** A calendar date of this millennium (a year 0 or 9999 would only reach the database to be refused there). */
const isRealDate = (date: string) =>
  date >= '2000-01-01' && date <= '2999-12-31' && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;

/** The asked range and the one before it, checked: real dates, to ≥ from, at most REPORT_MAX_DAYS days. */
export function reportPeriods(query: ReportQuery) {
  if (!isRealDate(query.from) || !isRealDate(query.to)) throw new DomainError('invalid_input', REPORTS_MESSAGES.badDate);
  const days = daysBetween(query.from, query.to);
  if (days < 1) throw new DomainError('invalid_input', REPORTS_MESSAGES.toBeforeFrom);
  if (days > REPORT_MAX_DAYS) throw new DomainError('invalid_input', REPORTS_MESSAGES.tooLong);
  const previous = { from: addDays(query.from, -days), to: addDays(query.from, -1), days };
  return {
    period: { from: query.from, to: query.to, days },
    previousPeriod: previous,
    instants: { previousStart: londonWallClock(previous.from, 0, 0), start: londonWallClock(query.from, 0, 0), end: londonWallClock(addDays(query.to, 1), 0, 0) },
  };
}

const EMPTY: TripFigures = { due: 0, done: 0, cancelled: 0, noShows: 0, faresPence: 0, refundsPence: 0, feesPence: 0 };
const revenueOf = (figures: TripFigures) => figures.faresPence - figures.refundsPence + figures.feesPence;

const PAYMENT_LABELS: Record<string, string> = { ...(PAYMENT_METHOD_LABELS satisfies Record<PaymentMethod, string>), nothing_to_pay: NOTHING_TO_PAY, account: 'On account' };
function tripLabel(dimension: NonNullable<TripAggregate['dimension']>, key: string): string {
  if (dimension === 'driver') return key === '' ? 'Not assigned' : key;
  if (dimension === 'source') return BOOKING_SOURCE_LABELS[key as BookingSource] ?? key;
  if (dimension === 'payment') return PAYMENT_LABELS[key] ?? key;
  if (dimension === 'hour') return `${key}:00`;
  return key;
}

function reasonLabel(key: string): string {
  if (key === 'no_show') return 'No-show';
  if (key === 'by_passenger') return 'Cancelled by the passenger';
  if (key === 'by_operator') return 'Cancelled by the operator';
  if (key === 'unknown') return 'Cancelled (no reason recorded)';
  return CANCEL_REASON_LABELS[key as CancelReason] ?? key;
}

/** One dimension's rows for both periods, biggest (this period's trips, then the last one's) first unless `order` is given. */
function tripGroups(rows: TripAggregate[], dimension: NonNullable<TripAggregate['dimension']>, order?: readonly string[]): TripGroup[] {
  const keys = new Map<string, Partial<Record<ReportPeriod, TripFigures>>>();
  for (const key of order ?? []) keys.set(key, {});
  for (const row of rows) if (row.dimension === dimension) keys.set(row.key, { ...keys.get(row.key), [row.period]: row });
  const figures = (value: TripFigures | undefined) => {
    const f = value ?? EMPTY;
    return { due: f.due, done: f.done, cancelled: f.cancelled, noShows: f.noShows, revenuePence: revenueOf(f) };
  };
  const groups = [...keys].map(([key, periods]) => ({ key, label: tripLabel(dimension, key), current: figures(periods.current), previous: figures(periods.previous) }));
  if (order) return groups;
  return groups.sort((a, b) => b.current.due - a.current.due || b.previous.due - a.previous.due || a.label.localeCompare(b.label));
}

function countGroups(rows: CountAggregate[], label: (key: string) => string, order?: readonly string[]): CountGroup[] {
  const keys = new Map<string, Partial<Record<ReportPeriod, CountAggregate>>>();
  for (const key of order ?? []) keys.set(key, {});
  for (const row of rows) if (row.key !== null) keys.set(row.key, { ...keys.get(row.key), [row.period]: row });
  const figures = (value: CountAggregate | undefined) => ({ count: value?.count ?? 0, pence: value?.pence ?? 0 });
  const groups = [...keys].map(([key, periods]) => ({ key, label: label(key), current: figures(periods.current), previous: figures(periods.previous) }));
  if (order) return groups;
  return groups.sort((a, b) => b.current.count - a.current.count || b.previous.count - a.previous.count || a.label.localeCompare(b.label));
}

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

export function createReportsService(db: Db) {
  return {
    async report(siteId: number, settings: Settings, query: ReportQuery): Promise<Report> {
      const { period, previousPeriod, instants } = reportPeriods(query);
      const args = [siteId, instants.previousStart, instants.start, instants.end] as const;
      // One transaction: one snapshot for the three aggregates, and their memory setting kept to them.
      const { trips, made, promos } = await db.transaction(async (tx) => {
        const repository = createReportsRepository(tx);
        await repository.roomToAggregate();
        return { trips: await repository.trips(...args), made: await repository.made(...args), promos: await repository.promos(...args) };
      });
      const vat = vatSettings(settings);
      const totals = (which: ReportPeriod): ReportTotals => {
        const trip = trips.find((row) => row.period === which && row.dimension === null) ?? EMPTY;
        const promo = promos.find((row) => row.period === which && row.key === null);
        const revenuePence = revenueOf(trip);
        const amounts = vat.number ? vatAmounts(Math.max(0, revenuePence), vat.rateBasisPoints, vat.pricesIncludeVat) : null;
        return {
          bookingsMade: made.find((row) => row.period === which && row.key === null)?.count ?? 0,
          tripsDue: trip.due,
          tripsDone: trip.done,
          cancelled: trip.cancelled,
          noShows: trip.noShows,
          faresPence: trip.faresPence,
          refundsPence: trip.refundsPence,
          cancellationFeesPence: trip.feesPence,
          revenuePence,
          revenueWithVatPence: amounts ? amounts.grossPence : null,
          revenueWithoutVatPence: amounts ? amounts.netPence : null,
          averageFarePence: trip.done > 0 ? Math.round((trip.faresPence - trip.refundsPence) / trip.done) : null,
          promoUses: promo?.count ?? 0,
          promoCostPence: promo?.pence ?? 0,
        };
      };
      const byCompany = tripGroups(trips, 'company');
      const cancellations = countGroups(
        trips.filter((row) => row.dimension === 'reason').map((row) => ({ period: row.period, key: row.key, count: row.due, pence: row.feesPence })),
        reasonLabel,
      );
      return {
        period,
        previousPeriod,
        vat: vat.number ? { ratePercent: vat.rateBasisPoints / 100, pricesIncludeVat: vat.pricesIncludeVat } : null,
        current: totals('current'),
        previous: totals('previous'),
        // One company across both periods: nothing to compare, so no breakdown.
        byCompany: byCompany.length > 1 ? byCompany : null,
        byCategory: tripGroups(trips, 'category'),
        byDriver: tripGroups(trips, 'driver'),
        bySource: tripGroups(trips, 'source'),
        byPayment: tripGroups(trips, 'payment'),
        byHour: tripGroups(trips, 'hour', HOURS),
        leadTime: countGroups(made, (key) => LEAD_TIME_LABELS[key as keyof typeof LEAD_TIME_LABELS] ?? key, LEAD_TIME_BUCKETS),
        cancellations,
        promos: countGroups(promos, (key) => key),
      };
    },
  };
}
