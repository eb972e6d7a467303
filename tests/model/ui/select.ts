/**
 * Which generated paths the UI runner drives, and why the rest of the machine is not driven in Chromium. The UI set
 * comes from the same generator over the same graph, refusing the edges the app cannot produce (a disabled button,
 * a dialog covering the page, a field the screen does not show); each refusal carries its reason, so whatever stays
 * uncovered in the UI is listed with one.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { coverageItems, edgeRecorder, generate, variantOfEvent, type Generated, type Usable } from '../generate.ts';
import { activeStateKeys } from '../graph.ts';
import type { EventVariant, MachineModel, ModelPath } from '../types.ts';
import type { UiMachine, UsableContext } from './types.ts';

/**
 * A refusal that is the runner's limit, not the visitor's (a visitor could take the step, the runner cannot yet):
 * such a reason starts with this, and the meta test fails while one leaves a state or transition uncovered.
 */
export const RUNNER_LIMIT = 'runner limit: ';
/** Reasons that explain nothing about the visitor: the meta test fails on them too. */
export const NOT_TRAVERSED = 'not reached by the machine traversal either';
export const ONLY_AFTER = 'reached only after steps the UI cannot take';

const EARLIER_STEP: EventVariant = { key: '(an earlier step)', event: { type: '(an earlier step)' }, label: 'an earlier step' };

/** Why the UI cannot drive `variant` in `snapshot`, or null. */
export function uiRefusal(ui: UiMachine, snapshot: AnyMachineSnapshot, variant: EventVariant, usable: UsableContext): string | null {
  const executor = ui.executors[variant.key];
  if (!executor) return `no UI executor for ${variant.key}`;
  if (ui.defects?.[variant.key]) return `app defect: ${ui.defects[variant.key]}`;
  return ui.unavailable?.(snapshot, variant, usable) ?? executor.unavailable?.(snapshot, usable) ?? null;
}

export function uiUsable(ui: UiMachine): Usable {
  return (snapshot, variant, usable) => uiRefusal(ui, snapshot, variant, usable) === null;
}

export interface UiSelection {
  generated: Generated;
  /** Paths for the UI runner: the shortest covering set, plus the simple paths when `full`. */
  paths: ModelPath[];
}

const selections = new Map<string, UiSelection>();

export function selectUiPaths(model: MachineModel, ui: UiMachine, { full = false } = {}): UiSelection {
  const key = `${model.id}:${full}`;
  if (selections.has(key)) return selections.get(key)!;
  const supported = model.origins.filter((o) => !ui.unsupportedOrigins?.[o.id]);
  const generated = generate({ ...model, origins: supported }, { usable: uiUsable(ui), simple: full });
  const selection = { generated, paths: [...generated.shortest, ...generated.simple] };
  selections.set(key, selection);
  return selection;
}

/**
 * For every coverage item the UI paths do not reach: why. The reasons are read off the machine's own graph: every
 * edge that would cover the item, with the UI's refusal of it; an item whose edges are all usable is reached only
 * through refused ones.
 */
export function uiGapReasons(model: MachineModel, ui: UiMachine, covered: Set<string>, machineGraph: Generated): Map<string, string> {
  const reasons = new Map<string, Set<string>>();
  const missing = new Set(coverageItems(model).filter((item) => !covered.has(item)));
  if (missing.size === 0) return new Map();
  const record = edgeRecorder(model);
  // Items the origins the UI cannot start from would reach: their reason only where no other origin's graph reaches
  // them (an item reachable from a supported start is explained by its own edges, not by another start's limits).
  const fromUnsupported = new Map<string, Set<string>>();
  for (const graph of machineGraph.graphs) {
    const why = ui.unsupportedOrigins?.[graph.origin.id];
    for (const value of Object.values(graph.adjacency)) {
      for (const edge of Object.values(value.transitions)) {
        const { items } = record(value.state, edge.event);
        const touched = items.filter((item) => missing.has(item));
        if (!touched.length) continue;
        if (why) {
          for (const item of touched) (fromUnsupported.get(item) ?? fromUnsupported.set(item, new Set()).get(item)!).add(`origin '${graph.origin.id}': ${why}`);
          continue;
        }
        const variant = variantOfEvent(model, edge.event);
        // As a step in the middle of a path (the first step of a path is a page load, which can do more).
        const refusal = uiRefusal(ui, value.state, variant, { last: true, prevSnapshot: value.state, prevVariant: EARLIER_STEP });
        const states = activeStateKeys(value.state);
        const where = states.join(' + ');
        // An edge out of a state the UI never shows: that state's reason is this one's too.
        const unshown = states.find((key) => missing.has(`state:${key}`));
        const reason = refusal
          ? `${variant.key} in ${where}: ${refusal}`
          : unshown
            ? `leaves ${unshown}, which the UI never shows (see that state)`
            : `${ONLY_AFTER} (${variant.key} in ${where})`;
        for (const item of touched) addReason(reasons, item, reason, refusal !== null || unshown !== undefined);
      }
    }
  }
  for (const [item, why] of fromUnsupported)
    if (![...(reasons.get(item) ?? [])].some((reason) => !reason.startsWith(ONLY_AFTER))) for (const reason of why) addReason(reasons, item, reason, true);
  for (const item of missing) {
    const declared = model.unreachable?.[item.replace(/^(state|transition):/, '')];
    if (declared) reasons.set(item, new Set([`unreachable in the machine: ${declared}`]));
    else if (!reasons.has(item)) reasons.set(item, new Set([NOT_TRAVERSED]));
  }
  return new Map([...reasons.entries()].map(([item, set]) => [item, [...set].slice(0, 2).join('; ')]));
}

function addReason(reasons: Map<string, Set<string>>, item: string, reason: string, strong: boolean) {
  if (!reasons.has(item)) reasons.set(item, new Set());
  const set = reasons.get(item)!;
  // A direct refusal replaces the weaker "only after" notes.
  if (strong) {
    for (const existing of [...set]) if (existing.startsWith(ONLY_AFTER)) set.delete(existing);
    set.add(reason);
  } else if (set.size === 0) set.add(reason);
}
