import { describe, expect, it, vi } from 'vitest';
import type { PlaceSuggestion } from '../../../contract/booking.ts';
import { createFakeGoogleMaps } from '../../maps/fakeGoogleMaps.ts';
import { createGooglePlaceSearch, type GooglePlaceSearch } from '../../maps/googlePlaces.ts';
import { createPlaceSource } from './addressSources.ts';
import { createAddressSuggester, type PlaceCandidate } from '../../components/address/addressSuggestions.ts';

const gazetteerPlace: PlaceSuggestion = { address: 'Paddington, London W2', lat: 51.516, lon: -0.175, kind: 'place', estimated: true };

async function fakeGoogleSearch(options: { failAutocomplete?: boolean } = {}): Promise<GooglePlaceSearch> {
  const { google } = createFakeGoogleMaps(
    [{ placeId: 'rec', text: 'Paddington Recreation Ground, Randolph Avenue, London, UK', location: { lat: 51.528, lng: -0.186 }, addressComponents: [{ longText: 'W9 1PD', shortText: 'W9 1PD', types: ['postal_code'] }] }],
    options,
  );
  const places = await google.importLibrary('places');
  return createGooglePlaceSearch({ places: async () => places, centre: async () => ({ lat: 51.5074, lon: -0.1278 }) });
}

function source({ key = 'browser-key' as string | null, loadGoogle = vi.fn((_key: string) => fakeGoogleSearch()) } = {}) {
  const gazetteer = vi.fn(async (): Promise<PlaceCandidate[]> => [gazetteerPlace]);
  const logFailure = vi.fn();
  const places = createPlaceSource({ mapsKey: () => key, loadGoogle, gazetteer, logFailure });
  return { places, gazetteer, loadGoogle, logFailure };
}

describe('place source: Google with a key, our gazetteer otherwise', () => {
  it('never loads Google without a key', async () => {
    const { places, gazetteer, loadGoogle } = source({ key: null });
    places.warmUp();
    expect(await places.search('padd', {})).toEqual([gazetteerPlace]);
    expect(loadGoogle).not.toHaveBeenCalled();
    expect(gazetteer).toHaveBeenCalledTimes(1);
  });

  it('starts loading Google on warm-up (focus), once, and answers from it', async () => {
    const { places, gazetteer, loadGoogle } = source();
    places.warmUp();
    places.warmUp();
    expect(loadGoogle).toHaveBeenCalledTimes(1);
    expect(loadGoogle).toHaveBeenCalledWith('browser-key');
    const found = await places.search('paddington', {});
    expect(found.map((place) => [place.address, 'provider' in place ? place.provider : 'gazetteer'])).toEqual([['Paddington Recreation Ground, Randolph Avenue, London, UK', 'google']]);
    expect(gazetteer).not.toHaveBeenCalled();
    expect(loadGoogle).toHaveBeenCalledTimes(1);
  });

  it('falls back to the gazetteer for good when Google cannot load, logging once', async () => {
    const loadGoogle = vi.fn(async () => {
      throw new Error('The Google Maps JavaScript API could not load');
    });
    const { places, gazetteer, logFailure } = source({ loadGoogle });
    places.warmUp();
    expect(await places.search('padd', {})).toEqual([gazetteerPlace]);
    expect(await places.search('paddi', {})).toEqual([gazetteerPlace]);
    expect(loadGoogle).toHaveBeenCalledTimes(1);
    expect(gazetteer).toHaveBeenCalledTimes(2);
    expect(logFailure).toHaveBeenCalledTimes(1);
  });

  it('falls back when Places answers with an error', async () => {
    const { places, gazetteer, logFailure } = source({ loadGoogle: vi.fn(() => fakeGoogleSearch({ failAutocomplete: true })) });
    expect(await places.search('padd', {})).toEqual([gazetteerPlace]);
    await places.search('paddi', {});
    expect(logFailure).toHaveBeenCalledTimes(1);
    expect(logFailure.mock.calls[0][0]).toEqual(expect.objectContaining({ message: expect.stringContaining('PERMISSION_DENIED') }));
    expect(gazetteer).toHaveBeenCalledTimes(2);
  });

  it('lists saved addresses first, then the Google places, whose pick carries the postcode', async () => {
    const { places } = source();
    const suggest = createAddressSuggester({
      loadSavedAddresses: async () => [{ id: 1, address: 'Paddington Station, Praed Street, London W2 1HB' }],
      searchPlaces: places.search,
    });
    const list = await suggest('paddington');
    expect(list.map((entry) => [entry.source, entry.address, entry.provider ?? null])).toEqual([
      ['saved', 'Paddington Station, Praed Street, London W2 1HB', null],
      ['place', 'Paddington Recreation Ground, Randolph Avenue, London, UK', 'google'],
    ]);
    expect(await list[1].details!()).toEqual({ address: 'Paddington Recreation Ground, Randolph Avenue, London W9 1PD, UK', lat: 51.528, lon: -0.186 });
  });
});
