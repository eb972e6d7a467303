import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promoCreateSchema, promoIdParamsSchema, promoListResponseSchema, promoPatchSchema, promoResponseSchema } from '../../contract/promoCodes.ts';
import type { Db } from '../adapters/db/index.ts';
import { createPromosService } from '../domain/promos/service.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { answers, createdAnswers } from './schemas.ts';

/**
 * The owner's promo code calls (contract/promoCodes.ts), registered inside the console API's owner-only scope (signed
 * in, CSRF-checked, the member's own site, owners only). Codes are read from the table when a visitor uses one, not
 * from the site cache, so a change needs no cache drop.
 */
export function consolePromosRoutes(deps: { db: Db; cache: SiteCache; now: () => Date }) {
  const promos = createPromosService(deps.db);
  return async (fastify: FastifyInstance) => {
    const owners = fastify.withTypeProvider<ZodTypeProvider>();
    owners.get('/promos', { schema: { response: answers(promoListResponseSchema) } }, async (request) => ({ success: true as const, promos: await promos.list(request.site.id) }));

    owners.post('/promos', { schema: { body: promoCreateSchema, response: createdAnswers(promoResponseSchema) } }, async (request, reply) => {
      return reply.code(201).send({ success: true as const, promo: await promos.create(request.actor, request.site.id, request.body) });
    });

    owners.patch('/promos/:id', { schema: { params: promoIdParamsSchema, body: promoPatchSchema, response: answers(promoResponseSchema) } }, async (request) => {
      return { success: true as const, promo: await promos.update(request.actor, request.site.id, request.params.id, request.body) };
    });
  };
}
