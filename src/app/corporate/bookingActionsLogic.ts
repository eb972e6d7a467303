/** Composition root of a corporate booking's actions (machines/corporate/bookingActions.machine.ts): its calls. */
import { fromPromise } from 'xstate';
import { bookingActionsMachine } from '../../../machines/corporate/bookingActions.machine.ts';

const accountsApi = () => import('../../api/accounts.ts');
const companyApi = () => import('../../api/companyAccounts.ts');

export const bookingActionsLogic = bookingActionsMachine.provide({
  actors: {
    loadBooking: fromPromise(async ({ input, signal }) => (await accountsApi()).loadOwnBooking(input.bookingNumber, input.bearer, { signal })),
    cancelBooking: fromPromise(async ({ input, signal }) => (await accountsApi()).cancelOwnBooking(input.bookingNumber, input.bearer, { signal })),
    issueChangeLink: fromPromise(async ({ input, signal }) => (await companyApi()).issueChangeLink(input.bookingNumber, input.bearer, { signal })),
  },
  actions: {
    // The manage page is its own page: the browser loads it with the link (the token then lives in that tab's storage).
    openManagePage: (_, params) => window.location.assign(params.url),
  },
});
