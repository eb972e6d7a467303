import type { AdjustmentCreate, DriverWeek, WeekDetail } from '../../../contract/settlement.ts';
import { settingsFromRows } from '../../../contract/settings.ts';
import {
  commissionRuleText,
  jobCommission,
  nextWeek,
  SETTLEMENT_MESSAGES,
  settlementRules,
  weekEndOf,
  weekStartOf,
  weekTotals,
  type CommissionRule,
} from '../../../contract/settlementRules.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { DomainError } from '../errors.ts';
import { londonParts, londonWallClock } from '../pricing/londonTime.ts';
import { issuerOf } from '../receipts/index.ts';
import type { Issuer } from '../receipts/receipt.ts';
import { loadSiteForReceipt } from '../receipts/repository.ts';
import { createSettlementRepository, type AdjustmentRow, type JobMoneyRow, type SettledRow } from './repository.ts';

/** How many weeks the driver's Earnings screen and the console's week picker go back. */
export const EARNINGS_WEEKS = 8;

interface SiteRules {
  weekStartDay: number;
  rule: CommissionRule;
  issuer: Issuer;
}

const weekRange = (weekStart: string, weeks = 1) => ({ from: londonWallClock(weekStart, 0, 0), to: londonWallClock(nextWeek(weekStart, weeks), 0, 0) });

/** A driver's week from its jobs and adjustments (the live figures), or the settled row's figures as they were paid. */
export function buildWeek(driverId: number, driverName: string, weekStart: string, jobs: readonly JobMoneyRow[], adjustments: readonly AdjustmentRow[], rule: CommissionRule, now: Date): WeekDetail {
  const totals = weekTotals(jobs, adjustments.map((adjustment) => adjustment.amountPence), rule);
  return {
    driver_id: driverId,
    driver_name: driverName,
    week_start: weekStart,
    week_end: weekEndOf(weekStart),
    jobs: jobs.map((job) => ({
      booking_number: job.bookingNumber,
      completed_at: job.completedAt.toISOString(),
      payment: job.payment,
      fare_pence: job.driverCollectedPence + job.operatorCollectedPence,
      driver_collected_pence: job.driverCollectedPence,
      operator_collected_pence: job.operatorCollectedPence,
      commission_pence: jobCommission(job.driverCollectedPence + job.operatorCollectedPence, rule),
    })),
    adjustments: adjustments.map((adjustment) => ({ id: adjustment.id, amount_pence: adjustment.amountPence, reason: adjustment.reason, created_at: adjustment.createdAt.toISOString() })),
    rule: commissionRuleText(rule),
    fares_pence: totals.faresPence,
    driver_collected_pence: totals.driverCollectedPence,
    operator_collected_pence: totals.operatorCollectedPence,
    commission_pence: totals.commissionPence,
    adjustments_pence: totals.adjustmentsPence,
    balance_pence: totals.balancePence,
    settled_at: null,
    ended: now.getTime() >= weekRange(weekStart).to.getTime(),
  };
}

/** The summary of a week (no job or adjustment lines). */
export function summaryOf(detail: WeekDetail): DriverWeek {
  return {
    driver_id: detail.driver_id,
    driver_name: detail.driver_name,
    week_start: detail.week_start,
    week_end: detail.week_end,
    jobs: detail.jobs.length,
    fares_pence: detail.fares_pence,
    driver_collected_pence: detail.driver_collected_pence,
    operator_collected_pence: detail.operator_collected_pence,
    commission_pence: detail.commission_pence,
    adjustments_pence: detail.adjustments_pence,
    balance_pence: detail.balance_pence,
    settled_at: detail.settled_at,
  };
}

const settledDetail = (row: SettledRow): WeekDetail => ({ ...(row.figures as WeekDetail), settled_at: row.settledAt.toISOString(), ended: true });

/**
 * Driver settlement (issue 35): weeks per driver computed from the bookings' ledger (repository.ts), adjustments and
 * settling (each one transaction with its audit row, under the driver's row lock), and a settled week read from the
 * figures kept when it was settled. The database refuses any change to a settled week (migration 031).
 */
