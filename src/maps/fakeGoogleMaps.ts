/**
 * Tests only: a fake of the few members of `google.maps` cabflow calls (of @types/google.maps: Places (New)'s
 * AutocompleteSuggestion, AutocompleteSessionToken and Place.fetchFields, and the classes @react-google-maps/api's
 * components use), recording every call, so the suggestion source and the maps are tested without Google's script or
 * the network. It implements only those members: its libraries are cast to Google's types.
 */
type LatLngLiteral = google.maps.LatLngLiteral;
type LatLngBoundsLiteral = google.maps.LatLngBoundsLiteral;
/** An address component as the fake answers it (Google's class has the same fields as getters). */
type AddressComponent = Pick<google.maps.places.AddressComponent, 'longText' | 'shortText' | 'types'>;
/** The fields of a place the fake fills in on fetchFields. */
interface FakeFetchedPlace {
  formattedAddress?: string | null;
  location?: { lat(): number; lng(): number } | null;
  addressComponents?: AddressComponent[];
  fetchFields(options: google.maps.places.FetchFieldsRequest): Promise<{ place: FakeFetchedPlace }>;
}

/** `google.maps` as the fake has it: importLibrary, typed as Google's (the fake answers a subset of each library). */
export interface FakeGoogleMapsNamespace {
  importLibrary<Name extends keyof google.maps.ImportLibraryMap>(name: Name): Promise<google.maps.ImportLibraryMap[Name]>;
}

export interface FakePlace {
  placeId: string;
  text: string;
  types?: string[];
  formattedAddress?: string;
  location?: LatLngLiteral;
  addressComponents?: AddressComponent[];
}

/** One map object the fake made (Map, Marker, Polyline, Polygon, Circle): its latest options and listeners. */
export interface FakeOverlay {
  kind: 'Map' | 'Marker' | 'Polyline' | 'Polygon' | 'Circle';
  /** The constructor's options merged with every later setOptions / setX call (setPath → path, setLabel → label…). */
  options: Record<string, unknown>;
  listeners: Map<string, ((event: unknown) => void)[]>;
  /** Calls the listeners of `name` as Google would on a click, drag end… */
  trigger(name: string, event?: unknown): void;
}

export interface FakeGoogleMapsRecord {
  autocomplete: google.maps.places.AutocompleteRequest[];
  tokens: object[];
  fetchFields: { placeId: string; fields: Iterable<string> }[];
  maps: { element: HTMLElement; options: MapOptions; fitBounds: LatLngBoundsLiteral[] }[];
  markers: { position: LatLngLiteral; label?: string; title?: string }[];
  polylines: LatLngLiteral[][];
  /** Every overlay made, in order, with its current state. */
  overlays: FakeOverlay[];
}

/** The options @react-google-maps/api gives the classic map (a subset; the fake keeps whatever it is given). */
export interface MapOptions {
  center?: LatLngLiteral;
  zoom?: number;
  [option: string]: unknown;
}

