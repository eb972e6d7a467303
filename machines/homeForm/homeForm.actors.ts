/** The visitor refused the browser's position (permission denied): the form says so in one line. */
export class LocationRefused extends Error {
  constructor() {
    super('User denied Geolocation');
    this.name = 'LocationRefused';
  }
}

/**
 * The home form's effects, declared by signature. The composition root supplies it with
 * `homeFormMachine.provide({ actors })`; tests supply stubs.
 */
import { fromPromise } from 'xstate';
import type { LatLon } from '../../contract/booking.ts';
import type { RememberedTrip } from '../../contract/rememberedDetails.ts';

export const homeFormActors = {
  /**
   * The browser's position (navigator.geolocation, timeout 10 s, spec §9). Resolves with { lat, lon }; rejects when
   * the browser has no geolocation, the visitor refuses (a LocationRefused), or it times out (the machine then uses
   * central London).
   */
  geolocate: fromPromise<LatLon, void>(() => Promise.reject(new Error('homeForm actor "geolocate" is not provided'))),
  /** The nearest address to a position (GET /api/v1/places/nearest: the maps port's reverse geocoding), null when none. */
  nearestAddress: fromPromise<string | null, LatLon>(() => Promise.reject(new Error('homeForm actor "nearestAddress" is not provided'))),
  /**
   * The signed-in corporate passenger's last trip (GET /api/v1/corporate/last-trip with the stored session's bearer
   * token), null when they have none; rejects when the call fails (signed out meanwhile, an expired session, offline).
   */
  lastBookedTrip: fromPromise<RememberedTrip | null, void>(() => Promise.reject(new Error('homeForm actor "lastBookedTrip" is not provided'))),
};
