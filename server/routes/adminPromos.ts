import type { FastifyInstance } from 'fastify';
import { promoCreateSchema, promoIdParamsSchema, promoPatchSchema } from '../../contract/promoCodes.ts';
import type { Db } from '../adapters/db/index.ts';
import { createPromosService } from '../domain/promos/service.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { parseInput } from '../http.ts';

/**
 * The owner's promo code calls (contract/promoCodes.ts), registered inside the admin API's owner-only scope (signed
 * in, CSRF-checked, the member's own site, owners only). Codes are read from the table when a visitor uses one, not
 * from the site cache, so a change needs no cache drop.
 */
export function adminPromosRoutes(deps: { db: Db; cache: SiteCache; now: () => Date }) {
  const promos = createPromosService(deps.db);
  return async (owners: FastifyInstance) => {
    owners.get('/promos', async (request) => ({ success: true, promos: await promos.list(request.site.id) }));

    owners.post('/promos', async (request, reply) => {
      const input = parseInput(promoCreateSchema, request.body);
      return reply.code(201).send({ success: true, promo: await promos.create(request.actor, request.site.id, input) });
    });

    owners.patch('/promos/:id', async (request) => {
      const { id } = parseInput(promoIdParamsSchema, request.params);
      const patch = parseInput(promoPatchSchema, request.body);
      return { success: true, promo: await promos.update(request.actor, request.site.id, id, patch) };
    });
  };
}
