/**
 * Composition root of the quote-request flow: the real effects behind machines/quoteRequest's placeholders (a thin
 * wrapper over src/api, `signal` passed through; BookingForm removed through the storage codec), and the actor
 * context the /quoteView screen provides with its input read from localStorage.
 */
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { londonToday } from '../../../contract/enquiries.ts';
import { STORAGE_KEYS } from '../../../contract/storageKeys.ts';
import { quoteRequestMachine, type QuoteRequestInput, type StoredBookingForm, type StoredHourlyRateForm } from '../../../machines/quoteRequest/index.ts';
import { sendInstantEmail } from '../../api/enquiries.ts';
import { readEncoded, readJson, removeKey } from '../../storage/codec.ts';

export const quoteRequestLogic = quoteRequestMachine.provide({
  actors: {
    sendQuoteRequest: fromPromise(({ input, signal }) => sendInstantEmail(input, { signal })),
  },
  actions: {
    forgetBookingForm: () => removeKey(STORAGE_KEYS.bookingForm),
  },
});

/**
 * The machine's input on arrival: the last search as stored (spec §3: BookingForm plain JSON, BookingType and
 * HourlyRateForm encoded), so the form shows the trip searched last, and today's London date.
 */
export function readQuoteRequestInput(): QuoteRequestInput {
  return {
    bookingForm: readJson<StoredBookingForm>(STORAGE_KEYS.bookingForm),
    bookingType: readEncoded<string>(STORAGE_KEYS.bookingType),
    hourlyRateForm: readEncoded<StoredHourlyRateForm>(STORAGE_KEYS.hourlyRateForm),
    today: londonToday(),
  };
}

export const QuoteRequest = createActorContext(quoteRequestLogic);
