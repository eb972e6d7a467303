/**
 * Path generation over the production machines with xstate/graph: the adjacency map and shortest paths
 * (`getAdjacencyMap`, `getShortestPaths`) from each origin, fed the model's concrete events (user events, actor
 * outcomes as `xstate.done.actor.*` / `xstate.error.actor.*`, delays as `xstate.after.*`), and simple paths
 * (`getSimplePaths`) to the goal states over a reduced event set. Every step records the transitions it took, read
 * from xstate's own microstep inspection, so coverage is measured on the machine's declared transitions.
 *
 * Bounds: the model's `limit` (vertices expanded), its finite `abstract()` of the context, and for simple paths a
 * reduced event set, a maximum length and a maximum count.
 */
import { createHash } from 'node:crypto';
import { createActor, fromTransition, type AnyActorScope, type AnyEventObject, type AnyMachineSnapshot, type TransitionDefinition } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { activeStateKeys, allEventTypes, atomicNodes, isTransient, machineTransitions, stateKey, transitionIndex } from './graph.ts';
import type { EventVariant, MachineModel, ModelPath, ModelStep, Origin, PathKind } from './types.ts';

type Snapshot = AnyMachineSnapshot;
/** xstate/graph's adjacency map with plain string keys (its keys are branded strings). */
type Adjacency = Record<string, { state: Snapshot; transitions: Record<string, { event: AnyEventObject; state: Snapshot }> }>;

interface StepRecord {
  transitions: string[];
  visited: string[];
}

/** An actor scope like xstate/graph's mock one, whose system reports every microstep and the transitions it took. */
function recordingScope(model: MachineModel) {
  const index = transitionIndex(model.machine);
  let current: StepRecord | null = null;
  const self = createActor(
    fromTransition((state: null) => state, null),
    {
      inspect: (event) => {
        if (event.type !== '@xstate.microstep' || current === null) return;
        const taken = (event as unknown as { _transitions: TransitionDefinition<any, any>[] })._transitions;
        for (const definition of taken) {
          const info = index.get(definition);
          if (info && !current.transitions.includes(info.id)) current.transitions.push(info.id);
          // The source of a transition was active, also when it is a transient state left in the same macrostep.
          const source = definition.source as unknown as { type: string; path: string[] };
          if ((source.type === 'atomic' || source.type === 'final') && !current.visited.includes(source.path.join('.'))) current.visited.push(source.path.join('.'));
        }
        for (const key of activeStateKeys(event.snapshot as Snapshot)) if (!current.visited.includes(key)) current.visited.push(key);
      },
    },
  );
  const scope = {
    self,
    logger: () => {},
    id: '',
    sessionId: `model-${model.id}`,
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  return {
    scope,
    record<T>(run: () => T): [T, StepRecord] {
      current = { transitions: [], visited: [] };
      try {
        const out = run();
        return [out, current];
      } finally {
        current = null;
      }
    },
  };
}

export function serializer(model: MachineModel) {
  return (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, status: snapshot.status, a: model.abstract(snapshot) });
}

/** The variants offered in a state: those whose type the state handles, filtered by the model. */
function offered(model: MachineModel, variants: readonly EventVariant[]) {
  const memo = new WeakMap<Snapshot, AnyEventObject[]>();
  return (snapshot: Snapshot): AnyEventObject[] => {
    const known = memo.get(snapshot);
    if (known) return known;
    const events = offeredNow(snapshot);
    memo.set(snapshot, events);
    return events;
  };
  function offeredNow(snapshot: Snapshot): AnyEventObject[] {
    if (snapshot.status !== 'active') return [];
    // Every declared event type, also the ignoring ones (`'nav.back': {}`), which xstate leaves out of ownEvents.
    const handled = new Set<string>();
    for (const node of snapshot._nodes) for (const type of node.transitions.keys()) handled.add(type);
    return variants.filter((v) => handled.has(v.event.type) && (model.offer?.(snapshot, v) ?? true)).map((v) => v.event);
  }
}

export interface OriginGraph {
  origin: Origin;
  start: Snapshot;
  startRecord: StepRecord;
  adjacency: Adjacency;
  /** Serialized state → shortest path (as variant keys and snapshots). */
  shortest: Map<string, { steps: { event: AnyEventObject; state: Snapshot }[] }>;
}

