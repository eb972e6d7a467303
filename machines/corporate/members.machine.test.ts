import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MyCompanyAccount } from '../../contract/companyAccounts.ts';
import { MEMBERS_TEXT, membersMachine } from './members.machine.ts';

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });
const ada = { passenger_id: 1, name: 'Ada Admin', email: 'ada@acme.test', role: 'admin' as const };
const bob = { passenger_id: 2, name: 'Bob Booker', email: 'bob@acme.test', role: 'booker' as const };
const account = (members = [ada, bob]): MyCompanyAccount => ({ id: 9, name: 'Acme', role: 'admin', on_account: true, po_required: false, cost_centre_required: false, members });

function start(stubs: { invite?: () => Promise<string>; remove?: () => Promise<string>; load?: () => Promise<MyCompanyAccount | null> } = {}) {
  const calls = { load: 0, invite: [] as unknown[], remove: [] as unknown[] };
  const machine = membersMachine.provide({
    actors: {
      loadAccount: fromPromise(async () => {
        calls.load++;
        return (stubs.load ?? (async () => account()))();
      }),
      inviteMember: fromPromise(async ({ input }) => {
        calls.invite.push(input);
        return (stubs.invite ?? (async () => 'Invitation sent to cy@acme.test.'))();
      }),
      removeMember: fromPromise(async ({ input }) => {
        calls.remove.push(input);
        return (stubs.remove ?? (async () => 'Member removed.'))();
      }),
    },
  });
  return { actor: createActor(machine, { input: { bearer: 'tok' } }).start(), calls };
}

describe("a company account's members (issue 34)", () => {
  it('invites by e-mail with a role; a blank e-mail is asked for without a call; a refusal is shown on the form', async () => {
    let refuse = true;
    const { actor, calls } = start({ invite: async () => (refuse ? Promise.reject(httpError(409, 'This person is already a member of a company account')) : 'Invitation sent to cy@acme.test.') });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'invite.submit', email: '  ', role: 'booker' });
    expect(actor.getSnapshot().context.inviteError).toBe(MEMBERS_TEXT.emailRequired);
    expect(calls.invite).toEqual([]);
    actor.send({ type: 'invite.submit', email: ' cy@acme.test ', role: 'admin' });
    expect((await waitFor(actor, (s) => s.matches({ ready: 'idle' }))).context.inviteError).toBe('This person is already a member of a company account');
    refuse = false;
    actor.send({ type: 'invite.submit', email: 'cy@acme.test', role: 'admin' });
    const done = await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.notice !== null);
    expect(done.context).toMatchObject({ notice: { tone: 'success', text: 'Invitation sent to cy@acme.test.' }, inviteError: null, invitedCount: 1 });
    expect(calls.invite).toEqual([
      { bearer: 'tok', email: 'cy@acme.test', role: 'admin' },
      { bearer: 'tok', email: 'cy@acme.test', role: 'admin' },
    ]);
  });

  it('removes another member after a confirmation and reads the account again; a refusal is the notice; an unknown member is not offered', async () => {
    let members = [ada, bob];
    const { actor, calls } = start({ load: async () => account(members), remove: async () => ((members = [ada]), 'Member removed.') });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'remove.start', passengerId: 99 });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'remove.start', passengerId: 2 });
    expect(actor.getSnapshot().context.removing).toEqual(bob);
    actor.send({ type: 'remove.back' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    actor.send({ type: 'remove.start', passengerId: 2 });
    actor.send({ type: 'remove.confirm' });
    actor.send({ type: 'remove.confirm' });
    const after = await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.notice !== null);
    expect(calls.remove).toEqual([{ bearer: 'tok', passengerId: 2 }]);
    expect(after.context.account?.members).toEqual([ada]);
    expect(after.context.notice).toEqual({ tone: 'success', text: 'Member removed.' });
    expect(calls.load).toBe(2);
  });

  it("the server's refusal of a removal (the last admin) is shown; a 401 ends the page's session", async () => {
    const { actor } = start({ remove: async () => Promise.reject(httpError(409, 'The account needs at least one account admin')) });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'remove.start', passengerId: 2 });
    actor.send({ type: 'remove.confirm' });
    expect((await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.notice !== null)).context.notice).toEqual({ tone: 'error', text: 'The account needs at least one account admin' });
    const ended = start({ load: async () => Promise.reject(httpError(401, 'Unauthorized')) });
    expect((await waitFor(ended.actor, (s) => s.status !== 'active' || s.matches('sessionEnded'))).value).toBe('sessionEnded');
  });
});
