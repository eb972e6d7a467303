/** The owner's promo code calls (contract/promoCodes.ts). */
import type { PromoCode, PromoCreate, PromoPatch } from '../../contract/promoCodes.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

export const loadPromos = async ({ signal }: CallOptions = {}) => (await consoleCall<{ success: true; promos: PromoCode[] }>('/promos', { signal })).promos;
export const createPromo = async (promo: PromoCreate) => (await consoleCall<{ success: true; promo: PromoCode }>('/promos', { method: 'POST', body: { ...promo } })).promo;
export const patchPromo = async (id: number, patch: PromoPatch) => (await consoleCall<{ success: true; promo: PromoCode }>(`/promos/${id}`, { method: 'PATCH', body: { ...patch } })).promo;
