/** Composition root of a booking's page: machines/consoleBooking's effects made real (src/api/adminBookings.ts). */
import { fromPromise } from 'xstate';
import { dispatchMachine } from '../../../../machines/consoleBooking/index.ts';
import { dispatchBooking, loadAdminBooking, loadAssignable } from '../../../api/adminBookings.ts';

export const bookingLogic = dispatchMachine.provide({
  actors: {
    loadBooking: fromPromise(({ input, signal }) => loadAdminBooking(input.number, { signal })),
    loadAssignable: fromPromise(({ input, signal }) => loadAssignable(input.number, { signal })),
    dispatch: fromPromise(({ input, signal }) => dispatchBooking(input.number, input.request, { signal })),
  },
});
