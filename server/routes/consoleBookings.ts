import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consoleBookingActionSchema,
  consoleBookingResponseSchema,
  assignableSchema,
  boardFiltersSchema,
  boardPageSchema,
  boardQuerySchema,
  dispatchResponseSchema,
  exportQuerySchema,
  dispatchRequestSchema,
} from '../../contract/consoleBookings.ts';
import { DISPATCH_MESSAGES } from '../../contract/dispatch.ts';
import { FLIGHT_MESSAGES, manualArrivalRequestSchema } from '../../contract/flights.ts';
import { settingsFromRows } from '../../contract/settings.ts';
import type { FlightTracker } from '../domain/flights/service.ts';
import { flightRulesOf } from '../domain/flights/rules.ts';
import type { Db } from '../adapters/db/index.ts';
import { boardPage } from '../domain/dispatch/board.ts';
import { needsActionInput, needsActionReasons } from '../domain/dispatch/needsAction.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import type { DispatchService } from '../domain/dispatch/service.ts';
import { statutoryRecordCsv } from '../domain/dispatch/statutoryRecord.ts';
import { HttpError } from '../http.ts';
import { answers } from './schemas.ts';

/** The params of a booking's calls (consoleManage.ts's too). */
export const bookingParamsSchema = z.object({ booking_number: z.string().trim().min(1).max(40) });

/**
 * The bookings board, a booking's detail, dispatch and the statutory record (contract/consoleBookings.ts), registered
 * inside the console API's authorisation: the member's own site only, owners and dispatchers.
 */
export function consoleBookingsRoutes(deps: { db: Db; cache: SiteCache; dispatch: DispatchService; now: () => Date; flights?: FlightTracker }) {
  const { db, dispatch, now } = deps;
  const flightRules = async (siteId: number) => flightRulesOf(settingsFromRows((await deps.cache.catalog(siteId)).settings));
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/bookings', { schema: { querystring: boardQuerySchema, response: answers(boardPageSchema) } }, async (request) => {
      const siteId = request.site.id;
      const at = now();
      // The badge counts the "Needs action" queue: the same reasons, worked out at the same instant.
      const queue = await needsActionReasons(await needsActionInput(db, deps.cache, siteId, at));
      return { ...(await boardPage(db, siteId, request.query, at, await flightRules(siteId))), needs_action: queue.size };
    });

    app.get('/bookings/filters', { schema: { response: answers(boardFiltersSchema) } }, async (request) => {
      const catalog = await deps.cache.catalog(request.site.id);
      return {
        success: true as const,
        companies: catalog.companies.map((company) => ({ id: company.id, name: company.company_name })),
        vehicle_categories: catalog.vehicles.map((vehicle) => ({ id: vehicle.tbms_vid, name: vehicle.category_name })),
      };
    });

    // A CSV file: no response schema (tests/api/responseSchemas.test.ts lists it).
    app.get('/bookings/export.csv', { schema: { querystring: exportQuerySchema } }, async (request, reply) => {
      const { from, to } = request.query;
      const { csv, rows } = await statutoryRecordCsv(db, request.site.id, from, to);
      request.log.info({ site_id: request.site.id, from, to, rows }, 'statutory record exported');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bookings-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });

    app.get('/bookings/:booking_number', { schema: { params: bookingParamsSchema, response: answers(consoleBookingResponseSchema) } }, async (request) => {
      const { booking_number: bookingNumber } = request.params;
      const booking = await deps.dispatch.detail(request.site.id, bookingNumber);
      if (!booking) throw new HttpError(404, DISPATCH_MESSAGES.notFound);
      // A dispatcher opening an airport pick-up looks its flight up (within the budget, at most every 5 minutes); the
      // answer arrives as the booking's event, on which the page reads the booking again.
      if (booking.flight) deps.flights?.opened(request.site.id, bookingNumber);
      return { success: true as const, booking };
    });

    // Issue 33: the dispatcher's expected arrival (without a flight provider, or to overrule it); null clears it.
    app.post(
      '/bookings/:booking_number/flight/arrival',
      { schema: { params: bookingParamsSchema, body: manualArrivalRequestSchema, response: answers(consoleBookingActionSchema) } },
      async (request) => {
        const { booking_number: bookingNumber } = request.params;
        if (!deps.flights) throw new HttpError(404, DISPATCH_MESSAGES.notFound);
        await deps.flights.setManualArrival(request.site, request.actor, bookingNumber, request.body.expected_arrival);
        const booking = await deps.dispatch.detail(request.site.id, bookingNumber);
        if (!booking) throw new HttpError(404, DISPATCH_MESSAGES.notFound);
        return { success: true as const, message: request.body.expected_arrival ? FLIGHT_MESSAGES.manualSet : FLIGHT_MESSAGES.manualCleared, booking };
      },
    );

    app.get('/bookings/:booking_number/assignable', { schema: { params: bookingParamsSchema, response: answers(assignableSchema) } }, async (request) => {
      const { booking_number: bookingNumber } = request.params;
      return dispatch.assignable(request.site.id, bookingNumber);
    });

    app.post('/bookings/:booking_number/dispatch', { schema: { params: bookingParamsSchema, body: dispatchRequestSchema, response: answers(dispatchResponseSchema) } }, async (request) => {
      return dispatch.transition(request.site, request.actor, request.params.booking_number, request.body);
    });
  };
}
