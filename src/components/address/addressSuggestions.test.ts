import { describe, expect, it, vi } from 'vitest';
import type { Address } from '../../../contract/catalog.ts';
import type { PlaceSuggestion } from '../../../contract/booking.ts';
import { createAddressSuggester, filterSavedAddresses, mergeSuggestions } from './addressSuggestions.ts';

const saved: Address[] = [
  { id: 1, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' },
  { id: 2, address: 'Gatwick Airport North Terminal, RH6 0PJ' },
  { id: 3, address: "King's Cross Station, London N1 9AL" },
];
const place = (address: string, kind: PlaceSuggestion['kind'] = 'place'): PlaceSuggestion => ({ address, lat: 51.5, lon: -0.1, kind, estimated: true });

describe('address suggestions', () => {
  it('filters saved addresses by substring, ignoring case', () => {
    expect(filterSavedAddresses(saved, 'AIRPORT').map((a) => a.id)).toEqual([1, 2]);
    expect(filterSavedAddresses(saved, "king's").map((a) => a.id)).toEqual([3]);
    expect(filterSavedAddresses(saved, '   ')).toEqual([]);
    expect(filterSavedAddresses(saved, 'terminal', 1).map((a) => a.id)).toEqual([1]);
  });

  it('lists saved addresses first and drops places that repeat one', () => {
    const merged = mergeSuggestions([saved[0]], [place('heathrow airport terminal 5,  Hounslow TW6 2GA', 'airport'), place('Heathrow Airport Terminal 4', 'airport')]);
    expect(merged.map((s) => [s.source, s.address])).toEqual([
      ['saved', saved[0].address],
      ['place', 'Heathrow Airport Terminal 4'],
    ]);
    expect(merged[1]).toMatchObject({ kind: 'airport', estimated: true, lat: 51.5 });
  });

  it('fetches the saved list once and merges it with places for each query', async () => {
    const loadSavedAddresses = vi.fn(async () => saved);
    const searchPlaces = vi.fn(async (query: string) => [place(`${query} Road, London`)]);
    const suggest = createAddressSuggester({ loadSavedAddresses, searchPlaces });
    expect((await suggest(' terminal ')).map((s) => s.address)).toEqual([saved[0].address, saved[1].address, 'terminal Road, London']);
    expect((await suggest('station')).map((s) => s.source)).toEqual(['saved', 'place']);
    expect(loadSavedAddresses).toHaveBeenCalledTimes(1);
    expect(searchPlaces).toHaveBeenLastCalledWith('station', { signal: undefined });
    expect(await suggest('  ')).toEqual([]);
  });

  it('logs a failing source and keeps the other one; a failed saved list is fetched again next time', async () => {
    const logError = vi.fn();
    const loadSavedAddresses = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(saved);
    const searchPlaces = vi.fn().mockRejectedValueOnce(new Error('places down')).mockResolvedValue([]);
    const suggest = createAddressSuggester({ loadSavedAddresses, searchPlaces, logError });
    expect(await suggest('airport')).toEqual([]);
    expect(logError).toHaveBeenCalledWith('Could not load saved addresses:', expect.any(Error));
    expect(logError).toHaveBeenCalledWith('Place suggestions failed:', expect.any(Error));
    expect((await suggest('airport')).length).toBe(2);
    expect(loadSavedAddresses).toHaveBeenCalledTimes(2);
  });

  it('rejects an aborted query without logging it', async () => {
    const logError = vi.fn();
    const controller = new AbortController();
    const suggest = createAddressSuggester({
      loadSavedAddresses: async () => saved,
      searchPlaces: () => {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      },
      logError,
    });
    await expect(suggest('airport', { signal: controller.signal })).rejects.toThrow('aborted');
    expect(logError).not.toHaveBeenCalled();
  });
});
