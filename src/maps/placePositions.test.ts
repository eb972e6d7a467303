import { describe, expect, it, vi } from 'vitest';
import { PLACE_POSITIONS_KEY, positionsOf, rememberedPosition, rememberPosition } from './placePositions.ts';
import { boundsOf, decodePolyline } from './routeGeometry.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('positions of the route map', () => {
  it('remembers picked places by their text, ignoring case and spacing', () => {
    const storage = memoryStorage();
    rememberPosition('The Savoy, Strand, London WC2R 0EZ, UK', { lat: 51.51, lon: -0.12 }, storage);
    expect(rememberedPosition('  the savoy,  strand, london wc2r 0ez, uk ', storage)).toEqual({ lat: 51.51, lon: -0.12 });
    expect(rememberedPosition('Somewhere else', storage)).toBeNull();
    storage.setItem(PLACE_POSITIONS_KEY, '{not json');
    expect(rememberedPosition('The Savoy, Strand, London WC2R 0EZ, UK', storage)).toBeNull();
  });

  it('asks the lookup only for what it does not know, and leaves a failure unplaced', async () => {
    const storage = memoryStorage();
    rememberPosition('A', { lat: 1, lon: 2 }, storage);
    const lookup = vi.fn(async (address: string) => {
      if (address === 'C') throw new Error('offline');
      return address === 'B' ? { lat: 3, lon: 4 } : null;
    });
    expect(await positionsOf(['A', 'B', 'C', 'D', ' '], lookup, storage)).toEqual([{ lat: 1, lon: 2 }, { lat: 3, lon: 4 }, null, null, null]);
    expect(lookup.mock.calls.map(([address]) => address)).toEqual(['B', 'C', 'D']);
  });
});

describe('route geometry', () => {
  it("decodes Google's polyline example and stops at a malformed tail", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      { lat: 38.5, lon: -120.2 },
      { lat: 40.7, lon: -120.95 },
      { lat: 43.252, lon: -126.453 },
    ]);
    expect(decodePolyline('_p~iF~ps|U_ulL')).toEqual([{ lat: 38.5, lon: -120.2 }]);
  });

  it('boxes points', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([{ lat: 51.5, lon: -0.1 }, { lat: 51.4, lon: -0.45 }])).toEqual({ north: 51.5, south: 51.4, east: -0.1, west: -0.45 });
  });
});
