/**
 * What a model of one production statechart declares for path generation and the two runners. The machine itself
 * is never copied: a model names the concrete events to feed it (user events, actor outcomes, delays), how to
 * abstract a snapshot so that traversal stays finite, and the assertions each state must pass.
 */
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';

/** One concrete event the traversal feeds the machine. Several variants may share a type (e.g. two price outcomes). */
export interface EventVariant {
  /** Unique within the model: the type, plus ':name' when the type has several variants. */
  key: string;
  event: AnyEventObject;
  /** What it means to a person reading a path: 'Search on the quote form', 'the server says Same Address'. */
  label: string;
}

/** A starting point: the machine's input, as a visitor arrives (a fresh visit, or a reload with stored data). */
export interface Origin {
  id: string;
  label: string;
  input: unknown;
}

/** What a machine-level state assertion sees. */
export interface MachineAssertionContext {
  snapshot: AnyMachineSnapshot;
  /** Inputs the invoked actors received so far, by actor name, newest last. */
  invocations: Record<string, unknown[]>;
  /** The origin's input. */
  input: unknown;
}

export type MachineStateAssertion = (ctx: MachineAssertionContext) => void;

export interface MachineModel {
  id: string;
  title: string;
  /** The production machine, as exported by machines/<flow>/index.ts. */
  machine: AnyStateMachine;
  origins: Origin[];
  variants: EventVariant[];
  /**
   * The finite part of the context that tells states apart for traversal (the rest repeats what the events carried).
   * Two snapshots with the same value and the same abstraction are the same vertex.
   */
  abstract(snapshot: AnyMachineSnapshot): unknown;
  /** Whether to offer a variant in a state (default: every variant whose type the state handles). */
  offer?(snapshot: AnyMachineSnapshot, variant: EventVariant): boolean;
  /** Traversal bound: at most this many vertices are expanded (xstate/graph's `limit`). */
  limit: number;
  /** Simple paths end in these states (final or 'confirmed'-like goals). */
  isGoal(snapshot: AnyMachineSnapshot): boolean;
  /** Simple paths use only these variants (keeps the enumeration finite), at most `maxPaths` of them. */
  simple: { variants: (variant: EventVariant) => boolean; maxPaths: number; maxLength: number; origins?: string[] };
  /** Machine-level assertion per atomic state key ('cardCheckout.form'); the meta-test requires one per reachable state. */
  assertions: Record<string, MachineStateAssertion>;
  /**
   * Guards, checked in every state a path passes through: for each probe event, what the spec says the machine does
   * with it there: whether it accepts it (`snapshot.can`) and which state it would go to. `undefined` where the probe
   * does not apply.
   */
  guardChecks: GuardCheck[];
  /** Logging actions the machine runner replaces with no-ops (they only write to the console). */
  silence?: string[];
  /** Transitions (ids) or states (keys) no sequence of events can reach, each with the reason; the meta-test checks both ways. */
  unreachable?: Record<string, string>;
}

export interface GuardCheck {
  /** 'Book Now on a vehicle without a price' */
  label: string;
  event: AnyEventObject;
  /** `can`: accepted at all; `next`: the atomic state keys it leads to (sorted, as activeStateKeys gives them). */
  expected(snapshot: AnyMachineSnapshot): { can?: boolean; next?: string[] } | undefined;
}

export interface ModelStep {
  variant: string;
  event: AnyEventObject;
  /** The snapshot after the event (kept in memory for the machine runner, left out of reports). */
  snapshot: AnyMachineSnapshot;
  /** Atomic state keys the snapshot rests in. */
  states: string[];
  /** Transition ids the event took (eventless ones included). */
  transitions: string[];
  /** Atomic state keys passed through on the way (transient ones included). */
  visited: string[];
}

export type PathKind = 'shortest' | 'simple';

export interface ModelPath {
  /** Stable id: `<machine>-<6 hex of its origin and event keys>`. */
  id: string;
  machine: string;
  origin: string;
  kind: PathKind;
  /** The initial snapshot of the origin (after its eventless start-up transitions). */
  start: AnyMachineSnapshot;
  startStates: string[];
  /** Transitions and states of the start-up (e.g. an `always` in the initial state). */
  startTransitions: string[];
  steps: ModelStep[];
  /** 'booking from a fresh visit: Search → price list → … ⇒ confirmed' */
  description: string;
  /** Everything the path covers: transition ids and state keys. */
  transitions: string[];
  states: string[];
}
