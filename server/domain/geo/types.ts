import type { PlaceKind } from '../../../contract/booking.ts';

export type { PlaceKind };

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** How exactly a place's coordinates stand for the text: an operator's saved address is exact, a postcode district is not. */
export type Precision = 'address' | 'airport' | 'district' | 'locality' | 'area' | 'device';

export interface Place extends GeoPoint {
  /** A display text for the place, which resolves back to the same place. */
  label: string;
  kind: PlaceKind;
  source: 'saved' | 'airports' | 'gazetteer' | 'postcodes' | 'device' | 'google';
  precision: Precision;
  /** IATA code when the place is an airport (or an operator's saved address at one): the key of airport charges. */
  iata: string | null;
  /** The operator's saved address id when the place is one. */
  savedAddressId: number | null;
  /** True when the coordinates are an offline estimate (gazetteer, postcode centroid), not a geocoder's. */
  estimated: boolean;
}

/** An operator's saved address as the site catalogue holds it (server/domain/sites). */
export interface SavedAddressLike extends GeoPoint {
  id: number;
  address: string;
  kind: string;
  popular?: boolean;
}

export interface ResolveContext {
  savedAddresses?: readonly SavedAddressLike[];
  /** The operator's base: breaks ties between places of the same name (Richmond, London vs Richmond, Yorkshire). */
  base?: GeoPoint | null;
}

export interface SuggestContext extends ResolveContext {
  limit?: number;
  /** The visitor's position, when known: ranks places near it first (else the base). */
  near?: GeoPoint | null;
}

export interface RouteLegEstimate {
  miles: number;
  seconds: number;
}

export interface RouteEstimate {
  /** Miles through the points in order, two decimals. */
  miles: number;
  /** Whole seconds. */
  seconds: number;
  legs: RouteLegEstimate[];
  /** True for the offline model; a routing service answers false. */
  estimated: boolean;
  /** The driven path when a routing service gave one (zones are checked along it). */
  path?: GeoPoint[];
  /** The same path as the routing service encoded it (Google's polyline format), drawn by the route map. */
  polyline?: string;
}
