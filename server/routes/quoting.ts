import type { FastifyInstance, FastifyReply } from 'fastify';
import { bookingFormSchema, distanceBodySchema, hourlyRateFormSchema, placesQuerySchema, selectedVehiclePriceBodySchema } from '../../contract/booking.ts';
import type { MapsPort } from '../domain/geo/mapsPort.ts';
import { toPlaceSuggestion } from '../domain/geo/mapsPort.ts';
import { QuoteRefused, resolveContext, type Quoting } from '../domain/quotes/quoting.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError, parseInput } from '../http.ts';

const asHttp = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QuoteRefused) throw new HttpError(error.statusCode, error.message, { code: error.code });
    throw error;
  }
};

/** A price list answer, already serialised by the quoting module (once per quote, then reused by every repeat). */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

/** The four calculate calls of spec §7 and our places call. */
export function quotingRoutes(cache: SiteCache, quoting: Quoting, maps: MapsPort) {
  return async (app: FastifyInstance) => {
    app.post('/calculate-distance', async (request) => {
      const body = parseInput(distanceBodySchema, request.body);
      return asHttp(async () => quoting.distance(request.site, await cache.catalog(request.site.id), body));
    });

    app.post('/calculate-distance-price', async (request, reply) => {
      const catalog = await cache.catalog(request.site.id);
      const repeated = quoting.repeat(request.site, catalog, 'milleage', request.body);
      if (repeated !== null) return sendJson(reply, repeated);
      const form = parseInput(bookingFormSchema, request.body);
      const quote = await asHttp(async () => quoting.mileage(request.site, catalog, form, request.body));
      return sendJson(reply, quote.response);
    });

    app.post('/calculate-hourly-price', async (request, reply) => {
      const catalog = await cache.catalog(request.site.id);
      const repeated = quoting.repeat(request.site, catalog, 'hourly', request.body);
      if (repeated !== null) return sendJson(reply, repeated);
      const form = parseInput(hourlyRateFormSchema, request.body);
      const quote = await asHttp(async () => quoting.hourly(request.site, catalog, form, request.body));
      return sendJson(reply, quote.response);
    });

    app.post('/calculate-selected-vehicle-price', async (request) => {
      const body = parseInput(selectedVehiclePriceBodySchema, request.body);
      const { row } = await asHttp(async () => quoting.priceVehicle(request.site, await cache.catalog(request.site.id), body));
      return { success: true, quote_id: row.quote_id, price: row.price, final_price: row.final_price, breakdown: row.breakdown };
    });

    app.get('/places', async (request) => {
      const query = parseInput(placesQuerySchema, request.query);
      const catalog = await cache.catalog(request.site.id);
      const near = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : null;
      const places = await maps.suggest(query.q, { ...resolveContext(request.site, catalog), near, limit: query.limit });
      return places.map(toPlaceSuggestion);
    });
  };
}
