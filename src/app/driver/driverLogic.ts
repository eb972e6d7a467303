/**
 * Composition root of the driver's app (/driver): machines/driver's placeholders given their real effects
 * (src/api/driver.ts, the CSRF token handed to the client, the set-password fragment dropped from the address, the
 * driver's memory kept in localStorage by ./driverMemory.ts), its input read from the page, a fresh UUID per tap, the
 * clock.
 */
import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { DRIVER_SET_PASSWORD_ROUTE } from '../../../contract/driverRules.ts';
import { driverMachine, type DriverInput } from '../../../machines/driver/index.ts';
import {
  answerOffer,
  endShift,
  loadDriverSession,
  loadEarnings,
  loadJobs,
  loadOffers,
  loadUsableVehicles,
  onDriverSessionLost,
  setDriverCsrfToken,
  setDriverPassword,
  signInDriver,
  signOutDriver,
  startShift,
  tapStep,
} from '../../api/driver.ts';
import { forgetLinkAddress } from '../linkAddress.ts';
import { driverMemoryStore } from './driverMemory.ts';
import { createOfferAlert } from './offerAlert.ts';

const memory = driverMemoryStore();
const offerAlert = createOfferAlert();

/** The page's path, and the set-password link's token from the fragment (`#token=…`), never sent to a server. */
export function readDriverInput(): DriverInput {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  return { path: window.location.pathname, linkToken: token, newKey: () => crypto.randomUUID(), recall: memory.recall, now: () => new Date() };
}

export const driverLogic = driverMachine.provide({
  actors: {
    loadSession: fromPromise(({ signal }) => loadDriverSession({ signal })),
    signIn: fromPromise(({ input, signal }) => signInDriver(input.email, input.password, { signal })),
    signOut: fromPromise(({ signal }) => signOutDriver({ signal })),
    setPassword: fromPromise(({ input, signal }) => setDriverPassword(input.token, input.password, { signal })),
    loadVehicles: fromPromise(({ signal }) => loadUsableVehicles({ signal })),
    startShift: fromPromise(({ input, signal }) => startShift(input.vehicleId, { signal })),
    endShift: fromPromise(({ signal }) => endShift({ signal })),
    loadWork: fromPromise(async ({ signal }) => {
      const [offers, jobs] = await Promise.all([loadOffers({ signal }), loadJobs({ signal })]);
      return { offers, jobs };
    }),
    acceptOffer: fromPromise(({ input, signal }) => answerOffer(input.offerId, 'accept', input.key, { signal })),
    declineOffer: fromPromise(({ input, signal }) => answerOffer(input.offerId, 'decline', input.key, { signal })),
    step: fromPromise(({ input, signal }) => tapStep(input, { signal })),
    loadEarnings: fromPromise(({ signal }) => loadEarnings({ signal })),
  },
  actions: {
    useCsrfToken: (_, { token }) => setDriverCsrfToken(token),
    forgetLink: () => forgetLinkAddress(DRIVER_SET_PASSWORD_ROUTE),
    remember: (_, { memory: kept }) => memory.keep(kept),
    forget: (_, { driverId }) => memory.forget(driverId),
    alertOffer: (_, { offerId }) => offerAlert.ring(offerId),
  },
});

export const Driver = createActorContext(driverLogic);

/** A 401 from any driver call tells the machine the session ended (`session.lost`). */
export function useDriverSessionLoss(): void {
  const actor = Driver.useActorRef();
  useEffect(() => onDriverSessionLost((message) => actor.send({ type: 'session.lost', message })), [actor]);
}
