import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Report } from '../../contract/reports.ts';
import { presetRange, reportsMachine, REPORTS_TEXT, selectReportsStage, type DayRange } from './index.ts';

const none = { from: '2026-01-01', to: '2026-01-01' };

describe('the reports page presets (London days)', () => {
  it('today, this week from Monday, last week Monday to Sunday, this month to date, last month whole', () => {
    // Wednesday 2 December 2026.
    expect(presetRange('today', '2026-12-02', none)).toEqual({ from: '2026-12-02', to: '2026-12-02' });
    expect(presetRange('this_week', '2026-12-02', none)).toEqual({ from: '2026-11-30', to: '2026-12-02' });
    expect(presetRange('last_week', '2026-12-02', none)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('this_month', '2026-12-02', none)).toEqual({ from: '2026-12-01', to: '2026-12-02' });
    expect(presetRange('last_month', '2026-12-02', none)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('last_month', '2026-03-31', none)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    // A Sunday is the end of its week; a Monday starts one.
    expect(presetRange('this_week', '2026-12-06', none)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(presetRange('this_week', '2026-11-30', none)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(presetRange('custom', '2026-12-02', { from: '2026-10-01', to: '2026-10-15' })).toEqual({ from: '2026-10-01', to: '2026-10-15' });
  });
});

describe('the reports page', () => {
  const report = (range: DayRange) => ({ period: { ...range, days: 1 } }) as unknown as Report;
  function page(load: (range: DayRange) => Promise<Report>) {
    const asked: DayRange[] = [];
    const actor = createActor(
      reportsMachine.provide({
        actors: {
          load: fromPromise(async ({ input }: { input: DayRange }) => {
            asked.push(input);
            return load(input);
          }),
        },
      }),
      { input: { today: '2026-12-02' } },
    ).start();
    return { actor, asked };
  }

  it('loads this week first, then each preset or custom range chosen; a refused range shows the server’s reason until another is chosen', async () => {
    const { actor, asked } = page(async (range) => {
      if (range.from > range.to) throw Object.assign(new Error('to must be on or after from'), { status: 400 });
      return report(range);
    });
    await waitFor(actor, (s) => selectReportsStage(s) === 'ready');
    expect(actor.getSnapshot().context.report).toEqual(report({ from: '2026-11-30', to: '2026-12-02' }));
    actor.send({ type: 'preset', preset: 'last_month' });
    expect([selectReportsStage(actor.getSnapshot()), actor.getSnapshot().context.preset]).toEqual(['loading', 'last_month']);
    await waitFor(actor, (s) => selectReportsStage(s) === 'ready');
    actor.send({ type: 'custom', range: { from: '2026-10-15', to: '2026-10-01' } });
    await waitFor(actor, (s) => selectReportsStage(s) === 'failed');
    expect(actor.getSnapshot().context).toMatchObject({ preset: 'custom', error: 'to must be on or after from' });
    actor.send({ type: 'custom', range: { from: '2026-10-01', to: '2026-10-15' } });
    await waitFor(actor, (s) => selectReportsStage(s) === 'ready');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(asked).toEqual([
      { from: '2026-11-30', to: '2026-12-02' },
      { from: '2026-11-01', to: '2026-11-30' },
      { from: '2026-10-15', to: '2026-10-01' },
      { from: '2026-10-01', to: '2026-10-15' },
    ]);
  });

  it('a failed load without a message says so and loads again on retry', async () => {
    let fail = true;
    const { actor } = page(async (range) => {
      if (fail) throw new Error('');
      return report(range);
    });
    await waitFor(actor, (s) => selectReportsStage(s) === 'failed');
    expect(actor.getSnapshot().context.error).toBe(REPORTS_TEXT.loadFailed);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => selectReportsStage(s) === 'ready');
  });
});
