/** The Driver settlement page's statechart given the console's calls (src/api/consoleSettlement.ts). */
import { fromPromise } from 'xstate';
import type { AdjustmentCreate } from '../../../contract/settlement.ts';
import { settlementMachine } from '../../../machines/consoleSettlement/index.ts';
import { addSettlementAdjustment, loadSettlement, loadSettlementWeek, settleWeek } from '../../api/consoleSettlement.ts';

export const settlementLogic = settlementMachine.provide({
  actors: {
    load: fromPromise(({ input, signal }: { input: { week: string | null }; signal: AbortSignal }) => loadSettlement(input.week, { signal })),
    loadWeek: fromPromise(({ input, signal }: { input: { driverId: number; week: string }; signal: AbortSignal }) => loadSettlementWeek(input.driverId, input.week, { signal })),
    adjust: fromPromise(({ input }: { input: { driverId: number; week: string; adjustment: AdjustmentCreate } }) => addSettlementAdjustment(input.driverId, input.week, input.adjustment)),
    settle: fromPromise(async ({ input }: { input: { driverId: number; week: string } }) => {
      const { message, detail } = await settleWeek(input.driverId, input.week);
      return { message, detail };
    }),
  },
});
