/** The reports page's statechart given the console's call (src/api/consoleReports.ts); today is London's. */
import { fromPromise } from 'xstate';
import { londonClock } from '../../../contract/londonClock.ts';
import { reportsMachine, type DayRange } from '../../../machines/consoleReports/index.ts';
import { loadReport } from '../../api/consoleReports.ts';

export const reportsLogic = reportsMachine.provide({
  actors: { load: fromPromise(({ input, signal }: { input: DayRange; signal: AbortSignal }) => loadReport(input, { signal })) },
});

export const reportsInput = () => ({ today: londonClock(new Date()).date });
