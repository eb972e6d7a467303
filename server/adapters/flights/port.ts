/**
 * The flight port (issue 33): what a flight-status provider answers about a flight number. One real adapter,
 * FlightAware AeroAPI v4 (aeroapi.ts); without AEROAPI_KEY the port is `noFlightLookups`, which looks nothing up and
 * says so (`configured: false`), so no code path pretends to follow a flight.
 */

/** An airport of a flight as AeroAPI names it (its `origin` / `destination` objects). */
export interface FlightAirport {
  iata: string | null;
  icao: string | null;
  city: string | null;
  timezone: string | null;
}

/** One dated flight of an ident (AeroAPI's `flights[]` item), times as ISO instants or null. */
export interface FlightRecord {
  ident: string;
  identIata: string | null;
  faFlightId: string | null;
  scheduledIn: string | null;
  estimatedIn: string | null;
  actualIn: string | null;
  scheduledOn: string | null;
  estimatedOn: string | null;
  actualOn: string | null;
  status: string;
  cancelled: boolean;
  diverted: boolean;
  origin: FlightAirport | null;
  destination: FlightAirport | null;
}

export type FlightLookup =
  | { kind: 'found'; flights: FlightRecord[] }
  /** The provider knows no such flight (yet: AeroAPI knows flights about two days ahead). */
  | { kind: 'not_found' }
  /** The key was refused (401/403): the operator's to fix; nothing else changes. */
  | { kind: 'refused'; status: number }
  | { kind: 'rate_limited'; retryAfterSeconds: number | null }
  /** A 5xx, a timeout, a network error or an answer that is not AeroAPI's shape. */
  | { kind: 'failed'; reason: string }
  | { kind: 'unconfigured' };

export interface FlightsPort {
  /** Whether look-ups are made at all (AEROAPI_KEY set). */
  readonly configured: boolean;
  readonly name: 'aeroapi' | 'none';
  /** The provider's flights of this ident (airline code and number, e.g. BA117); never throws. */
  lookUp(ident: string): Promise<FlightLookup>;
}

/** The port's default: no key, no look-up. A dispatcher types the expected arrival instead. */
export const noFlightLookups: FlightsPort = {
  configured: false,
  name: 'none',
  lookUp: async () => ({ kind: 'unconfigured' }),
};
