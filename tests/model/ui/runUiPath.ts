/**
 * The UI runner: one generated path in a clean browser context (contextPool.ts) against the real server. Before it
 * starts, every executor prepares its data and every server call of the path gets a gate on the call's URL (in the
 * order the calls start), so the in-flight states can be seen: a call with an outcome step is answered as the path says, one without
 * (the path ends, or the visitor moves on, while it is in flight) is held to the end. Then: open the page, assert the start
 * state, and for each step perform it and assert the state it reaches (URL and what the screen shows).
 * The log's lines carry the milliseconds since the path started; `PATHS_TIMING=<file>` appends a passing path's log
 * too, for finding where the suite's time goes.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { activeStateKeys, machineInvokes } from '../graph.ts';
import type { MachineModel, ModelPath } from '../types.ts';
import { HISTORY_MIRROR, TIMER_HOLD, UiRun, type UiEnv } from './harness.ts';
import type { StepContext, UiMachine } from './types.ts';

export interface UiPathResult {
  id: string;
  machine: string;
  passed: boolean;
  ms: number;
  /** 1-based step that failed (0: opening or the start state). */
  failedStep?: number;
  error?: string;
  log: string[];
  /** reports/path-failures/<id>.png when it failed. */
  screenshot?: string;
}

export const FAILURES_DIR = join(import.meta.dirname, '../../../reports/path-failures');

const STEP_TIMEOUT_MS = 30_000;
let visitor = 0;

