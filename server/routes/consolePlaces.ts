import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  banCheckResponseSchema,
  banCheckSchema,
  banCreateSchema,
  bannedPatternResponseSchema,
  locateResponseSchema,
  locateSchema,
  placeCreateSchema,
  placeIdParamsSchema,
  placePatchSchema,
  placesListResponseSchema,
  savedPlaceResponseSchema,
} from '../../contract/consolePlaces.ts';
import type { Db } from '../adapters/db/index.ts';
import { createOfflineMaps, type MapsPort } from '../domain/geo/mapsPort.ts';
import { createPlacesService } from '../domain/places/service.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { answers, createdAnswers, doneSchema } from './schemas.ts';

/**
 * The owner's calls for saved addresses, popular locations and banned addresses (contract/consolePlaces.ts), registered
 * inside the console API's owner-only scope (so: signed in, CSRF-checked, the member's own site, owners only). `maps`
 * is the server's maps port (the offline gazetteer until app.ts hands it over).
 */
export function consolePlacesRoutes(deps: { db: Db; cache: SiteCache; maps?: MapsPort; now: () => Date }) {
  const places = createPlacesService({ db: deps.db, cache: deps.cache, maps: deps.maps ?? createOfflineMaps() });
  return async (fastify: FastifyInstance) => {
    const owners = fastify.withTypeProvider<ZodTypeProvider>();
    owners.get('/places', { schema: { response: answers(placesListResponseSchema) } }, async (request) => ({ success: true as const, ...(await places.list(request.site.id)) }));

    owners.post('/places/locate', { schema: { body: locateSchema, response: answers(locateResponseSchema) } }, async (request) => {
      const { address } = request.body;
      return { success: true as const, place: await places.locate(request.site, address) };
    });

    owners.post('/places/addresses', { schema: { body: placeCreateSchema, response: createdAnswers(savedPlaceResponseSchema) } }, async (request, reply) => {
      return reply.code(201).send({ success: true as const, address: await places.createPlace(request.actor, request.site, request.body) });
    });
    owners.patch('/places/addresses/:id', { schema: { params: placeIdParamsSchema, body: placePatchSchema, response: answers(savedPlaceResponseSchema) } }, async (request) => {
      return { success: true as const, address: await places.updatePlace(request.actor, request.site, request.params.id, request.body) };
    });
    owners.delete('/places/addresses/:id', { schema: { params: placeIdParamsSchema, response: answers(doneSchema) } }, async (request) => {
      await places.deletePlace(request.actor, request.site.id, request.params.id);
      return { success: true as const };
    });

    owners.post('/places/banned', { schema: { body: banCreateSchema, response: createdAnswers(bannedPatternResponseSchema) } }, async (request, reply) => {
      return reply.code(201).send({ success: true as const, banned: await places.createBan(request.actor, request.site.id, request.body) });
    });
    owners.post('/places/check', { schema: { body: banCheckSchema, response: answers(banCheckResponseSchema) } }, async (request) => {
      return { success: true as const, check: await places.checkBan(request.site, request.body) };
    });
    owners.delete('/places/banned/:id', { schema: { params: placeIdParamsSchema, response: answers(doneSchema) } }, async (request) => {
      await places.deleteBan(request.actor, request.site.id, request.params.id);
      return { success: true as const };
    });
  };
}
