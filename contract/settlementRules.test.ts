import { describe, expect, it } from 'vitest';
import { balanceText, commissionRuleText, isCalendarDate, isQuietWeek, jobCommission, settlementRules, weekStartOf, weekTitle, weekTotals } from './settlementRules.ts';

describe('settlement rules', () => {
  it('reads the owner settings, defaulting to weeks from Monday and 0%', () => {
    expect(settlementRules({})).toEqual({ weekStartDay: 1, rule: { kind: 'percent', basisPoints: 0, amountPence: 0 } });
    expect(settlementRules({ SETTLEMENT_WEEK_START: 'sunday', SETTLEMENT_COMMISSION: 'per_week', SETTLEMENT_COMMISSION_PERCENT: '12.5', SETTLEMENT_COMMISSION_AMOUNT: '150.5' })).toEqual({
      weekStartDay: 0,
      rule: { kind: 'per_week', basisPoints: 1250, amountPence: 15050 },
    });
  });

  it('finds the first day of a week, whichever day starts it', () => {
    // Wednesday 2 December 2026.
    expect(weekStartOf('2026-12-02', 1)).toBe('2026-11-30');
    expect(weekStartOf('2026-12-02', 0)).toBe('2026-11-29');
    expect(weekStartOf('2026-12-02', 3)).toBe('2026-12-02');
    expect(weekStartOf('2026-12-02', 4)).toBe('2026-11-26');
    expect(weekTitle('2026-11-30')).toBe('Mon 30 Nov – Sun 6 Dec 2026');
    expect(['2026-02-29', '2026-13-01', '1999-01-04', '2026-1-01'].map(isCalendarDate)).toEqual([false, false, false, false]);
  });

  it('takes the commission job by job (rounded half up), per job, or as a weekly rent for a week with jobs', () => {
    expect(jobCommission(4250, { kind: 'percent', basisPoints: 1500, amountPence: 0 })).toBe(638);
    const jobs = [
      { driverCollectedPence: 4250, operatorCollectedPence: 0 },
      { driverCollectedPence: 0, operatorCollectedPence: 6000 },
    ];
    expect(weekTotals(jobs, [-500], { kind: 'percent', basisPoints: 1500, amountPence: 0 })).toEqual({
      jobs: 2,
      faresPence: 10250,
      driverCollectedPence: 4250,
      operatorCollectedPence: 6000,
      commissionPence: 1538,
      adjustmentsPence: -500,
      balancePence: 3962,
    });
    expect(weekTotals(jobs, [], { kind: 'per_job', basisPoints: 0, amountPence: 300 }).commissionPence).toBe(600);
    expect(weekTotals(jobs, [], { kind: 'per_week', basisPoints: 0, amountPence: 12000 }).balancePence).toBe(-6000);
    expect(weekTotals([], [250], { kind: 'per_week', basisPoints: 0, amountPence: 12000 }).balancePence).toBe(250);
    expect(commissionRuleText({ kind: 'percent', basisPoints: 1250, amountPence: 0 })).toBe("12.5% of each job's fare");
  });

  it('says the balance either way, to the driver and to the owner', () => {
    expect([balanceText(3962, 'driver'), balanceText(-6000, 'driver'), balanceText(0, 'driver')]).toEqual(['You are owed £39.62', 'You owe £60.00', 'Nothing owed either way']);
    expect([balanceText(3962, 'operator'), balanceText(-6000, 'operator')]).toEqual(['You owe the driver £39.62', 'The driver owes you £60.00']);
  });

  it('calls a week quiet only with no job, no money either way and nothing settled', () => {
    const empty = { jobs: 0, settled_at: null, fares_pence: 0, driver_collected_pence: 0, operator_collected_pence: 0, commission_pence: 0, adjustments_pence: 0, balance_pence: 0 };
    expect(isQuietWeek(empty)).toBe(true);
    expect(isQuietWeek({ ...empty, jobs: 1 })).toBe(false);
    expect(isQuietWeek({ ...empty, adjustments_pence: -500, balance_pence: -500 })).toBe(false);
    expect(isQuietWeek({ ...empty, settled_at: '2026-11-30T10:00:00Z' })).toBe(false);
  });
});
