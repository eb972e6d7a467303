/**
 * Coverage of the generated paths, per machine and per layer: the machine level (every generated path replays on
 * the production machine) and the UI (the paths that passed in Chromium). Printed as a table and written as JSON;
 * every state or transition left uncovered is listed with its reason.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { coverageItems, generate, reachableItems, type Generated } from './generate.ts';
import { atomicNodes, machineTransitions, stateKey } from './graph.ts';
import type { MachineModel, ModelPath } from './types.ts';
import type { UiPathResult } from './ui/runUiPath.ts';
import { uiGapReasons, type UiSelection } from './ui/select.ts';
import type { UiMachine } from './ui/types.ts';

export interface Uncovered {
  item: string;
  /** 'cardCheckout.form' or the transition's label. */
  label: string;
  reason: string;
}

export interface MachineCoverage {
  machine: string;
  title: string;
  states: number;
  transitions: number;
  model: { states: number; transitions: number; paths: number; uncovered: Uncovered[] };
  ui: { states: number; transitions: number; paths: number; passed: number; failed: number; ran: boolean; uncovered: Uncovered[] } | null;
}

export interface PathsReport {
  generatedAt: string;
  uiRuntimeMs: number | null;
  coverage: MachineCoverage[];
  paths: {
    id: string;
    machine: string;
    kind: string;
    origin: string;
    description: string;
    steps: string[];
    layers: string[];
    ui?: { passed: boolean; ms: number; failedStep?: number; error?: string; screenshot?: string };
  }[];
}

function labels(model: MachineModel) {
  const map = new Map<string, string>();
  for (const node of atomicNodes(model.machine)) map.set(`state:${stateKey(node)}`, `state ${stateKey(node)}`);
  for (const t of machineTransitions(model.machine)) map.set(`transition:${t.id}`, t.label);
  return map;
}

const count = (items: Iterable<string>, kind: 'state' | 'transition') => [...items].filter((i) => i.startsWith(`${kind}:`)).length;

export function machineCoverage(
  model: MachineModel,
  generated: Generated,
  ui?: { machine: UiMachine; selection: UiSelection; results: UiPathResult[] | null; notRun?: ModelPath[] },
): MachineCoverage {
  const all = coverageItems(model);
  const names = labels(model);
  const reached = reachableItems(generated);
  const modelUncovered = all
    .filter((item) => !reached.has(item))
    .map((item) => ({ item, label: names.get(item) ?? item, reason: model.unreachable?.[item.replace(/^(state|transition):/, '')] ?? 'not reached by the traversal (no reason declared)' }));
  const coverage: MachineCoverage = {
    machine: model.id,
    title: model.title,
    states: count(all, 'state'),
    transitions: count(all, 'transition'),
    model: { states: count([...reached].filter((i) => all.includes(i)), 'state'), transitions: count([...reached].filter((i) => all.includes(i)), 'transition'), paths: generated.shortest.length + generated.simple.length, uncovered: modelUncovered },
    ui: null,
  };
  if (ui) {
    const passedIds = new Set((ui.results ?? []).filter((r) => r.passed).map((r) => r.id));
    const failed = (ui.results ?? []).filter((r) => !r.passed);
    const covered = new Set<string>();
    for (const path of ui.selection.paths) if (ui.results === null || passedIds.has(path.id)) for (const item of [...path.states.map((s) => `state:${s}`), ...path.transitions.map((t) => `transition:${t}`)]) covered.add(item);
    const reasons = uiGapReasons(model, ui.machine, covered, generated);
    // Items only paths left out by --grep would have covered.
    for (const path of ui.notRun ?? [])
      for (const item of [...path.states.map((s) => `state:${s}`), ...path.transitions.map((t) => `transition:${t}`)]) if (!covered.has(item)) reasons.set(item, `not run: ${path.id} was left out by --grep`);
    // Items only failed paths would have covered: the failure is the reason.
    for (const result of failed) {
      const path = ui.selection.paths.find((p) => p.id === result.id)!;
      for (const item of [...path.states.map((s) => `state:${s}`), ...path.transitions.map((t) => `transition:${t}`)])
        if (!covered.has(item)) reasons.set(item, `UI path ${result.id} failed at step ${result.failedStep}: ${result.error?.split('\n')[0]}`);
    }
    coverage.ui = {
      states: count([...covered].filter((i) => all.includes(i)), 'state'),
      transitions: count([...covered].filter((i) => all.includes(i)), 'transition'),
      paths: ui.selection.paths.length,
      passed: ui.results ? ui.results.filter((r) => r.passed).length : 0,
      failed: failed.length,
      ran: ui.results !== null,
      uncovered: all.filter((item) => !covered.has(item)).map((item) => ({ item, label: names.get(item) ?? item, reason: reasons.get(item) ?? 'unknown' })),
    };
  }
  return coverage;
}

const pct = (n: number, of: number) => (of === 0 ? '—' : `${Math.floor((100 * n) / of)}%`);

/** The coverage table and the uncovered items with their reasons, as text. */
export function formatCoverage(coverage: MachineCoverage[], { details = true } = {}): string {
  const rows = [['machine', 'states (model)', 'transitions (model)', 'states (UI)', 'transitions (UI)', 'UI paths passed']];
  for (const c of coverage) {
    rows.push([
      c.machine,
      `${c.model.states}/${c.states} ${pct(c.model.states, c.states)}`,
      `${c.model.transitions}/${c.transitions} ${pct(c.model.transitions, c.transitions)}`,
      c.ui?.ran ? `${c.ui.states}/${c.states} ${pct(c.ui.states, c.states)}` : 'not run',
      c.ui?.ran ? `${c.ui.transitions}/${c.transitions} ${pct(c.ui.transitions, c.transitions)}` : 'not run',
      c.ui?.ran ? `${c.ui.passed}/${c.ui.paths}` : c.ui ? `(${c.ui.paths} paths)` : '—',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  const out = [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)];
  if (details) {
    for (const c of coverage) {
      if (c.model.uncovered.length) {
        out.push('', `${c.machine}: not covered at machine level`);
        for (const u of c.model.uncovered) out.push(`  - ${u.label}\n      ${u.reason}`);
      }
      if (c.ui?.ran && c.ui.uncovered.length) {
        out.push('', `${c.machine}: not covered in Chromium (${c.ui.uncovered.length})`);
        for (const u of c.ui.uncovered) out.push(`  - ${u.label}\n      ${u.reason}`);
      }
    }
  }
  return out.join('\n');
}

export function pathEntry(path: ModelPath, layers: string[], result?: UiPathResult) {
  return {
    id: path.id,
    machine: path.machine,
    kind: path.kind,
    origin: path.origin,
    description: path.description,
    steps: path.steps.map((s) => s.variant),
    layers,
    ...(result ? { ui: { passed: result.passed, ms: result.ms, failedStep: result.failedStep, error: result.error, screenshot: result.screenshot } } : {}),
  };
}

export function writeReport(file: string, report: PathsReport): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

export { generate };
