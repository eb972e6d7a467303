import type { LoadResult } from '../lib.ts';

type Figures = LoadResult & Record<string, unknown>;
type Side = { trivial: LoadResult; distinct?: Figures; bookings?: Figures; card?: Figures } | null | undefined;

/** Issue 20's goals, each with its figure and the trivial route of the same run, from the benches' results (those that ran). */
export function issue20Goals(results: Record<string, unknown>) {
  const quote = results.quote as { pglite?: Side; postgres?: Side } | undefined;
  const booking = results.booking as { pglite?: Side; postgres?: Side } | undefined;
  const card = results.card as Side;
  type Pair = { oneProcess: { requestsPerSecond: number; p99Ms?: number }; twoProcesses: { requestsPerSecond: number; p99Ms?: number } };
  const scaleout = results.scaleout as (Partial<Pair> & { distinctSearches?: Pair; trivial?: Pair }) | undefined;
  const rows: { goal: string; figure: string; 'p99 ms': number | string; 'trivial req/s': number | string }[] = [];
  const add = (goal: string, side: Side, key: 'distinct' | 'bookings' | 'card', unit: string, rate?: number) => {
    const figures = side?.[key];
    if (!side || !figures) return;
    rows.push({ goal, figure: `${rate ?? figures.requestsPerSecond} ${unit}`, 'p99 ms': figures.p99Ms, 'trivial req/s': side.trivial.requestsPerSecond });
  };
  add('distinct searches, PGlite, 50 conn: ≥ 2 500 req/s, p99 < 50 ms', quote?.pglite, 'distinct', 'req/s');
  add('distinct searches, PostgreSQL, 50 conn: ≥ 2 500 req/s, p99 < 50 ms', quote?.postgres, 'distinct', 'req/s');
  add('guest bookings, PGlite, 20 conn: ≥ 500/s, p99 < 100 ms', booking?.pglite, 'bookings', 'bookings/s');
  add('guest bookings, PostgreSQL, 20 conn: ≥ 1 000/s, p99 < 100 ms', booking?.postgres, 'bookings', 'bookings/s');
  add('card payments, PostgreSQL, 20 conn: ≥ 300 complete/s', card, 'card', 'complete/s (p99 per call)', card?.card?.paymentsPerSecond as number | undefined);
  // Two processes, then one; the trivial route through the same nginx in the same order.
  const trivial = scaleout?.trivial ? `${scaleout.trivial.twoProcesses.requestsPerSecond} vs ${scaleout.trivial.oneProcess.requestsPerSecond}` : '';
  const pair = (goal: string, figures: Pair, unit: string) =>
    rows.push({ goal, figure: `${figures.twoProcesses.requestsPerSecond} vs ${figures.oneProcess.requestsPerSecond} ${unit}`, 'p99 ms': `${figures.twoProcesses.p99Ms ?? ''} vs ${figures.oneProcess.p99Ms ?? ''}`, 'trivial req/s': trivial });
  if (scaleout?.oneProcess && scaleout.twoProcesses) pair('two processes vs one behind nginx: bookings', { oneProcess: scaleout.oneProcess, twoProcesses: scaleout.twoProcesses }, 'bookings/s');
  if (scaleout?.distinctSearches) pair('two processes vs one behind nginx: distinct searches', scaleout.distinctSearches, 'req/s');
  return rows;
}
