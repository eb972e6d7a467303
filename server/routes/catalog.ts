import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressListSchema, companyListSchema, fleetListSchema, settingListSchema } from '../../contract/catalog.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { toAddressList, toCompanyList, toFleetList } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import { PREVIEW_HEADER, PREVIEW_REFUSED, previewSettingRows, type SettingsPreviews } from '../web/settingsPreviews.ts';
import { answers } from './schemas.ts';

/**
 * The read-only catalogue calls of spec §7, in the spec's bare-list shapes. GET /setting answers the owner's unsaved
 * settings to a request naming a live preview of its own site in PREVIEW_HEADER (server/web/settingsPreviews.ts);
 * API answers are never cached (Cache-Control: no-store, plugins/securityHeaders.ts).
 */
export function catalogRoutes(cache: SiteCache, previews?: SettingsPreviews) {
  const settingsFor = async (request: FastifyRequest) => {
    const { settings } = await cache.catalog(request.site.id);
    const token = request.headers[PREVIEW_HEADER];
    if (token === undefined || !previews) return settings;
    const changes = typeof token === 'string' ? await previews.find(request.site.id, token) : null;
    if (!changes) throw new HttpError(404, PREVIEW_REFUSED);
    return previewSettingRows(settings, changes);
  };
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/setting', { schema: { response: answers(settingListSchema) } }, settingsFor);
    app.get('/fetch_vehicles', { schema: { response: answers(fleetListSchema) } }, async (request) => toFleetList((await cache.catalog(request.site.id)).vehicles));
    app.get('/fetch_companies', { schema: { response: answers(companyListSchema) } }, async (request) => toCompanyList((await cache.catalog(request.site.id)).companies));
    app.get('/ai-addresses', { schema: { response: answers(addressListSchema) } }, async (request) => toAddressList((await cache.catalog(request.site.id)).addresses));
    // Ours, not the spec's: the home page's popular pickup locations, same {id, address} shape.
    app.get('/popular-locations', { schema: { response: answers(addressListSchema) } }, async (request) =>
      toAddressList((await cache.catalog(request.site.id)).addresses.filter((entry) => entry.popular)),
    );
    // Ours: a trivial route for benchmarks to compare against; no schema, so it stays the bare cost of a request.
    app.get('/ping', async () => ({ success: true }));
  };
}
