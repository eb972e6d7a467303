import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignedInBooker } from '../domain/bookings/prepare.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingResponseSchema, confirmPaymentResponseSchema, passengerBookingListResponseSchema, paymentIntentResponseSchema, secretKeyResponseSchema } from '../../contract/apiResponses.ts';
import { selectedVehiclePriceBodySchema, selectedVehiclePriceResponseSchema } from '../../contract/booking.ts';
import { BOOKING_CHANNEL_HEADER, bookingChannelOf, bookingCreateSchema, confirmPaymentIntentSchema, createPaymentIntentSchema, sandboxAuthenticateSchema } from '../../contract/bookings.ts';
import type { Db } from '../adapters/db/index.ts';
import type { PaymentsPort } from '../adapters/payments/port.ts';
import { PaymentProviderError } from '../adapters/payments/port.ts';
import type { createSandboxPayments } from '../adapters/payments/sandbox.ts';
import { assertOwnPassenger, authenticatePassenger } from '../domain/accounts/index.ts';
import type { Caller } from '../domain/accounts/credentials.ts';
import { listPassengerBookings } from '../domain/bookings/repository.ts';
import type { BookingService } from '../domain/bookings/service.ts';
import { isChangeIntent } from '../domain/manage/changesRepository.ts';
import { MANAGE_MESSAGES } from '../../contract/manageBooking.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import { answers } from './schemas.ts';

type Sandbox = ReturnType<typeof createSandboxPayments>;

/** A processor's refusal is a 402 with its message (quote refusals are domain errors: the error handler answers them). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpError(402, error.message, { error: error.message });
    throw error;
  }
}

/** POST /calculate-selected-vehicle-price, POST /booking, GET /secret_key, the two payment-intent calls, the sandbox's 3-D Secure answer and GET /get_booking. */
export function bookingRoutes(deps: { db: Db; cache: SiteCache; bookings: BookingService; payments: PaymentsPort }) {
  const { db, cache, bookings, payments } = deps;
  /**
   * The corporate area's signed-in passenger (issue 34): a booking sent with the passenger's bearer token is theirs,
   * no password asked. No Authorization header: a visitor as before; a header with an unknown or expired token: 401.
   */
  /** The caller's address and where they book from (the framed website says so in its header). */
  const visitor = (request: FastifyRequest): Caller => ({ ip: request.ip, channel: bookingChannelOf(request.headers[BOOKING_CHANNEL_HEADER]) });
  const signedInBooker = async (request: FastifyRequest): Promise<SignedInBooker | null> => {
    if (request.headers.authorization === undefined) return null;
    const { passenger } = await authenticatePassenger(request, db);
    return { id: passenger.id, name: passenger.name, email: passenger.email, phone: passenger.phone };
  };
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Spec §7's fourth calculate call: the chosen vehicle with the options editor's changes and the visitor's promo code.
    app.post('/calculate-selected-vehicle-price', { schema: { body: selectedVehiclePriceBodySchema, response: answers(selectedVehiclePriceResponseSchema) } }, async (request) => {
      const body = request.body;
      return guarded(async () => bookings.priceSelected(request.site, await cache.catalog(request.site.id), body));
    });

    app.post('/booking', { schema: { body: bookingCreateSchema, response: answers(bookingResponseSchema) } }, async (request) => {
      const input = request.body;
      return guarded(async () => bookings.createBooking(request.site, await cache.catalog(request.site.id), input, visitor(request), await signedInBooker(request)));
    });

    app.get('/secret_key', { schema: { response: answers(secretKeyResponseSchema) } }, async () => ({
      success: true as const,
      data: payments.publishableKey(),
      mode: payments.kind,
      test_mode: payments.testMode,
    }));

    app.post('/create-payment-intent', { schema: { body: createPaymentIntentSchema, response: answers(paymentIntentResponseSchema) } }, async (request) => {
      const input = request.body;
      return guarded(async () => bookings.createPaymentIntent(request.site, await cache.catalog(request.site.id), input, visitor(request), await signedInBooker(request)));
    });

    app.post('/confirm-payment-intent', { schema: { body: confirmPaymentIntentSchema, response: answers(confirmPaymentResponseSchema) } }, async (request) => {
      const { paymentIntentId } = request.body;
      return guarded(async () => bookings.confirmPaymentIntent(request.site, await cache.catalog(request.site.id), paymentIntentId));
    });

    if (payments.kind === 'sandbox') {
      // TEST MODE only: the answer of the sandbox's own 3-D Secure challenge page (Complete or Fail).
      app.post('/sandbox/authenticate', { schema: { body: sandboxAuthenticateSchema, response: answers(confirmPaymentResponseSchema) } }, async (request) => {
        const { paymentIntentId, outcome } = request.body;
        // A change's difference is answered by the manage call (MANAGE_API.changeAuthenticate), which applies the change.
        if (await isChangeIntent(db, request.site.id, paymentIntentId)) throw new HttpError(409, MANAGE_MESSAGES.changeIntentElsewhere, { code: 'change_intent' });
        return guarded(async () => {
          const intent = await (payments as Sandbox).authenticate(request.site.id, paymentIntentId, outcome);
          return bookings.answerIntent(request.site, await cache.catalog(request.site.id), intent);
        });
      });
    }

    // The passenger's session is checked before the id is read (so the params are checked in the handler, not by a schema).
    const getBooking = { schema: { params: z.object({ passenger_id: z.string() }), response: answers(passengerBookingListResponseSchema) } };
    app.get('/get_booking/:passenger_id', getBooking, async (request) => {
      const auth = await authenticatePassenger(request, db);
      const passengerId = Number(request.params.passenger_id);
      if (!Number.isSafeInteger(passengerId) || passengerId <= 0) throw new HttpError(400, 'passenger_id must be a number');
      assertOwnPassenger(auth, passengerId);
      return { success: true as const, data: await listPassengerBookings(db, request.site.id, passengerId) };
    });
  };
}
