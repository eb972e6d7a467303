/**
 * Composition root of the console session: machines/console's placeholders given their real effects (src/api calls,
 * the CSRF token handed to the API client, the set-password fragment dropped from the address) and its input read
 * from the page.
 */
import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { consoleMachine, SET_PASSWORD_PATH, type ConsoleInput } from '../../../machines/console/index.ts';
import { onConsoleSessionLost, setAdminCsrfToken } from '../../api/consoleClient.ts';
import { loadStaffSession, setStaffPassword, signInStaff, signOutStaff } from '../../api/consoleSession.ts';
import { forgetLinkAddress } from '../linkAddress.ts';

/** The page's path, and the set-password link's token from the fragment (`#token=…`), never sent to a server. */
export function readConsoleInput(): ConsoleInput {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  return { path: window.location.pathname, linkToken: token };
}

export const consoleLogic = consoleMachine.provide({
  actors: {
    loadSession: fromPromise(({ signal }) => loadStaffSession({ signal })),
    signIn: fromPromise(({ input, signal }) => signInStaff(input.email, input.password, input.code, { signal })),
    signOut: fromPromise(({ input, signal }) => signOutStaff(input.everywhere, { signal })),
    setPassword: fromPromise(({ input, signal }) => setStaffPassword(input.token, input.password, { signal })),
  },
  actions: {
    useCsrfToken: (_, { token }) => setAdminCsrfToken(token),
    forgetLink: () => forgetLinkAddress(SET_PASSWORD_PATH),
  },
});

export const Console = createActorContext(consoleLogic);

/** A 401 from any console call (src/api/consoleClient.ts) tells the session machine it ended (`session.lost`). */
export function useSessionLoss(): void {
  const actor = Console.useActorRef();
  useEffect(() => onConsoleSessionLost((message) => actor.send({ type: 'session.lost', message })), [actor]);
}
