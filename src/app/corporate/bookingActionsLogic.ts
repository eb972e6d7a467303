/** Composition root of a corporate booking's actions (machines/corporate/bookingActions.machine.ts): its calls. */
import { fromPromise } from 'xstate';
import { bookingActionsMachine } from '../../../machines/corporate/bookingActions.machine.ts';

const accountsApi = () => import('../../api/accounts.ts');

export const bookingActionsLogic = bookingActionsMachine.provide({
  actors: {
    loadBooking: fromPromise(async ({ input, signal }) => (await accountsApi()).loadOwnBooking(input.bookingNumber, input.bearer, { signal })),
    cancelBooking: fromPromise(async ({ input, signal }) => (await accountsApi()).cancelOwnBooking(input.bookingNumber, input.bearer, { signal })),
  },
});
