/** The console's phone booking calls (contract/consolePhoneBookings.ts, issue 34), through the one console client. */
import { PHONE_BOOKING_PATHS, type PassengerSearchAnswer, type PhoneBookingAnswer, type PhoneBookingInput, type PhonePriceAnswer, type PhonePriceInput } from '../../contract/consolePhoneBookings.ts';
import { consoleCall } from './consoleClient.ts';

export const pricePhoneTrip = (trip: PhonePriceInput) => consoleCall<PhonePriceAnswer>(PHONE_BOOKING_PATHS.price, { method: 'POST', body: { ...trip } });
export const searchPhonePassengers = async (query: string, signal?: AbortSignal) =>
  (await consoleCall<PassengerSearchAnswer>(`${PHONE_BOOKING_PATHS.passengers}?q=${encodeURIComponent(query)}`, { signal })).passengers;
export const takePhoneBooking = (input: PhoneBookingInput) => consoleCall<PhoneBookingAnswer>(PHONE_BOOKING_PATHS.create, { method: 'POST', body: { ...input } });
