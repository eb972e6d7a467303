/**
 * Place suggestions from Google Places Autocomplete (New) for the address fields (spec §7 Third-party services, issue 3
 * "Google adapter"): `AutocompleteSuggestion.fetchAutocompleteSuggestions` restricted to gb, biased to the visitor's
 * position within 50 000 m, one `AutocompleteSessionToken` per typing session. Picking a suggestion fetches the place
 * (`placePrediction.toPlace().fetchFields`, which concludes the session) and appends its postcode to the text when the
 * text lacks it, so the address the server prices has one.
 *
 * Pure over the `places` library it is given (typed by @types/google.maps): unit-tested with a fake namespace
 * (googlePlaces.test.ts), and the e2e test serves a fake script in place of Google's.
 */
import type { LatLon, PlaceKind } from '../../contract/booking.ts';
import { BIAS_RADIUS_M } from './userLocation.ts';

/** What a picked place is asked for (Place Details Essentials + location). */
export const PLACE_FIELDS = ['formattedAddress', 'location', 'addressComponents'];
/** A typing session older than this starts a new token (Google's sessions are meant to be short). */
export const SESSION_MAX_MS = 3 * 60_000;

/** A picked place: the text for the field (with its postcode) and its position. */
export interface PlaceDetails {
  address: string;
  lat: number | null;
  lon: number | null;
}

/** A Google suggestion as the suggester lists it; `details` runs when the visitor picks it. */
export interface GooglePlaceCandidate {
  address: string;
  kind: PlaceKind;
  lat: null;
  lon: null;
  estimated: false;
  provider: 'google';
  details: () => Promise<PlaceDetails>;
}

export interface GooglePlaceSearchDeps {
  /** The places library (google.maps.importLibrary('places')); rejects when Google cannot be loaded. */
  places: () => Promise<google.maps.PlacesLibrary>;
  /** The bias centre: the visitor's position or the London fallback. */
  centre: () => Promise<LatLon>;
  now?: () => number;
}

export type GooglePlaceSearch = (query: string, options?: { signal?: AbortSignal }) => Promise<GooglePlaceCandidate[]>;

const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i;
const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** What postcodeOf reads of a place's address component. */
type AddressComponent = Pick<google.maps.places.AddressComponent, 'longText' | 'shortText' | 'types'>;

/** The postcode of a fetched place: its postal_code component, else one written in its formatted address. */
export function postcodeOf(components: readonly AddressComponent[] | null | undefined, formattedAddress?: string | null): string | null {
  const component = components?.find((entry) => entry.types.includes('postal_code'));
  const fromComponent = (component?.longText ?? component?.shortText ?? '').trim();
  if (fromComponent) return fromComponent.toUpperCase();
  const match = formattedAddress?.match(UK_POSTCODE);
  return match ? `${match[1]} ${match[2]}`.toUpperCase() : null;
}

/**
 * The text with the postcode appended where a UK address has it: before a trailing ", UK" ("The Savoy, Strand,
 * London, UK" + WC2R 0EZ → "The Savoy, Strand, London WC2R 0EZ, UK"), else at the end. Unchanged when the text already
 * contains the postcode (spacing and case ignored) or there is none.
 */
export function withPostcode(text: string, postcode: string | null): string {
  const trimmed = text.trim();
  if (!postcode || compact(trimmed).includes(compact(postcode))) return trimmed;
  const country = trimmed.match(/^(.*\S)(,\s*(?:UK|United Kingdom))$/i);
  return country ? `${country[1]} ${postcode}${country[2]}` : `${trimmed} ${postcode}`;
}

/** Our kinds (the dropdown labels airports, stations, hotels and postcodes) from Google's place types. */
export function kindOf(types: readonly string[]): PlaceKind {
  if (types.includes('airport')) return 'airport';
  if (types.some((type) => type === 'train_station' || type === 'transit_station' || type === 'subway_station' || type === 'light_rail_station')) return 'station';
  if (types.includes('lodging') || types.includes('hotel')) return 'hotel';
  if (types.includes('postal_code')) return 'postcode';
  return 'place';
}

const abortError = () => new DOMException('The suggestion request was aborted', 'AbortError');

export function createGooglePlaceSearch({ places, centre, now = () => Date.now() }: GooglePlaceSearchDeps): GooglePlaceSearch {
  let session: { token: google.maps.places.AutocompleteSessionToken; started: number } | null = null;

  const details = async (prediction: google.maps.places.PlacePrediction, token: google.maps.places.AutocompleteSessionToken): Promise<PlaceDetails> => {
    // Fetching the place concludes the session (Google passes the token on by itself): the next keystroke starts anew.
    if (session?.token === token) session = null;
    const place = prediction.toPlace();
    const fetched = (await place.fetchFields({ fields: PLACE_FIELDS })).place ?? place;
    const location = fetched.location ?? null;
    return {
      address: withPostcode(prediction.text.text, postcodeOf(fetched.addressComponents, fetched.formattedAddress)),
      lat: location ? location.lat() : null,
      lon: location ? location.lng() : null,
    };
  };

  return async (query, { signal } = {}) => {
    const library = await places();
    const { lat, lon } = await centre();
    if (signal?.aborted) throw abortError();
    if (!session || now() - session.started > SESSION_MAX_MS) session = { token: new library.AutocompleteSessionToken(), started: now() };
    const token = session.token;
    const { suggestions } = await library.AutocompleteSuggestion.fetchAutocompleteSuggestions({
      input: query,
      includedRegionCodes: ['gb'],
      locationBias: { center: { lat, lng: lon }, radius: BIAS_RADIUS_M },
      sessionToken: token,
      language: 'en-GB',
      region: 'gb',
    });
    if (signal?.aborted) throw abortError();
    return suggestions.flatMap(({ placePrediction: prediction }) => {
      if (!prediction?.text?.text) return [];
      let picked: Promise<PlaceDetails> | null = null;
      const candidate: GooglePlaceCandidate = {
        address: prediction.text.text,
        kind: kindOf(prediction.types ?? []),
        lat: null,
        lon: null,
        estimated: false,
        provider: 'google',
        details: () => (picked ??= details(prediction, token)),
      };
      return [candidate];
    });
  };
}
