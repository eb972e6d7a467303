// Issue 37, the speed half: "a tap answered at once" and "home JS fetched without interaction ≤ 120 kB gzip". The home
// page on a 375 × 812 phone (touch, Chromium's CPU 4× slower through CDP Emulation.setCPUThrottlingRate), cold cache
// (a new browser context per load), TAP_SPEED_RUNS loads (default 8) of each kind per build:
// - idle load: nothing touched for 5 s after the load event; then (b) the JavaScript the page fetched in its first 4 s
//   after load (each file's transfer as served, and its gzip size -9 as bench/lib/bundle.ts counts the budgets), (c)
//   the total blocking time (long tasks from PerformanceObserver 'longtask' starting between the first contentful
//   paint and 5 s after load: the sum of each one's part over 50 ms), and then (a) a tap on the home form's tab not selected
//   ('GET A QUOTE': §4 opens on Hourly Rate) → its visible effect: the time from the tap's pointerdown to the frame
//   that shows the tab selected and its panel filled, two ways: "presented", that frame's presentation as the browser
//   reports it (the Event Timing entry of the tap's event whose handlers made the change: its start + duration is the
//   next paint after them), and "painted", a message posted from the next requestAnimationFrame after the change (the
//   older figure: it also waits for any task queued before that message, such as the booking code the first
//   interaction starts once that frame is painted, so it overstates the tap; kept beside it for comparison). Where
//   no Event Timing entry covers the change (made in a later task, or every event under its 16 ms threshold), the
//   presented figure is the painted one. Beside them the longest Event Timing duration of the tap's events
//   (INP-style) and the longest task after the tap (a second tap would wait for it); then the next step once the
//   visitor acts: 0.5 s later a touch on the Pick-Up field → its suggestions' code in place (the field a combobox,
//   aria-expanded, painted), since the home page loads that code on intent instead of while idle;
// - waking load: the same tap as soon as the first contentful paint is reported (the page painted by the server, its
//   scripts not yet run), timed the same ways, both to the tab shown selected (the early-input recorder's answer,
//   src/boot/earlyInput.js) and to its panel shown (the app's, from the replayed click).
// Each figure is printed for this build beside a baseline build measured in the same run, the loads alternating
// (baseline, this, this, baseline, …) so the machine's load weighs on both alike. The baseline is another checkout's
// server and build (TAP_SPEED_BASELINE=<dir>, default: `git archive` of TAP_SPEED_BASE_REF, default main, into a
// temporary directory, built there once with `npm run build` and reused). No peer site is reachable from this machine:
// the baseline is main's build.
// Alone: `npx tsx bench/tapSpeed.bench.ts` (needs a build of this checkout).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { startServerProcess, type ServerProcess } from './lib/serverProcess.ts';

const root = path.resolve(import.meta.dirname, '..');
const WIDTH = 375;
const HEIGHT = 812;
const CPU_SLOWDOWN = 4;
const IDLE_MS = 5000;
const BYTES_WINDOW_MS = 4000;

