import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBookingResponseSchema,
  assignableSchema,
  boardFiltersSchema,
  boardPageSchema,
  boardQuerySchema,
  dispatchResponseSchema,
  exportQuerySchema,
} from '../../contract/adminBookings.ts';
import { DISPATCH_MESSAGES, dispatchRequestSchema } from '../../contract/dispatch.ts';
import type { Db } from '../adapters/db/index.ts';
import { boardPage } from '../domain/dispatch/board.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { loadBookingDetail } from '../domain/dispatch/detail.ts';
import type { DispatchService } from '../domain/dispatch/service.ts';
import { statutoryRecordCsv } from '../domain/dispatch/statutoryRecord.ts';
import { HttpError } from '../http.ts';
import { answers } from './schemas.ts';

/** The params of a booking's calls (adminManage.ts's too). */
export const bookingParamsSchema = z.object({ booking_number: z.string().trim().min(1).max(40) });

/**
 * The bookings board, a booking's detail, dispatch and the statutory record (contract/adminBookings.ts), registered
 * inside the admin API's authorisation: the member's own site only, owners and dispatchers.
 */
export function adminBookingsRoutes(deps: { db: Db; cache: SiteCache; dispatch: DispatchService; now: () => Date }) {
  const { db, dispatch, now } = deps;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/bookings', { schema: { querystring: boardQuerySchema, response: answers(boardPageSchema) } }, async (request) => boardPage(db, request.site.id, request.query, now()));

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

    app.get('/bookings/:booking_number', { schema: { params: bookingParamsSchema, response: answers(adminBookingResponseSchema) } }, async (request) => {
      const { booking_number: bookingNumber } = request.params;
      const booking = await loadBookingDetail(db, request.site.id, bookingNumber);
      if (!booking) throw new HttpError(404, DISPATCH_MESSAGES.notFound);
      return { success: true as const, booking };
    });

    app.get('/bookings/:booking_number/assignable', { schema: { params: bookingParamsSchema, response: answers(assignableSchema) } }, async (request) => {
      const { booking_number: bookingNumber } = request.params;
      return dispatch.assignable(request.site.id, bookingNumber);
    });

    app.post('/bookings/:booking_number/dispatch', { schema: { params: bookingParamsSchema, body: dispatchRequestSchema, response: answers(dispatchResponseSchema) } }, async (request) => {
      return dispatch.transition(request.site, request.actor, request.params.booking_number, request.body);
    });
  };
}
