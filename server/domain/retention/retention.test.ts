import { describe, expect, it } from 'vitest';
import { monthsBefore, retentionMonths } from './retention.ts';

describe('retention period', () => {
  it('reads RETENTION_MONTHS as whole months, never below the statutory 12, 24 when unset or unreadable', () => {
    expect([null, undefined, '', 'abc', '18.5', '-3', '0x20'].map(retentionMonths)).toEqual([24, 24, 24, 24, 24, 12, 24]);
    expect(['6', '12', ' 36 ', '120'].map(retentionMonths)).toEqual([12, 12, 36, 120]);
  });

  it('counts calendar months back; the 31st of a shorter month is its last day', () => {
    expect(monthsBefore(new Date('2026-11-25T10:00:00Z'), 24).toISOString()).toBe('2024-11-25T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-03-31T00:30:00Z'), 13).toISOString()).toBe('2025-02-28T00:30:00.000Z');
    expect(monthsBefore(new Date('2028-05-31T12:00:00Z'), 3).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });
});