/** Traversal options shared by the generators (bounded by the model's limit; events as the model offers them). */
function traversalOptions(model: MachineModel, start: Snapshot, variants: readonly EventVariant[]) {
  const byType = offered(model, variants);
  return {
    fromState: start,
    serializeState: serializer(model),
    serializeEvent: (event: AnyEventObject) => variantOfEvent(model, event).key,
    // Only the model's own variants: never a bare `{ type }` that the machine would receive without its payload.
    events: byType,
    limit: model.limit,
  };
}

const variantCache = new WeakMap<MachineModel, Map<AnyEventObject, EventVariant>>();
export function variantOfEvent(model: MachineModel, event: AnyEventObject): EventVariant {
  let map = variantCache.get(model);
  if (!map) {
    map = new Map(model.variants.map((v) => [v.event, v]));
    variantCache.set(model, map);
  }
  const found = map.get(event);
  if (!found) throw new Error(`${model.id}: an event outside the model's variants was generated: ${JSON.stringify(event)}`);
  return found;
}

export function startSnapshot(model: MachineModel, origin: Origin) {
  const rec = recordingScope(model);
  const [start, startRecord] = rec.record(() => model.machine.getInitialSnapshot(rec.scope, origin.input) as Snapshot);
  return { start, startRecord };
}

/** xstate/graph starts each path with the `xstate.init` step of the initial state. */
const withoutInit = <T extends { event: AnyEventObject }>(steps: T[]): T[] => steps.filter((step) => step.event.type !== 'xstate.init');

/** Traversals by what decides them: the events offered (the model's variants and offer), its abstraction and limit. */
const explored = new WeakMap<readonly EventVariant[], { model: MachineModel; graphs: Map<Origin, OriginGraph> }[]>();

/**
 * An origin's traversal, once per process: the machine-level generation and the UI's (which only refuses edges when it
 * picks paths, from a copy of the model) walk the same graph, and on the booking flow each walk takes tens of seconds.
 */
export function exploreOrigin(model: MachineModel, origin: Origin): OriginGraph {
  const same = (m: MachineModel) => m.machine === model.machine && m.offer === model.offer && m.abstract === model.abstract && m.limit === model.limit;
  const entries = explored.get(model.variants) ?? [];
  explored.set(model.variants, entries);
  let entry = entries.find((e) => same(e.model));
  if (!entry) entries.push((entry = { model, graphs: new Map() }));
  let graph = entry.graphs.get(origin);
  if (!graph) entry.graphs.set(origin, (graph = exploreOriginOnce(model, origin)));
  return graph;
}

function exploreOriginOnce(model: MachineModel, origin: Origin): OriginGraph {
  const { start, startRecord } = startSnapshot(model, origin);
  const options = traversalOptions(model, start, model.variants);
  const adjacency = getAdjacencyMap(model.machine, options as never) as unknown as Adjacency;
  const paths = getShortestPaths(model.machine, options as never);
  const serialize = serializer(model);
  const shortest = new Map<string, { steps: { event: AnyEventObject; state: Snapshot }[] }>();
  for (const path of paths) shortest.set(serialize(path.state as Snapshot), { steps: withoutInit(path.steps as { event: AnyEventObject; state: Snapshot }[]) });
  return { origin, start, startRecord, adjacency, shortest };
}

/** Replays events from the start with the recording scope: the steps with their snapshots and transitions. */
export function replay(model: MachineModel, start: Snapshot, events: readonly AnyEventObject[]): ModelStep[] {
  const rec = recordingScope(model);
  const steps: ModelStep[] = [];
  let snapshot = start;
  for (const event of events) {
    const [next, record] = rec.record(() => model.machine.transition(snapshot, event, rec.scope) as Snapshot);
    steps.push({ variant: variantOfEvent(model, event).key, event, snapshot: next, states: activeStateKeys(next), transitions: record.transitions, visited: record.visited });
    snapshot = next;
  }
  return steps;
}

function describe(model: MachineModel, origin: Origin, steps: readonly ModelStep[], startStates: string[]): string {
  const labels = steps.map((step) => variantOfEvent(model, step.event).label);
  const end = steps.length ? steps[steps.length - 1].states : startStates;
  return `${model.title} (${origin.label}): ${labels.length ? labels.join(' → ') : '(start)'} ⇒ ${end.join(' + ')}`;
}

