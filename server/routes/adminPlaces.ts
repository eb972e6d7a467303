import type { FastifyInstance } from 'fastify';
import { banCheckSchema, banCreateSchema, locateSchema, placeCreateSchema, placeIdParamsSchema, placePatchSchema } from '../../contract/adminPlaces.ts';
import type { Db } from '../adapters/db/index.ts';
import { createOfflineMaps, type MapsPort } from '../domain/geo/mapsPort.ts';
import { createPlacesService } from '../domain/places/service.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { parseInput } from '../http.ts';

/**
 * The owner's calls for saved addresses, popular locations and banned addresses (contract/adminPlaces.ts), registered
 * inside the admin API's owner-only scope (so: signed in, CSRF-checked, the member's own site, owners only). `maps`
 * is the server's maps port (the offline gazetteer until app.ts hands it over).
 */
export function adminPlacesRoutes(deps: { db: Db; cache: SiteCache; maps?: MapsPort; now: () => Date }) {
  const places = createPlacesService({ db: deps.db, cache: deps.cache, maps: deps.maps ?? createOfflineMaps() });
  return async (owners: FastifyInstance) => {
    owners.get('/places', async (request) => ({ success: true, ...(await places.list(request.site.id)) }));

    owners.post('/places/locate', async (request) => {
      const { address } = parseInput(locateSchema, request.body);
      return { success: true, place: await places.locate(request.site, address) };
    });

    owners.post('/places/addresses', async (request, reply) => {
      const input = parseInput(placeCreateSchema, request.body);
      return reply.code(201).send({ success: true, address: await places.createPlace(request.actor, request.site, input) });
    });
    owners.patch('/places/addresses/:id', async (request) => {
      const { id } = parseInput(placeIdParamsSchema, request.params);
      const patch = parseInput(placePatchSchema, request.body);
      return { success: true, address: await places.updatePlace(request.actor, request.site, id, patch) };
    });
    owners.delete('/places/addresses/:id', async (request) => {
      const { id } = parseInput(placeIdParamsSchema, request.params);
      await places.deletePlace(request.actor, request.site.id, id);
      return { success: true };
    });

    owners.post('/places/banned', async (request, reply) => {
      const input = parseInput(banCreateSchema, request.body);
      return reply.code(201).send({ success: true, banned: await places.createBan(request.actor, request.site.id, input) });
    });
    owners.post('/places/check', async (request) => {
      const input = parseInput(banCheckSchema, request.body);
      return { success: true, check: await places.checkBan(request.site, input) };
    });
    owners.delete('/places/banned/:id', async (request) => {
      const { id } = parseInput(placeIdParamsSchema, request.params);
      await places.deleteBan(request.actor, request.site.id, id);
      return { success: true };
    });
  };
}