async function withTimeout<T>(what: string, work: Promise<T>, ms = STEP_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The steps the UI takes with the state's own timers held (see UiMachine.holdsTimers): index → the delays held. */
function heldSteps(ui: UiMachine, path: ModelPath): Map<number, readonly number[]> {
  const out = new Map<number, readonly number[]>();
  for (const [index, step] of path.steps.entries()) {
    const delays = index > 0 ? ui.holdsTimers?.(path.steps[index - 1].snapshot, step.variant) : null;
    if (delays?.length) out.set(index, delays);
  }
  return out;
}

/**
 * The server calls a path makes, in the order they start: each run of consecutive snapshots in which an invoke is
 * active (from the start snapshot, index -1, on), with the step that is its outcome (`xstate.done|error.actor.<id>`
 * right after the run) or null, and the index of the step that ended the run (path.steps.length: still in flight).
 */
export function pathCalls(path: ModelPath): { id: string; start: number; outcome: number | null; ended: number }[] {
  const snapshots = [path.start, ...path.steps.map((step) => step.snapshot)];
  const invokeIds = (at: number) => new Set(snapshots[at + 1]._nodes.flatMap((node) => node.invoke.map((invoke) => invoke.id)));
  const calls: { id: string; start: number; outcome: number | null; ended: number }[] = [];
  const open = new Map<string, number>();
  for (let index = -1; index < path.steps.length; index++) {
    const active = invokeIds(index);
    for (const [id, start] of open) {
      if (active.has(id) && !isOutcomeOf(path.steps[index]?.event.type, id)) continue;
      open.delete(id);
      calls.push({ id, start, outcome: isOutcomeOf(path.steps[index]?.event.type, id) ? index : null, ended: index });
    }
    for (const id of active) if (!open.has(id)) open.set(id, index);
  }
  for (const [id, start] of open) calls.push({ id, start, outcome: null, ended: path.steps.length });
  return calls.sort((a, b) => a.start - b.start);
}

const isOutcomeOf = (eventType: string | undefined, id: string) => eventType === `xstate.done.actor.${id}` || eventType === `xstate.error.actor.${id}`;

export async function runUiPath(env: UiEnv, model: MachineModel, ui: UiMachine, path: ModelPath): Promise<UiPathResult> {
  const started = Date.now();
  // Each path is its own visitor: its own address for the server's per-address limits (the runner's server trusts
  // X-Forwarded-For from loopback, as behind a proxy), its own storage.
  visitor += 1;
  const address = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  const context = await env.contexts.acquire(address, ui.context);
  const page = await context.newPage();
  // `npm run test:paths` runs this file under tsx, whose esbuild keeps function names by wrapping them in `__name(…)`,
  // also inside functions handed to page.evaluate: give the page a pass-through `__name` (a string, so nothing wraps it).
  // The page's own init scripts, not the context's: a pooled context outlives the path.
  await page.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((target) => target);' });
  await page.addInitScript({ content: HISTORY_MIRROR });
  // A visitor's step in a state that ends on its own (a popup's redirect, a poll): the state's timer is held from the
  // step that enters it until that step is done, so the step never races the timer; other timers run as usual.
  const held = heldSteps(ui, path);
  if (held.size) await page.addInitScript({ content: TIMER_HOLD });
  page.setDefaultTimeout(15_000);
  const run = new UiRun(env, context, page, path);
  const srcOfId = new Map(machineInvokes(model.machine).map((i) => [i.id, i.src]));
  let current = 0;
  const stepContext = (index: number): StepContext => ({ path, index, step: path.steps[index], before: index === 0 ? path.start : path.steps[index - 1].snapshot });
  const assertState = async (index: number) => {
    const snapshot = index < 0 ? path.start : path.steps[index].snapshot;
    for (const key of activeStateKeys(snapshot)) {
      const assertion = ui.assertions[key];
      if (!assertion) throw new Error(`no UI assertion for state '${key}'`);
      await withTimeout(`state ${key}`, assertion(run, { path, index, snapshot }));
      run.log.push(`  ✓ ${key} (${Date.now() - started} ms)`);
    }
  };
  try {
    // Agree on data, then gate every server call the path names, in order.
    for (const [index, step] of path.steps.entries()) await ui.executors[step.variant]?.prepare?.(run, stepContext(index));
    await ui.prepare?.(run);
    // Each call the path makes, in the order it starts: answered as its outcome step says, or, when the path has no
    // outcome for it (it ends in flight, or the visitor leaves the state first), held to the end, so the in-flight
    // state the path asserts cannot be answered away before it is seen.
    for (const call of pathCalls(path)) {
      const src = srcOfId.get(call.id) ?? '';
      const pattern = ui.calls[src];
      if (call.outcome !== null) {
        const step = path.steps[call.outcome];
        if (pattern === undefined) throw new Error(`no URL pattern for the actor of ${step.event.type}`);
        const executor = ui.executors[step.variant];
        if (pattern !== null && executor?.answer) await run.gate(call.outcome, pattern, await executor.answer(run, stepContext(call.outcome)), step.variant);
      } else if (pattern) {
        // Keyed just before the step that left it, so an assertion looking for the next call in flight finds it.
        const atEnd = call.ended === path.steps.length;
        await run.gate(atEnd ? path.steps.length : call.ended - 0.5, pattern, { kind: 'continue' }, `${src} (held ${atEnd ? 'at the end' : `to the end, left at step ${call.ended + 1}`})`);
      }
    }

    run.log.push(`open (${path.origin}) (${Date.now() - started} ms)`);
    await withTimeout('open', ui.open(run), 45_000);
    const opened = ui.opensAtFirstStep?.(path) ?? false;
    if (!opened) await assertState(-1);
    for (const [index, step] of path.steps.entries()) {
      current = index + 1;
      run.log.push(`${index + 1}. ${step.variant} (${Date.now() - started} ms)`);
      const executor = ui.executors[step.variant];
      if (!executor) throw new Error(`no UI executor for ${step.variant}`);
      // The held timer's own step: it comes due now (released before any new hold this step's state may need).
      const timerStep = step.variant.startsWith('xstate.after.');
      if (timerStep && held.has(index)) await run.resumeTimers();
      // Held from before the step that enters the state: its timer starts held, whatever the machine's load.
      const next = held.get(index + 1);
      if (next) await run.holdTimers(next);
      await withTimeout(step.variant, executor.run(run, stepContext(index)));
      await assertState(index);
      if (held.has(index) && !next && !timerStep) await run.resumeTimers();
    }
    if (run.errors.length) throw new Error(`uncaught errors in the page: ${run.errors.join(' | ')}`);
    if (process.env.PATHS_TIMING) appendFileSync(process.env.PATHS_TIMING, `${path.id}\n  ${run.log.join('\n  ')}\n  done (${Date.now() - started} ms)\n`);
    return { id: path.id, machine: path.machine, passed: true, ms: Date.now() - started, log: run.log };
  } catch (error) {
    // What the screen showed when it failed, for whoever reads the report.
    const screenshot = path.id ? join(FAILURES_DIR, `${path.id}.png`) : undefined;
    if (screenshot) {
      mkdirSync(FAILURES_DIR, { recursive: true });
      await page.screenshot({ path: screenshot, fullPage: true }).catch(() => {});
    }
    // And in words: its alerts and notices, and the last API calls with their answers.
    const shown = await page
      .locator('[role=alert], [role=status]')
      .allTextContents()
      .catch(() => []);
    const message = error instanceof Error ? error.message : String(error);
    const report = `${message}\n    the page's alerts and notices: ${JSON.stringify(shown.map((text) => text.trim()).filter(Boolean))}\n    its last API calls: ${run.apiCalls.slice(-16).join(' · ') || 'none'}`;
    return { id: path.id, machine: path.machine, passed: false, ms: Date.now() - started, failedStep: current, error: report, log: run.log, screenshot };
  } finally {
    for (const gate of run.stepGates.values()) gate.closed = true;
    await run.close();
    await env.contexts.release(context);
  }
}
