import type { FastifyInstance } from 'fastify';
import type { Db } from '../adapters/db/index.ts';
import type { SiteCache } from '../domain/sites/index.ts';

/**
 * The owner's promo code calls, registered inside the admin API's owner-only scope (signed in, CSRF-checked, the
 * member's own site, owners only). Placeholder seam: the calls are added by the promo codes work (issue 19).
 */
export function adminPromosRoutes(_deps: { db: Db; cache: SiteCache; now: () => Date }) {
  return async (_owners: FastifyInstance) => {};
}
