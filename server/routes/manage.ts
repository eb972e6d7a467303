import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmPaymentResponseSchema, manageBookingViewSchema, manageCancelResponseSchema, manageChangePreviewSchema, manageChangeResponseSchema } from '../../contract/apiResponses.ts';
import { CALENDAR_CONTENT_TYPE } from '../../contract/bookingCalendar.ts';
import { z } from 'zod';
import { manageAccessSchema, manageCancelSchema, manageChangeSchema } from '../../contract/manageAccess.ts';
import { MANAGE_API, MANAGE_MESSAGES, type ManageAccess } from '../../contract/manageBooking.ts';
import type { Db } from '../adapters/db/index.ts';
import type { createSandboxPayments } from '../adapters/payments/sandbox.ts';
import { authenticatePassenger } from '../domain/accounts/index.ts';
import type { BookingService } from '../domain/bookings/service.ts';
import { createManageService, type ManageGrant, type ManageService, type ManageServiceDeps } from '../domain/manage/service.ts';
import { HttpError } from '../http.ts';
import type { ManageLiveStreams } from './manageLive.ts';
import { registerManageExtrasRoutes } from './manageExtras.ts';
import { answers } from './schemas.ts';

/** The manage service's deps, and the booking service (changes with re-pricing go through it). */
export type ManageRouteDeps = ManageServiceDeps & {
  bookings: BookingService;
  afterChange?: (siteId: number, bookingNumber: string) => void;
  /** The passenger's live view (issue 33): its stream, POST /manage-booking/live (routes/manageLive.ts). */
  liveStreams?: ManageLiveStreams;
};

/**
 * Who a manage call (or a receipt) lets in: a link's token, or a signed-in corporate passenger's own booking by its
 * number; neither is a 400. `access` is the call's body, parsed by its route schema.
 */
export async function manageGrantOf(manage: ManageService, db: Db, request: FastifyRequest, access: ManageAccess): Promise<ManageGrant> {
  if (access.token !== undefined) return manage.grantByLink(request.site, access.token, access.booking_number);
  if (access.booking_number !== undefined && request.headers.authorization !== undefined) {
    const auth = await authenticatePassenger(request, db);
    return manage.grantByPassenger(request.site, auth.passenger.id, access.booking_number);
  }
  throw new HttpError(400, MANAGE_MESSAGES.accessRequired);
}

type Sandbox = ReturnType<typeof createSandboxPayments>;

/** The sandbox's 3-D Secure answer for a change's charge: the access, the intent and Complete or Fail. */
const changeAuthenticateSchema = manageAccessSchema
  .extend({ payment_intent_id: z.string().trim().min(1).max(200), outcome: z.enum(['complete', 'fail']) })
  .strict();

/**
 * The manage-booking calls (contract/manageBooking.ts), under /api/v1 with the key pair: the resource, cancel, the
 * calendar file. Each names the booking by a manage link's token, or by its number for a signed-in corporate passenger.
 */
export function manageRoutes(deps: ManageRouteDeps) {
  const manage = createManageService(deps);

  const grant = (request: FastifyRequest, access: ManageAccess) => manageGrantOf(manage, deps.db, request, access);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(MANAGE_API.view, { schema: { body: manageAccessSchema, response: answers(manageBookingViewSchema) } }, async (request) =>
      manage.view(request.site, await grant(request, request.body)),
    );

    app.post(MANAGE_API.cancel, { schema: { body: manageCancelSchema, response: answers(manageCancelResponseSchema) } }, async (request) =>
      manage.cancel(request.site, await grant(request, request.body), request.body.revision),
    );

    app.post(MANAGE_API.changePreview, { schema: { body: manageChangeSchema, response: answers(manageChangePreviewSchema) } }, async (request) =>
      manage.previewChange(request.site, await grant(request, request.body), request.body),
    );

    app.post(MANAGE_API.change, { schema: { body: manageChangeSchema, response: answers(manageChangeResponseSchema) } }, async (request) => {
      const answer = await manage.applyChange(request.site, await grant(request, request.body), request.body);
      // A new flight number, time or pick-up: flight arrivals follow the booking as it now is (after the commit).
      if (answer.result === 'applied') deps.afterChange?.(request.site.id, answer.data.booking.booking_number);
      return answer;
    });

    if (deps.payments.kind === 'sandbox') {
      const sandbox = deps.payments as Sandbox;
      app.post(MANAGE_API.changeAuthenticate, { schema: { body: changeAuthenticateSchema, response: answers(confirmPaymentResponseSchema) } }, async (request) => {
        const { payment_intent_id: intentId, outcome, ...access } = request.body;
        return manage.authenticateChange(request.site, await grant(request, access), intentId, (id) => sandbox.authenticate(request.site.id, id, outcome));
      });
    }

    deps.liveStreams?.register(app, manage);
    // Issue 32: the driver's extras owing, paid on the manage page (routes/manageExtras.ts).
    registerManageExtrasRoutes(fastify, manage, deps.payments, grant);

    // The answer is the calendar file (text/calendar), so only the request has a schema.
    app.post(MANAGE_API.calendar, { schema: { body: manageAccessSchema } }, async (request, reply) => {
      const { filename, text } = await manage.calendar(request.site, await grant(request, request.body));
      return reply.type(CALENDAR_CONTENT_TYPE).header('content-disposition', `attachment; filename="${filename}"`).send(text);
    });
  };
}
