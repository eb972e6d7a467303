/** The phone booking page's statechart given the console's calls (src/api/consolePhoneBookings.ts). */
import { fromPromise } from 'xstate';
import { londonClock } from '../../../contract/londonClock.ts';
import type { PhoneBookingInput, PhonePriceInput } from '../../../contract/consolePhoneBookings.ts';
import { phoneBookingMachine } from '../../../machines/consolePhoneBooking/index.ts';
import { pricePhoneTrip, searchPhonePassengers, takePhoneBooking } from '../../api/consolePhoneBookings.ts';

export const phoneBookingLogic = phoneBookingMachine.provide({
  actors: {
    price: fromPromise(({ input }: { input: PhonePriceInput }) => pricePhoneTrip(input)),
    search: fromPromise(({ input, signal }: { input: string; signal: AbortSignal }) => searchPhonePassengers(input, signal)),
    book: fromPromise(({ input }: { input: PhoneBookingInput }) => takePhoneBooking(input)),
  },
});

/** The page's input: today in London, and a key prefix of this page's life. */
export const phoneBookingInput = () => ({ today: londonClock(new Date()).date, keyPrefix: `phone-${crypto.randomUUID()}` });
