/**
 * The console's Reports page (owner only): a range of London days (a preset or a custom range) and its report
 * compared with the period before (contract/reports.ts).
 * - `loading` (the range's report) → `ready`, or `failed` with the server's reason (a bad range) or the page's own;
 *   `retry` loads again.
 * - `preset` picks a preset and loads its range; `custom` (from, to) switches to the custom range and loads it.
 *   A choice while loading starts over with the new range (the old answer is dropped).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Report } from '../../contract/reports.ts';
import { messageOf } from '../console/callError.ts';
import { presetRange, type DayRange, type ReportPreset } from './reportRanges.ts';

export const REPORTS_TEXT = {
  loadFailed: 'The report could not be loaded. Check the connection and try again.',
} as const;

export interface ReportsContext {
  today: string;
  preset: ReportPreset;
  range: DayRange;
  report: Report | null;
  error: string | null;
}

export type ReportsEvent = { type: 'retry' } | { type: 'preset'; preset: Exclude<ReportPreset, 'custom'> } | { type: 'custom'; range: DayRange };

const notProvided = (name: string) => () => Promise.reject(new Error(`reports actor "${name}" is not provided`));

export const reportsMachine = setup({
  types: { context: {} as ReportsContext, events: {} as ReportsEvent, input: {} as { today: string; preset?: ReportPreset } },
  actors: {
    load: fromPromise<Report, DayRange>(notProvided('load')),
  },
  actions: {
    choosePreset: assign(({ context }, params: { preset: ReportPreset }) => ({ preset: params.preset, range: presetRange(params.preset, context.today, context.range) })),
    chooseCustom: assign((_, params: { range: DayRange }) => ({ preset: 'custom' as const, range: params.range })),
    setReport: assign((_, report: Report) => ({ report, error: null })),
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
  },
}).createMachine({
  id: 'reports',
  context: ({ input }) => {
    const preset = input.preset ?? 'this_week';
    return { today: input.today, preset, range: presetRange(preset, input.today, { from: input.today, to: input.today }), report: null, error: null };
  },
  initial: 'loading',
  on: {
    preset: { target: '.loading', actions: { type: 'choosePreset', params: ({ event }) => ({ preset: event.preset }) } },
    custom: { target: '.loading', actions: { type: 'chooseCustom', params: ({ event }) => ({ range: event.range }) } },
  },
  states: {
    loading: {
      entry: { type: 'setError', params: { text: null } },
      invoke: {
        src: 'load',
        input: ({ context }) => context.range,
        onDone: { target: 'ready', actions: { type: 'setReport', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, REPORTS_TEXT.loadFailed) }) } },
      },
    },
    ready: {},
    failed: { on: { retry: 'loading' } },
  },
});

export type ReportsMachine = typeof reportsMachine;