export function makePath(model: MachineModel, origin: Origin, kind: PathKind, events: readonly AnyEventObject[]): ModelPath {
  const { start, startRecord } = startSnapshot(model, origin);
  const steps = replay(model, start, events);
  const keys = steps.map((s) => s.variant);
  const id = `${model.id}-${createHash('sha1').update(`${origin.id}|${keys.join('|')}`).digest('hex').slice(0, 6)}`;
  const startStates = activeStateKeys(start);
  const transitions = [...new Set([...startRecord.transitions, ...steps.flatMap((s) => s.transitions)])];
  const states = [...new Set([...startStates, ...startRecord.visited, ...steps.flatMap((s) => [...s.visited, ...s.states])])];
  return {
    id,
    machine: model.id,
    origin: origin.id,
    kind,
    start,
    startStates,
    startTransitions: startRecord.transitions,
    steps,
    description: describe(model, origin, steps, startStates),
    transitions,
    states,
  };
}

// ─── Coverage items and selection ───────────────────────────────────────────────────────────────────

export const stateItem = (key: string) => `state:${key}`;
export const transitionItem = (id: string) => `transition:${id}`;

/** Every state and transition of the machine, as coverage items. */
export function coverageItems(model: MachineModel): string[] {
  return [...atomicNodes(model.machine).map((n) => stateItem(stateKey(n))), ...machineTransitions(model.machine).map((t) => transitionItem(t.id))];
}

interface Candidate {
  origin: Origin;
  events: AnyEventObject[];
  items: Set<string>;
  /** A vertex's path and then one event the vertex ignores (the snapshot stays exactly as it was): mergeable. */
  ignores?: { vertex: string; state: Snapshot; before: Snapshot | null; last: EventVariant | null };
}

/**
 * Candidate paths of an origin: the shortest path to every vertex, and the shortest path to every vertex followed by
 * each of its edges (so that every transition the traversal found has a path). `usable` may refuse an edge (a UI
 * runner that has no way to send that event in that state).
 */
function candidates(model: MachineModel, graph: OriginGraph, usable: Usable, constrained: boolean): Candidate[] {
  const serialize = serializer(model);
  const rec = recordingScope(model);
  const startKey = serialize(graph.start);
  const startItems = new Set<string>([...activeStateKeys(graph.start), ...graph.startRecord.visited].map(stateItem));
  for (const id of graph.startRecord.transitions) startItems.add(transitionItem(id));

  /** What one edge covers (each edge is transitioned once). */
  const edgeMemo = new Map<string, string[]>();
  const edgeItems = (fromKey: string, from: Snapshot, event: AnyEventObject): string[] => {
    const key = `${fromKey}\u0000${variantOfEvent(model, event).key}`;
    let items = edgeMemo.get(key);
    if (!items) {
      const [next, record] = rec.record(() => model.machine.transition(from, event, rec.scope) as Snapshot);
      items = [...record.transitions.map(transitionItem), ...[...record.visited, ...activeStateKeys(next)].map(stateItem)];
      edgeMemo.set(key, items);
    }
    return items;
  };

  /** Each vertex's path: its parent's path plus the last edge (shortest paths are prefix-closed in length). */
  type VertexPath = { events: AnyEventObject[]; items: Set<string>; before: Snapshot | null; last: EventVariant | null };
  const vertexMemo = new Map<string, VertexPath | null>();
  if (constrained) {
    // The shortest paths over the usable edges only: a breadth-first walk of the same adjacency map, so a vertex
    // whose unconstrained shortest path passes a refused step is still reached the way the runner can.
    vertexMemo.set(startKey, { events: [], items: startItems, before: null, last: null });
    const queue = [startKey];
    for (let i = 0; i < queue.length; i++) {
      const key = queue[i];
      const here = vertexMemo.get(key)!;
      const value = graph.adjacency[key];
      if (!here || !value) continue;
      for (const edge of Object.values(value.transitions)) {
        const variant = variantOfEvent(model, edge.event);
        if (!usable(value.state, variant, { last: false, prevSnapshot: here.before, prevVariant: here.last })) continue;
        const next = serialize(edge.state);
        if (vertexMemo.has(next)) continue;
        vertexMemo.set(next, { events: [...here.events, edge.event], items: new Set([...here.items, ...edgeItems(key, value.state, edge.event)]), before: value.state, last: variant });
        queue.push(next);
      }
    }
  }
  const vertexPath = (key: string): VertexPath | null => {
    if (key === startKey) return { events: [], items: startItems, before: null, last: null };
    if (vertexMemo.has(key)) return vertexMemo.get(key)!;
    vertexMemo.set(key, null);
    const path = graph.shortest.get(key);
    let out: VertexPath | null = null;
    if (path && path.steps.length > 0) {
      const last = path.steps[path.steps.length - 1];
      const parentState = path.steps.length > 1 ? path.steps[path.steps.length - 2].state : graph.start;
      const parentKey = serialize(parentState);
      const parent = vertexPath(parentKey);
      const variant = variantOfEvent(model, last.event);
      if (parent && usable(parentState, variant, { last: false, prevSnapshot: parent.before, prevVariant: parent.last })) {
        out = { events: [...parent.events, last.event], items: new Set([...parent.items, ...edgeItems(parentKey, parentState, last.event)]), before: parentState, last: variant };
      }
    }
    vertexMemo.set(key, out);
    return out;
  };

  const out: Candidate[] = [];
  for (const [key, value] of Object.entries(graph.adjacency)) {
    const base = vertexPath(key);
    if (!base) continue;
    out.push({ origin: graph.origin, events: base.events, items: base.items });
    for (const edge of Object.values(value.transitions)) {
      if (!usable(value.state, variantOfEvent(model, edge.event), { last: true, prevSnapshot: base.before, prevVariant: base.last })) continue;
      const extra = edgeItems(key, value.state, edge.event);
      if (extra.every((item) => base.items.has(item))) continue;
      const ignores = serialize(edge.state) === key && unchanged(value.state, edge.state) ? { vertex: `${graph.origin.id}\u0000${key}`, state: value.state, before: base.before, last: base.last } : undefined;
      out.push({ origin: graph.origin, events: [...base.events, edge.event], items: new Set([...base.items, ...extra]), ignores });
    }
  }
  return out;
}

