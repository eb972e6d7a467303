import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../adapters/db/index.ts';
import type { StripePayments } from '../adapters/payments/stripe.ts';
import { isWebhookEventHandled, recordWebhookEvent } from '../domain/bookings/paymentsRepository.ts';
import type { BookingService } from '../domain/bookings/service.ts';
import { settleHeldExtras } from '../domain/drivers/completion.ts';
import { createCompletionRepository } from '../domain/drivers/completionRepository.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { DomainError } from '../domain/errors.ts';
import { HttpError } from '../http.ts';

/**
 * POST /api/v1/stripe/webhook: Stripe's signed `payment_intent.succeeded` finishes the booking of a customer who paid
 * and lost the page, or refunds a second charge for a booking already paid. No key pair (Stripe sends none): the
 * signature authenticates it. The work is idempotent (the booking on the submission, the refund on its key), so
 * deliveries may race; an event is recorded as handled only once its work is done, and a refund the processor could
 * not make yet answers 503 so that Stripe delivers the event again.
 *
 * The driver's extras (issue 32): an intent recorded as a payment of a booking's extras (the off-session charge held
 * for 3-D Secure, or the passenger's card on the manage page), or whose metadata says `for: 'driver_extras'`, never
 * reaches the fare's path. Re-read from Stripe, succeeded → the extras recorded as paid once (drivers/completion.ts
 * settleHeldExtras, the manage page's own code); `payment_intent.canceled` → its hold on the extras' charging slot
 * freed. `payment_intent.payment_failed` is not handled: a held charge the bank refused may still be confirmed with
 * another card by whoever holds its client secret, so it keeps the slot until the manage page cancels it.
 */
const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.canceled']);

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
      if ((await isWebhookEventHandled(deps.db, event.id)) || !HANDLED.has(event.type)) return { received: true };
      const intent = event.data.object as Stripe.PaymentIntent;
      const siteId = Number(intent.metadata?.site_id);
      const site = (await deps.cache.sites()).find((candidate) => candidate.id === siteId);
      if (site) {
        // The driver's extras (their off-session charge, or the passenger's card on the manage page) never reach the fare's path.
        const extrasOf = await createCompletionRepository(deps.db).extrasPaymentBooking(site.id, intent.id);
        if (extrasOf !== null || intent.metadata?.for === 'driver_extras') {
          // Not recorded as one of ours yet: the charge's own caller (or the sweep of abandoned claims) records it.
          if (extrasOf !== null) await settleHeldExtras({ db: deps.db, log: request.log }, site, extrasOf, await deps.stripe.retrieveIntent(site.id, intent.id));
        } else if (event.type === 'payment_intent.succeeded') {
          const current = await deps.stripe.retrieveIntent(site.id, intent.id);
          const finished = await deps.bookings.finishPaidBooking(site, await deps.cache.catalog(site.id), current).catch((error: unknown) => {
            // Not ours, or not the amount we asked for: delivering it again would not change that.
            if (!(error instanceof DomainError)) throw error;
            request.log.warn({ site: site.id, intent: intent.id, refused: error.message }, 'Stripe webhook for a payment we cannot book');
            return null;
          });
          if (finished?.kind === 'duplicate' && !finished.refundSent) throw new HttpError(503, 'The refund of a second charge could not be made yet; deliver the event again.');
        }
      }
      await recordWebhookEvent(deps.db, event.id);
      return { received: true };
    });
  };
}
