import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../adapters/db/index.ts';
import type { StripePayments } from '../adapters/payments/stripe.ts';
import type { BookingService } from '../domain/bookings/service.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';

/**
 * POST /api/v1/stripe/webhook: Stripe's signed `payment_intent.succeeded` finishes the booking of a customer who paid
 * and lost the page. No key pair (Stripe sends none): the signature authenticates it. A replayed event is acknowledged
 * and ignored; the booking is idempotent on the intent anyway.
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
      const fresh = await deps.db.query('INSERT INTO webhook_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id', [event.id]);
      if (fresh.rows.length === 0 || event.type !== 'payment_intent.succeeded') return { received: true };
      const intent = event.data.object as Stripe.PaymentIntent;
      const siteId = Number(intent.metadata?.site_id);
      const site = (await deps.cache.sites()).find((candidate) => candidate.id === siteId);
      if (!site) return { received: true };
      const current = await deps.stripe.retrieveIntent(site.id, intent.id);
      await deps.bookings.finishPaidBooking(site, await deps.cache.catalog(site.id), current);
      return { received: true };
    });
  };
}
