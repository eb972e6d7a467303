import { describe, expect, it } from 'vitest';
import type { MapsPort } from './mapsPort.ts';
import { memoiseMaps } from './memo.ts';
import type { Place, RouteEstimate } from './types.ts';

const place = (label: string, estimated: boolean): Place => ({ label, lat: 51.5, lon: -0.1, kind: 'place', source: 'gazetteer', precision: 'locality', iata: null, savedAddressId: null, estimated });
const route = (estimated: boolean): RouteEstimate => ({ miles: 3, seconds: 600, legs: [{ miles: 3, seconds: 600 }], estimated });

function countingMaps(kind: MapsPort['kind'], estimated = kind === 'offline') {
  const calls = { resolve: 0, route: 0 };
  const maps: MapsPort = {
    kind,
    async resolve(text) {
      calls.resolve += 1;
      return place(text, estimated);
    },
    async route() {
      calls.route += 1;
      return route(estimated);
    },
    async suggest() {
      return [];
    },
    async nearest() {
      return null;
    },
  };
  return { maps, calls };
}

describe('memoiseMaps', () => {
  it('offline: the same text with the same saved addresses and the same points are worked out once', async () => {
    const { maps, calls } = countingMaps('offline');
    const memo = memoiseMaps(maps);
    const saved = [{ id: 1, address: 'Depot', lat: 51.5, lon: -0.2, kind: 'place' }];
    await Promise.all([memo.resolve('Richmond', { savedAddresses: saved }), memo.resolve('Richmond', { savedAddresses: saved })]);
    await memo.resolve('Richmond', { savedAddresses: saved });
    expect(calls.resolve).toBe(1);
    // A new saved-address list (the operator changed one) is a new table.
    await memo.resolve('Richmond', { savedAddresses: [...saved] });
    expect(calls.resolve).toBe(2);
    // Another base breaks ties differently: not shared.
    await memo.resolve('Richmond', { savedAddresses: saved, base: { lat: 54, lon: -1.7 } });
    expect(calls.resolve).toBe(3);
    const points = [{ lat: 51.47, lon: -0.45 }, { lat: 51.51, lon: -0.12 }];
    await memo.route(points);
    await memo.route(points.map((point) => ({ ...point })));
    expect(calls.route).toBe(1);
  });

  it("a routing service's answers are kept for the TTL only, and its offline fallbacks are not kept", async () => {
    let clock = 0;
    const google = countingMaps('google', false);
    const memo = memoiseMaps(google.maps, { ttlMs: 1000, now: () => clock });
    await memo.resolve('Heathrow');
    await memo.resolve('Heathrow');
    expect(google.calls.resolve).toBe(1);
    clock = 1500;
    await memo.resolve('Heathrow');
    expect(google.calls.resolve).toBe(2);

    const failing = countingMaps('google', true);
    const fallback = memoiseMaps(failing.maps);
    await fallback.route([{ lat: 51, lon: 0 }, { lat: 52, lon: 0 }]);
    await new Promise((resolve) => setImmediate(resolve));
    await fallback.route([{ lat: 51, lon: 0 }, { lat: 52, lon: 0 }]);
    expect(failing.calls.route).toBe(2);
  });

  it('a failed lookup is not kept', async () => {
    let fail = true;
    const maps: MapsPort = {
      kind: 'offline',
      resolve: async (text) => {
        if (fail) throw new Error('down');
        return place(text, true);
      },
      route: async () => route(true),
      suggest: async () => [],
      nearest: async () => null,
    };
    const memo = memoiseMaps(maps);
    await expect(memo.resolve('Oxford')).rejects.toThrow('down');
    fail = false;
    await expect(memo.resolve('Oxford')).resolves.toMatchObject({ label: 'Oxford' });
  });
});
