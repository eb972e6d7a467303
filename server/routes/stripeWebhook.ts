import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../adapters/db/index.ts';
import type { StripePayments } from '../adapters/payments/stripe.ts';
import { isWebhookEventHandled, recordWebhookEvent } from '../domain/bookings/paymentsRepository.ts';
import type { BookingService } from '../domain/bookings/service.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { DomainError } from '../domain/errors.ts';
import { HttpError } from '../http.ts';

/**
 * POST /api/v1/stripe/webhook: Stripe's signed `payment_intent.succeeded` finishes the booking of a customer who paid
 * and lost the page, or refunds a second charge for a booking already paid. No key pair (Stripe sends none): the
 * signature authenticates it. The work is idempotent (the booking on the submission, the refund on its key), so
 * deliveries may race; an event is recorded as handled only once its work is done, and a refund the processor could
 * not make yet answers 503 so that Stripe delivers the event again.
 */
export function stripeWebhookRoutes(deps: { db: Db; cache: SiteCache; bookings: BookingService; stripe: StripePayments }) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post('/stripe/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhookEvent(request.body as Buffer, String(signature ?? ''));
      } catch {
        throw new HttpError(400, 'Invalid Stripe signature');
      }
      if ((await isWebhookEventHandled(deps.db, event.id)) || event.type !== 'payment_intent.succeeded') return { received: true };
      const intent = event.data.object as Stripe.PaymentIntent;
      const siteId = Number(intent.metadata?.site_id);
      const site = (await deps.cache.sites()).find((candidate) => candidate.id === siteId);
      if (site) {
        const current = await deps.stripe.retrieveIntent(site.id, intent.id);
        const finished = await deps.bookings.finishPaidBooking(site, await deps.cache.catalog(site.id), current).catch((error: unknown) => {
          // Not ours, or not the amount we asked for: delivering it again would not change that.
          if (!(error instanceof DomainError)) throw error;
          request.log.warn({ site: site.id, intent: intent.id, refused: error.message }, 'Stripe webhook for a payment we cannot book');
          return null;
        });
        if (finished?.kind === 'duplicate' && !finished.refundSent) throw new HttpError(503, 'The refund of a second charge could not be made yet; deliver the event again.');
      }
      await recordWebhookEvent(deps.db, event.id);
      return { received: true };
    });
  };
}
