import type { BreakdownLine } from '../../../contract/booking.ts';
import type { Pence } from './types.ts';

/** A breakdown line in pence, before the row adds its amount in pounds. */
export type Line = Omit<BreakdownLine, 'amount'>;
export type LegName = BreakdownLine['leg'];

export const sumPence = (lines: readonly Pick<Line, 'amount_pence'>[]): Pence => lines.reduce((total, line) => total + line.amount_pence, 0);
