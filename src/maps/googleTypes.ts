/**
 * The part of the Google Maps JavaScript API that cabflow calls, typed by hand (the full @types/google.maps is only a
 * transitive dependency here). Keeping the surface this small is deliberate: the unit tests and the e2e test's fake
 * script implement exactly these members, and nothing of the legacy Places API (Autocomplete, AutocompleteService,
 * PlacesService) appears — those are closed to new Google customers.
 *
 * Reference: https://developers.google.com/maps/documentation/javascript/reference/autocomplete-data (Places
 * Autocomplete (New)), …/reference/place (Place.fetchFields), …/libraries (importLibrary).
 */

export interface LatLngLiteral {
  lat: number;
  lng: number;
}

/** google.maps.LatLng: positions come back as objects with accessor methods. */
export interface GoogleLatLng {
  lat(): number;
  lng(): number;
}

export interface LatLngBoundsLiteral {
  north: number;
  south: number;
  east: number;
  west: number;
}

// ─── places library ──────────────────────────────────────────────────────────────────────────────

/** google.maps.places.AutocompleteSessionToken: one per typing session; concluded by Place.fetchFields. */
export type AutocompleteSessionToken = object;

export interface AutocompleteRequest {
  input: string;
  includedRegionCodes?: string[];
  locationBias?: { center: LatLngLiteral; radius: number };
  sessionToken?: AutocompleteSessionToken;
  language?: string;
  region?: string;
}

export interface FormattableText {
  text: string;
}

export interface AddressComponent {
  longText: string | null;
  shortText: string | null;
  types: string[];
}

/** google.maps.places.Place after fetchFields with the fields cabflow asks for. */
export interface GooglePlace {
  formattedAddress?: string | null;
  location?: GoogleLatLng | null;
  addressComponents?: AddressComponent[] | null;
  fetchFields(options: { fields: string[] }): Promise<{ place: GooglePlace }>;
}

export interface PlacePrediction {
  placeId: string;
  text: FormattableText;
  types: string[];
  toPlace(): GooglePlace;
}

export interface AutocompleteSuggestion {
  placePrediction: PlacePrediction | null;
}

export interface PlacesLibrary {
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: AutocompleteRequest): Promise<{ suggestions: AutocompleteSuggestion[] }>;
  };
  AutocompleteSessionToken: new () => AutocompleteSessionToken;
}

// ─── maps and marker libraries ───────────────────────────────────────────────────────────────────

/**
 * Loaded for what they put on `google.maps` (Map, Marker, Polyline, Polygon, Circle, event), which
 * @react-google-maps/api's components use; their types are @types/google.maps (the library's dependency).
 */
export type MapsLibrary = object;
export type MarkerLibrary = object;

export interface GoogleLibraries {
  places: PlacesLibrary;
  maps: MapsLibrary;
  marker: MarkerLibrary;
}

/** window.google.maps once the bootstrap script has loaded. */
export interface GoogleMapsNamespace {
  importLibrary<Name extends keyof GoogleLibraries>(name: Name): Promise<GoogleLibraries[Name]>;
}
