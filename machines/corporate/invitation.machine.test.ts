import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { invitationMachine, INVITATION_TEXT, type InvitationPreview } from './invitation.machine.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const preview: InvitationPreview = { email: 'ada@acme.test', account_name: 'Acme', role: 'admin', existing_account: false };

function start(token: string | null, accept: (input: { token: string; password: string }) => Promise<{ token: string; passenger: never }>) {
  const stored: unknown[] = [];
  const machine = invitationMachine.provide({
    actors: { preview: fromPromise(async () => preview), accept: fromPromise(({ input }) => accept(input)) },
    actions: { storeSession: (_, params) => void stored.push(params) },
  });
  return { flow: createActor(machine, { input: { token } }).start(), stored };
}

describe('the company account invitation page (issue 34)', () => {
  it('no token: refused at once, nothing asked', () => {
    const { flow } = start(null, async () => Promise.reject(new Error('not called')));
    expect(flow.getSnapshot().value).toBe('refused');
    expect(flow.getSnapshot().context.error).toBe(INVITATION_TEXT.noToken);
  });

  it("a blank password is asked for; the server's refusal keeps the form; success stores the session", async () => {
    let calls = 0;
    const { flow, stored } = start('tok', async (input) => {
      calls++;
      if (input.password === 'password') throw Object.assign(new Error('x'), { data: { message: 'This password is one of the most common and easily guessed. Please choose another.' } });
      return { token: 'session-token', passenger: { passenger_id: 1 } as never };
    });
    await settle();
    expect(flow.getSnapshot().value).toBe('ready');
    flow.send({ type: 'accept', password: '' });
    expect(flow.getSnapshot().context.error).toBe(INVITATION_TEXT.passwordMissing);
    flow.send({ type: 'accept', password: 'password' });
    await settle();
    expect(flow.getSnapshot().value).toBe('ready');
    expect(flow.getSnapshot().context.error).toBe('This password is one of the most common and easily guessed. Please choose another.');
    flow.send({ type: 'accept', password: 'Heron-Quay-Ledger-7' });
    await settle();
    expect(flow.getSnapshot().value).toBe('accepted');
    expect(calls).toBe(2);
    expect(stored).toEqual([{ token: 'session-token', passenger: { passenger_id: 1 } }]);
  });
});
