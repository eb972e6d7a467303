import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCATION } from '../../machines/homeForm/homeForm.form.ts';
import { createFakeGoogleMaps, type FakePlace } from './fakeGoogleMaps.ts';
import { createGooglePlaceSearch, kindOf, PLACE_FIELDS, postcodeOf, SESSION_MAX_MS, withPostcode } from './googlePlaces.ts';

const PLACES: FakePlace[] = [
  {
    placeId: 'savoy',
    text: 'The Savoy, Strand, London, UK',
    types: ['lodging', 'establishment'],
    formattedAddress: 'Strand, London WC2R 0EZ, UK',
    location: { lat: 51.5104, lng: -0.1204 },
    addressComponents: [
      { longText: 'Strand', shortText: 'Strand', types: ['route'] },
      { longText: 'WC2R 0EZ', shortText: 'WC2R 0EZ', types: ['postal_code'] },
    ],
  },
  { placeId: 'lhr', text: 'Heathrow Airport (LHR), Hounslow TW6 1QG, UK', types: ['airport'], formattedAddress: 'Hounslow TW6 1QG, UK', location: { lat: 51.47, lng: -0.4543 }, addressComponents: [{ longText: 'TW6 1QG', shortText: 'TW6 1QG', types: ['postal_code'] }] },
  { placeId: 'strand-station', text: 'Strand Station, London, UK', types: ['train_station'] },
];

async function setUp({ centre = FALLBACK_LOCATION, now = (): number => 0 }: { centre?: { lat: number; lon: number }; now?: () => number } = {}) {
  const { google, record } = createFakeGoogleMaps(PLACES);
  const places = await google.importLibrary('places');
  const search = createGooglePlaceSearch({ places: async () => places, centre: async () => centre, now });
  return { search, record };
}

describe('Google place suggestions (Places Autocomplete (New))', () => {
  it('asks for UK places around the visitor within 50 km, with a session token', async () => {
    const { search, record } = await setUp({ centre: { lat: 51.47, lon: -0.45 } });
    const found = await search('strand');
    expect(record.autocomplete).toHaveLength(1);
    expect(record.autocomplete[0]).toMatchObject({ input: 'strand', includedRegionCodes: ['gb'], locationBias: { center: { lat: 51.47, lng: -0.45 }, radius: 50_000 } });
    expect(record.autocomplete[0].sessionToken).toBe(record.tokens[0]);
    expect(found.map(({ address, kind, provider, lat }) => ({ address, kind, provider, lat }))).toEqual([
      { address: 'The Savoy, Strand, London, UK', kind: 'hotel', provider: 'google', lat: null },
      { address: 'Strand Station, London, UK', kind: 'station', provider: 'google', lat: null },
    ]);
  });

  it('keeps one token for a typing session and starts a new one after a pick', async () => {
    const { search, record } = await setUp();
    await search('st');
    await search('stra');
    const [savoy] = await search('the savoy');
    expect(record.tokens).toHaveLength(1);
    expect(new Set(record.autocomplete.map((request) => request.sessionToken)).size).toBe(1);
    await savoy.details();
    await search('heath');
    expect(record.tokens).toHaveLength(2);
    expect(record.autocomplete.at(-1)!.sessionToken).toBe(record.tokens[1]);
  });

  it('starts a new session when the old one has gone stale', async () => {
    let clock = 0;
    const { search, record } = await setUp({ now: () => clock });
    await search('st');
    clock = SESSION_MAX_MS + 1;
    await search('str');
    expect(record.tokens).toHaveLength(2);
  });

  it('fetches the picked place once and appends its postcode to the text', async () => {
    const { search, record } = await setUp();
    const [savoy] = await search('savoy');
    const details = await savoy.details();
    expect(details).toEqual({ address: 'The Savoy, Strand, London WC2R 0EZ, UK', lat: 51.5104, lon: -0.1204 });
    expect(record.fetchFields).toEqual([{ placeId: 'savoy', fields: PLACE_FIELDS }]);
    expect(PLACE_FIELDS).toEqual(['formattedAddress', 'location', 'addressComponents']);
    await savoy.details();
    expect(record.fetchFields).toHaveLength(1);
  });

  it('leaves a text that already has its postcode, and one Google knows no postcode for', async () => {
    const { search } = await setUp();
    const [heathrow] = await search('heathrow');
    expect((await heathrow.details()).address).toBe('Heathrow Airport (LHR), Hounslow TW6 1QG, UK');
    const [station] = await search('strand station');
    expect(await station.details()).toEqual({ address: 'Strand Station, London, UK', lat: null, lon: null });
  });

  it('rejects a query aborted while Google answered', async () => {
    const { search } = await setUp();
    const controller = new AbortController();
    const pending = search('savoy', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('postcodes', () => {
  it('reads the postal_code component, else a postcode in the formatted address', () => {
    expect(postcodeOf([{ longText: 'sw1a 2aa', shortText: null, types: ['postal_code'] }])).toBe('SW1A 2AA');
    expect(postcodeOf([{ longText: 'London', shortText: 'London', types: ['postal_town'] }], '10 Downing St, London SW1A2AA, UK')).toBe('SW1A 2AA');
    expect(postcodeOf(null, 'Somewhere, UK')).toBeNull();
  });

  it('puts the postcode where a UK address has it', () => {
    expect(withPostcode('The Savoy, Strand, London, UK', 'WC2R 0EZ')).toBe('The Savoy, Strand, London WC2R 0EZ, UK');
    expect(withPostcode('Paddington Recreation Ground, London, United Kingdom', 'W9 1PD')).toBe('Paddington Recreation Ground, London W9 1PD, United Kingdom');
    expect(withPostcode('Kew Gardens, Richmond', 'TW9 3AE')).toBe('Kew Gardens, Richmond TW9 3AE');
    expect(withPostcode('Hounslow tw61qg, UK', 'TW6 1QG')).toBe('Hounslow tw61qg, UK');
    expect(withPostcode('Kew Gardens', null)).toBe('Kew Gardens');
  });

  it('maps Google place types to the kinds the dropdown labels', () => {
    expect(kindOf(['airport', 'point_of_interest'])).toBe('airport');
    expect(kindOf(['subway_station'])).toBe('station');
    expect(kindOf(['lodging'])).toBe('hotel');
    expect(kindOf(['postal_code'])).toBe('postcode');
    expect(kindOf(['route'])).toBe('place');
  });
});
