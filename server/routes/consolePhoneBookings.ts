import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PHONE_BOOKING_PATHS,
  passengerSearchAnswerSchema,
  passengerSearchSchema,
  phoneBookingAnswerSchema,
  phoneBookingSchema,
  phonePriceAnswerSchema,
  phonePriceSchema,
} from '../../contract/consolePhoneBookings.ts';
import { payLinkResendAnswerSchema, payLinkResendParamsSchema } from '../../contract/payLinks.ts';
import type { Db } from '../adapters/db/index.ts';
import type { PayLinks } from '../domain/bookings/payLinks.ts';
import { pricePhoneTrip, takePhoneBooking } from '../domain/bookings/phone.ts';
import { searchPassengers } from '../domain/bookings/phoneRepository.ts';
import type { BookingService } from '../domain/bookings/service.ts';
import type { Quoting } from '../domain/quotes/quoting.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import { answers, createdAnswers } from './schemas.ts';

/** A phone booking is a few hundred bytes: 16 KiB is ample, anything bigger is refused unread (413). */
const BODY_LIMIT = 16 * 1024;

/**
 * Phone bookings (issue 34, contract/consolePhoneBookings.ts), inside the console API's authorisation: the member's own
 * site, owners and dispatchers (CSRF and same origin checked on the POSTs). Without the quoting engine or the booking
 * service (a console mounted alone) they answer 503.
 */
export function consolePhoneBookingRoutes(deps: { db: Db; cache: SiteCache; quoting?: Quoting; bookings?: BookingService; payLinks?: PayLinks; publicUrl: string; now?: () => Date }) {
  const engine = () => {
    if (!deps.quoting || !deps.bookings) throw new HttpError(503, 'Phone bookings are not available on this server');
    return { quoting: deps.quoting, bookings: deps.bookings };
  };
  const payLinks = () => {
    if (!deps.payLinks) throw new HttpError(503, 'Payment links are not available on this server');
    return deps.payLinks;
  };
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(PHONE_BOOKING_PATHS.price, { bodyLimit: BODY_LIMIT, schema: { body: phonePriceSchema, response: answers(phonePriceAnswerSchema) } }, async (request) => {
      const { quoting } = engine();
      return pricePhoneTrip({ quoting, site: request.site, catalog: await deps.cache.catalog(request.site.id) }, request.body);
    });

    app.get(PHONE_BOOKING_PATHS.passengers, { schema: { querystring: passengerSearchSchema, response: answers(passengerSearchAnswerSchema) } }, async (request) => {
      return { success: true as const, passengers: await searchPassengers(deps.db, request.site.id, request.query.q) };
    });

    app.post(PHONE_BOOKING_PATHS.create, { bodyLimit: BODY_LIMIT, schema: { body: phoneBookingSchema, response: { ...createdAnswers(phoneBookingAnswerSchema), 200: phoneBookingAnswerSchema } } }, async (request, reply) => {
      const { quoting, bookings } = engine();
      const answer = await takePhoneBooking({ db: deps.db, quoting, bookings, publicUrl: deps.publicUrl, now: deps.now }, request.site, await deps.cache.catalog(request.site.id), request.actor, request.body);
      request.log.info({ site_id: request.site.id, booking: answer.booking_number, created: answer.created }, 'phone booking taken');
      return reply.code(answer.created ? 201 : 200).send(answer);
    });

    // Card by payment link: a new link mailed to the passenger (the old one stops working), the same time limit.
    app.post(PHONE_BOOKING_PATHS.resendLink, { bodyLimit: 1024, schema: { params: payLinkResendParamsSchema, response: answers(payLinkResendAnswerSchema) } }, async (request) => {
      const answer = await payLinks().resend(request.site, request.actor, request.params.booking_number);
      request.log.info({ site_id: request.site.id, booking: request.params.booking_number }, 'payment link resent');
      return answer;
    });
  };
}
