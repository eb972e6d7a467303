/**
 * Composition root of the corporate area: the real effects behind machines/corporate's placeholders (thin wrappers
 * over src/api with the bearer token, `signal` passed through; the session kept in localStorage under corporateToken
 * and corporateDetails, base64 of JSON like the spec's other encoded keys) and the one corporate actor of the page.
 *
 * One actor for the whole page load rather than one per screen: /login, /bookings and /my-account are separate lazy
 * routes, and the session (and 'Login Successfully') must outlive the move from one to the other. It is created on
 * first use, so pages that never touch the corporate area never start it.
 */
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type Actor, type SnapshotFrom } from 'xstate';
import type { CorporatePassenger } from '../../../contract/accounts.ts';
import { STORAGE_KEYS } from '../../../contract/storageKeys.ts';
import { corporateMachine, type CorporateEvent, type CorporateInput } from '../../../machines/corporate/index.ts';
import { readEncoded, removeKey, writeEncoded } from '../../storage/codec.ts';

export function readStoredSession(): CorporateInput {
  const token = readEncoded<unknown>(STORAGE_KEYS.corporateToken);
  const passenger = readEncoded<CorporatePassenger>(STORAGE_KEYS.corporateDetails);
  return {
    token: typeof token === 'string' && token !== '' ? token : null,
    passenger: passenger && typeof passenger === 'object' && typeof passenger.passenger_id === 'number' ? passenger : null,
  };
}

// The calls (with their schemas, zod) load at the first call, not with the sign-in page (a phone's hydration of it).
const accountsApi = () => import('../../api/accounts.ts');
const companyApi = () => import('../../api/companyAccounts.ts');

export const corporateLogic = corporateMachine.provide({
  actors: {
    signIn: fromPromise(async ({ input, signal }) => (await accountsApi()).checkPassengerLogin(input, { signal })),
    validateToken: fromPromise(async ({ input, signal }) => (await accountsApi()).validatePassengerToken(input.token, { signal })),
    signOut: fromPromise(async ({ input, signal }) => (await accountsApi()).logoutPassenger(input.token, { signal })),
    loadBookings: fromPromise(async ({ input, signal }) => (await companyApi()).getCompanyBookings(input.token, input.filter, { signal })),
    updateProfile: fromPromise(async ({ input, signal }) =>
      (await accountsApi()).updatePassenger(
        {
          passenger_id: input.passengerId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          ...(input.currentPassword === undefined ? {} : { current_password: input.currentPassword }),
        },
        input.token,
        { signal },
      ),
    ),
  },
  actions: {
    storeSession: (_, { token, passenger }) => {
      writeEncoded(STORAGE_KEYS.corporateToken, token);
      writeEncoded(STORAGE_KEYS.corporateDetails, passenger);
    },
    storePassenger: (_, { passenger }) => writeEncoded(STORAGE_KEYS.corporateDetails, passenger),
    forgetSession: () => {
      removeKey(STORAGE_KEYS.corporateToken);
      removeKey(STORAGE_KEYS.corporateDetails);
    },
  },
});

type CorporateActor = Actor<typeof corporateLogic>;
let actor: CorporateActor | null = null;

export function corporateActor(): CorporateActor {
  if (!actor) {
    actor = createActor(corporateLogic, { input: readStoredSession() });
    actor.subscribe({ error: (error) => console.error('The corporate session stopped with an error', error) });
    actor.start();
  }
  return actor;
}

/** Select one thing from the corporate actor (STYLE: narrow selectors). */
export const useCorporate = <T>(selector: (snapshot: SnapshotFrom<typeof corporateLogic>) => T) => useSelector(corporateActor(), selector);
export const sendCorporate = (event: CorporateEvent) => corporateActor().send(event);
