/**
 * Positions of the addresses on the route map. The quote answer carries no coordinates (nor the Routes polyline), so
 * the Google map places its markers from, in order:
 *  1. the position of a suggestion the visitor picked (Google place details, or our gazetteer's suggestion), kept in
 *     sessionStorage so a reload of /quotationview still has it;
 *  2. our own GET /api/v1/places for the text (saved addresses, airports, postcodes, towns): free, no Google call.
 * An address neither knows gets no marker; the route then joins the markers it has.
 */
import type { LatLon } from '../../contract/booking.ts';

/** sessionStorage key (ours, not one of the spec's localStorage keys). */
export const PLACE_POSITIONS_KEY = 'cabflowPlacePositions';
const MAX_ENTRIES = 40;

export const addressKey = (address: string) => address.trim().replace(/\s+/g, ' ').toLowerCase();

type Stored = [string, LatLon][];

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: Storage | null): Stored {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(PLACE_POSITIONS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Stored).filter((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]?.lat) && Number.isFinite(entry[1]?.lon)) : [];
  } catch {
    return [];
  }
}

/** Remembers where a picked address is (the most recent MAX_ENTRIES). */
export function rememberPosition(address: string, position: LatLon, storage: Storage | null = sessionStore()): void {
  if (!address.trim() || !Number.isFinite(position.lat) || !Number.isFinite(position.lon)) return;
  const key = addressKey(address);
  const entries = read(storage).filter(([known]) => known !== key);
  entries.push([key, { lat: position.lat, lon: position.lon }]);
  try {
    storage?.setItem(PLACE_POSITIONS_KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
  } catch {
    // A full or refused storage only costs the marker after a reload.
  }
}

export function rememberedPosition(address: string, storage: Storage | null = sessionStore()): LatLon | null {
  const key = addressKey(address);
  return read(storage).find(([known]) => known === key)?.[1] ?? null;
}

/**
 * The position of each address (null where unknown), asking `lookup` only for the ones not remembered. A failing
 * lookup leaves that address without a position.
 */
export async function positionsOf(addresses: readonly string[], lookup: (address: string) => Promise<LatLon | null>, storage: Storage | null = sessionStore()): Promise<(LatLon | null)[]> {
  return Promise.all(
    addresses.map(async (address) => {
      if (!address.trim()) return null;
      const known = rememberedPosition(address, storage);
      if (known) return known;
      try {
        return await lookup(address);
      } catch {
        return null;
      }
    }),
  );
}
