import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, DEMO_SITE } from '../../db/seed/demo.ts';
import {
  createOfflineMaps,
  CONGESTION_CHARGE_ZONE,
  driveSeconds,
  findPostcode,
  gazetteer,
  haversineKm,
  normalise,
  pathEntersZone,
  pointInZone,
  POSTCODE_AREAS,
  POSTCODE_DISTRICTS,
  resolvePlace,
  routeThrough,
  suggestPlaces,
  toPlaceSuggestion,
  ULEZ_ZONE,
  type GeoPoint,
} from './index.ts';

const base = { lat: DEMO_SITE.baseLat, lon: DEMO_SITE.baseLon };
const context = { savedAddresses: DEMO_ADDRESSES, base };
const at = (lat: number, lon: number): GeoPoint => ({ lat, lon });

describe('resolvePlace', () => {
  it.each([
    // text, kind, label contains, near [lat, lon], within km
    ['Heathrow Terminal 5', 'airport', 'Terminal 5', [51.4723, -0.4877], 0.1],
    ['Heathrow Airport Terminal 5, Hounslow TW6 2GA', 'airport', 'Terminal 5', [51.4723, -0.4877], 0.1],
    ['Manchester Airport', 'airport', 'Manchester Airport', [53.3537, -2.275], 1],
    ['LHR', 'airport', 'Heathrow', [51.47, -0.4543], 3],
    ['London City Airport', 'airport', 'London City Airport', [51.5048, 0.0495], 1],
    ['Gatwick', 'airport', 'Gatwick', [51.1537, -0.1821], 3],
    ['Oxford', 'place', 'Oxford', [51.752, -1.2577], 2],
    ['SW1A 1AA', 'postcode', 'SW1A 1AA', [51.5014, -0.1419], 1.5],
    ['10 Downing Street, London SW1A 2AA', 'postcode', 'SW1A 2AA', [51.5034, -0.1276], 1.5],
    ['London SW19', 'postcode', 'SW19', [51.4214, -0.2064], 1],
    ['Richmond', 'place', 'Richmond, Greater London', [51.4613, -0.3037], 1],
    ['Richmond, North Yorkshire', 'place', 'Richmond, North Yorkshire', [54.4036, -1.7343], 1],
    ['Kensington, London', 'place', 'Kensington, Greater London', [51.5009, -0.1918], 1],
    ['Church Road, Hove', 'place', 'Hove', [50.8309, -0.1672], 2],
    ['The Savoy', 'hotel', 'The Savoy', [51.5104, -0.1204], 0.1],
    ['Flat 2, 14 Church Road, OX4 1AA', 'postcode', 'OX4 1AA', [51.752, -1.2577], 1],
    ['Newport, Wales', 'place', 'Newport, Wales', [51.5877, -2.9983], 1],
  ] as const)('%s → %s near the real place', (text, kind, label, [lat, lon], km) => {
    const place = resolvePlace(text, context);
    expect(place).not.toBeNull();
    expect(place!.kind).toBe(kind);
    expect(place!.label).toContain(label);
    expect(haversineKm(place!, at(lat, lon))).toBeLessThan(km);
  });

  it('gives airports their IATA code, also for a saved address at the airport, and none to the airport hotel', () => {
    expect(resolvePlace('Heathrow Terminal 5', context)?.iata).toBe('LHR');
    expect(resolvePlace('Gatwick Airport North Terminal', context)?.iata).toBe('LGW');
    expect(resolvePlace('Stansted Airport')?.iata).toBe('STN');
    expect(resolvePlace('Luton Airport')?.iata).toBe('LTN');
    expect(resolvePlace('Hilton London Heathrow Airport Terminal 4', context)?.iata).toBeNull();
  });

  it('picks the Richmond nearer the base, and the Yorkshire one from a base in Yorkshire', () => {
    expect(resolvePlace('Richmond', { base })?.lat).toBeCloseTo(51.46, 1);
    expect(resolvePlace('Richmond', { base: at(53.96, -1.08) })?.lat).toBeCloseTo(54.4, 1);
  });

  it('prefers the place named with it: "Richmond, London" is the London one from anywhere', () => {
    expect(resolvePlace('Richmond, London', { base: at(53.96, -1.08) })?.label).toBe('Richmond, Greater London');
  });

  it('does not read a street name as a town ("Oxford Street, London" is in London)', () => {
    expect(resolvePlace('Oxford Street, London')?.label).toBe('London, Greater London');
  });

  it('returns null for text it cannot place', () => {
    expect(resolvePlace('Xyzzy Plugh')).toBeNull();
    expect(resolvePlace('')).toBeNull();
    expect(resolvePlace('   ')).toBeNull();
    expect(resolvePlace('Terminal 5')).toBeNull();
  });

  it('resolves every suggestion back to the same place', () => {
    for (const query of ['rich', 'heath', 'sw1', 'man', 'oxf', 'king', 'newp', 'gatw']) {
      for (const suggestion of suggestPlaces(query, 8, context)) {
        const again = resolvePlace(suggestion.label, context);
        expect(again, suggestion.label).not.toBeNull();
        expect(haversineKm(again!, suggestion), suggestion.label).toBeLessThan(0.01);
      }
    }
  });
});

