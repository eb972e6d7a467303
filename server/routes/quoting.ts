import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingFormSchema,
  distanceBodySchema,
  distanceResponseSchema,
  hourlyRateFormSchema,
  nearestPlaceQuerySchema,
  nearestPlaceResponseSchema,
  placeSuggestionListSchema,
  placesQuerySchema,
  priceListResponseSchema,
} from '../../contract/booking.ts';
import type { MapsPort } from '../domain/geo/mapsPort.ts';
import { toPlaceSuggestion } from '../domain/geo/mapsPort.ts';
import { resolveContext, type QuoteAnswer, type Quoting } from '../domain/quotes/quoting.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { keepRawJson, rawJsonOf } from './rawJsonBody.ts';
import { answers } from './schemas.ts';

/** True when the client takes gzip (every browser does): `gzip` or `*` in Accept-Encoding without q=0. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * A price list answer, serialised once per quote by the quoting module and reused by every repeat: gzipped (about
 * 2.3 KB instead of 24 KB, the bytes the quotes table stores) when the client accepts it, else plain JSON. Sent as
 * bytes, so the route's response schema documents the answer but never runs on this hot path (issue 20).
 */
const sendPriceList = (request: FastifyRequest, reply: FastifyReply, answer: QuoteAnswer) => {
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(answer.gzipped);
  return reply.send(answer.response);
};

/**
 * A route-level preValidation hook answering a search whose request text is exactly one answered lately
 * (quoting.repeatOf): by then every rule of the request has run (the per-address limit, the key pair, the input rule
 * on headers, query and body); only the validation and the pricing's preflight are skipped, whose outcome for the same
 * text, catalogue and time is the remembered answer. Anything else goes on to validation and the handler.
 */
const answerRepeat =
  (cache: SiteCache, quoting: Quoting, kind: 'milleage' | 'hourly') =>
  (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const rawBody = rawJsonOf(request);
    // A text never answered (every new search) goes on at once, without waiting for anything.
    if (rawBody === undefined || !quoting.answeredText(request.site, kind, rawBody)) return done();
    cache.catalog(request.site.id).then((catalog) => {
      const answer = quoting.repeatOf(request.site, catalog, kind, rawBody);
      if (answer) sendPriceList(request, reply, answer);
      else done();
    }, done);
  };

/** Three calculate calls of spec §7 and our places calls (calculate-selected-vehicle-price is the booking routes': it prices a promo code as the booking will). */
export function quotingRoutes(cache: SiteCache, quoting: Quoting, maps: MapsPort) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post('/calculate-distance', { schema: { body: distanceBodySchema, response: answers(distanceResponseSchema) } }, async (request) => {
      const body = request.body;
      return quoting.distance(request.site, await cache.catalog(request.site.id), body);
    });

    // A repeated search is answered from the quoting module's memory: the same request text before validation
    // (answerRepeat), else the same parsed form (see createQuoting). The two price calls keep their body's text.
    await app.register(async (prices) => {
      keepRawJson(prices);
      const priced = prices.withTypeProvider<ZodTypeProvider>();
      priced.post(
        '/calculate-distance-price',
        { schema: { body: bookingFormSchema, response: answers(priceListResponseSchema) }, preValidation: answerRepeat(cache, quoting, 'milleage') },
        async (request, reply) => {
          const catalog = await cache.catalog(request.site.id);
          return sendPriceList(request, reply, await quoting.mileage(request.site, catalog, request.body, rawJsonOf(request)));
        },
      );
      priced.post(
        '/calculate-hourly-price',
        { schema: { body: hourlyRateFormSchema, response: answers(priceListResponseSchema) }, preValidation: answerRepeat(cache, quoting, 'hourly') },
        async (request, reply) => {
          const catalog = await cache.catalog(request.site.id);
          return sendPriceList(request, reply, await quoting.hourly(request.site, catalog, request.body, rawJsonOf(request)));
        },
      );
    });

    app.get('/places', { schema: { querystring: placesQuerySchema, response: answers(placeSuggestionListSchema) } }, async (request) => {
      const query = request.query;
      const catalog = await cache.catalog(request.site.id);
      const near = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : null;
      const places = await maps.suggest(query.q, { ...resolveContext(request.site, catalog), near, limit: query.limit });
      return places.map(toPlaceSuggestion);
    });

    // "Use my location": the visitor's position → the nearest address (the maps port's reverse geocoding).
    app.get('/places/nearest', { schema: { querystring: nearestPlaceQuerySchema, response: answers(nearestPlaceResponseSchema) } }, async (request) => {
      const catalog = await cache.catalog(request.site.id);
      const place = await maps.nearest({ lat: request.query.lat, lon: request.query.lon }, resolveContext(request.site, catalog));
      return { place: place ? toPlaceSuggestion(place) : null };
    });
  };
}
