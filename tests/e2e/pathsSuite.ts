/**
 * Model-based paths in Chromium: the paths generated from the production statecharts (tests/model), each driven
 * through the built app and the real server, a few browser contexts at a time. Two e2e files run it, one for the
 * public site's machines and one for the console's (tests/e2e/paths-*.test.ts), so the two halves run side by side. By default the shortest paths that
 * together cover every state and transition the UI can reach; PATHS_FULL=1 adds the simple paths to the goal states.
 * Prints the coverage table and writes reports/paths.json. Needs a build first (`npm test` makes one).
 *
 * Each known app defect (a UI machine's `defects`) has an expected-failure test: it fails today, and starts passing
 * (so this file fails) once the app is fixed, as a reminder to drop it from the list.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, pathUsable, variantOfEvent } from '../model/generate.ts';
import { formatCoverage, writeReport } from '../model/report.ts';
import { MODELS } from '../model/machines/index.ts';
import { DEFAULT_WORKERS, buildReport, planSuite, pool, startUiEnv } from '../model/suite.ts';
import { runUiPath, type UiPathResult } from '../model/ui/runUiPath.ts';
import { uiRefusal } from '../model/ui/select.ts';
import type { ModelPath } from '../model/types.ts';

/** Registers the suite for the machines `include` picks; its report is reports/paths-<name>.json. */
export function definePathsSuite(name: string, include: (machineId: string) => boolean) {
  const full = process.env.PATHS_FULL === '1';
  // Only this half's machines are generated (the booking flow's graph alone takes tens of seconds to walk).
  const plans = planSuite({ full, grep: process.env.PATHS_GREP, machines: MODELS.map((model) => model.id).filter(include) });
  const results = new Map<string, UiPathResult>();
  const limit = pool(DEFAULT_WORKERS);
  let env: Awaited<ReturnType<typeof startUiEnv>>;
  let started = 0;

  beforeAll(async () => {
    env = await startUiEnv();
    started = Date.now();
  });

  afterAll(async () => {
    const runtime = Date.now() - started;
    const contexts = env ? `; ${env.contexts.counts.created} browser contexts, reused ${env.contexts.counts.reused} times` : '';
    await env?.close();
    const report = buildReport(plans, results, runtime);
    writeReport(path.resolve(import.meta.dirname, `../../reports/paths-${name}.json`), report);
    console.log(`\nModel-based paths in Chromium (${name}): ${results.size} paths in ${(runtime / 1000).toFixed(1)} s (${DEFAULT_WORKERS} at a time${contexts})\n${formatCoverage(report.coverage)}\n`);
  });

  const explain = (result: UiPathResult) => `step ${result.failedStep}: ${result.error}\n  ${result.log.join('\n  ')}${result.screenshot ? `\n  screenshot: ${result.screenshot}` : ''}`;

  for (const plan of plans.filter((p) => p.uiPaths.length > 0)) {
    describe.concurrent(`${plan.model.title} in Chromium`, () => {
      for (const p of plan.uiPaths) {
        // One retry: on a loaded machine a path's gate has been seen to miss a call (consoleSettings' preview retry,
        // once in a full run, never alone); a path that fails twice fails the suite.
        it(`[${p.kind}] ${p.id}: ${p.description}`, { timeout: 15 * 60_000, retry: 1 }, async () => {
          const result = await limit(() => runUiPath(env, plan.model, plan.ui, p));
          results.set(p.id, result);
          expect(result.passed, explain(result)).toBe(true);
        });
      }
    });
  }

  /** The shortest generated path that sends `variant` with every other step drivable in the UI. */
  function defectPath(plan: (typeof plans)[number], variant: string): ModelPath | null {
    const all = [...generate(plan.model).shortest, ...generate(plan.model).simple].filter((p) => p.steps.some((s) => s.variant === variant));
    const drivable = all.filter((p) =>
      pathUsable(plan.model, p.start, p.steps.map((s) => s.event), (snapshot, v, u) => v.key === variant || uiRefusal(plan.ui, snapshot, v, u) === null),
    );
    return drivable.sort((a, b) => a.steps.length - b.steps.length)[0] ?? null;
  }

  // Expected failures, one per known defect (none listed today); no describe at all when there are none (an empty suite fails).
  const defectTests = plans.flatMap((plan) => {
    const seen = new Set<string>();
    return Object.entries(plan.ui.defects ?? {}).flatMap(([variant, defect]) => {
      const p = defectPath(plan, variant);
      if (!p || seen.has(p.id)) return [];
      seen.add(p.id);
      return [{ plan, path: p, name: `${plan.model.id}: ${variantOfEvent(plan.model, p.steps.find((s) => s.variant === variant)!.event).label}: ${defect}` }];
    });
  });

  if (defectTests.length > 0) {
    describe('known app defects (expected to fail until fixed)', () => {
      for (const { plan, path: p, name } of defectTests) {
        it.fails(name, { timeout: 5 * 60_000 }, async () => {
          const result = await limit(() => runUiPath(env, plan.model, plan.ui, p));
          expect(result.passed, explain(result)).toBe(true);
        });
      }
    });
  }
}
