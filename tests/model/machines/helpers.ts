/** Small helpers shared by the models. */
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { machineInvokes } from '../graph.ts';
import type { EventVariant } from '../types.ts';

export const variant = (key: string, event: AnyEventObject, label: string): EventVariant => ({ key, event, label });

/**
 * The outcome event type of the actor `src` as the machine names it: `xstate.done.actor.<invoke id>`. Invokes without
 * an id get one from xstate ('0.forgotPassword.sendingCode'), so the type is read from the machine, never written.
 */
export function outcome(machine: AnyStateMachine, src: string, kind: 'done' | 'error'): string {
  const invoke = machineInvokes(machine).find((i) => i.src === src);
  if (!invoke) throw new Error(`${machine.id} invokes no actor named ${src}`);
  return `xstate.${kind}.actor.${invoke.id}`;
}

/** An Error as src/api throws it: the server's message and, when there was a response, the HTTP status. */
export const httpError = (status: number | null, message: string) => Object.assign(new Error(message), status === null ? {} : { status });
