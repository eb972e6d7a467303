/**
 * The path suite as QA runs it (scripts/test-paths.ts) and as `npm test` runs it (tests/e2e/paths.test.ts): which
 * paths exist per machine, which of them run in Chromium, the environment they run in, a small worker pool, and the
 * report.
 */
import { launchBrowser } from '../helpers/browser.ts';
import { startTestProvider } from '../helpers/provider.ts';
import { generate, type Generated } from './generate.ts';
import { MODELS } from './machines/index.ts';
import { machineCoverage, pathEntry, type PathsReport } from './report.ts';
import type { MachineModel, ModelPath } from './types.ts';
import { UI_MACHINES } from './ui/index.ts';
import { runUiPath, type UiPathResult } from './ui/runUiPath.ts';
import { selectUiPaths, type UiSelection } from './ui/select.ts';
import type { UiEnv } from './ui/harness.ts';
import { ContextPool, PATHS_CHROMIUM_ARGS } from './ui/contextPool.ts';
import type { UiMachine } from './ui/types.ts';

export interface SuiteOptions {
  /** Also the simple paths (the long journeys); default: the shortest paths that cover everything. */
  full?: boolean;
  /** Case-insensitive: keep paths whose id or description contains it (or matches it as a regular expression). */
  grep?: string;
  /** Only these machines. */
  machines?: string[];
}

export interface MachinePlan {
  model: MachineModel;
  ui: UiMachine;
  generated: Generated;
  selection: UiSelection;
  /** The UI paths to run (after --grep). */
  uiPaths: ModelPath[];
}

export function matcher(grep: string | undefined): (path: ModelPath) => boolean {
  if (!grep) return () => true;
  let pattern: RegExp | null = null;
  try {
    pattern = new RegExp(grep, 'i');
  } catch {
    pattern = null;
  }
  const needle = grep.toLowerCase();
  return (path) => `${path.id} ${path.description}`.toLowerCase().includes(needle) || (pattern?.test(`${path.id} ${path.description}`) ?? false);
}

export function planSuite(options: SuiteOptions = {}): MachinePlan[] {
  const keep = matcher(options.grep);
  return MODELS.filter((m) => !options.machines?.length || options.machines.includes(m.id)).map((model) => {
    const ui = UI_MACHINES[model.id];
    const generated = generate(model, { simple: options.full !== false });
    const selection = selectUiPaths(model, ui, { full: options.full ?? false });
    return { model, ui, generated, selection, uiPaths: selection.paths.filter(keep) };
  });
}

/** The real server on a fresh seeded database (per-path visitor addresses trusted from loopback) and Chromium. */
export async function startUiEnv(): Promise<UiEnv & { close(): Promise<void> }> {
  const provider = await startTestProvider({ listen: true, env: { TRUST_PROXY: 'loopback' } });
  const browser = await launchBrowser(PATHS_CHROMIUM_ARGS);
  const contexts = new ContextPool(browser, new URL(provider.url).origin);
  return {
    provider,
    browser,
    contexts,
    baseUrl: provider.url,
    async close() {
      await contexts.close();
      await browser.close().catch(() => {});
      await provider.dispose();
    },
  };
}

/** At most `size` jobs at a time. */
export function pool(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await job();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

export const DEFAULT_WORKERS = Number(process.env.PATHS_WORKERS ?? 3);

/** Runs every planned UI path, `workers` at a time; `onResult` as each finishes. */
export async function runSuite(env: UiEnv, plans: MachinePlan[], workers = DEFAULT_WORKERS, onResult?: (result: UiPathResult, path: ModelPath) => void) {
  const limit = pool(workers);
  const results = new Map<string, UiPathResult>();
  await Promise.all(
    plans.flatMap((plan) =>
      plan.uiPaths.map((path) =>
        limit(async () => {
          const result = await runUiPath(env, plan.model, plan.ui, path);
          results.set(path.id, result);
          onResult?.(result, path);
        }),
      ),
    ),
  );
  return results;
}

export function buildReport(plans: MachinePlan[], results: Map<string, UiPathResult> | null, uiRuntimeMs: number | null): PathsReport {
  const coverage = plans.map((plan) =>
    machineCoverage(plan.model, plan.generated, {
      machine: plan.ui,
      selection: { ...plan.selection, paths: plan.uiPaths },
      results: results ? plan.uiPaths.map((p) => results.get(p.id)).filter((r): r is UiPathResult => r !== undefined) : null,
      notRun: plan.selection.paths.filter((p) => !plan.uiPaths.includes(p)),
    }),
  );
  const paths = plans.flatMap((plan) => {
    const uiIds = new Set(plan.selection.paths.map((p) => p.id));
    const all = new Map<string, ModelPath>();
    for (const p of [...plan.generated.shortest, ...plan.generated.simple, ...plan.selection.paths]) all.set(p.id, p);
    return [...all.values()].map((p) => pathEntry(p, ['machine', ...(uiIds.has(p.id) ? ['ui'] : [])], results?.get(p.id)));
  });
  return { generatedAt: new Date().toISOString(), uiRuntimeMs, coverage, paths };
}
