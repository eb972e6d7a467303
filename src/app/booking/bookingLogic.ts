/**
 * Composition root of the booking statechart: the real effects behind machines/booking's placeholders.
 * Actors are thin wrappers over src/api (the signal passes through, so a stopped actor aborts its fetch);
 * the persistence actions write the spec's localStorage keys (bookingStorage.ts).
 */
import { fromPromise } from 'xstate';
import { bookingMachine } from '../../../machines/booking/index.ts';
import { calculateDistancePrice, calculateHourlyPrice, calculateSelectedVehiclePrice } from '../../api/quoting.ts';
import { clearStoredFlow, persistForms, persistPriceDetails, persistQuantities, persistRegistration, persistSelection } from './bookingStorage.ts';

export const bookingLogic = bookingMachine.provide({
  actors: {
    calculatePrice: fromPromise(({ input, signal }) =>
      input.bookingType === 'milleage' ? calculateDistancePrice(input.bookingForm, { signal }) : calculateHourlyPrice(input.hourlyRateForm, { signal }),
    ),
    recalculateSelectedVehicle: fromPromise(({ input, signal }) => calculateSelectedVehiclePrice(input.vehicle, input.options, { signal })),
  },
  actions: {
    persistForms: (_, params) => persistForms(params),
    persistPriceDetails: (_, params) => persistPriceDetails(params),
    persistSelection: (_, params) => persistSelection(params),
    persistQuantities: (_, params) => persistQuantities(params),
    persistRegistration: (_, params) => persistRegistration(params),
    clearStoredFlow: (_, params) => clearStoredFlow(params),
  },
});

export type BookingLogic = typeof bookingLogic;
