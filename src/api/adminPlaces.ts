/** The owner's places calls (contract/adminPlaces.ts). */
import type { BanCheck, BanCheckResult, BanCreate, BannedPattern, LocatedPlace, PlaceCreate, PlacePatch, SavedPlace } from '../../contract/adminPlaces.ts';
import type { PlacesLists } from '../../machines/consolePlaces/index.ts';
import { adminCall } from './adminClient.ts';
import type { CallOptions } from './client.ts';

export const loadPlaces = ({ signal }: CallOptions = {}): Promise<PlacesLists> => adminCall<{ success: true } & PlacesLists>('/places', { signal });
export const locatePlace = async (address: string) => (await adminCall<{ success: true; place: LocatedPlace }>('/places/locate', { method: 'POST', body: { address } })).place;
export const createPlace = async (place: PlaceCreate) => (await adminCall<{ success: true; address: SavedPlace }>('/places/addresses', { method: 'POST', body: { ...place } })).address;
export const patchPlace = async (id: number, patch: PlacePatch) => (await adminCall<{ success: true; address: SavedPlace }>(`/places/addresses/${id}`, { method: 'PATCH', body: { ...patch } })).address;
export const deletePlace = (id: number) => adminCall<{ success: true }>(`/places/addresses/${id}`, { method: 'DELETE' });
export const createBan = async (ban: BanCreate) => (await adminCall<{ success: true; banned: BannedPattern }>('/places/banned', { method: 'POST', body: { ...ban } })).banned;
export const deleteBan = (id: number) => adminCall<{ success: true }>(`/places/banned/${id}`, { method: 'DELETE' });
export const checkBan = async (input: BanCheck) => (await adminCall<{ success: true; check: BanCheckResult }>('/places/check', { method: 'POST', body: { ...input } })).check;
