import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lastTripResponseSchema } from '../../contract/lastTrip.ts';
import type { Db } from '../adapters/db/index.ts';
import { authenticatePassenger } from '../domain/accounts/index.ts';
import { lastBookedTrip } from '../domain/bookings/lastTripRepository.ts';
import { answers } from './schemas.ts';

/** GET /corporate/last-trip (contract/lastTrip.ts, issue 37): the signed-in passenger's last trip on this site. */
export function corporateLastTripRoutes(deps: { db: Db }) {
  const { db } = deps;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The API's answers are never cached (Cache-Control: no-store for all of /api/v1).
    app.get('/corporate/last-trip', { schema: { response: answers(lastTripResponseSchema) } }, async (request) => {
      const { passenger } = await authenticatePassenger(request, db);
      return { success: true as const, trip: await lastBookedTrip(db, request.site.id, passenger.id) };
    });
  };
}