/**
 * Chosen paths that each take one event their last state ignores, from the same vertex by the same way: one path
 * takes those events in turn (the state stays as it was), when the runner can take each of them after another.
 */
function mergeIgnored(model: MachineModel, chosen: Candidate[], usable: Usable): Candidate[] {
  const out: Candidate[] = [];
  const open = new Map<string, Candidate & { steps: EventVariant[] }>();
  for (const c of chosen) {
    const vertex = c.ignores?.vertex;
    if (!c.ignores || vertex === undefined) {
      out.push(c);
      continue;
    }
    const merged = open.get(vertex);
    const variant = variantOfEvent(model, c.events.at(-1)!);
    if (merged) {
      const previous = merged.steps.at(-1)!;
      const before = merged.steps.length > 1 ? c.ignores.state : c.ignores.before;
      const beforeLast = merged.steps.length > 1 ? merged.steps.at(-2)! : c.ignores.last;
      if (usable(c.ignores.state, previous, { last: false, prevSnapshot: before, prevVariant: beforeLast }) && usable(c.ignores.state, variant, { last: true, prevSnapshot: c.ignores.state, prevVariant: previous })) {
        merged.events.push(c.events.at(-1)!);
        for (const item of c.items) merged.items.add(item);
        merged.steps.push(variant);
        continue;
      }
    }
    const copy = { ...c, events: [...c.events], items: new Set(c.items), steps: [variant] };
    out.push(copy);
    open.set(vertex, copy);
  }
  return out;
}

/** The same state value and context: the event changed nothing. */
function unchanged(a: Snapshot, b: Snapshot): boolean {
  return JSON.stringify(a.value) === JSON.stringify(b.value) && JSON.stringify(a.context) === JSON.stringify(b.context);
}

/**
 * Greedy set cover: the fewest, shortest paths that together cover what the candidates can cover. Lazy greedy: a
 * candidate's gain only shrinks as items get covered, so a stale gain is an upper bound and a max-heap suffices.
 */
function cover(all: Candidate[]): Candidate[] {
  const covered = new Set<string>();
  const chosen: Candidate[] = [];
  const gainOf = (c: Candidate) => {
    let gain = 0;
    for (const item of c.items) if (!covered.has(item)) gain += 1;
    return gain;
  };
  // Higher gain first; then fewer steps.
  const better = (a: { gain: number; c: Candidate }, b: { gain: number; c: Candidate }) => a.gain > b.gain || (a.gain === b.gain && a.c.events.length < b.c.events.length);
  const heap: { gain: number; c: Candidate }[] = [];
  const push = (entry: { gain: number; c: Candidate }) => {
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!better(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < heap.length && better(heap[l], heap[best])) best = l;
        if (r < heap.length && better(heap[r], heap[best])) best = r;
        if (best === i) break;
        [heap[i], heap[best]] = [heap[best], heap[i]];
        i = best;
      }
    }
    return top;
  };
  for (const c of all) push({ gain: c.items.size, c });
  while (heap.length) {
    const top = pop();
    const gain = gainOf(top.c);
    if (gain === 0) continue;
    if (heap.length && better(heap[0], { gain, c: top.c })) {
      push({ gain, c: top.c });
      continue;
    }
    chosen.push(top.c);
    for (const item of top.c.items) covered.add(item);
  }
  return chosen;
}

