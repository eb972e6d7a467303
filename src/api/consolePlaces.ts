/** The owner's places calls (contract/consolePlaces.ts). */
import type { BanCheck, BanCheckResult, BanCreate, BannedPattern, LocatedPlace, PlaceCreate, PlacePatch, PlacesLists, SavedPlace } from '../../contract/consolePlaces.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

export const loadPlaces = ({ signal }: CallOptions = {}): Promise<PlacesLists> => consoleCall<{ success: true } & PlacesLists>('/places', { signal });
export const locatePlace = async (address: string) => (await consoleCall<{ success: true; place: LocatedPlace }>('/places/locate', { method: 'POST', body: { address } })).place;
export const createPlace = async (place: PlaceCreate) => (await consoleCall<{ success: true; address: SavedPlace }>('/places/addresses', { method: 'POST', body: { ...place } })).address;
export const patchPlace = async (id: number, patch: PlacePatch) => (await consoleCall<{ success: true; address: SavedPlace }>(`/places/addresses/${id}`, { method: 'PATCH', body: { ...patch } })).address;
export const deletePlace = (id: number) => consoleCall<{ success: true }>(`/places/addresses/${id}`, { method: 'DELETE' });
export const createBan = async (ban: BanCreate) => (await consoleCall<{ success: true; banned: BannedPattern }>('/places/banned', { method: 'POST', body: { ...ban } })).banned;
export const deleteBan = (id: number) => consoleCall<{ success: true }>(`/places/banned/${id}`, { method: 'DELETE' });
export const checkBan = async (input: BanCheck) => (await consoleCall<{ success: true; check: BanCheckResult }>('/places/check', { method: 'POST', body: { ...input } })).check;
