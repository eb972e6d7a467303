/**
 * Introspection of a real statechart for model-based testing: its state nodes, the transitions it declares (each
 * guarded candidate counts once), the events it handles, and the outcome and delayed events its invoked actors and
 * `after` timers raise. Everything is read from the machine itself, so a model can never describe a machine that
 * does not exist.
 */
import type { AnyEventObject, AnyStateMachine, AnyStateNode, AnyMachineSnapshot, TransitionDefinition } from 'xstate';

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

/** The nodes a snapshot can rest in: atomic and final nodes (a parallel region contributes one each). */
export function atomicNodes(machine: AnyStateMachine): AnyStateNode[] {
  return allNodes(machine.root).filter((node) => node.type === 'atomic' || node.type === 'final');
}

/** 'booking.cardCheckout.form' → 'cardCheckout.form' (the machine id is dropped; the root is '(machine)'). */
export const stateKey = (node: AnyStateNode) => (node.path.length === 0 ? '(machine)' : node.path.join('.'));

/** The atomic state keys a snapshot is in, sorted (one per parallel region). */
export function activeStateKeys(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[]).filter((node) => node.type === 'atomic' || node.type === 'final').map(stateKey).sort();
}

/** Atomic states with an `always` transition on themselves are never at rest: a snapshot can only pass through them. */
export function isTransient(node: AnyStateNode): boolean {
  return (node.always?.length ?? 0) > 0 && node.always!.some((t) => t.guard === undefined);
}

export interface TransitionInfo {
  /** Stable id: `<source key>|<event type>|<candidate index>`. */
  id: string;
  source: string;
  eventType: string;
  index: number;
  guard: string | null;
  targets: string[];
  /** 'source --event [guard]--> target' */
  label: string;
  definition: TransitionDefinition<any, any>;
}

function guardText(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // xstate's and()/or()/not() are functions named after themselves carrying `guards`; stateIn() carries `stateValue`.
    const g = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(g.guards)) return `${g.name}(${g.guards.map(guardText).join(', ')})`;
    if (g.stateValue !== undefined) return `stateIn(${typeof g.stateValue === 'string' ? g.stateValue : JSON.stringify(g.stateValue)})`;
    return g.name || 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const typed = guard as { type: string; params?: unknown };
    const params = typed.params && typeof typed.params === 'object' ? JSON.stringify(typed.params) : null;
    return params ? `${typed.type}${params}` : typed.type;
  }
  return 'guard';
}

/** Every transition candidate the machine declares, with a stable id (eventless `always` candidates under event type ''). */
export function machineTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of allNodes(machine.root)) {
    const source = stateKey(node);
    const groups: [string, TransitionDefinition<any, any>[]][] = [...(node.transitions as Map<string, TransitionDefinition<any, any>[]>).entries()];
    if (node.always?.length) groups.push(['', node.always as TransitionDefinition<any, any>[]]);
    for (const [eventType, candidates] of groups) {
      candidates.forEach((definition, index) => {
        const targets = (definition.target ?? []).map((target) => stateKey(target as AnyStateNode));
        const guard = guardText(definition.guard);
        const id = `${source}|${eventType}|${index}`;
        const shown = eventType === '' ? '(always)' : eventType;
        const label = `${source} --${shown}${guard ? ` [${guard}]` : ''}--> ${targets.length ? targets.join(', ') : '(stays)'}`;
        out.push({ id, source, eventType, index, guard, targets, label, definition });
      });
    }
  }
  return out;
}

/** Transition definition objects → their ids (the definitions are memoised by xstate, so identity is stable). */
export function transitionIndex(machine: AnyStateMachine): Map<TransitionDefinition<any, any>, TransitionInfo> {
  return new Map(machineTransitions(machine).map((info) => [info.definition, info]));
}

/** The event types a machine handles from outside (not xstate.*). */
export function externalEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allNodes(machine.root)) for (const type of node.ownEvents) if (!type.startsWith('xstate.') && type !== '') types.add(type);
  return [...types].sort();
}

export interface InvokeInfo {
  /** The invoke id (xstate generates one when the config gives none). */
  id: string;
  /** The actor's name in setup. */
  src: string;
  state: string;
}

export function machineInvokes(machine: AnyStateMachine): InvokeInfo[] {
  return allNodes(machine.root).flatMap((node) => node.invoke.map((invoke) => ({ id: invoke.id, src: String(invoke.src), state: stateKey(node) })));
}

/** `xstate.done.actor.<id>` and `xstate.error.actor.<id>` of every invoke. */
export function outcomeEventTypes(machine: AnyStateMachine): string[] {
  return [...new Set(machineInvokes(machine).flatMap((invoke) => [`xstate.done.actor.${invoke.id}`, `xstate.error.actor.${invoke.id}`]))].sort();
}

export interface DelayInfo {
  /** 'xstate.after.popup.booking.bookTrip.priceError' */
  eventType: string;
  /** The delay's name in setup, or null for a number. */
  name: string | null;
  ms: number;
  state: string;
}

export function machineDelays(machine: AnyStateMachine): DelayInfo[] {
  const delays = (machine.implementations.delays ?? {}) as Record<string, number | ((...args: unknown[]) => number)>;
  return allNodes(machine.root).flatMap((node) =>
    node.after.map((transition) => {
      const raw = transition.delay as string | number;
      const named = typeof raw === 'string' ? delays[raw] : raw;
      const ms = typeof named === 'number' ? named : typeof named === 'function' ? delayOf(named, {}) : Number(raw);
      return { eventType: transition.eventType, name: typeof raw === 'string' ? raw : null, ms, state: stateKey(node) };
    }),
  );
}

/** A delay given as a function, as xstate calls it ({ context, event }); NaN when it cannot tell without a real context. */
function delayOf(fn: (...args: unknown[]) => number, context: unknown): number {
  try {
    return Number(fn({ context, event: { type: '' } }, undefined));
  } catch {
    return Number.NaN;
  }
}

/**
 * The delay (ms) of the timer `eventType` as it is set in `snapshot`: a delay that depends on the context (an offer's
 * own countdown) is read from the snapshot's context; a fixed one is the machine's.
 */
export function delayIn(machine: AnyStateMachine, eventType: string, snapshot: AnyMachineSnapshot): number | undefined {
  const info = machineDelays(machine).find((d) => d.eventType === eventType);
  if (!info) return undefined;
  const named = info.name === null ? undefined : ((machine.implementations.delays ?? {}) as Record<string, unknown>)[info.name];
  return typeof named === 'function' ? delayOf(named as (...args: unknown[]) => number, snapshot.context) : info.ms;
}

/** Every event type the machine reacts to: external, actor outcomes and delays. */
export function allEventTypes(machine: AnyStateMachine): string[] {
  return [...new Set([...externalEventTypes(machine), ...outcomeEventTypes(machine), ...machineDelays(machine).map((d) => d.eventType)])].sort();
}

export const isOutcomeEvent = (event: AnyEventObject) => event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.');
export const isDelayEvent = (event: AnyEventObject) => event.type.startsWith('xstate.after.');
