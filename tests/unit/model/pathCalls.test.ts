import { describe, expect, it } from 'vitest';
import type { ModelPath } from '../../model/types.ts';
import { pathCalls } from '../../model/ui/runUiPath.ts';

/** A snapshot whose active states invoke these actor ids (all pathCalls reads of it). */
const at = (...invokes: string[]) => ({ _nodes: [{ invoke: invokes.map((id) => ({ id, src: id })) }] });
const step = (type: string, ...invokes: string[]) => ({ event: { type }, variant: type, snapshot: at(...invokes) });
const path = (start: string[], ...steps: ReturnType<typeof step>[]) => ({ start: at(...start), steps }) as unknown as ModelPath;

describe('pathCalls: the server calls a UI path makes, in the order they start', () => {
  it('a call answered by its outcome step', () => {
    expect(pathCalls(path([], step('bookings.load', 'load'), step('xstate.done.actor.load')))).toEqual([{ id: 'load', start: 0, outcome: 1, ended: 1 }]);
  });

  it('a call the visitor leaves in flight has no outcome: the runner holds it, so its state can be seen (corporate: load the bookings, then open My Account)', () => {
    const calls = pathCalls(path([], step('signIn:done'), step('bookings.load', 'load'), step('route.enter:/my-account', 'check'), step('xstate.error.actor.check'), step('session.logout', 'signOut')));
    expect(calls).toEqual([
      { id: 'load', start: 1, outcome: null, ended: 2 },
      { id: 'check', start: 2, outcome: 3, ended: 3 },
      { id: 'signOut', start: 4, outcome: null, ended: 5 },
    ]);
  });

  it('a call made again after its failure is a second call, in order; one in flight at the start starts at -1', () => {
    const calls = pathCalls(path(['check'], step('xstate.done.actor.check', 'load'), step('xstate.error.actor.load'), step('retry', 'load'), step('xstate.done.actor.load')));
    expect(calls).toEqual([
      { id: 'check', start: -1, outcome: 0, ended: 0 },
      { id: 'load', start: 0, outcome: 1, ended: 1 },
      { id: 'load', start: 2, outcome: 3, ended: 3 },
    ]);
  });
});
