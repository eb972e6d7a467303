import type { RateLimiter } from '../plugins/rateLimit.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consoleOfferCreatedSchema,
  consoleOffersResponseSchema,
  DRIVER_MESSAGES,
  driverInviteResponseSchema,
  driverInviteSchema,
  offerCreateSchema,
  onDutyResponseSchema,
} from '../../contract/driver.ts';
import { fleetIdParamsSchema } from '../../contract/fleet.ts';
import type { Db } from '../adapters/db/index.ts';
import type { MailPort } from '../adapters/mail/index.ts';
import type { DispatchService } from '../domain/dispatch/service.ts';
import { createDriverAccounts } from '../domain/drivers/accounts.ts';
import { createDriverJobs } from '../domain/drivers/jobs.ts';
import { createDriverOffers } from '../domain/drivers/offers.ts';
import { createDriverShifts } from '../domain/drivers/shifts.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { bookingParamsSchema } from './consoleBookings.ts';
import { answers, createdAnswers } from './schemas.ts';

/**
 * The console's calls that bring drivers onto the app and offer them jobs (issue 32; contract/driver.ts), inside the
 * console API's authorisation: owners and dispatchers of the member's own site (the admin token, so the CLI, too).
 *   POST /drivers/:id/invite { email }     a set-password link for the app, by mail (again: a new link)
 *   GET  /drivers/on-duty                  who is on duty, on which vehicle, where, doing what
 *   POST /bookings/:number/offers { driver_id }   GET /bookings/:number/offers
 */
export function consoleDriversRoutes(deps: { db: Db; cache: SiteCache; mail: MailPort; publicUrl: string; dispatch: DispatchService; now: () => Date; limiter: RateLimiter }) {
  const { db, cache, now } = deps;
  const accounts = createDriverAccounts({ db, cache, mail: deps.mail, publicUrl: deps.publicUrl, limiter: deps.limiter });
  const jobs = createDriverJobs({ db, cache, dispatch: deps.dispatch, now });
  const offers = createDriverOffers({ db, dispatch: deps.dispatch, jobs, now });
  const shifts = createDriverShifts({ db, now });

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/drivers/:id/invite', { schema: { params: fleetIdParamsSchema, body: driverInviteSchema, response: answers(driverInviteResponseSchema) } }, async (request) => {
      const { account, first } = await accounts.invite(request.site, request.actor, request.params.id, request.body.email);
      return {
        success: true as const,
        message: DRIVER_MESSAGES.invited,
        account: { driver_id: account.id, email: account.email, password_set: !first, invited_at: now().toISOString() },
      };
    });

    app.get('/drivers/on-duty', { schema: { response: answers(onDutyResponseSchema) } }, async (request) => ({
      success: true as const,
      drivers: await shifts.onDuty(request.site.id, (driverId) => jobs.list(request.site.id, driverId)),
    }));

    app.post('/bookings/:booking_number/offers', { schema: { params: bookingParamsSchema, body: offerCreateSchema, response: createdAnswers(consoleOfferCreatedSchema) } }, async (request, reply) => {
      const offer = await offers.offer(request.site, request.actor, request.params.booking_number, request.body.driver_id);
      return reply.code(201).send({ success: true as const, message: DRIVER_MESSAGES.offered, offer });
    });

    app.get('/bookings/:booking_number/offers', { schema: { params: bookingParamsSchema, response: answers(consoleOffersResponseSchema) } }, async (request) => ({
      success: true as const,
      offers: await offers.ofBooking(request.site.id, request.params.booking_number),
    }));
  };
}
