import type { FlightAirport, FlightLookup, FlightRecord, FlightsPort } from './port.ts';

/** AeroAPI v4's own address; AEROAPI_URL points a test at a local fake of it. */
export const AEROAPI_DEFAULT_URL = 'https://aeroapi.flightaware.com/aeroapi';

export interface AeroApiOptions {
  apiKey: string;
  baseUrl?: string;
  /** Milliseconds before a call is abandoned as failed (default 8 000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const instant = (value: unknown): string | null => {
  const raw = text(value);
  if (raw === null) return null;
  const at = new Date(raw);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};

function airport(value: unknown): FlightAirport | null {
  if (typeof value !== 'object' || value === null) return null;
  const place = value as Json;
  return { iata: text(place.code_iata), icao: text(place.code_icao), city: text(place.city), timezone: text(place.timezone) };
}

/** One `flights[]` item of AeroAPI's answer, or null when it is not one. */
export function toFlightRecord(value: unknown): FlightRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const flight = value as Json;
  const ident = text(flight.ident);
  if (ident === null) return null;
  return {
    ident,
    identIata: text(flight.ident_iata),
    faFlightId: text(flight.fa_flight_id),
    scheduledIn: instant(flight.scheduled_in),
    estimatedIn: instant(flight.estimated_in),
    actualIn: instant(flight.actual_in),
    scheduledOn: instant(flight.scheduled_on),
    estimatedOn: instant(flight.estimated_on),
    actualOn: instant(flight.actual_on),
    status: (text(flight.status) ?? '').slice(0, 80),
    cancelled: flight.cancelled === true,
    diverted: flight.diverted === true,
    origin: airport(flight.origin),
    destination: airport(flight.destination),
  };
}

/**
 * FlightAware AeroAPI v4: `GET {AEROAPI_URL}/flights/{ident}` with the header `x-apikey`. The answer's `flights[]`
 * lists the ident's flights from about ten days back to about two days ahead; the caller picks the one arriving at
 * its airport on its day. 404 → not found; 401/403 → refused; 429 → rate limited (Retry-After kept); 5xx, a timeout
 * or a body that is not JSON with `flights` → failed. The key never appears in a result or a log line.
 */
export function createAeroApi(options: AeroApiOptions): FlightsPort {
  const base = (options.baseUrl || AEROAPI_DEFAULT_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 8_000;
  const doFetch = options.fetch ?? fetch;
  return {
    configured: true,
    name: 'aeroapi',
    async lookUp(ident: string): Promise<FlightLookup> {
      let response: Response;
      try {
        response = await doFetch(`${base}/flights/${encodeURIComponent(ident)}`, {
          headers: { 'x-apikey': options.apiKey, accept: 'application/json; charset=UTF-8' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const name = (error as Error)?.name;
        return { kind: 'failed', reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
      }
      if (response.status === 404) return drain(response, { kind: 'not_found' });
      if (response.status === 401 || response.status === 403) return drain(response, { kind: 'refused', status: response.status });
      if (response.status === 429) {
        const retry = Number(response.headers.get('retry-after'));
        return drain(response, { kind: 'rate_limited', retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null });
      }
      if (!response.ok) return drain(response, { kind: 'failed', reason: `status ${response.status}` });
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return { kind: 'failed', reason: 'not json' };
      }
      const list = (body as Json | null)?.flights;
      if (!Array.isArray(list)) return { kind: 'failed', reason: 'no flights list' };
      const flights = list.map(toFlightRecord).filter((flight): flight is FlightRecord => flight !== null);
      return flights.length ? { kind: 'found', flights } : { kind: 'not_found' };
    },
  };
}

async function drain(response: Response, result: FlightLookup): Promise<FlightLookup> {
  await response.body?.cancel().catch(() => undefined);
  return result;
}
