import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { revokeManageLinksResponseSchema } from '../../contract/consoleBookings.ts';
import type { Db } from '../adapters/db/index.ts';
import { recordAudit } from '../domain/audit/audit.ts';
import { revokeManageLinks } from '../domain/manage/links.ts';
import { HttpError } from '../http.ts';
import { bookingParamsSchema } from './consoleBookings.ts';
import { answers } from './schemas.ts';

/**
 * The operator's side of manage links, registered inside the console API (its authorisation and site choice apply; owners
 * and dispatchers alike): `POST /api/admin/bookings/:booking_number/revoke-manage-links` stops every link of the
 * booking at once, written to the audit log (the booking's timeline) in the same transaction.
 */
export function consoleManageRoutes(db: Db) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const schema = { params: bookingParamsSchema, response: answers(revokeManageLinksResponseSchema) };
    app.post('/bookings/:booking_number/revoke-manage-links', { schema }, async (request) => {
      const { booking_number: bookingNumber } = request.params;
      const siteId = request.site.id;
      const result = await db.transaction(async (tx) => {
        const revoked = await revokeManageLinks(tx, siteId, bookingNumber);
        if (revoked) {
          const change = { siteId, action: 'booking.revoke_manage_links', entityType: 'booking', entityId: bookingNumber };
          await recordAudit(tx, request.actor, { ...change, before: { live_manage_links: revoked.revoked }, after: { live_manage_links: 0 } });
        }
        return revoked;
      });
      if (!result) throw new HttpError(404, `No booking ${bookingNumber} on this site`);
      request.log.info({ site_id: request.site.id, booking: bookingNumber, revoked: result.revoked }, 'manage links revoked by the operator');
      return { success: true as const, booking_number: bookingNumber, revoked: result.revoked };
    });
  };
}
