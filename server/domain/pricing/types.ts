import type { PriceDetail } from '../../../contract/booking.ts';
import type { Settings } from '../../../contract/settings.ts';
import type { GeoPoint, PlaceKind } from '../geo/types.ts';
import type { FleetItem } from '../../../contract/catalog.ts';

/** An operator company as the engine prices it (a row of the site's catalogue, server/domain/sites). */
export interface CompanyRecord {
  id: number;
  company_name: string;
  rating: number;
}

/** A vehicle category of the fleet as the engine prices it. */
export interface VehicleRecord extends FleetItem {
  wheelchair: boolean;
}

/** Integer pence. Every amount inside the engine is one. */
export type Pence = number;

/**
 * A per-mile band: miles above the previous band's `up_to_miles` and up to this one are charged `per_mile_pence` each.
 * The last band has `up_to_miles: null` (no upper end). Bands are listed in increasing order.
 */
export interface MileBand {
  up_to_miles: number | null;
  per_mile_pence: Pence;
}

/** What one operator company charges for one vehicle category, from `valid_from` (London date) until a later row. */
export interface Tariff {
  company_id: number;
  vehicle_id: number;
  valid_from: string;
  base_fare_pence: Pence;
  mile_bands: MileBand[];
  /** A leg's fare (base + miles + stops) is raised to this when below it. */
  minimum_fare_pence: Pence;
  per_extra_stop_pence: Pence;
  /** Hourly hire; null: this company does not hire this vehicle by the hour. */
  hourly_rate_pence: Pence | null;
  /** Miles included per hour hired (shown in the breakdown notes). */
  hourly_included_miles_per_hour: number;
  /** What the driver charges per mile beyond the included ones (shown in the notes, not added to the quote). */
  hourly_extra_mile_pence: Pence | null;
}

interface SurchargeCommon {
  /** Rows with the same code supersede each other by `valid_from`: the latest one on or before the trip's date applies. */
  code: string;
  label: string;
  /** London date 'YYYY-MM-DD' from which this row applies. */
  valid_from: string;
  /** London date from which it no longer applies (exclusive); null/absent: open-ended. */
  valid_to?: string | null;
  /** Only these companies / vehicle categories; null/absent: all. */
  company_ids?: number[] | null;
  vehicle_ids?: number[] | null;
}

/**
 * Surcharges as data. Time surcharges (night, bank_holiday) are a percentage of a leg's fare and do not stack: the
 * highest that applies to a leg is charged, as with the night and holiday tariffs on UK taximeters.
 * Place surcharges are fixed amounts: airport pick-up/drop-off per airport (IATA code), the London Congestion Charge and
 * ULEZ, both daily charges, so charged once per London day of the trip however many legs enter the zone.
 */
export type Surcharge = SurchargeCommon &
  (
    | { kind: 'night'; start: string; end: string; percent: number }
    | { kind: 'bank_holiday'; percent: number }
    | { kind: 'airport_pickup'; airport: string; amount_pence: Pence }
    | { kind: 'airport_dropoff'; airport: string; amount_pence: Pence }
    | { kind: 'congestion_charge'; amount_pence: Pence }
    | { kind: 'ulez'; amount_pence: Pence }
  );

export type SurchargeKind = Surcharge['kind'];

/** An address the operator will not serve: any pickup, stop or drop-off text containing `pattern` (case- and punctuation-insensitive). */
export interface BannedAddress {
  pattern: string;
  reason?: string | null;
}

/**
 * Where a fare zone lies: a circle (centre and radius in miles), a polygon of [lat, lon] corners (at least three), or a
 * list of UK postcode districts ('TW6', 'SL4'; a parent district 'SW1' also covers SW1A…SW1Y).
 */
export type ZoneArea =
  | { kind: 'radius'; lat: number; lon: number; radius_miles: number }
  | { kind: 'polygon'; points: Array<[number, number]> }
  | { kind: 'postcodes'; districts: string[] };

/**
 * An operator's fare zone (migration 019). When a point lies in several zones, the one with the highest `priority`
 * ranks first, then the smallest (by area), then the lowest id: see fixedFares.ts.
 */
export interface FareZone {
  id: number;
  name: string;
  priority: number;
  area: ZoneArea;
}

/**
 * A fixed fare from one zone to another for a vehicle category (of one company, or of every company when
 * `company_id` is null), valid on London dates valid_from ≤ date < valid_to. `both_ways` false: only from → to.
 */
export interface FixedFare {
  id: number;
  from_zone_id: number;
  to_zone_id: number;
  company_id: number | null;
  vehicle_id: number;
  both_ways: boolean;
  amount_pence: Pence;
  valid_from: string;
  valid_to?: string | null;
}

/** A point of a leg, as resolved by the maps port. */
export interface RoutePoint extends GeoPoint {
  /** The text the visitor typed (or the resolved label): banned addresses are matched against both. */
  text: string;
  label: string;
  kind: PlaceKind;
  /** IATA code when the point is an airport: the key of airport charges. */
  iata: string | null;
}

/** One driven leg: its points in order (pickup, stops…, drop-off) with the router's distance and time. */
export interface LegRoute {
  points: RoutePoint[];
  miles: number;
  seconds: number;
  estimated: boolean;
  /** The route's polyline when a routing service gave one; else the straight lines between the points are used. */
  path?: GeoPoint[];
  /** The routing service's encoded polyline of `path`, answered with the quote for the route map. */
  polyline?: string;
  notes?: string[];
}

/** The outbound leg and, for a return trip, the return leg (drop-off → pickup, direct). */
export interface TripRoutes {
  outbound: LegRoute;
  return: LegRoute | null;
}

/** Everything the engine reads besides the form, the route and the clock. */
export interface PricingCatalog {
  settings: Settings;
  companies: readonly CompanyRecord[];
  vehicles: readonly VehicleRecord[];
  tariffs: readonly Tariff[];
  surcharges: readonly Surcharge[];
  bannedAddresses: readonly BannedAddress[];
  /** Fare zones and fixed fares (absent or empty: every leg is priced by its tariff). */
  zones?: readonly FareZone[];
  fixedFares?: readonly FixedFare[];
}

/** A price detail as the engine makes it; the route adds the stored quote's id. */
export type PricedRow = Omit<PriceDetail, 'quote_id'>;

export type QuoteErrorCode = 'banned_address' | 'grace_period' | 'zero_distance' | 'capacity' | 'return_before_pickup' | 'no_vehicles' | 'unknown_place' | 'no_tariff';

/** A refusal with the text to show (spec §8 where the spec has one). */
export interface QuoteError {
  code: QuoteErrorCode;
  message: string;
}

export type QuoteOutcome = { ok: true; rows: PricedRow[]; pickupAt: Date; returnAt: Date | null } | { ok: false; error: QuoteError };
