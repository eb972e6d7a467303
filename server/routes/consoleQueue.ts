import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeRequestsHandledResponseSchema, changeRequestsHandledSchema, CONSOLE_QUEUE_MESSAGES, needsActionQueueSchema } from '../../contract/consoleQueue.ts';
import type { Db } from '../adapters/db/index.ts';
import { markChangeRequestsHandled, needsActionInput, needsActionQueue } from '../domain/dispatch/needsAction.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { bookingParamsSchema } from './consoleBookings.ts';
import { answers } from './schemas.ts';

/**
 * The "Needs action" queue (contract/consoleQueue.ts), registered inside the console API's authorisation: the
 * member's own site only, owners and dispatchers (they run the day).
 */
export function consoleQueueRoutes(deps: { db: Db; cache: SiteCache; now: () => Date }) {
  const { db, cache, now } = deps;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/needs-action', { schema: { response: answers(needsActionQueueSchema) } }, async (request) => {
      const siteId = request.site.id;
      return needsActionQueue(await needsActionInput(db, cache, siteId, now()));
    });

    app.post(
      '/bookings/:booking_number/change-requests/handled',
      { schema: { params: bookingParamsSchema, body: changeRequestsHandledSchema, response: answers(changeRequestsHandledResponseSchema) } },
      async (request) => {
        await markChangeRequestsHandled(db, request.site.id, request.actor, request.params.booking_number, request.body.last_request_id, now());
        return { success: true as const, message: CONSOLE_QUEUE_MESSAGES.handled };
      },
    );
  };
}
