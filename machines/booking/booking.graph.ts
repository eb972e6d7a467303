/**
 * What model-based tests (xstate/graph) need to feed the machine besides BOOKING_EVENT_TYPES: the invoked actors'
 * outcome events (`xstate.done.actor.<id>` with an output, `xstate.error.actor.<id>` with an error) and the
 * delayed events (`xstate.after.<delay>.<state id>`). Read from the machine itself, so they never drift.
 */
import type { AnyStateNode } from 'xstate';
import { bookingMachine } from './booking.machine.ts';

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

const nodes = allNodes(bookingMachine.root);

/** Invoke ids, each also the actor's name in setup (createBooking is invoked from two states under one id). */
export const BOOKING_ACTOR_IDS: readonly string[] = [...new Set(nodes.flatMap((node) => node.invoke.map((invoke) => invoke.id)))].sort();

export const BOOKING_OUTCOME_EVENT_TYPES: readonly string[] = BOOKING_ACTOR_IDS.flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`]);

/** E.g. 'xstate.after.popupRedirect.booking.bookTrip.sameAddress'. */
export const BOOKING_DELAYED_EVENT_TYPES: readonly string[] = nodes.flatMap((node) => node.after.map((transition) => transition.eventType)).sort();
