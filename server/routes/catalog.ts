import type { FastifyInstance } from 'fastify';
import type { SiteCache } from '../domain/sites/index.ts';
import { toAddressList, toCompanyList, toFleetList } from '../domain/sites/index.ts';

/** The read-only catalogue calls of spec §7, in the spec's bare-list shapes. */
export function catalogRoutes(cache: SiteCache) {
  return async (app: FastifyInstance) => {
    app.get('/setting', async (request) => (await cache.catalog(request.site.id)).settings);
    app.get('/fetch_vehicles', async (request) => toFleetList((await cache.catalog(request.site.id)).vehicles));
    app.get('/fetch_companies', async (request) => toCompanyList((await cache.catalog(request.site.id)).companies));
    app.get('/ai-addresses', async (request) => toAddressList((await cache.catalog(request.site.id)).addresses));
    // Ours, not the spec's: the home page's popular pickup locations, same {id, address} shape.
    app.get('/popular-locations', async (request) => toAddressList((await cache.catalog(request.site.id)).addresses.filter((entry) => entry.popular)));
    // Ours: a trivial route for benchmarks to compare against.
    app.get('/ping', async () => ({ success: true }));
  };
}
