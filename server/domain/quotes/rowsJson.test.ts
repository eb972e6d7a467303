import { describe, expect, it } from 'vitest';
import type { PricedRow } from '../pricing/types.ts';
import { rowsJsonWithQuoteId } from './quotesRepository.ts';

/** What the answer was before rowsJsonWithQuoteId: every row copied with the quote's id, then the array stringified. */
const spread = (rows: readonly object[], id: string) => JSON.stringify(rows.map((row) => ({ ...row, quote_id: id })));

describe('rowsJsonWithQuoteId', () => {
  const row = { vehicle_id: 1, company_id: 2, company_name: 'Westway "Cars"', price: 43.5, breakdown: { lines: [{ code: 'base_fare', amount: 5 }], notes: [] }, estimated: true };

  it('writes the same bytes as the rows spread with the quote id, for one row, several and none', () => {
    const id = 'q_AbC-123_xyz';
    for (const rows of [[row], [row, { ...row, vehicle_id: 3, estimated: false }, { ...row, company_name: 'Zoë’s\n' }], []]) {
      expect(rowsJsonWithQuoteId(rows as unknown as PricedRow[], id)).toBe(spread(rows, id));
    }
  });

  it('keeps a quote_id a row already has where it is, leaves out undefined keys, and writes an empty row', () => {
    const rows = [{ quote_id: 'q_old', vehicle_id: 1 }, { vehicle_id: 2, rating: undefined }, {}];
    const json = rowsJsonWithQuoteId(rows as unknown as PricedRow[], 'q_new');
    expect(json).toBe(spread(rows, 'q_new'));
    expect(JSON.parse(json)).toEqual([{ quote_id: 'q_new', vehicle_id: 1 }, { vehicle_id: 2, quote_id: 'q_new' }, { quote_id: 'q_new' }]);
  });
});
