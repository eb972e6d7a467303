import { describe, expect, it } from 'vitest';
import { recentMonths } from './StatementDownload.tsx';

describe('statement months', () => {
  it('offers next London month, this one and 23 before it, across a year and the BST midnight', () => {
    // 23:30 UTC on 31 December 2026 is still December in London (GMT); 23:30 UTC on 31 May 2026 is 1 June (BST).
    const december = recentMonths(new Date('2026-12-31T23:30:00Z'));
    expect(december.slice(0, 3)).toEqual([
      { value: '2027-01', label: 'January 2027' },
      { value: '2026-12', label: 'December 2026' },
      { value: '2026-11', label: 'November 2026' },
    ]);
    expect(december).toHaveLength(25);
    expect(december.at(-1)).toEqual({ value: '2025-01', label: 'January 2025' });
    expect(recentMonths(new Date('2026-05-31T23:30:00Z'))[1]).toEqual({ value: '2026-06', label: 'June 2026' });
  });
});
