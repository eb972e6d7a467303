/**
 * Composition root of the home form machine (machines/homeForm): the browser's geolocation and the nearest address to
 * it (GET /api/v1/places/nearest), the spec's storage keys
 * (BookingForm plain JSON, HourlyRateForm encoded) and the hand-over of a checked form to the booking actor; for a
 * signed-in corporate passenger, their last trip (GET /api/v1/corporate/last-trip with the stored bearer token: no
 * call, and no code loaded for it, without a session).
 */
import { fromPromise } from 'xstate';
import { STORAGE_KEYS } from '../../../contract/storageKeys.ts';
import type { LatLon } from '../../../contract/booking.ts';
import { GEOLOCATION_TIMEOUT_MS, homeFormMachine, LocationRefused, type HomeFormInput, type HomeTabSettings } from '../../../machines/homeForm/index.ts';
import type { BookingActor } from '../booking/BookingContext.ts';
import { readEncoded, readJson, writeEncoded, writeJson } from '../../storage/codec.ts';
import { storedCorporateToken } from '../corporate/storedToken.ts';

/** navigator.geolocation with the spec's 10 s timeout; rejects when unsupported, refused (LocationRefused) or too slow. */
export function browserPosition(): Promise<LatLon> {
  return new Promise((resolve, reject) => {
    const geo = globalThis.navigator?.geolocation;
    if (!geo) {
      reject(new Error('Geolocation is not supported by this browser'));
      return;
    }
    geo.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      (error) => reject(error.code === error.PERMISSION_DENIED ? new LocationRefused() : new Error(error.message || `Geolocation error ${error.code}`)),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/** Starts loading the quotation screen while the prices are being fetched, so it is ready when they arrive. */
const prefetchQuotation = () => void import('../../views/quotation/QuotationView.tsx').catch(() => {});

/** `booking` resolves with the booking actor (at once, unless its code is still loading when Search is pressed). */
export function homeFormLogic(booking: Promise<BookingActor>) {
  return homeFormMachine.provide({
    actors: {
      geolocate: fromPromise(() => browserPosition()),
      // The places call loads with the address suggestions' code, not with the page.
      nearestAddress: fromPromise<string | null, LatLon>(async ({ input, signal }) => (await (await import('../../api/places.ts')).fetchNearestPlace(input, { signal }))?.address ?? null),
      // Started only when the form began signed in; a session gone since then has no last trip.
      lastBookedTrip: fromPromise(async ({ signal }) => {
        const token = storedCorporateToken();
        return token ? (await import('../../api/lastTrip.ts')).getLastTrip(token, { signal }) : null;
      }),
    },
    actions: {
      persistQuote: (_, { bookingForm }) => writeJson(STORAGE_KEYS.bookingForm, bookingForm),
      persistHourly: (_, { hourlyRateForm }) => writeEncoded(STORAGE_KEYS.hourlyRateForm, hourlyRateForm),
      submitQuote: (_, { bookingForm }) => {
        prefetchQuotation();
        void booking.then((actor) => actor.send({ type: 'quote.submit', bookingForm }));
      },
      submitHourly: (_, { hourlyRateForm }) => {
        prefetchQuotation();
        void booking.then((actor) => actor.send({ type: 'hourly.submit', hourlyRateForm }));
      },
    },
  });
}

/** The machine's input: the tab settings and whatever the visitor saved last time. */
export function homeFormInput(settings: HomeTabSettings, now: Date): HomeFormInput {
  return {
    settings,
    storedBookingType: readEncoded<string>(STORAGE_KEYS.bookingType),
    storedBookingForm: readJson<unknown>(STORAGE_KEYS.bookingForm),
    storedHourlyRateForm: readEncoded<unknown>(STORAGE_KEYS.hourlyRateForm),
    storedRemembered: readEncoded<unknown>(STORAGE_KEYS.rememberedDetails),
    signedIn: storedCorporateToken() !== null,
    now,
  };
}
