/**
 * Issue 37: "Remember my details on this device" (ours, not the spec's). With the visitor's consent (a checkbox on the
 * details step, off by default) their own details and the trip they booked are kept in this browser's localStorage
 * under RememberedDetails (encoded), the one key besides appSettings that the confirmation's clear keeps, until they
 * untick it or tap "Forget my details". Never a password, a card or another passenger's details. Plain checks, no
 * schema library: the home page reads this and zod must stay out of its bundle.
 */
import type { Stop } from './booking.ts';

/** The booked trip's type and places, for "Same trip as last time" on the home form. */
export interface RememberedTrip {
  bookingType: 'milleage' | 'hourly';
  pickup: string;
  /** The drop-off and extra stops of a mileage trip ('' and [] for an hourly hire). */
  dropoff: string;
  stops: Stop[];
  /** The hourly hire's duration ('4hour' … '24hour'); '' for a mileage trip. */
  pickup_duration: string;
}

export interface RememberedDetails {
  firstName: string;
  surname: string;
  email: string;
  number: string;
  trip: RememberedTrip | null;
}

const MAX = 500;
const text = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX;
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isStop = (value: unknown): value is Stop =>
  isObject(value) && text(value.street_name) && text(value.number) && text(value.postcode);

/** A trip in the home form's shape, or null when it is not one (also reads GET /corporate/last-trip's `trip`). */
export function readRememberedTrip(value: unknown): RememberedTrip | null {
  if (!isObject(value) || (value.bookingType !== 'milleage' && value.bookingType !== 'hourly')) return null;
  if (!text(value.pickup) || value.pickup.trim() === '' || !text(value.dropoff) || !text(value.pickup_duration)) return null;
  if (!Array.isArray(value.stops) || value.stops.length > 10 || !value.stops.every(isStop)) return null;
  return { bookingType: value.bookingType, pickup: value.pickup, dropoff: value.dropoff, stops: value.stops.map((stop) => ({ street_name: stop.street_name, number: stop.number, postcode: stop.postcode })), pickup_duration: value.pickup_duration };
}

/** The stored record, or null when missing, foreign or damaged (then it is as if nothing were remembered). */
export function readRememberedDetails(value: unknown): RememberedDetails | null {
  if (!isObject(value) || !text(value.firstName) || !text(value.surname) || !text(value.email) || !text(value.number)) return null;
  if (value.email.trim() === '') return null;
  return { firstName: value.firstName, surname: value.surname, email: value.email, number: value.number, trip: readRememberedTrip(value.trip) };
}
