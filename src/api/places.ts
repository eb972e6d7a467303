/**
 * GET /api/v1/places?q=&limit=: UK place suggestions from our offline gazetteer (saved addresses, airports, postcodes,
 * places), contract/booking.ts placesQuerySchema / placeSuggestionListSchema. The address fields use it when there is
 * no Google key or Google fails; the Google route map uses it to place a marker it has no position for.
 */
import { nearestPlaceResponseSchema, placeSuggestionListSchema, type LatLon, type PlaceSuggestion } from '../../contract/booking.ts';
import { apiClient } from './client.ts';

export const PLACES_LIMIT = 8;

/** Throws on any HTTP or shape error. */
export async function fetchPlaceSuggestions(query: string, { signal, limit = PLACES_LIMIT }: { signal?: AbortSignal; limit?: number } = {}): Promise<PlaceSuggestion[]> {
  return placeSuggestionListSchema.parse(await apiClient()('/places', { query: { q: query, limit }, signal }));
}

/** GET /api/v1/places/nearest?lat=&lon=: the nearest address to a position ("Use my location"), null when none. */
export async function fetchNearestPlace(position: LatLon, { signal }: { signal?: AbortSignal } = {}): Promise<PlaceSuggestion | null> {
  return nearestPlaceResponseSchema.parse(await apiClient()('/places/nearest', { query: { lat: position.lat, lon: position.lon }, signal })).place;
}