export function createSettlementService(db: Db) {
  async function siteRules(q: Queryable, siteId: number): Promise<SiteRules> {
    const site = await loadSiteForReceipt(q, siteId);
    const settings = settingsFromRows(site?.settings ?? []);
    return { ...settlementRules(settings), issuer: issuerOf(site?.name ?? '', site?.settings ?? []) };
  }

  /** The weeks [firstWeek, firstWeek + count) of one driver or all, settled ones as kept. */
  async function weeks(q: Queryable, siteId: number, rules: SiteRules, firstWeek: string, count: number, driverId: number | null, now: Date): Promise<WeekDetail[]> {
    const repository = createSettlementRepository(q);
    const { from, to } = weekRange(firstWeek, count);
    const lastWeek = nextWeek(firstWeek, count);
    const [jobs, adjustments, settled] = [
      await repository.jobs(siteId, from, to, driverId),
      await repository.adjustments(siteId, firstWeek, lastWeek, driverId),
      await repository.settled(siteId, firstWeek, lastWeek, driverId),
    ];
    const weekOfJob = (job: JobMoneyRow) => weekStartOf(londonParts(job.completedAt).date, rules.weekStartDay);
    const keys = new Map<string, { driverId: number; weekStart: string }>();
    const add = (id: number, weekStart: string) => keys.set(`${id}:${weekStart}`, { driverId: id, weekStart });
    for (const job of jobs) add(job.driverId, weekOfJob(job));
    for (const adjustment of adjustments) add(adjustment.driverId, adjustment.weekStart);
    for (const row of settled) add(row.driverId, row.weekStart);
    if (driverId !== null) for (let index = 0; index < count; index += 1) add(driverId, nextWeek(firstWeek, index));
    const names = await repository.driverNames(siteId, [...new Set([...keys.values()].map((key) => key.driverId))]);
    return [...keys.values()]
      .filter((key) => names.has(key.driverId))
      .map(({ driverId: id, weekStart }) => {
        const kept = settled.find((row) => row.driverId === id && row.weekStart === weekStart);
        if (kept) return settledDetail(kept);
        return buildWeek(
          id,
          names.get(id)!,
          weekStart,
          jobs.filter((job) => job.driverId === id && weekOfJob(job) === weekStart),
          adjustments.filter((adjustment) => adjustment.driverId === id && adjustment.weekStart === weekStart),
          rules.rule,
          now,
        );
      })
      .sort((a, b) => b.week_start.localeCompare(a.week_start) || a.driver_name.localeCompare(b.driver_name) || a.driver_id - b.driver_id);
  }

  const checkWeek = (rules: SiteRules, week: string) => {
    if (weekStartOf(week, rules.weekStartDay) !== week) throw new DomainError('invalid_input', SETTLEMENT_MESSAGES.notWeekStart(rules.weekStartDay));
  };
  const currentWeek = (rules: SiteRules, now: Date) => weekStartOf(londonParts(now).date, rules.weekStartDay);

  async function detailIn(q: Queryable, siteId: number, rules: SiteRules, driverId: number, week: string, now: Date): Promise<WeekDetail> {
    checkWeek(rules, week);
    const [detail] = await weeks(q, siteId, rules, week, 1, driverId, now);
    if (!detail) throw new DomainError('not_found', SETTLEMENT_MESSAGES.driverNotFound);
    return detail;
  }

  return {
    /** Every driver with a job, an adjustment or a settled row in the week (default: the last ended week). */
    async list(siteId: number, week: string | undefined, now: Date) {
      const rules = await siteRules(db, siteId);
      const current = currentWeek(rules, now);
      const start = week ?? nextWeek(current, -1);
      checkWeek(rules, start);
      const drivers = (await weeks(db, siteId, rules, start, 1, null, now)).map(summaryOf);
      return {
        week: { start, end: weekEndOf(start), ended: now.getTime() >= weekRange(start).to.getTime() },
        weeks: Array.from({ length: EARNINGS_WEEKS }, (_, index) => nextWeek(current, -index)),
        drivers,
      };
    },

    async detail(siteId: number, driverId: number, week: string, now: Date): Promise<WeekDetail> {
      return detailIn(db, siteId, await siteRules(db, siteId), driverId, week, now);
    },

    /** The driver's own last EARNINGS_WEEKS weeks, newest first. */
    async earnings(siteId: number, driverId: number, now: Date): Promise<DriverWeek[]> {
      const rules = await siteRules(db, siteId);
      const first = nextWeek(currentWeek(rules, now), -(EARNINGS_WEEKS - 1));
      return (await weeks(db, siteId, rules, first, EARNINGS_WEEKS, driverId, now)).map(summaryOf);
    },

    async issuer(siteId: number): Promise<Issuer> {
      return (await siteRules(db, siteId)).issuer;
    },

    async addAdjustment(actor: Actor, siteId: number, driverId: number, week: string, input: AdjustmentCreate, now: Date): Promise<WeekDetail> {
      return db.transaction(async (tx) => {
        const rules = await siteRules(tx, siteId);
        checkWeek(rules, week);
        const repository = createSettlementRepository(tx);
        if ((await repository.lockDriver(siteId, driverId)) === null) throw new DomainError('not_found', SETTLEMENT_MESSAGES.driverNotFound);
        if ((await repository.settled(siteId, week, nextWeek(week), driverId)).length > 0) throw new DomainError('conflict', SETTLEMENT_MESSAGES.settledLocked);
        const id = await repository.insertAdjustment(siteId, driverId, week, input.amount_pence, input.reason, actor.kind === 'staff' ? actor.staffId : null);
        await recordAudit(tx, actor, { siteId, action: 'settlement.adjust', entityType: 'driver', entityId: driverId, before: null, after: { id, week_start: week, amount_pence: input.amount_pence, reason: input.reason } });
        return detailIn(tx, siteId, rules, driverId, week, now);
      });
    },

    /** Settles an ended week once: a second (or concurrent) request is a 409 and changes nothing. */
    async settle(actor: Actor, siteId: number, driverId: number, week: string, now: Date): Promise<WeekDetail> {
      return db.transaction(async (tx) => {
        const rules = await siteRules(tx, siteId);
        checkWeek(rules, week);
        const repository = createSettlementRepository(tx);
        if ((await repository.lockDriver(siteId, driverId)) === null) throw new DomainError('not_found', SETTLEMENT_MESSAGES.driverNotFound);
        const detail = await detailIn(tx, siteId, rules, driverId, week, now);
        if (detail.settled_at !== null) throw new DomainError('conflict', SETTLEMENT_MESSAGES.alreadySettled);
        if (!detail.ended) throw new DomainError('conflict', SETTLEMENT_MESSAGES.notOver);
        const { settled_at: _settledAt, ended: _ended, ...figures } = detail;
        if (!(await repository.insertSettled(siteId, driverId, week, figures, detail.balance_pence, actor.kind === 'staff' ? actor.staffId : null))) {
          throw new DomainError('conflict', SETTLEMENT_MESSAGES.alreadySettled);
        }
        await recordAudit(tx, actor, { siteId, action: 'settlement.settle', entityType: 'driver', entityId: driverId, before: null, after: summaryOf({ ...detail, settled_at: null }) });
        return detailIn(tx, siteId, rules, driverId, week, now);
      });
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
