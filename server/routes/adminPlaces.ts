import type { FastifyInstance } from 'fastify';
import type { Db } from '../adapters/db/index.ts';
import type { SiteCache } from '../domain/sites/index.ts';

/** The owner's calls for saved addresses, popular locations and banned addresses (registered inside the admin API's owner-only scope). Built in issue 19. */
export function adminPlacesRoutes(_deps: { db: Db; cache: SiteCache; now: () => Date }) {
  return async (_owners: FastifyInstance) => {};
}