/** A built checkout of the baseline ref (built once, then reused). */
function baselineDir(): string {
  if (process.env.TAP_SPEED_BASELINE) return path.resolve(process.env.TAP_SPEED_BASELINE);
  const ref = process.env.TAP_SPEED_BASE_REF ?? 'main';
  const sha = execSync(`git rev-parse ${ref}`, { cwd: root, encoding: 'utf8' }).trim();
  const dir = path.join(tmpdir(), `cabflow-baseline-${sha.slice(0, 12)}`);
  if (existsSync(path.join(dir, 'dist', 'index.html'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, shell: '/bin/bash' });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the baseline ${ref} did not build`);
  return dir;
}

/** In the page before any of its scripts: long tasks, the tap's events, and the times its visible effects were painted. */
function instrument() {
  interface TapState {
    longTasks: [number, number][];
    events: { name: string; start: number; duration: number }[];
    /** When the DOM first showed the tapped tab selected, and selected with its panel (before any paint). */
    selectedDomAt: number | null;
    effectDomAt: number | null;
    tapAt: number | null;
    readyAtTap: boolean | null;
    /** When the tapped tab showed selected, and when its panel did too (each painted). */
    selectedAt: number | null;
    effectAt: number | null;
    /** The pick-up field touched after the tab: when, and when its suggestions' code was in (aria-expanded, painted). */
    fieldAt: number | null;
    fieldReadyAt: number | null;
  }
  const state: TapState = { longTasks: [], events: [], tapAt: null, readyAtTap: null, selectedAt: null, effectAt: null, selectedDomAt: null, effectDomAt: null, fieldAt: null, fieldReadyAt: null };
  (window as unknown as { __tapSpeed: TapState }).__tapSpeed = state;
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => state.longTasks.push([entry.startTime, entry.duration]))).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => state.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration }))).observe({
    type: 'event',
    buffered: true,
    durationThreshold: 16,
  } as PerformanceObserverInit);
  /** Calls `done` with the time the frame after `condition` first holds has been painted. */
  const whenPainted = (condition: () => boolean, done: (at: number) => void, seen?: (at: number) => void) => {
    const painted = () => {
      seen?.(performance.now());
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done(performance.now());
        channel.port2.postMessage(0);
      });
    };
    if (condition()) return painted();
    const observer = new MutationObserver(() => {
      if (!condition()) return;
      observer.disconnect();
      painted();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target as Element | null;
      if (state.tapAt !== null && state.fieldAt === null && target?.closest?.('[data-testid=quote-pickup]')) {
        state.fieldAt = event.timeStamp;
        whenPainted(() => !!document.querySelector('[data-testid=quote-pickup][aria-expanded]'), (at) => (state.fieldReadyAt = at));
        return;
      }
      const tab = target?.closest?.('[role=tab]');
      if (state.tapAt !== null || !tab) return;
      state.tapAt = event.timeStamp;
      state.readyAtTap = document.documentElement.hasAttribute('data-app-ready');
      // Hydration keeps the server's elements; a page rendered afresh replaces them (then the tab of the same name).
      const tapped = () => (tab.isConnected ? tab : [...document.querySelectorAll('[role=tab]')].find((other) => other.textContent === tab.textContent)) ?? tab;
      const selected = () => tapped().getAttribute('aria-selected') === 'true';
      whenPainted(
        selected,
        (at) => (state.selectedAt = at),
        (at) => (state.selectedDomAt = at),
      );
      // The tapped tab selected and its panel (the tab's aria-controls) shown: in the page, not hidden, filled.
      whenPainted(
        () => {
          const panel = document.getElementById(tapped().getAttribute('aria-controls') ?? '');
          return selected() && !!panel && !panel.hidden && !!panel.firstElementChild;
        },
        (at) => (state.effectAt = at),
        (at) => (state.effectDomAt = at),
      );
    },
    true,
  );
}

interface TapFigures {
  tapToSelectedMs: number | null;
  /** To the message after the frame that follows the DOM change (waits for any task queued before that message). */
  tapToEffectMs: number | null;
  /** To that frame's presentation, from the tap's Event Timing entries where one covers it (else tapToEffectMs). */
  tapToPresentedMs: number | null;
  /** The same for the tab shown selected (tapToSelectedMs's frame, presented). */
  tapToSelectedPresentedMs: number | null;
  /** Idle load: the longest task from the tab tap until the pick-up is touched (a second tap would wait for it). */
  longestTaskAfterTapMs?: number | null;
  /** After the tab: a touch on the pick-up field → its suggestions' code in place (null when not measured). */
  fieldToReadyMs?: number | null;
  eventTimingMs: number | null;
  readyAtTap: boolean | null;
}
interface IdleFigures extends TapFigures {
  jsTransferKB: number;
  jsGzipKB: number;
  files: string[];
  tbtMs: number;
}

const gzipSizes = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    size = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    gzipSizes.set(url, size);
  }
  return size;
}

async function load(browser: Browser, url: string, kind: 'idle' | 'waking'): Promise<IdleFigures | TapFigures> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1, hasTouch: true, isMobile: true, locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    // tsx's esbuild names functions with a `__name` helper the page does not have.
    await context.addInitScript({ content: `var __name = (f) => f; (${instrument.toString()})();` });
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const tab = page.locator('[role=tab][aria-selected=false]').first();
    let idle: Omit<IdleFigures, keyof TapFigures> | null = null;
    if (kind === 'waking') {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 'raf', timeout: 30_000 });
    } else {
      await page.goto(url, { waitUntil: 'load' });
      const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
      await page.waitForFunction((until) => performance.now() >= until, loadEnd + IDLE_MS, { polling: 100, timeout: 60_000 });
      const seen = await page.evaluate(
        ({ loadEnd, span }) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const tasks = (window as unknown as { __tapSpeed: { longTasks: [number, number][] } }).__tapSpeed.longTasks;
          return {
            scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= loadEnd + span)
              .map((entry) => ({ name: entry.name, transfer: entry.encodedBodySize })),
            tbt: tasks.filter(([start]) => start >= fcp && start <= loadEnd + 5000).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
          };
        },
        { loadEnd, span: BYTES_WINDOW_MS },
      );
      let gzip = 0;
      for (const script of seen.scripts) gzip += await gzipSize(script.name);
      idle = {
        jsTransferKB: Math.round(seen.scripts.reduce((sum, script) => sum + script.transfer, 0) / 102.4) / 10,
        jsGzipKB: Math.round(gzip / 102.4) / 10,
        files: seen.scripts.map((script) => new URL(script.name).pathname),
        tbtMs: Math.round(seen.tbt),
      };
    }
    const box = await tab.boundingBox({ timeout: 30_000 });
    if (!box) throw new Error('no tab to select on the page');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const tap = await page
      .waitForFunction(
        () => {
          const state = (window as unknown as { __tapSpeed: { tapAt: number | null; selectedAt: number | null; effectAt: number | null; selectedDomAt: number | null; effectDomAt: number | null; readyAtTap: boolean | null; events: { name: string; start: number; duration: number }[] } }).__tapSpeed;
          const { tapAt, selectedAt, effectAt, selectedDomAt, effectDomAt } = state;
          if (effectAt === null || selectedAt === null || tapAt === null || selectedDomAt === null || effectDomAt === null) return false;
          // The tap's Event Timing entries arrive after their frames: wait for them a little.
          if (performance.now() < effectAt + 100) return false;
          const tapEvents = state.events.filter((entry) => entry.start >= tapAt - 1);
          // The frame that showed a change made at domAt: the first of the tap's events whose next paint (Event Timing:
          // start + duration, the frame's presentation, in 8 ms steps) came after the change, i.e. the change was made by
          // that event's handlers. Without one (the change made in a later task, such as a click the app replays, or
          // every event under Event Timing's 16 ms threshold) the frame counts as painted at the message after it.
          // (No function declared here: tsx would wrap it in a `__name` helper this page does not have.)
          const frameEnds = tapEvents.map((entry) => entry.start + entry.duration);
          const [selectedPresentedAt, effectPresentedAt] = [selectedDomAt, effectDomAt].map((domAt) => Math.min(Infinity, ...frameEnds.filter((end) => end >= domAt)));
          const durations = tapEvents.map((entry) => entry.duration);
          return {
            tapToSelectedMs: Math.round(selectedAt - tapAt),
            tapToEffectMs: Math.round(effectAt - tapAt),
            tapToSelectedPresentedMs: Math.round((Number.isFinite(selectedPresentedAt) ? selectedPresentedAt : selectedAt) - tapAt),
            tapToPresentedMs: Math.round((Number.isFinite(effectPresentedAt) ? effectPresentedAt : effectAt) - tapAt),
            eventTimingMs: durations.length ? Math.max(...durations) : null,
            readyAtTap: state.readyAtTap,
          };
        },
        undefined,
        { polling: 'raf', timeout: 20_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<TapFigures>)
      .catch(() => ({ tapToSelectedMs: null, tapToEffectMs: null, tapToSelectedPresentedMs: null, tapToPresentedMs: null, eventTimingMs: null, readyAtTap: null }));
    if (kind === 'idle' && tap.tapToEffectMs !== null) {
      // The next step once the visitor acts: the pick-up field touched, its suggestions' code in place.
      const field = await page.getByTestId('quote-pickup').boundingBox();
      if (field) {
        await page.waitForTimeout(400); // 0.5 s after the tab's answer, with the 0.1 s its figures waited for
        tap.longestTaskAfterTapMs = await page.evaluate(() => {
          const state = (window as unknown as { __tapSpeed: { tapAt: number; longTasks: [number, number][] } }).__tapSpeed;
          return Math.round(Math.max(0, ...state.longTasks.filter(([start]) => start >= state.tapAt).map(([, duration]) => duration)));
        });
        await page.touchscreen.tap(field.x + field.width / 2, field.y + field.height / 2);
        tap.fieldToReadyMs = await page
          .waitForFunction(
            () => {
              const state = (window as unknown as { __tapSpeed: { fieldAt: number | null; fieldReadyAt: number | null } }).__tapSpeed;
              return state.fieldAt !== null && state.fieldReadyAt !== null && Math.round(state.fieldReadyAt - state.fieldAt);
            },
            undefined,
            { polling: 'raf', timeout: 20_000 },
          )
          .then((handle) => handle.jsonValue() as Promise<number>)
          .catch(() => null);
      }
    }
    return { ...tap, ...idle };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};
const worst = (values: number[]) => (values.length ? Math.max(...values) : null);
const numbers = (values: (number | null | undefined)[]) => values.filter((value): value is number => typeof value === 'number');

export interface TapSpeedRow {
  build: string;
  loads: number;
  idleTapMsMedian: number | null;
  idleTapMsWorst: number | null;
  /** The same idle tap → the tab shown selected (its panel may follow in a deferred render). */
  idleTabSelectedMsMedian: number | null;
  idleTabSelectedMsWorst: number | null;
  idleEventTimingMsMedian: number | null;
  /** The idle tap → the frame that showed its tab and panel, presented (Event Timing). */
  idlePresentedMsMedian: number | null;
  idlePresentedMsWorst: number | null;
  /** The longest task after the idle tap, before the next touch (0: none over 50 ms). */
  idleLongestTaskAfterTapMsMedian: number | null;
  idleLongestTaskAfterTapMsWorst: number | null;
  idleFieldReadyMsMedian: number | null;
  idleFieldReadyMsWorst: number | null;
  wakingTabSelectedMsMedian: number | null;
  /** The waking tap → the frame that showed the tab selected (the early-input recorder's answer), presented. */
  wakingSelectedPresentedMsMedian: number | null;
  wakingSelectedPresentedMsWorst: number | null;
  /** The waking tap → the frame that showed its panel too, presented (the replayed click: no Event Timing entry). */
  wakingPresentedMsMedian: number | null;
  wakingPresentedMsWorst: number | null;
  wakingTabSelectedMsWorst: number | null;
  wakingTapMsMedian: number | null;
  wakingTapMsWorst: number | null;
  /** Waking taps made before the app had hydrated (the case the figure is about). */
  wakingBeforeHydration: number;
  /** Taps whose effect never showed (within 20 s). */
  tapsWithoutEffect: number;
  idleJsGzipKBMedian: number | null;
  idleJsGzipKBWorst: number | null;
  idleJsTransferKBMedian: number | null;
  tbtMsMedian: number | null;
  tbtMsWorst: number | null;
  /** The scripts one idle load fetched in its first 4 s after load (the last load's). */
  files: string[];
}

export async function run(): Promise<{ runs: number; baseline: string; rows: TapSpeedRow[] }> {
  const runs = Number(process.env.TAP_SPEED_RUNS ?? 8);
  const baseline = baselineDir();
  const dataDirs = [mkdtempSync(path.join(tmpdir(), 'cabflow-tap-speed-')), mkdtempSync(path.join(tmpdir(), 'cabflow-tap-speed-base-'))];
  const servers: ServerProcess[] = [];
  const browser = await launchBrowser();
  try {
    servers.push(await startServerProcess({ DATA_DIR: dataDirs[0], SEED: 'demo' }));
    servers.push(await startServerProcess({ DATA_DIR: dataDirs[1], SEED: 'demo', DIST_DIR: path.join(baseline, 'dist') }, { cwd: baseline }));
    const builds = [
      { name: 'this build', url: `${servers[0].url}/`, idle: [] as IdleFigures[], waking: [] as TapFigures[] },
      { name: `baseline (${process.env.TAP_SPEED_BASE_REF ?? 'main'})`, url: `${servers[1].url}/`, idle: [] as IdleFigures[], waking: [] as TapFigures[] },
    ];
    // The server renders the first request of a page slowly (its renderer warming up): not part of a visitor's load.
    for (const build of builds) for (let i = 0; i < 3; i += 1) await (await fetch(build.url)).text();
    for (let i = 0; i < runs; i += 1) {
      for (const build of i % 2 ? [...builds].reverse() : builds) {
        build.idle.push((await load(browser, build.url, 'idle')) as IdleFigures);
        build.waking.push(await load(browser, build.url, 'waking'));
      }
      console.log(`load ${i + 1}/${runs}: ${builds.map((build) => `${build.name} idle tap selected ${build.idle.at(-1)!.tapToSelectedMs} ms, panel ${build.idle.at(-1)!.tapToEffectMs} ms (presented ${build.idle.at(-1)!.tapToPresentedMs} ms, longest task after ${build.idle.at(-1)!.longestTaskAfterTapMs} ms; pick-up ready ${build.idle.at(-1)!.fieldToReadyMs} ms), waking tap selected ${build.waking.at(-1)!.tapToSelectedMs} ms (presented ${build.waking.at(-1)!.tapToSelectedPresentedMs} ms), panel ${build.waking.at(-1)!.tapToEffectMs} ms, ${build.idle.at(-1)!.jsGzipKB} kB, TBT ${build.idle.at(-1)!.tbtMs} ms`).join(' | ')}`);
    }
    const rows: TapSpeedRow[] = builds.map(({ name, idle, waking }) => {
      const idleTaps = numbers(idle.map((figures) => figures.tapToEffectMs));
      const wakingTaps = numbers(waking.map((figures) => figures.tapToEffectMs));
      return {
        build: name,
        loads: runs,
        idleTapMsMedian: median(idleTaps),
        idleTapMsWorst: worst(idleTaps),
        idleTabSelectedMsMedian: median(numbers(idle.map((figures) => figures.tapToSelectedMs))),
        idleTabSelectedMsWorst: worst(numbers(idle.map((figures) => figures.tapToSelectedMs))),
        idleEventTimingMsMedian: median(numbers(idle.map((figures) => figures.eventTimingMs))),
        idlePresentedMsMedian: median(numbers(idle.map((figures) => figures.tapToPresentedMs))),
        idlePresentedMsWorst: worst(numbers(idle.map((figures) => figures.tapToPresentedMs))),
        idleLongestTaskAfterTapMsMedian: median(numbers(idle.map((figures) => figures.longestTaskAfterTapMs))),
        idleLongestTaskAfterTapMsWorst: worst(numbers(idle.map((figures) => figures.longestTaskAfterTapMs))),
        idleFieldReadyMsMedian: median(numbers(idle.map((figures) => figures.fieldToReadyMs))),
        idleFieldReadyMsWorst: worst(numbers(idle.map((figures) => figures.fieldToReadyMs))),
        wakingTabSelectedMsMedian: median(numbers(waking.map((figures) => figures.tapToSelectedMs))),
        wakingSelectedPresentedMsMedian: median(numbers(waking.map((figures) => figures.tapToSelectedPresentedMs))),
        wakingSelectedPresentedMsWorst: worst(numbers(waking.map((figures) => figures.tapToSelectedPresentedMs))),
        wakingPresentedMsMedian: median(numbers(waking.map((figures) => figures.tapToPresentedMs))),
        wakingPresentedMsWorst: worst(numbers(waking.map((figures) => figures.tapToPresentedMs))),
        wakingTabSelectedMsWorst: worst(numbers(waking.map((figures) => figures.tapToSelectedMs))),
        wakingTapMsMedian: median(wakingTaps),
        wakingTapMsWorst: worst(wakingTaps),
        wakingBeforeHydration: waking.filter((figures) => figures.readyAtTap === false).length,
        tapsWithoutEffect: 2 * runs - idleTaps.length - wakingTaps.length,
        idleJsGzipKBMedian: median(idle.map((figures) => figures.jsGzipKB)),
        idleJsGzipKBWorst: worst(idle.map((figures) => figures.jsGzipKB)),
        idleJsTransferKBMedian: median(idle.map((figures) => figures.jsTransferKB)),
        tbtMsMedian: median(idle.map((figures) => figures.tbtMs)),
        tbtMsWorst: worst(idle.map((figures) => figures.tbtMs)),
        files: idle.at(-1)?.files ?? [],
      };
    });
    console.log(`\nHome page at ${WIDTH} × ${HEIGHT}, touch, CPU ${CPU_SLOWDOWN}×, cold cache, ${runs} loads of each kind per build, alternated (goals: taps ≤ 100 ms, JS ≤ 120 kB gzip)`);
    console.table(rows.map(({ files: _, ...row }) => row));
    for (const row of rows) console.log(`${row.build}: scripts fetched in the first 4 s: ${row.files.join(' ')}`);
    // What defends the home page's intent files added a few per task (src/boot/intentAssets.ts, public/boot.js): no long
    // task after the first tap (bench/budget.json, the median at CPU 4×).
    const budget = JSON.parse(readFileSync(path.join(import.meta.dirname, 'budget.json'), 'utf8')) as { homeLongestTaskAfterTapMs: number };
    for (const row of rows) {
      const longest = row.idleLongestTaskAfterTapMsMedian;
      console.log(`${row.build}: longest task after the idle tap, median ${longest} ms (budget < ${budget.homeLongestTaskAfterTapMs}): ${longest !== null && longest < budget.homeLongestTaskAfterTapMs ? 'within budget' : 'over budget'}`);
    }
    return { runs, baseline, rows };
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
