/**
 * The UI side of a model: for every event variant an executor (a click, typed values, or arranging the answer the
 * server or the browser gives), and for every state an assertion on the URL and what the screen shows.
 */
import type { BrowserContextOptions } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import type { EventVariant, ModelPath, ModelStep } from '../types.ts';
import type { GateAnswer, UiRun } from './harness.ts';

export interface StepContext {
  path: ModelPath;
  index: number;
  step: ModelStep;
  /** The snapshot before the step (the machine's, as the model says the app is). */
  before: AnyMachineSnapshot;
}

export interface UsableContext {
  last: boolean;
  prevSnapshot: AnyMachineSnapshot | null;
  prevVariant: EventVariant | null;
}

export interface UiExecutor {
  /**
   * Why the UI cannot send this event in this state (null or undefined: it can). E.g. a button disabled while a call
   * is in flight, a dialog covering the page, a field the screen does not show.
   */
  unavailable?(snapshot: AnyMachineSnapshot, usable: UsableContext): string | null | undefined;
  /** Before the path starts: agree on the data its steps use (which e-mail, which card number …). */
  prepare?(run: UiRun, ctx: StepContext): void | Promise<void>;
  /**
   * For an outcome of a server call: how the call is answered. The runner holds the call from the start (a gate on
   * the actor's URL, in path order), so the in-flight state can be seen, and answers it so when the step runs.
   */
  answer?(run: UiRun, ctx: StepContext): GateAnswer | Promise<GateAnswer>;
  /** Perform the event: click, type, press Complete; release a held answer; wait for a timer. */
  run(run: UiRun, ctx: StepContext): Promise<void>;
}

export type UiStateAssertion = (run: UiRun, ctx: { path: ModelPath; index: number; snapshot: AnyMachineSnapshot }) => Promise<void>;

export interface UiMachine {
  model: string;
  /** The browser context's options over the runner's own (a phone's viewport, a position granted and emulated …). */
  context?: BrowserContextOptions;
  /** Open the page the path starts on (seed storage, arrange the origin's data, go to the URL). */
  open(run: UiRun): Promise<void>;
  /** True when opening the page already performs the path's first step (a URL typed: route.enter on load). */
  opensAtFirstStep?(path: ModelPath): boolean;
  /** An origin the UI cannot set up, with the reason. */
  unsupportedOrigins?: Record<string, string>;
  executors: Record<string, UiExecutor>;
  /** Per atomic state key. */
  assertions: Record<string, UiStateAssertion>;
  /** The URL pattern of each invoked actor (by its name in setup) that calls the server; null when it is local. */
  calls: Record<string, string | null>;
  /** Before the path starts, after every executor's prepare. */
  prepare?(run: UiRun): void | Promise<void>;
  /**
   * Events the app gets wrong today, by variant key, with what happens: kept out of the UI paths (so they show as
   * uncovered with this reason) and each checked by an expected-failure test that starts passing when it is fixed.
   */
  defects?: Record<string, string>;
  /**
   * A visitor's step in a state that ends on its own within moments (a popup's redirect): the delays (ms) of that
   * state's timers, which the runner holds from the step that enters the state until this one is done, so the step
   * never races them (harness.ts TIMER_HOLD); null or empty for a step that needs no hold. A held timer's own step
   * (`xstate.after.…`) releases it just before it runs, so the state is checked with its timer held and then left.
   */
  holdsTimers?(before: AnyMachineSnapshot, variant: string): readonly number[] | null;
  /**
   * Transitions (ids) or states (keys) a visitor can reach but the runner cannot drive yet, each with why: the meta
   * test lets these, and only these, stay uncovered for a `runner limit:` reason (and fails once one is covered).
   */
  runnerLimits?: Record<string, string>;
  /** Machine-wide refusals, checked before the executor's own (e.g. a dialog open covers every button). */
  unavailable?(snapshot: AnyMachineSnapshot, variant: EventVariant, usable: UsableContext): string | null | undefined;
}
