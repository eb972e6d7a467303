// localStorage as the website writes it (spec §3 encodings), and the trip cookie it keeps beside it.
import { encodeTripCookie, TRIP_COOKIE } from '../../contract/tripCookie.ts';
import { restoreBookingInput, tripCookieFor } from '../../src/app/booking/bookingStorage.ts';

/** An "encoded" storage value: base64 of the JSON. */
export const encoded = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** The trip cookie the website keeps for these localStorage entries (src/app/booking/bookingStorage.ts), or null. */
export function tripCookieOf(entries: Record<string, string>) {
  const items = new Map(Object.entries(entries));
  return tripCookieFor(restoreBookingInput({ getItem: (key: string) => items.get(key) ?? null } as Storage, null));
}

/** The Cookie header a browser with these entries sends for a booking step. */
export function tripCookieHeader(entries: Record<string, string>): string {
  const trip = tripCookieOf(entries);
  if (!trip) throw new Error('these entries make no trip cookie');
  return `${TRIP_COOKIE}=${encodeTripCookie(trip)}`;
}
