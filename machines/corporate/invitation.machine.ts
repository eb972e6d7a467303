/**
 * /account-invitation#token=…: a company account's mailed invitation (issue 34).
 * - `start`: the token is read from the link (its address forgotten: `forgetAddress`); none → `refused`.
 * - `loading`: the invitation's e-mail, company and role, and whether that e-mail has an account → `ready`, or
 *   `refused` (the server's message: unknown, used or expired link).
 * - `ready`: a new password (set one) or the existing account's password (join with it); `accept` → `accepting` →
 *   `accepted` (the session stored: the member is signed in to the corporate area), or back to `ready` with the
 *   server's reason (a common password, a wrong password).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CompanyRole } from '../../contract/companyAccounts.ts';
import type { CorporatePassenger } from '../../contract/accounts.ts';

export interface InvitationPreview {
  email: string;
  account_name: string;
  role: CompanyRole;
  existing_account: boolean;
}

export interface InvitationContext {
  token: string | null;
  invitation: InvitationPreview | null;
  error: string | null;
}

export type InvitationEvent = { type: 'accept'; password: string } | { type: 'retry' };

const messageOf = (error: unknown, fallback: string) => {
  const data = (error as { data?: { message?: unknown } } | null)?.data;
  return typeof data?.message === 'string' ? data.message : error instanceof Error && error.message ? error.message : fallback;
};

export const INVITATION_TEXT = {
  noToken: 'This invitation link is not valid. Ask your account admin for a new one.',
  failed: 'An error occurred. Please try again later.',
  passwordMissing: 'Enter your password',
} as const;

export const invitationMachine = setup({
  types: { context: {} as InvitationContext, events: {} as InvitationEvent, input: {} as { token: string | null } },
  actors: {
    preview: fromPromise<InvitationPreview, { token: string }>(() => Promise.reject(new Error('preview not provided'))),
    accept: fromPromise<{ token: string; passenger: CorporatePassenger }, { token: string; password: string }>(() => Promise.reject(new Error('accept not provided'))),
  },
  actions: {
    /** The link's token leaves the address bar (src/app/linkAddress.ts). */
    forgetAddress: () => {},
    /** Stores corporateToken and corporateDetails: the member is signed in. */
    storeSession: (_, _params: { token: string; passenger: CorporatePassenger }) => {},
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
    hasPassword: ({ event }) => event.type === 'accept' && event.password !== '',
  },
}).createMachine({
  id: 'invitation',
  context: ({ input }) => ({ token: input.token, invitation: null, error: null }),
  initial: 'start',
  entry: 'forgetAddress',
  states: {
    start: { always: [{ guard: 'hasToken', target: 'loading' }, { target: 'refused', actions: { type: 'setError', params: { text: INVITATION_TEXT.noToken } } }] },
    loading: {
      invoke: {
        src: 'preview',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'ready', actions: assign({ invitation: ({ event }) => event.output }) },
        onError: { target: 'refused', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, INVITATION_TEXT.failed) }) } },
      },
    },
    refused: {},
    ready: {
      on: {
        accept: [
          { guard: 'hasPassword', target: 'accepting', actions: { type: 'setError', params: { text: null } } },
          { actions: { type: 'setError', params: { text: INVITATION_TEXT.passwordMissing } } },
        ],
      },
    },
    accepting: {
      invoke: {
        src: 'accept',
        input: ({ context, event }) => ({ token: context.token!, password: event.type === 'accept' ? event.password : '' }),
        onDone: { target: 'accepted', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, INVITATION_TEXT.failed) }) } },
      },
    },
    accepted: { type: 'final' },
  },
});
