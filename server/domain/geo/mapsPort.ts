import type { PlaceSuggestion } from '../../../contract/booking.ts';
import { routeThrough } from './distance.ts';
import { gazetteer } from './gazetteer.ts';
import { nearestPlace, resolvePlace, suggestPlaces } from './resolve.ts';
import type { GeoPoint, Place, ResolveContext, RouteEstimate, SuggestContext } from './types.ts';

/**
 * The maps port (ARCHITECTURE §4). The server sees only this; the adapter is chosen once at start:
 * the offline one below (no network, no keys), or a Google one (Routes API computeRoutes, Places) when
 * GOOGLE_API_KEY is set, which must answer the same shapes with `estimated: false`.
 */
export interface MapsPort {
  readonly kind: 'offline' | 'google';
  /** Address text → a place, or null when the text names nothing we can find. */
  resolve(text: string, context?: ResolveContext): Promise<Place | null>;
  /** Distance and duration through the points in order (pickup, stops…, dropoff). */
  route(points: readonly GeoPoint[]): Promise<RouteEstimate>;
  /** Suggestions for an address field, at most context.limit (default 8). */
  suggest(query: string, context?: SuggestContext): Promise<Place[]>;
  /** Reverse geocoding ("Use my location"): the nearest address to a position, or null when none is near. */
  nearest(point: GeoPoint, context?: ResolveContext): Promise<Place | null>;
}

export interface OfflineMaps extends MapsPort {
  readonly kind: 'offline';
  /** Loads the gazetteer now (e.g. at start) instead of on the first request; returns its load time in ms. */
  warm(): number;
}

export function createOfflineMaps(): OfflineMaps {
  return {
    kind: 'offline',
    async resolve(text, context) {
      return resolvePlace(text, context);
    },
    async route(points) {
      return routeThrough(points);
    },
    async suggest(query, context) {
      return suggestPlaces(query, context?.limit ?? 8, context);
    },
    async nearest(point, context) {
      return nearestPlace(point, context);
    },
    warm() {
      return gazetteer().stats.loadMs;
    },
  };
}

/** A place as GET /api/v1/places (and /places/nearest) answers it (contract/booking.ts placeSuggestionSchema). */
export const toPlaceSuggestion = (place: Place): PlaceSuggestion => ({
  address: place.label,
  lat: place.lat,
  lon: place.lon,
  kind: place.kind,
  estimated: place.estimated,
});
