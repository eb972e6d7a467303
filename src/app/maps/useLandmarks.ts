/**
 * Known places for the schematic map's orientation dots: each name's best match in our own place search
 * (GET /api/v1/places: the gazetteer, airports, postcodes, the saved addresses), looked up once per page. Names it
 * cannot place are left out; a failed search leaves the map without dots.
 */
import { useEffect, useState } from 'react';
import { fetchPlaceSuggestions } from '../../api/places.ts';
import type { Landmark } from '../../components/maps/mapShape.ts';

export function useLandmarks(names: readonly string[]): Landmark[] {
  const key = JSON.stringify(names);
  const [landmarks, setLandmarks] = useState<Landmark[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(
      (JSON.parse(key) as string[]).map(async (name) => {
        try {
          const [best] = await fetchPlaceSuggestions(name, { limit: 1, signal: controller.signal });
          return best ? [{ label: name, lat: best.lat, lon: best.lon }] : [];
        } catch {
          return [];
        }
      }),
    ).then((found) => {
      if (!controller.signal.aborted) setLandmarks(found.flat());
    });
    return () => controller.abort();
  }, [key]);
  return landmarks;
}