export interface Generated {
  model: MachineModel;
  graphs: OriginGraph[];
  /** Shortest paths that together cover every reachable state and transition (the default set). */
  shortest: ModelPath[];
  /** Simple paths to the goal states, bounded (the long set). */
  simple: ModelPath[];
  /** Vertices expanded per origin (the traversal bound is the model's `limit`). */
  vertices: Record<string, number>;
}

/**
 * Whether a runner can drive `variant` in `snapshot`: `last` when it would be the path's last step, and the step
 * before (a UI may send some events on its own right after another, e.g. a page that loads its data on arrival).
 */
export type Usable = (snapshot: Snapshot, variant: EventVariant, step: { last: boolean; prevSnapshot: Snapshot | null; prevVariant: EventVariant | null }) => boolean;

/** Every step of `events` usable from `start`. */
export function pathUsable(model: MachineModel, start: Snapshot, events: readonly AnyEventObject[], usable: Usable): boolean {
  let snapshot = start;
  let prevSnapshot: Snapshot | null = null;
  let prevVariant: EventVariant | null = null;
  const scope = recordingScope(model);
  for (const [i, event] of events.entries()) {
    const variant = variantOfEvent(model, event);
    if (!usable(snapshot, variant, { last: i === events.length - 1, prevSnapshot, prevVariant })) return false;
    prevSnapshot = snapshot;
    prevVariant = variant;
    snapshot = model.machine.transition(snapshot, event, scope.scope) as Snapshot;
  }
  return true;
}

export interface GenerateOptions {
  /** Refuse edges a runner cannot drive (default: all usable). */
  usable?: Usable;
  /** Skip the simple paths (they are the slow part). */
  simple?: boolean;
}

const generated = new Map<string, Generated>();

export function generate(model: MachineModel, options: GenerateOptions = {}): Generated {
  const cacheKey = `${model.id}:${options.usable ? 'custom' : 'all'}:${options.simple === false ? 'noSimple' : 'simple'}`;
  if (!options.usable && generated.has(cacheKey)) return generated.get(cacheKey)!;
  const usable: Usable = options.usable ?? (() => true);
  const graphs = model.origins.map((origin) => exploreOrigin(model, origin));
  const chosen = mergeIgnored(model, cover(graphs.flatMap((graph) => candidates(model, graph, usable, options.usable !== undefined))), usable);
  const shortest = sortPaths(chosen.map((c) => makePath(model, c.origin, 'shortest', c.events)));
  const simple = options.simple === false ? [] : simplePaths(model, graphs, usable);
  const result = { model, graphs, shortest, simple, vertices: Object.fromEntries(graphs.map((g) => [g.origin.id, Object.keys(g.adjacency).length])) };
  if (!options.usable) generated.set(cacheKey, result);
  return result;
}

function sortPaths(paths: ModelPath[]): ModelPath[] {
  const seen = new Set<string>();
  return paths
    .filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)))
    .sort((a, b) => a.origin.localeCompare(b.origin) || a.steps.length - b.steps.length || a.description.localeCompare(b.description));
}

/**
 * Simple paths (no vertex twice) from each origin to the goal states over the model's reduced event set, at most
 * `maxLength` steps. xstate/graph's getSimplePaths enumerates every simple path to every vertex before filtering by
 * `toState`, which is exponential on the booking flow; this walks the same adjacency map (getAdjacencyMap) depth
 * first, pruned by the distance to a goal, and stops at a fixed number of paths.
 */