export function createFakeGoogleMaps(places: FakePlace[], { failAutocomplete = false } = {}): { google: FakeGoogleMapsNamespace; record: FakeGoogleMapsRecord } {
  const record: FakeGoogleMapsRecord = { autocomplete: [], tokens: [], fetchFields: [], maps: [], markers: [], polylines: [], overlays: [] };

  class AutocompleteSessionToken {
    constructor() {
      record.tokens.push(this);
    }
  }

  const toPlace = (fake: FakePlace): FakeFetchedPlace => {
    const place: FakeFetchedPlace = {
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

  const placesLibrary = {
    AutocompleteSessionToken,
    AutocompleteSuggestion: {
      async fetchAutocompleteSuggestions(request: google.maps.places.AutocompleteRequest) {
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

  /**
   * Google's MVC objects as far as @react-google-maps/api drives them: options at construction, then setOptions and
   * setX(value) calls (any X), setMap(null) to remove. The record's markers and polylines are the ones on a map.
   */
  const overlay = (kind: FakeOverlay['kind'], options: Record<string, unknown>): FakeOverlay & Record<string, unknown> => {
    const state: FakeOverlay = {
      kind,
      options: { ...options },
      listeners: new Map(),
      trigger(name, event) {
        for (const listener of state.listeners.get(name) ?? []) listener(event);
      },
    };
    record.overlays.push(state);
    return new Proxy(state as FakeOverlay & Record<string, unknown>, {
      get(target, property) {
        if (property === 'setOptions') return (next: Record<string, unknown>) => Object.assign(target.options, next);
        if (typeof property === 'string' && /^set[A-Z]/.test(property)) {
          const name = property[3]!.toLowerCase() + property.slice(4);
          return (value: unknown) => {
            target.options[name] = value;
          };
        }
        if (typeof property === 'string' && /^get[A-Z]/.test(property)) {
          const name = property[3]!.toLowerCase() + property.slice(4);
          return () => target.options[name];
        }
        return Reflect.get(target, property);
      },
    });
  };

  class FakeMap {
    entry: FakeGoogleMapsRecord['maps'][number];
    constructor(element: HTMLElement, options: MapOptions) {
      this.entry = { element, options, fitBounds: [] };
      record.maps.push(this.entry);
      return Object.assign(overlay('Map', options), {
        entry: this.entry,
        fitBounds: (bounds: LatLngBoundsLiteral) => this.entry.fitBounds.push(bounds),
        getDiv: () => element,
      }) as unknown as FakeMap;
    }
  }
  const onMap = (kind: FakeOverlay['kind']) => record.overlays.filter((item) => item.kind === kind && item.options.map);
  Object.defineProperties(record, {
    markers: {
      get: () =>
        onMap('Marker').map(({ options }) => ({ position: options.position as LatLngLiteral, label: (options.label as { text?: string } | undefined)?.text, title: options.title as string | undefined })),
    },
    polylines: { get: () => onMap('Polyline').map(({ options }) => options.path as LatLngLiteral[]) },
  });
  const overlayClass = (kind: FakeOverlay['kind']) =>
    class {
      constructor(options: Record<string, unknown> = {}) {
        return overlay(kind, options);
      }
    };
  let listenerId = 0;
  const registered = new Map<number, { target: FakeOverlay; name: string; listener: (event: unknown) => void }>();
  const event = {
    addListener(target: FakeOverlay, name: string, listener: (event: unknown) => void) {
      const list = target.listeners.get(name) ?? [];
      list.push(listener);
      target.listeners.set(name, list);
      const id = ++listenerId;
      registered.set(id, { target, name, listener });
      return { id, remove: () => event.removeListener({ id }) };
    },
    removeListener({ id }: { id: number }) {
      const entry = registered.get(id);
      if (!entry) return;
      registered.delete(id);
      entry.target.listeners.set(entry.name, (entry.target.listeners.get(entry.name) ?? []).filter((listener) => listener !== entry.listener));
    },
    clearInstanceListeners(target: FakeOverlay) {
      target.listeners.clear();
    },
  };
  /** google.maps.Point (a marker icon's anchor). */
  class Point {
    constructor(
      readonly x: number,
      readonly y: number,
    ) {}
  }
  const classes = { Map: FakeMap, Point, Marker: overlayClass('Marker'), Polyline: overlayClass('Polyline'), Polygon: overlayClass('Polygon'), Circle: overlayClass('Circle'), event };

  const google: FakeGoogleMapsNamespace = {
    importLibrary: (async (name: string) => {
      if (name === 'places') return placesLibrary;
      // Like Google's, importLibrary puts the classes on google.maps, where @react-google-maps/api finds them.
      if (name === 'core' || name === 'maps' || name === 'marker') return Object.assign(google, classes);
      throw new Error(`The fake has no library ${name}`);
    }) as FakeGoogleMapsNamespace['importLibrary'],
  };
  return { google, record };
}
