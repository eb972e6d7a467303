/**
 * Composition root of a booking's page: machines/consoleBooking's effects made real (src/api/consoleBookings.ts, and
 * the console's live feed told to the page as `reload` when this booking may have changed).
 */
import { fromCallback, fromPromise } from 'xstate';
import { arrivalMachine, createReloadFilter, dispatchMachine } from '../../../machines/consoleBooking/index.ts';
import { dispatchBooking, loadConsoleBooking, loadAssignable, loadOnDuty, offerBooking, resendPayLink, setFlightArrival } from '../../api/consoleBookings.ts';
import { openLiveFeed } from './liveFeed.ts';

export const consoleBookingLogic = dispatchMachine.provide({
  actors: {
    loadBooking: fromPromise(({ input, signal }) => loadConsoleBooking(input.number, { signal })),
    loadAssignable: fromPromise(({ input, signal }) => loadAssignable(input.number, { signal })),
    dispatch: fromPromise(({ input, signal }) => dispatchBooking(input.number, input.request, { signal })),
    loadOnDuty: fromPromise(({ signal }) => loadOnDuty({ signal })),
    sendOffer: fromPromise(({ input, signal }) => offerBooking(input.number, input.driverId, { signal })),
    resendPayLink: fromPromise(({ input, signal }) => resendPayLink(input.number, { signal })),
    bookingChanges: fromCallback(({ input, sendBack }) => {
      const reloads = createReloadFilter(input.number);
      const feed = openLiveFeed((event) => {
        if (reloads(event)) sendBack({ type: 'reload' });
      });
      return () => feed.close();
    }),
  },
});

/** The flight's expected arrival typed by a dispatcher (issue 33): machines/consoleBooking/arrival.machine.ts made real. */
export const flightArrivalLogic = arrivalMachine.provide({
  actors: {
    setArrival: fromPromise(async ({ input, signal }) => {
      const answer = await setFlightArrival(input.number, input.request, { signal });
      return { message: answer.message, booking: answer.booking };
    }),
  },
});
