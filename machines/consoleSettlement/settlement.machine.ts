/**
 * The console's Driver settlement page (owner only, issue 35): a week's drivers with their figures, one driver's week
 * opened with its jobs and adjustments, an adjustment added, the week settled.
 * - `loading` (the week's list; the last ended week unless one was picked) → `list`, or `failed` (`retry`).
 * - `list` → `opening` (`open` a driver) → `detail`; `pickWeek` from `list` or `detail` loads that week.
 * - `detail`: `adjust` → `adjusting`, `settle` → `settling`; either → `refreshing` (the list again, so its row shows the
 *   new balance or "Settled") → `detail` with the server's notice; a refusal stays on `detail` with the server's reason.
 *   `close` → `list`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AdjustmentCreate, SettlementList, WeekDetail } from '../../contract/settlement.ts';
import { SETTLEMENT_MESSAGES } from '../../contract/settlementRules.ts';
import { messageOf } from '../console/callError.ts';

export const SETTLEMENT_TEXT = {
  loadFailed: 'The settlement could not be loaded. Check the connection and try again.',
  saveFailed: 'That was not saved. Check the connection and try again.',
} as const;

export interface SettlementContext {
  week: string | null;
  list: SettlementList | null;
  driverId: number | null;
  detail: WeekDetail | null;
  notice: string | null;
  error: string | null;
  adjustment: AdjustmentCreate | null;
}

export type SettlementEvent =
  | { type: 'retry' }
  | { type: 'pickWeek'; week: string }
  | { type: 'open'; driverId: number }
  | { type: 'close' }
  | { type: 'adjust'; adjustment: AdjustmentCreate }
  | { type: 'settle' };

const notProvided = (name: string) => () => Promise.reject(new Error(`settlement actor "${name}" is not provided`));

export const settlementMachine = setup({
  types: { context: {} as SettlementContext, events: {} as SettlementEvent },
  actors: {
    load: fromPromise<SettlementList, { week: string | null }>(notProvided('load')),
    loadWeek: fromPromise<WeekDetail, { driverId: number; week: string }>(notProvided('loadWeek')),
    adjust: fromPromise<WeekDetail, { driverId: number; week: string; adjustment: AdjustmentCreate }>(notProvided('adjust')),
    settle: fromPromise<{ message: string; detail: WeekDetail }, { driverId: number; week: string }>(notProvided('settle')),
  },
  actions: {
    setList: assign((_, list: SettlementList) => ({ list, week: list.week.start })),
    setDetail: assign((_, detail: WeekDetail) => ({ detail })),
    setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
  },
}).createMachine({
  id: 'settlement',
  context: { week: null, list: null, driverId: null, detail: null, notice: null, error: null, adjustment: null },
  initial: 'loading',
  on: {
    pickWeek: { target: '.loading', actions: assign(({ event }) => ({ week: event.week, driverId: null, detail: null, notice: null, error: null })) },
  },
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ week: context.week }),
        onDone: { target: 'list', actions: { type: 'setList', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, SETTLEMENT_TEXT.loadFailed) }) } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: { type: 'setError', params: { text: null } } } } },
    list: {
      on: { open: { target: 'opening', actions: assign(({ event }) => ({ driverId: event.driverId, notice: null, error: null })) } },
    },
    opening: {
      invoke: {
        src: 'loadWeek',
        input: ({ context }) => ({ driverId: context.driverId!, week: context.week! }),
        onDone: { target: 'detail', actions: { type: 'setDetail', params: ({ event }) => event.output } },
        onError: { target: 'list', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, SETTLEMENT_TEXT.loadFailed) }) } },
      },
    },
    detail: {
      on: {
        close: { target: 'list', actions: assign({ driverId: null, detail: null, notice: null, error: null }) },
        open: { target: 'opening', actions: assign(({ event }) => ({ driverId: event.driverId, notice: null, error: null })) },
        adjust: { target: 'adjusting', actions: assign(({ event }) => ({ adjustment: event.adjustment, notice: null, error: null })) },
        settle: { target: 'settling', actions: assign({ notice: null, error: null }) },
      },
    },
    adjusting: {
      invoke: {
        src: 'adjust',
        input: ({ context }) => ({ driverId: context.driverId!, week: context.week!, adjustment: context.adjustment! }),
        onDone: { target: 'refreshing', actions: [{ type: 'setDetail', params: ({ event }) => event.output }, { type: 'setNotice', params: { text: SETTLEMENT_MESSAGES.adjusted } }] },
        onError: { target: 'detail', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, SETTLEMENT_TEXT.saveFailed) }) } },
      },
    },
    settling: {
      invoke: {
        src: 'settle',
        input: ({ context }) => ({ driverId: context.driverId!, week: context.week! }),
        onDone: { target: 'refreshing', actions: [{ type: 'setDetail', params: ({ event }) => event.output.detail }, { type: 'setNotice', params: ({ event }) => ({ text: event.output.message }) }] },
        onError: { target: 'detail', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, SETTLEMENT_TEXT.saveFailed) }) } },
      },
    },
    refreshing: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ week: context.week }),
        onDone: { target: 'detail', actions: { type: 'setList', params: ({ event }) => event.output } },
        onError: { target: 'detail' },
      },
    },
  },
});

export type SettlementMachine = typeof settlementMachine;
