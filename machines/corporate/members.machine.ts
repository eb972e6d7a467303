/**
 * The company account of the signed-in passenger (issue 34), for the corporate area's Members page and the bookings
 * list's booker filter: GET /corporate/account (role, and for an account admin the members), and an admin's calls.
 * - `loading` → `ready` (a member, or not: `account` null) | `failed` (retry) | `sessionEnded` (401: the corporate
 *   session checks the token again).
 * - `ready`: `idle`; `invite.submit` (an e-mail and a role) → `inviting` → `idle` with 'Invitation sent to …' (the
 *   form cleared: `invitedCount` moves on) or the server's refusal (already a member, not an admin); `remove.start`
 *   (another member) → `confirmingRemove` → `removing` → the account read again with 'Member removed.' or the
 *   server's refusal (never oneself, never the last admin). A second confirm while removing is ignored.
 * Only an admin's page offers invite and remove; the server decides either way.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CompanyMember, CompanyRole, MyCompanyAccount } from '../../contract/companyAccounts.ts';
import { failureOf, isUnauthorizedError, type Notice } from './corporate.types.ts';

export interface MembersInput {
  bearer: string;
}

export interface MembersContext extends MembersInput {
  account: MyCompanyAccount | null;
  loadError: string | null;
  notice: Notice | null;
  /** The invite form's refusal (shown on its e-mail field). */
  inviteError: string | null;
  /** Moves on with each invitation sent, so the form clears. */
  invitedCount: number;
  removing: CompanyMember | null;
}

export type MembersEvent =
  | { type: 'retry' }
  | { type: 'invite.submit'; email: string; role: CompanyRole }
  | { type: 'remove.start'; passengerId: number }
  | { type: 'remove.back' }
  | { type: 'remove.confirm' }
  | { type: 'notice.dismiss' };

export const MEMBERS_TEXT = {
  load: 'Your company account could not be loaded. Please check your connection and try again.',
  failed: 'An error occurred. Please try again later.',
  emailRequired: 'Enter an e-mail address',
} as const;

const notProvided = (name: string) => () => Promise.reject(new Error(`members actor "${name}" is not provided`));
const serverText = (error: unknown, fallback: string) => {
  const { status, message } = failureOf(error);
  return status !== null && status >= 400 && status < 500 && message ? message : fallback;
};

export const membersMachine = setup({
  types: { context: {} as MembersContext, events: {} as MembersEvent, input: {} as MembersInput },
  actors: {
    /** GET /api/v1/corporate/account (bearer): the account, or null for a passenger who is not a member. */
    loadAccount: fromPromise<MyCompanyAccount | null, { bearer: string }>(notProvided('loadAccount')),
    /** POST /api/v1/corporate/members (bearer) { email, role }: the server's message. */
    inviteMember: fromPromise<string, { bearer: string; email: string; role: CompanyRole }>(notProvided('inviteMember')),
    /** DELETE /api/v1/corporate/members/:passenger_id (bearer): the server's message. */
    removeMember: fromPromise<string, { bearer: string; passengerId: number }>(notProvided('removeMember')),
  },
  actions: {
    setAccount: assign({ account: (_, params: { account: MyCompanyAccount | null }) => params.account, loadError: null }),
    setLoadError: assign({ loadError: (_, params: { error: unknown }) => serverText(params.error, MEMBERS_TEXT.load) }),
    notify: assign({ notice: (_, params: Notice) => params }),
    clearNotice: assign({ notice: null, inviteError: null }),
    refuseInvite: assign({ inviteError: (_, params: { text: string }) => params.text }),
    countInvite: assign({ invitedCount: ({ context }) => context.invitedCount + 1 }),
    pickRemoval: assign({ removing: ({ context, event }) => (event.type === 'remove.start' ? (context.account?.members.find((m) => m.passenger_id === event.passengerId) ?? null) : null) }),
    clearRemoval: assign({ removing: null }),
  },
  guards: {
    hasEmail: ({ event }) => event.type === 'invite.submit' && event.email.trim() !== '',
    isOtherMember: ({ context, event }) => event.type === 'remove.start' && context.account?.role === 'admin' && context.account.members.some((m) => m.passenger_id === event.passengerId),
    isUnauthorized: ({ event }) => 'error' in event && isUnauthorizedError(event.error),
  },
}).createMachine({
  id: 'members',
  context: ({ input }) => ({ ...input, account: null, loadError: null, notice: null, inviteError: null, invitedCount: 0, removing: null }),
  initial: 'loading',
  on: { 'notice.dismiss': { actions: 'clearNotice' } },
  states: {
    loading: {
      invoke: {
        src: 'loadAccount',
        input: ({ context }) => ({ bearer: context.bearer }),
        onDone: { target: 'ready', actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) } },
        onError: [{ guard: 'isUnauthorized', target: 'sessionEnded' }, { target: 'failed', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } }],
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invite.submit': [
              { guard: 'hasEmail', target: 'inviting', actions: 'clearNotice' },
              { actions: { type: 'refuseInvite', params: { text: MEMBERS_TEXT.emailRequired } } },
            ],
            'remove.start': { guard: 'isOtherMember', target: 'confirmingRemove', actions: ['clearNotice', 'pickRemoval'] },
          },
        },
        inviting: {
          invoke: {
            src: 'inviteMember',
            input: ({ context, event }) => {
              const invite = event as Extract<MembersEvent, { type: 'invite.submit' }>;
              return { bearer: context.bearer, email: invite.email.trim(), role: invite.role };
            },
            onDone: { target: 'idle', actions: ['countInvite', { type: 'notify', params: ({ event }) => ({ tone: 'success', text: event.output }) }] },
            onError: [
              { guard: 'isUnauthorized', target: '#members.sessionEnded' },
              { target: 'idle', actions: { type: 'refuseInvite', params: ({ event }) => ({ text: serverText(event.error, MEMBERS_TEXT.failed) }) } },
            ],
          },
        },
        confirmingRemove: { on: { 'remove.back': { target: 'idle', actions: 'clearRemoval' }, 'remove.confirm': 'removing' } },
        removing: {
          invoke: {
            src: 'removeMember',
            input: ({ context }) => ({ bearer: context.bearer, passengerId: context.removing?.passenger_id ?? 0 }),
            onDone: { target: '#members.loading', actions: ['clearRemoval', { type: 'notify', params: ({ event }) => ({ tone: 'success', text: event.output }) }] },
            onError: [
              { guard: 'isUnauthorized', target: '#members.sessionEnded' },
              { target: '#members.loading', actions: ['clearRemoval', { type: 'notify', params: ({ event }) => ({ tone: 'error', text: serverText(event.error, MEMBERS_TEXT.failed) }) }] },
            ],
          },
        },
      },
    },
    sessionEnded: {},
  },
});

export type MembersMachine = typeof membersMachine;
