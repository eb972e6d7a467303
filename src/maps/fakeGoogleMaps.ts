/**
 * Tests only: a fake of the few members of `google.maps` cabflow calls (googleTypes.ts), recording every call, so the
 * suggestion source and the route map are tested without Google's script or the network.
 */
import type { AddressComponent, AutocompleteRequest, GoogleMapsNamespace, GooglePlace, LatLngBoundsLiteral, LatLngLiteral, MapOptions, PlacesLibrary } from './googleTypes.ts';

export interface FakePlace {
  placeId: string;
  text: string;
  types?: string[];
  formattedAddress?: string;
  location?: LatLngLiteral;
  addressComponents?: AddressComponent[];
}

export interface FakeGoogleMapsRecord {
  autocomplete: AutocompleteRequest[];
  tokens: object[];
  fetchFields: { placeId: string; fields: string[] }[];
  maps: { element: HTMLElement; options: MapOptions; fitBounds: LatLngBoundsLiteral[] }[];
  markers: { position: LatLngLiteral; label?: string; title?: string }[];
  polylines: LatLngLiteral[][];
}

export function createFakeGoogleMaps(places: FakePlace[], { failAutocomplete = false } = {}): { google: GoogleMapsNamespace; record: FakeGoogleMapsRecord } {
  const record: FakeGoogleMapsRecord = { autocomplete: [], tokens: [], fetchFields: [], maps: [], markers: [], polylines: [] };

  class AutocompleteSessionToken {
    constructor() {
      record.tokens.push(this);
    }
  }

  const toPlace = (fake: FakePlace): GooglePlace => {
    const place: GooglePlace = {
      async fetchFields({ fields }) {
        record.fetchFields.push({ placeId: fake.placeId, fields });
        place.formattedAddress = fake.formattedAddress ?? null;
        place.location = fake.location ? { lat: () => fake.location!.lat, lng: () => fake.location!.lng } : null;
        place.addressComponents = fake.addressComponents ?? [];
        return { place };
      },
    };
    return place;
  };

  const placesLibrary: PlacesLibrary = {
    AutocompleteSessionToken,
    AutocompleteSuggestion: {
      async fetchAutocompleteSuggestions(request) {
        record.autocomplete.push(request);
        if (failAutocomplete) throw new Error('PERMISSION_DENIED: Places API (New) has not been enabled');
        const needle = request.input.toLowerCase();
        return {
          suggestions: places
            .filter((fake) => fake.text.toLowerCase().includes(needle))
            .map((fake) => ({ placePrediction: { placeId: fake.placeId, text: { text: fake.text }, types: fake.types ?? [], toPlace: () => toPlace(fake) } })),
        };
      },
    },
  };

  class FakeMap {
    entry: FakeGoogleMapsRecord['maps'][number];
    constructor(element: HTMLElement, options: MapOptions) {
      this.entry = { element, options, fitBounds: [] };
      record.maps.push(this.entry);
    }
    fitBounds(bounds: LatLngBoundsLiteral) {
      this.entry.fitBounds.push(bounds);
    }
    setCenter() {}
    setZoom() {}
  }
  class Marker {
    constructor(options: { position: LatLngLiteral; label?: { text: string }; title?: string }) {
      record.markers.push({ position: options.position, label: options.label?.text, title: options.title });
    }
    setMap() {}
  }
  class Polyline {
    constructor(options: { path: LatLngLiteral[] }) {
      record.polylines.push(options.path);
    }
    setMap() {}
  }

  const google: GoogleMapsNamespace = {
    importLibrary: (async (name: string) => {
      if (name === 'places') return placesLibrary;
      if (name === 'maps') return { Map: FakeMap, Polyline };
      if (name === 'marker') return { Marker };
      throw new Error(`The fake has no library ${name}`);
    }) as GoogleMapsNamespace['importLibrary'],
  };
  return { google, record };
}
