// Issue 16, "No lost input": each server-rendered route loaded fresh (a new browser context: no cache, no storage but a
// booking step's trip) and its first control acted on as soon as the page is painted (tests/e2e/firstInput.scenarios.ts:
// a click on 'GET A QUOTE' or a vehicle's 'Book Now', typing into the first field), FIRST_INPUT_RUNS times (default
// 50, issue 37's count) at 375 px with Chromium's CPU slowed 4× (CDP Emulation.setCPUThrottlingRate) and as many at 1280 px without.
// Prints per route and setting the actions lost (goal: 0) and the time from the first contentful paint to the moment
// the action took effect (median, worst). Scripts load as they come (the e2e test holds them back instead).
// Alone: `npx tsx bench/firstInput.bench.ts` (needs a build; DIST_DIR picks another build directory; FIRST_INPUT_ROUTES
// narrows it to some routes, comma-separated; FIRST_INPUT_SETTINGS=375 or 1280 to one setting).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { BROWSER_RENDERED_INPUTS, FIRST_INPUTS, freshLoad, preparePages, renderedOnServer, type LoadOptions } from '../tests/e2e/firstInput.scenarios.ts';
import { startServerProcess } from './lib/serverProcess.ts';

const SETTINGS: (LoadOptions & { name: string })[] = [
  { name: '375 px, CPU 4×', width: 375, cpuSlowdown: 4 },
  { name: '1280 px', width: 1280, cpuSlowdown: 1 },
];

export interface FirstInputRow {
  route: string;
  action: string;
  setting: string;
  loads: number;
  lost: number;
  paintToEffectMsMedian: number | null;
  paintToEffectMsWorst: number | null;
  /** Why each lost action was lost. */
  lostBecause: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

export async function run(): Promise<{ runs: number; rows: FirstInputRow[] }> {
  const runs = Number(process.env.FIRST_INPUT_RUNS ?? 50);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabflow-first-input-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, SEED: 'demo' });
  const browser = await launchBrowser();
  const rows: FirstInputRow[] = [];
  try {
    const prepared = await preparePages(server.url);
    await renderedOnServer(server.url, prepared);
    const only = process.env.FIRST_INPUT_ROUTES?.split(',');
    for (const scenario of [...FIRST_INPUTS, ...BROWSER_RENDERED_INPUTS].filter((entry) => !only || only.includes(entry.path))) {
      for (const setting of SETTINGS.filter((entry) => !process.env.FIRST_INPUT_SETTINGS || String(entry.width) === process.env.FIRST_INPUT_SETTINGS)) {
        const times: number[] = [];
        const lostBecause: string[] = [];
        for (let load = 0; load < runs; load += 1) {
          const outcome = await freshLoad(browser, server.url, prepared, scenario, setting).catch((error: unknown) => ({ kept: false, paintToEffectMs: null, detail: String(error).split('\n')[0] }));
          if (outcome.kept && outcome.paintToEffectMs !== null) times.push(outcome.paintToEffectMs);
          else lostBecause.push(outcome.detail ?? 'lost');
        }
        const row: FirstInputRow = {
          route: scenario.path,
          action: scenario.action,
          setting: setting.name,
          loads: runs,
          lost: lostBecause.length,
          paintToEffectMsMedian: times.length ? median(times) : null,
          paintToEffectMsWorst: times.length ? Math.max(...times) : null,
          lostBecause,
        };
        rows.push(row);
        console.log(`${row.route.padEnd(20)} ${row.setting.padEnd(15)} lost ${row.lost}/${runs}, first paint → effect median ${row.paintToEffectMsMedian} ms, worst ${row.paintToEffectMsWorst} ms${row.lost ? ` (lost: ${[...new Set(lostBecause)].join('; ')})` : ''}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nFirst input at first paint, ${runs} fresh loads per route and setting (goal: 0 lost)`);
  console.table(rows.map(({ lostBecause: _, ...row }) => row));
  return { runs, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
