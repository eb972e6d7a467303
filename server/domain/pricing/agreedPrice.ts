import type { BreakdownLine, PriceDetail } from '../../../contract/booking.ts';

/** The breakdown line of a price agreed by staff (a dispatcher's override, a staff-priced offer): the difference. */
export const AGREED_PRICE_CODE = 'agreed_price';
export const AGREED_PRICE_LABEL = 'Price agreed with the office';

/**
 * A priced row at a price agreed by staff instead of the tariff's: one adjustment line carries the difference, so the
 * lines still sum to `final_price_pence` (receipts and the console read them). The reason is not in it: the row goes
 * to the passenger; the reason is the operator's (the booking's price_override_reason, the audit log).
 */
export function withAgreedPrice(row: PriceDetail, pricePence: number): PriceDetail {
  const difference = pricePence - row.breakdown.final_price_pence;
  if (difference === 0) return row;
  const line: BreakdownLine = { code: AGREED_PRICE_CODE, label: AGREED_PRICE_LABEL, leg: 'trip', group: 'adjustment', amount: difference / 100, amount_pence: difference };
  return {
    ...row,
    final_price: pricePence / 100,
    breakdown: { ...row.breakdown, lines: [...row.breakdown.lines, line], final_price: pricePence / 100, final_price_pence: pricePence },
  };
}
