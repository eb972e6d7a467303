import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SettlementList, WeekDetail } from '../../contract/settlement.ts';
import { SETTLEMENT_MESSAGES } from '../../contract/settlementRules.ts';
import { selectSettlementStage, settlementMachine, SETTLEMENT_TEXT } from './index.ts';

const row = { driver_id: 4, driver_name: 'Sam', week_start: '2026-11-23', week_end: '2026-11-29', jobs: 1, fares_pence: 4000, driver_collected_pence: 0, operator_collected_pence: 4000, commission_pence: 600, adjustments_pence: 0, balance_pence: 3400, settled_at: null };
const list = (start: string): SettlementList => ({ success: true, week: { start, end: '2026-11-29', ended: true }, weeks: ['2026-11-30', '2026-11-23'], drivers: [row] });
const detail: WeekDetail = { ...row, jobs: [], adjustments: [], rule: "15% of each job's fare", ended: true };

function page(options: { settle?: () => Promise<{ message: string; detail: WeekDetail }> } = {}) {
  const loads: (string | null)[] = [];
  const actor = createActor(
    settlementMachine.provide({
      actors: {
        load: fromPromise(async ({ input }: { input: { week: string | null } }) => {
          loads.push(input.week);
          return list(input.week ?? '2026-11-23');
        }),
        loadWeek: fromPromise(async () => detail),
        adjust: fromPromise(async ({ input }: { input: { driverId: number; week: string; adjustment: { amount_pence: number; reason: string } } }) => ({ ...detail, adjustments_pence: input.adjustment.amount_pence })),
        settle: fromPromise(options.settle ?? (async () => ({ message: "Sam's week is settled.", detail: { ...detail, settled_at: '2026-12-01T10:00:00.000Z' } }))),
      },
    }),
  ).start();
  return { actor, loads };
}

describe('the driver settlement page', () => {
  it('loads the last ended week, opens a driver, adds an adjustment and settles, reloading the list after each', async () => {
    const { actor, loads } = page();
    await waitFor(actor, (s) => selectSettlementStage(s) === 'list');
    expect(actor.getSnapshot().context.week).toBe('2026-11-23');
    actor.send({ type: 'open', driverId: 4 });
    await waitFor(actor, (s) => s.matches('detail'));
    actor.send({ type: 'adjust', adjustment: { amount_pence: -500, reason: 'Fuel' } });
    await waitFor(actor, (s) => s.matches('detail'));
    expect([actor.getSnapshot().context.detail?.adjustments_pence, actor.getSnapshot().context.notice]).toEqual([-500, SETTLEMENT_MESSAGES.adjusted]);
    actor.send({ type: 'settle' });
    await waitFor(actor, (s) => s.matches('detail') && s.context.detail?.settled_at !== null);
    expect(actor.getSnapshot().context.notice).toBe("Sam's week is settled.");
    expect(loads).toEqual([null, '2026-11-23', '2026-11-23']);
    actor.send({ type: 'pickWeek', week: '2026-11-30' });
    await waitFor(actor, (s) => selectSettlementStage(s) === 'list');
    expect([actor.getSnapshot().context.week, actor.getSnapshot().context.detail]).toEqual(['2026-11-30', null]);
  });

  it('a refused settle stays on the week with the server’s reason', async () => {
    const { actor } = page({ settle: () => Promise.reject(Object.assign(new Error(SETTLEMENT_MESSAGES.alreadySettled), { status: 409 })) });
    await waitFor(actor, (s) => s.matches('list'));
    actor.send({ type: 'open', driverId: 4 });
    await waitFor(actor, (s) => s.matches('detail'));
    actor.send({ type: 'settle' });
    await waitFor(actor, (s) => s.matches('detail') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(SETTLEMENT_MESSAGES.alreadySettled);
    expect(SETTLEMENT_TEXT.saveFailed).not.toBe(actor.getSnapshot().context.error);
  });
});
