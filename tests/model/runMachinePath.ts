/**
 * The machine-level runner: replays a generated path on a fresh actor of the production machine with stub actors.
 * An outcome step resolves (or rejects) the stub the machine really invoked; a delay step advances vitest's fake
 * clock by the machine's own delay; a user step is sent as is. After every step it checks that the live actor is
 * where the path says (value, context, the transitions it took), runs the state's assertions and the guard checks.
 *
 * Callers install fake timers (`vi.useFakeTimers()`) before calling and restore them after.
 */
import { expect, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic, type AnyMachineSnapshot, type TransitionDefinition } from 'xstate';
import { activeStateKeys, delayIn, machineInvokes, transitionIndex } from './graph.ts';
import { pureTransition } from './generate.ts';
import type { MachineModel, ModelPath } from './types.ts';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface MachineRunResult {
  steps: number;
  transitions: string[];
  states: string[];
}

const flush = async () => {
  for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(0);
};

export async function runMachinePath(model: MachineModel, path: ModelPath): Promise<MachineRunResult> {
  const origin = model.origins.find((o) => o.id === path.origin)!;
  const invokes = machineInvokes(model.machine);
  const srcOfId = new Map(invokes.map((i) => [i.id, i.src]));
  const invocations: Record<string, unknown[]> = {};
  const pending = new Map<string, Pending>();
  const actors: Record<string, AnyActorLogic> = {};
  for (const src of new Set(invokes.map((i) => i.src))) {
    // Waiting by invoke id: a machine may invoke one actor in two states at once (two regions reading the same data).
    actors[src] = fromPromise(({ input, self }) => {
      (invocations[src] ??= []).push(input);
      return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
    });
  }
  // provide() builds new state nodes: index the provided machine's transitions (same ids as the model's).
  const silenced = Object.fromEntries((model.silence ?? []).map((name) => [name, () => {}]));
  const provided = model.machine.provide({ actors, actions: silenced } as never);
  const index = transitionIndex(provided);
  let taken: string[] = [];
  const actor = createActor(provided, {
    input: origin.input as never,
    inspect: (event) => {
      if (event.type !== '@xstate.microstep') return;
      for (const definition of (event as unknown as { _transitions: TransitionDefinition<any, any>[] })._transitions) {
        const info = index.get(definition);
        if (info && !taken.includes(info.id)) taken.push(info.id);
      }
    },
  });
  const errors: unknown[] = [];
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  const check = (snapshot: AnyMachineSnapshot, where: string) => {
    for (const key of activeStateKeys(snapshot)) {
      const assertion = model.assertions[key];
      if (!assertion) throw new Error(`${model.id}: no machine-level assertion for state '${key}' (${where})`);
      assertion({ snapshot, invocations, input: origin.input });
    }
    for (const probe of model.guardChecks) {
      const expected = probe.expected(snapshot);
      if (!expected) continue;
      if (expected.can !== undefined) expect(snapshot.can(probe.event), `${where}: ${probe.label}`).toBe(expected.can);
      if (expected.next) expect(activeStateKeys(pureTransition(model, snapshot, probe.event)), `${where}: ${probe.label}`).toEqual(expected.next);
    }
  };

  try {
    await flush();
    expect(actor.getSnapshot().value, 'start').toEqual(path.start.value);
    check(actor.getSnapshot(), 'start');
    const covered = new Set<string>(path.startTransitions);
    for (const [i, step] of path.steps.entries()) {
      const where = `step ${i + 1} (${step.variant})`;
      taken = [];
      const type = step.event.type;
      if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
        const id = type.replace(/^xstate\.(done|error)\.actor\./, '');
        const src = srcOfId.get(id)!;
        const call = pending.get(id);
        // The outcome can only happen to an actor the machine really started in this state.
        expect(call, `${where}: ${src} was invoked and is waiting for its answer`).toBeDefined();
        pending.delete(id);
        if (type.startsWith('xstate.done.')) call!.resolve((step.event as { output?: unknown }).output);
        else call!.reject((step.event as { error?: unknown }).error);
        await flush();
      } else if (type.startsWith('xstate.after.')) {
        const ms = delayIn(model.machine, type, actor.getSnapshot());
        expect(ms, `${where}: a delay of the machine`).toBeDefined();
        await vi.advanceTimersByTimeAsync(ms!);
        await flush();
      } else {
        actor.send(step.event);
        await flush();
      }
      const snapshot = actor.getSnapshot();
      expect(errors, where).toEqual([]);
      expect(snapshot.value, `${where}: state`).toEqual(step.snapshot.value);
      expect(snapshot.status, `${where}: status`).toBe(step.snapshot.status);
      expect(snapshot.context, `${where}: context`).toEqual(step.snapshot.context);
      expect([...taken].sort(), `${where}: transitions taken`).toEqual([...step.transitions].sort());
      for (const id of taken) covered.add(id);
      check(snapshot, where);
    }
    return { steps: path.steps.length, transitions: [...covered], states: path.states };
  } finally {
    actor.stop();
  }
}
