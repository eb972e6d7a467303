import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmPaymentResponseSchema, manageExtrasPayResponseSchema } from '../../contract/apiResponses.ts';
import { manageAccessSchema, manageExtrasPaySchema } from '../../contract/manageAccess.ts';
import type { ManageAccess } from '../../contract/manageBooking.ts';
import { MANAGE_EXTRAS_API } from '../../contract/manageExtras.ts';
import type { PaymentsPort } from '../adapters/payments/port.ts';
import type { createSandboxPayments } from '../adapters/payments/sandbox.ts';
import type { ManageGrant, ManageService } from '../domain/manage/service.ts';
import { answers } from './schemas.ts';

/** The sandbox's 3-D Secure answer for the extras' payment: the access, the intent and Complete or Fail. */
const extrasAuthenticateSchema = manageAccessSchema
  .extend({ payment_intent_id: z.string().regex(/^[A-Za-z0-9_]{3,200}$/), outcome: z.enum(['complete', 'fail']) })
  .strict();

/**
 * Paying the driver's waiting time and extras owing on the manage page (issue 32, contract/manageExtras.ts), with the
 * same ways in as every manage call (a link's token, or a corporate passenger's own booking).
 */
export function registerManageExtrasRoutes(
  fastify: FastifyInstance,
  manage: ManageService,
  payments: PaymentsPort,
  grant: (request: FastifyRequest, access: ManageAccess) => Promise<ManageGrant>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(MANAGE_EXTRAS_API.pay, { schema: { body: manageExtrasPaySchema, response: answers(manageExtrasPayResponseSchema) } }, async (request) => {
    const { payment_method_id, payment_intent_id, ...access } = request.body;
    return manage.payExtras(request.site, await grant(request, access), { payment_method_id, payment_intent_id });
  });
  if (payments.kind === 'sandbox') {
    const sandbox = payments as ReturnType<typeof createSandboxPayments>;
    app.post(MANAGE_EXTRAS_API.authenticate, { schema: { body: extrasAuthenticateSchema, response: answers(confirmPaymentResponseSchema) } }, async (request) => {
      const { payment_intent_id: intentId, outcome, ...access } = request.body;
      return manage.authenticateExtras(request.site, await grant(request, access), intentId, (id) => sandbox.authenticate(request.site.id, id, outcome));
    });
  }
}