function simplePaths(model: MachineModel, graphs: OriginGraph[], usable: Usable): ModelPath[] {
  const variants = model.variants.filter(model.simple.variants);
  const serialize = serializer(model);
  const found: { origin: Origin; events: AnyEventObject[] }[] = [];
  const CAP = model.simple.maxPaths * 50;
  for (const graph of graphs) {
    if (model.simple.origins && !model.simple.origins.includes(graph.origin.id)) continue;
    const base = traversalOptions(model, graph.start, variants);
    const byType = offered(model, variants);
    const adjacency = getAdjacencyMap(model.machine, {
      ...base,
      events: (snapshot: Snapshot) => byType(snapshot).filter((event) => usable(snapshot, variantOfEvent(model, event), { last: true, prevSnapshot: null, prevVariant: null })),
      stopWhen: (snapshot: Snapshot) => model.isGoal(snapshot),
    } as never) as unknown as Adjacency;
    // Distance to the nearest goal, by a reverse breadth-first walk: prunes branches that cannot end in time.
    const reverse = new Map<string, string[]>();
    for (const [from, value] of Object.entries(adjacency)) {
      for (const edge of Object.values(value.transitions)) {
        const to = serialize(edge.state);
        if (!reverse.has(to)) reverse.set(to, []);
        reverse.get(to)!.push(from);
      }
    }
    const distance = new Map<string, number>();
    const queue = Object.entries(adjacency).filter(([, value]) => model.isGoal(value.state)).map(([key]) => key);
    for (const key of queue) distance.set(key, 0);
    for (let i = 0; i < queue.length; i++) {
      for (const prev of reverse.get(queue[i]) ?? []) {
        if (!distance.has(prev)) {
          distance.set(prev, distance.get(queue[i])! + 1);
          queue.push(prev);
        }
      }
    }
    const onPath = new Set<string>();
    const events: AnyEventObject[] = [];
    const walk = (key: string) => {
      if (found.length >= CAP) return;
      const value = adjacency[key];
      if (!value) return;
      if (model.isGoal(value.state) && events.length > 0) {
        if (pathUsable(model, graph.start, events, usable)) found.push({ origin: graph.origin, events: [...events] });
        return;
      }
      onPath.add(key);
      for (const edge of Object.values(value.transitions)) {
        const next = serialize(edge.state);
        const left = model.simple.maxLength - events.length - 1;
        if (onPath.has(next) || (distance.get(next) ?? Infinity) > left) continue;
        events.push(edge.event);
        walk(next);
        events.pop();
      }
      onPath.delete(key);
    };
    walk(serialize(graph.start));
  }
  // Keep the journeys that add the most coverage first, then the shortest.
  const paths = found.map((f) => makePath(model, f.origin, 'simple', f.events));
  const covered = new Set<string>();
  const chosen: ModelPath[] = [];
  const pool = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  while (chosen.length < model.simple.maxPaths && pool.length) {
    let bestIndex = 0;
    let bestGain = -1;
    pool.forEach((path, index) => {
      const gain = [...path.transitions.map(transitionItem), ...path.states.map(stateItem)].filter((item) => !covered.has(item)).length;
      if (gain > bestGain) {
        bestGain = gain;
        bestIndex = index;
      }
    });
    const [path] = pool.splice(bestIndex, 1);
    chosen.push(path);
    for (const item of [...path.transitions.map(transitionItem), ...path.states.map(stateItem)]) covered.add(item);
  }
  return sortPaths(chosen);
}

/** States the traversal reached (resting or passed through), per model, over all origins. */
export function reachableItems(gen: Generated): Set<string> {
  const items = new Set<string>();
  for (const path of [...gen.shortest, ...gen.simple]) {
    for (const s of path.states) items.add(stateItem(s));
    for (const t of path.transitions) items.add(transitionItem(t));
  }
  return items;
}

/** Resting atomic states (not transient `always` ones). */
export function restingStateKeys(model: MachineModel): string[] {
  return atomicNodes(model.machine)
    .filter((n) => !isTransient(n))
    .map(stateKey);
}

export { allEventTypes };

/** The snapshot an event would lead to, computed without touching a live actor (no action runs). */
export function pureTransition(model: MachineModel, snapshot: Snapshot, event: AnyEventObject): Snapshot {
  const rec = recordingScope(model);
  return model.machine.transition(snapshot, event, rec.scope) as Snapshot;
}

/** A reusable recorder: the snapshot an event leads to and the coverage items (transitions, states) it touches. */
export function edgeRecorder(model: MachineModel) {
  const rec = recordingScope(model);
  return (snapshot: Snapshot, event: AnyEventObject) => {
    const [next, record] = rec.record(() => model.machine.transition(snapshot, event, rec.scope) as Snapshot);
    return { next, items: [...record.transitions.map(transitionItem), ...[...record.visited, ...activeStateKeys(next)].map(stateItem)] };
  };
}
