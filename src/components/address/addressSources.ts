/**
 * The real sources behind the address fields: the operator's saved addresses (src/api) and our place suggestions,
 * GET /api/v1/places?q=&limit= (contract/booking.ts placesQuerySchema / placeSuggestionListSchema). A Google
 * Places source can later replace `searchPlaces` behind the same SuggestAddresses interface.
 */
import { placeSuggestionListSchema, type PlaceSuggestion } from '../../../contract/booking.ts';
import { fetchAddresses } from '../../api/catalog.ts';
import { apiClient } from '../../api/client.ts';
import { createAddressSuggester, SUGGESTION_LIMITS, type SuggestAddresses, type SuggestOptions } from './addressSuggestions.ts';

/** GET /api/v1/places: UK place suggestions (ours). Throws on any HTTP or shape error. */
export async function fetchPlaceSuggestions(query: string, { signal }: SuggestOptions = {}): Promise<PlaceSuggestion[]> {
  return placeSuggestionListSchema.parse(await apiClient()('/places', { query: { q: query, limit: SUGGESTION_LIMITS.places }, signal }));
}

/** The site-wide suggester: one saved-address list per page load, shared by every address field. */
export const suggestAddresses: SuggestAddresses = createAddressSuggester({
  loadSavedAddresses: ({ signal }) => fetchAddresses({ signal }),
  searchPlaces: fetchPlaceSuggestions,
});