describe('suggestPlaces', () => {
  it('lists saved addresses containing the text first, then places', () => {
    const labels = suggestPlaces('heath', 8, context).map((place) => place.label);
    expect(labels[0]).toBe('Heathrow Airport Terminal 2, Hounslow TW6 1EW');
    expect(labels).toContain('London Heathrow Airport (LHR)');
  });

  it('ranks places of the same name by closeness, and respects the limit', () => {
    const places = suggestPlaces('richmond', 3, context);
    expect(places).toHaveLength(2);
    expect(places[0].label).toBe('Richmond, Greater London');
    expect(suggestPlaces('ba', 5, context)).toHaveLength(5);
    expect(suggestPlaces('r', 5, context)).toEqual([]);
  });

  it('suggests postcode districts for an outward code', () => {
    expect(suggestPlaces('SW19', 3).map((place) => place.label)).toEqual(['SW19, Wimbledon']);
  });
});

describe('postcodes', () => {
  it('finds full and outward codes of known areas only', () => {
    expect(findPostcode('Heathrow TW6 2GA')).toMatchObject({ code: 'TW6', matched: 'TW6 2GA', precision: 'district', full: true });
    expect(findPostcode('sw1a1aa')).toMatchObject({ code: 'SW1A', matched: 'SW1A 1AA' });
    expect(findPostcode('Oxford OX1 2JD')).toMatchObject({ code: 'OX', precision: 'area', locality: 'Oxford' });
    expect(findPostcode('London W1')).toMatchObject({ code: 'W1', precision: 'district', locality: 'West End' });
    expect(findPostcode('Terminal 5')).toBeNull();
    expect(findPostcode('A40 Western Avenue')).toBeNull();
  });

  it('has every UK postcode area once', () => {
    const codes = POSTCODE_AREAS.map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toHaveLength(121);
  });

  it('covers every London postal district', () => {
    const ranges: Record<string, number> = { E: 18, N: 22, NW: 11, SE: 28, SW: 20, W: 14 };
    const known = new Set(POSTCODE_DISTRICTS.map(([code]) => code));
    for (const [area, last] of Object.entries(ranges)) {
      for (let district = area === 'E' || area === 'W' || area === 'SW' ? 2 : 1; district <= last; district += 1) {
        expect(known.has(`${area}${district}`), `${area}${district}`).toBe(true);
      }
    }
    for (const code of ['E1', 'E20', 'SW1A', 'W1J', 'EC1A', 'EC4Y', 'WC1A', 'WC2R', 'N1C']) expect(known.has(code), code).toBe(true);
  });

  it('agrees with GeoNames wherever GeoNames knows the locality (hand-written data is checked)', () => {
    const { byName } = gazetteer();
    let checked = 0;
    for (const [table, toleranceKm] of [[POSTCODE_DISTRICTS, 3], [POSTCODE_AREAS, 6]] as const) {
      for (const [code, locality, lat, lon] of table) {
        const namesakes = byName.get(normalise(locality)) ?? [];
        const nearest = Math.min(...namesakes.map((place) => haversineKm(place, at(lat, lon))));
        if (!Number.isFinite(nearest) || nearest > 50) continue; // GeoNames has no such locality, only a namesake elsewhere
        checked += 1;
        expect(nearest, `${code} ${locality}`).toBeLessThan(toleranceKm);
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('distance and duration (estimated)', () => {
  it('puts London → Manchester at a plausible road distance and driving time', () => {
    const route = routeThrough([resolvePlace('London')!, resolvePlace('Manchester')!]);
    expect(route.estimated).toBe(true);
    expect(route.miles).toBeGreaterThan(190);
    expect(route.miles).toBeLessThan(230);
    expect(route.seconds / 3600).toBeGreaterThan(3.5);
    expect(route.seconds / 3600).toBeLessThan(5);
  });

  it('sums the legs through the stops in order', () => {
    const heathrow = resolvePlace('Heathrow Terminal 5', context)!;
    const savoy = resolvePlace('The Savoy', context)!;
    const kingsCross = resolvePlace("King's Cross", context)!;
    const direct = routeThrough([heathrow, kingsCross]);
    const via = routeThrough([heathrow, savoy, kingsCross]);
    expect(via.legs).toHaveLength(2);
    expect(via.miles).toBeCloseTo(via.legs[0].miles + via.legs[1].miles, 1);
    expect(via.seconds).toBe(via.legs[0].seconds + via.legs[1].seconds);
    expect(via.miles).toBeGreaterThan(direct.miles);
    expect(routeThrough([heathrow, heathrow]).miles).toBe(0);
    expect(routeThrough([heathrow]).miles).toBe(0);
  });

  it('drives the first miles slowly and long distances fast', () => {
    expect(driveSeconds(0)).toBe(0);
    expect(driveSeconds(3)).toBe(900); // 3 miles at 12 mph
    expect(driveSeconds(15)).toBe(900 + 1728); // + 12 miles at 25 mph
    expect(driveSeconds(70)).toBe(900 + 1728 + 3600); // + 55 miles at 55 mph
  });
});

describe('charging zones (approximate polygons)', () => {
  it.each([
    ['The Savoy', 51.5104, -0.1204, true, true],
    ['Waterloo Station', 51.5031, -0.1132, true, true],
    ['Victoria Station', 51.4952, -0.1441, true, true],
    ['Paddington Station', 51.5154, -0.1755, false, true],
    ["King's Cross Station (north of Euston Road)", 51.5308, -0.1238, false, true],
    ['Heathrow Terminal 5', 51.4723, -0.4877, false, true],
    ['Croydon', 51.3762, -0.0982, false, true],
    ['Romford', 51.575, 0.182, false, true],
    ['Uxbridge', 51.546, -0.479, false, true],
    ['Slough', 51.5105, -0.595, false, false],
    ['Watford', 51.6565, -0.3903, false, false],
    ['Dartford', 51.4462, 0.2169, false, false],
    ['Epsom', 51.336, -0.27, false, false],
    ['Staines', 51.433, -0.51, false, false],
    ['Gatwick', 51.1537, -0.1821, false, false],
  ] as const)('%s: in the Congestion Charge zone %s, in ULEZ %s', (_name, lat, lon, inCcz, inUlez) => {
    expect(pointInZone(at(lat, lon), CONGESTION_CHARGE_ZONE)).toBe(inCcz);
    expect(pointInZone(at(lat, lon), ULEZ_ZONE)).toBe(inUlez);
  });

  it('sees a straight leg crossing the zone even when both ends are outside', () => {
    const paddington = at(51.5154, -0.1755);
    const liverpoolStreetEast = at(51.5178, -0.07);
    expect(pathEntersZone([paddington, liverpoolStreetEast], CONGESTION_CHARGE_ZONE)).toBe(true);
    expect(pathEntersZone([at(51.5154, -0.1755), at(51.53, -0.18)], CONGESTION_CHARGE_ZONE)).toBe(false);
    expect(pathEntersZone([at(51.51, -0.6), at(51.2, -0.6)], ULEZ_ZONE)).toBe(false);
  });
});

describe('the offline maps port', () => {
  it('answers resolve, route and suggest, marked estimated', async () => {
    const maps = createOfflineMaps();
    expect(maps.kind).toBe('offline');
    const from = await maps.resolve('Heathrow Terminal 5', context);
    const to = await maps.resolve('Oxford', context);
    const route = await maps.route([from!, to!]);
    expect(route.estimated).toBe(true);
    expect(route.miles).toBeGreaterThan(35);
    expect(route.miles).toBeLessThan(55);
    expect(await maps.suggest('oxf', { limit: 2 })).toHaveLength(2);
    expect(toPlaceSuggestion(to!)).toEqual({ address: 'Oxford, Oxfordshire', lat: to!.lat, lon: to!.lon, kind: 'place', estimated: true });
  });

  it('loads the gazetteer once, fast', () => {
    const maps = createOfflineMaps();
    const ms = maps.warm();
    const { stats } = gazetteer();
    expect(stats.method).toBe('scan');
    expect(stats.places).toBeGreaterThan(4000);
    expect(stats.airports).toBeGreaterThan(100);
    expect(ms).toBeLessThan(2000);
    expect(gazetteer()).toBe(gazetteer());
  });
});
