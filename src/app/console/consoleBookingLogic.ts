/**
 * Composition root of a booking's page: machines/consoleBooking's effects made real (src/api/adminBookings.ts, and
 * the console's live feed told to the page as `reload` when this booking may have changed).
 */
import { fromCallback, fromPromise } from 'xstate';
import { createReloadFilter, dispatchMachine } from '../../../machines/consoleBooking/index.ts';
import { dispatchBooking, loadAdminBooking, loadAssignable } from '../../api/adminBookings.ts';
import { openLiveFeed } from './liveFeed.ts';

export const consoleBookingLogic = dispatchMachine.provide({
  actors: {
    loadBooking: fromPromise(({ input, signal }) => loadAdminBooking(input.number, { signal })),
    loadAssignable: fromPromise(({ input, signal }) => loadAssignable(input.number, { signal })),
    dispatch: fromPromise(({ input, signal }) => dispatchBooking(input.number, input.request, { signal })),
    bookingChanges: fromCallback(({ input, sendBack }) => {
      const reloads = createReloadFilter(input.number);
      const feed = openLiveFeed((event) => {
        if (reloads(event)) sendBack({ type: 'reload' });
      });
      return () => feed.close();
    }),
  },
});
