import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PAY_LINK_API, payLinkAccessSchema, payLinkAuthenticateSchema, payLinkPayAnswerSchema, payLinkPaySchema, payLinkViewSchema } from '../../contract/payLinks.ts';
import type { PaymentsPort } from '../adapters/payments/port.ts';
import type { createSandboxPayments } from '../adapters/payments/sandbox.ts';
import type { PayLinks } from '../domain/bookings/payLinks.ts';
import { answers } from './schemas.ts';

/** A pay call is a token and a payment id: 2 KiB is ample, anything bigger is refused unread (413). */
const BODY_LIMIT = 2 * 1024;

/**
 * The public page of a phone booking's card payment link (contract/payLinks.ts), under /api/v1 with the site's key
 * pair: the booking the link pays, the payment (a card's payment method, or the intent after 3-D Secure) and, with
 * the sandbox (TEST MODE), its 3-D Secure answer. The token travels in the body and is looked up by its SHA-256 on
 * the request's site only: another site's, a forged or a replaced link is one 404.
 */
export function payLinkRoutes(deps: { payLinks: PayLinks; payments: PaymentsPort }) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(PAY_LINK_API.view, { bodyLimit: BODY_LIMIT, schema: { body: payLinkAccessSchema, response: answers(payLinkViewSchema) } }, async (request) =>
      deps.payLinks.view(request.site, request.body.token),
    );

    app.post(PAY_LINK_API.pay, { bodyLimit: BODY_LIMIT, schema: { body: payLinkPaySchema, response: answers(payLinkPayAnswerSchema) } }, async (request) => {
      const { token, ...payment } = request.body;
      return deps.payLinks.pay(request.site, token, payment);
    });

    if (deps.payments.kind === 'sandbox') {
      const sandbox = deps.payments as ReturnType<typeof createSandboxPayments>;
      app.post(PAY_LINK_API.authenticate, { bodyLimit: BODY_LIMIT, schema: { body: payLinkAuthenticateSchema, response: answers(payLinkPayAnswerSchema) } }, async (request) => {
        const { token, payment_intent_id: intentId, outcome } = request.body;
        return deps.payLinks.authenticate(request.site, token, intentId, (id) => sandbox.authenticate(request.site.id, id, outcome));
      });
    }
  };
}
