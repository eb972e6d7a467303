import { describe, expect, it } from 'vitest';
import { agingBucket, agingOf, dueDate, endedPeriod, invoiceNumberText } from './invoiceRules.ts';

describe('invoice rules', () => {
  it('the last ended period: the month before (January looks back to December), the Monday-to-Sunday week before', () => {
    expect(endedPeriod('monthly', '2026-12-01')).toEqual({ start: '2026-11-01', end: '2026-12-01' });
    expect(endedPeriod('monthly', '2026-12-31')).toEqual({ start: '2026-11-01', end: '2026-12-01' });
    expect(endedPeriod('monthly', '2027-01-15')).toEqual({ start: '2026-12-01', end: '2027-01-01' });
    expect(endedPeriod('weekly', '2026-12-02')).toEqual({ start: '2026-11-23', end: '2026-11-30' }); // a Wednesday
    expect(endedPeriod('weekly', '2026-11-30')).toEqual({ start: '2026-11-23', end: '2026-11-30' }); // a Monday
    expect(endedPeriod('weekly', '2026-11-29')).toEqual({ start: '2026-11-16', end: '2026-11-23' }); // a Sunday
  });

  it('due dates and the aging buckets by days past due', () => {
    expect(dueDate('2026-12-01', 30)).toBe('2026-12-31');
    expect(dueDate('2027-02-01', 30)).toBe('2027-03-03');
    expect(['2026-12-31', '2027-01-01', '2027-01-30', '2027-01-31', '2027-03-01', '2027-03-02', '2027-03-31', '2027-04-01'].map((today) => agingBucket('2026-12-31', today))).toEqual([
      'current',
      'days_1_30',
      'days_1_30',
      'days_31_60',
      'days_31_60',
      'days_61_90',
      'days_61_90',
      'days_over_90',
    ]);
    expect(agingOf([{ due_on: '2026-12-31', outstanding_pence: 500 }, { due_on: '2026-10-20', outstanding_pence: 250 }, { due_on: '2026-01-01', outstanding_pence: 0 }], '2027-01-05')).toEqual({
      current: 0,
      days_1_30: 500,
      days_31_60: 0,
      days_61_90: 250,
      days_over_90: 0,
      total: 750,
    });
    expect(invoiceNumberText(123)).toBe('INV-000123');
  });
});
