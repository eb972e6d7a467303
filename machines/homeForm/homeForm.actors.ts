/**
 * The home form's one effect, declared by signature. The composition root supplies it with
 * `homeFormMachine.provide({ actors })`; tests supply stubs.
 */
import { fromPromise } from 'xstate';
import type { LatLon } from '../../contract/booking.ts';

export const homeFormActors = {
  /**
   * The browser's position (navigator.geolocation, timeout 10 s, spec §9). Resolves with { lat, lon }; rejects when
   * the browser has no geolocation, the visitor refuses, or it times out (the machine then uses central London).
   */
  geolocate: fromPromise<LatLon, void>(() => Promise.reject(new Error('homeForm actor "geolocate" is not provided'))),
};
