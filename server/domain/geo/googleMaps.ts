import { routeThrough } from './distance.ts';
import type { MapsPort } from './mapsPort.ts';
import { nearestPlace, nearestSavedPlace, resolvePlace, suggestPlaces } from './resolve.ts';
import type { GeoPoint, Place, RouteEstimate } from './types.ts';

const METRES_PER_MILE = 1609.344;
const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
const ROUTES_URL = 'https://routes.googleapis.com/directions/v2:computeRoutes';
// Essentials tier: distance, duration and the polyline only (no traffic, no tolls).
const ROUTES_FIELD_MASK = 'routes.distanceMeters,routes.duration,routes.legs.distanceMeters,routes.legs.duration,routes.polyline.encodedPolyline';

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

interface Logger {
  warn(object: object, message: string): void;
}

/** Decodes a Google encoded polyline (precision 5) into points. */
export function decodePolyline(encoded: string): GeoPoint[] {
  const points: GeoPoint[] = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20 && index < encoded.length + 1);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    lat += next();
    lon += next();
    points.push({ lat: lat / 1e5, lon: lon / 1e5 });
  }
  return points;
}

/** A Geocoding API answer (forward and reverse share it): https://developers.google.com/maps/documentation/geocoding/requests-reverse-geocoding */
interface GeocodeAnswer {
  status: string;
  results?: { formatted_address: string; geometry: { location: { lat: number; lng: number } }; types?: string[] }[];
}

const seconds = (duration: string | undefined) => Math.round(Number.parseFloat(String(duration ?? '0').replace(/s$/, '')) || 0);
const waypoint = (point: GeoPoint) => ({ location: { latLng: { latitude: point.lat, longitude: point.lon } } });

/**
 * The Google maps adapter (GOOGLE_API_KEY set): Geocoding for address texts the operator has not saved, its reverse
 * lookup (`latlng=`) for "Use my location" (an operator's saved address within 150 m answers first), and the Routes
 * API `computeRoutes` for distance, duration and the route's polyline (used for the Congestion Charge and ULEZ zones).
 * An operator's saved address resolves offline first (exact coordinates, airport codes for airport charges). When
 * Google fails or is unreachable, the offline estimate answers instead, marked estimated, and the failure is logged.
 * Address suggestions stay with the offline gazetteer on the server: the browser uses Places Autocomplete (New) itself.
 */
export function createGoogleMaps(options: { apiKey: string; fetch?: Fetch; log?: Logger; timeoutMs?: number }): MapsPort {
  const fetcher = options.fetch ?? ((url, init) => fetch(url, init));
  const timeout = options.timeoutMs ?? 5000;
  const call = async (url: string, init: RequestInit = {}) => {
    const response = await fetcher(url, { ...init, signal: AbortSignal.timeout(timeout) });
    if (!response.ok) throw new Error(`Google answered ${response.status}`);
    return response.json();
  };

  return {
    kind: 'google',

    async resolve(text, context) {
      const offline = resolvePlace(text, context);
      if (offline && (offline.source === 'saved' || offline.kind === 'airport')) return offline;
      try {
        const query = new URLSearchParams({ address: text, region: 'gb', components: 'country:GB', key: options.apiKey });
        const body = (await call(`${GEOCODE_URL}?${query}`)) as GeocodeAnswer;
        const first = body.results?.[0];
        if (body.status !== 'OK' || !first) return body.status === 'ZERO_RESULTS' ? null : offline;
        const place: Place = {
          label: first.formatted_address,
          lat: first.geometry.location.lat,
          lon: first.geometry.location.lng,
          kind: offline?.kind === 'station' || offline?.kind === 'hotel' ? offline.kind : 'place',
          source: 'google',
          precision: 'address',
          iata: offline?.iata ?? null,
          savedAddressId: null,
          estimated: false,
        };
        return place;
      } catch (error) {
        options.log?.warn({ err: error }, 'Google geocoding failed; using the offline gazetteer');
        return offline;
      }
    },

    async route(points): Promise<RouteEstimate> {
      if (points.length < 2) return routeThrough(points);
      try {
        const body = (await call(ROUTES_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': options.apiKey, 'X-Goog-FieldMask': ROUTES_FIELD_MASK },
          body: JSON.stringify({
            origin: waypoint(points[0]),
            destination: waypoint(points[points.length - 1]),
            intermediates: points.slice(1, -1).map(waypoint),
            travelMode: 'DRIVE',
            routingPreference: 'TRAFFIC_UNAWARE',
            units: 'IMPERIAL',
            regionCode: 'gb',
          }),
        })) as { routes?: { distanceMeters?: number; duration?: string; legs?: { distanceMeters?: number; duration?: string }[]; polyline?: { encodedPolyline?: string } }[] };
        const route = body.routes?.[0];
        if (!route) throw new Error('Google found no route');
        return {
          miles: Math.round(((route.distanceMeters ?? 0) / METRES_PER_MILE) * 100) / 100,
          seconds: seconds(route.duration),
          legs: (route.legs ?? []).map((leg) => ({ miles: Math.round(((leg.distanceMeters ?? 0) / METRES_PER_MILE) * 100) / 100, seconds: seconds(leg.duration) })),
          estimated: false,
          ...(route.polyline?.encodedPolyline ? { path: decodePolyline(route.polyline.encodedPolyline), polyline: route.polyline.encodedPolyline } : {}),
        };
      } catch (error) {
        options.log?.warn({ err: error }, 'Google routing failed; using the offline estimate');
        return routeThrough(points);
      }
    },

    async suggest(query, context) {
      return suggestPlaces(query, context?.limit ?? 8, context);
    },

    async nearest(point, context) {
      const saved = nearestSavedPlace(point, context?.savedAddresses);
      if (saved) return saved;
      try {
        const query = new URLSearchParams({ latlng: `${point.lat},${point.lon}`, language: 'en-GB', key: options.apiKey });
        const body = (await call(`${GEOCODE_URL}?${query}`)) as GeocodeAnswer;
        if (body.status === 'ZERO_RESULTS') return null;
        const first = body.results?.[0];
        if (body.status !== 'OK' || !first) throw new Error(`Google reverse geocoding answered ${body.status}`);
        return {
          label: first.formatted_address,
          lat: first.geometry.location.lat,
          lon: first.geometry.location.lng,
          kind: 'place',
          source: 'google',
          precision: 'address',
          iata: null,
          savedAddressId: null,
          estimated: false,
        } satisfies Place;
      } catch (error) {
        options.log?.warn({ err: error }, 'Google reverse geocoding failed; using the offline gazetteer');
        return nearestPlace(point, context);
      }
    },
  };
}
