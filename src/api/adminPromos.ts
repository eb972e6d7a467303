/** The owner's promo code calls (contract/promoCodes.ts). */
import type { PromoCode, PromoCreate, PromoPatch } from '../../contract/promoCodes.ts';
import { adminCall } from './adminClient.ts';
import type { CallOptions } from './client.ts';

export const loadPromos = async ({ signal }: CallOptions = {}) => (await adminCall<{ success: true; promos: PromoCode[] }>('/promos', { signal })).promos;
export const createPromo = async (promo: PromoCreate) => (await adminCall<{ success: true; promo: PromoCode }>('/promos', { method: 'POST', body: { ...promo } })).promo;
export const patchPromo = async (id: number, patch: PromoPatch) => (await adminCall<{ success: true; promo: PromoCode }>(`/promos/${id}`, { method: 'PATCH', body: { ...patch } })).promo;
