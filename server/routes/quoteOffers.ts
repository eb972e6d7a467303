import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quoteOfferOpenResponseSchema } from '../../contract/apiResponses.ts';
import { QUOTE_OFFER_API, QUOTE_OFFER_UNKNOWN, quoteOfferOpenSchema } from '../../contract/consoleEnquiries.ts';
import type { Db } from '../adapters/db/index.ts';
import { openQuoteOffer } from '../domain/enquiries/inbox.ts';
import type { Quoting } from '../domain/quotes/quoting.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import { answers } from './schemas.ts';

/**
 * POST /api/v1/quote-offer { token }: what a quote offer's mailed link opens (contract/consoleEnquiries.ts). The token
 * travels in the body (the link carries it in the fragment), is looked up by its SHA-256 on the request's site only,
 * and the answer is the stored quote's vehicle priced again by the server now: an unknown, another site's or an
 * expired link is one 404.
 */
export function quoteOfferRoutes(deps: { db: Db; cache: SiteCache; quoting: Quoting }) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(QUOTE_OFFER_API, { schema: { body: quoteOfferOpenSchema, response: answers(quoteOfferOpenResponseSchema) } }, async (request) => {
      const { token } = request.body;
      const offer = await openQuoteOffer({ db: deps.db, quoting: deps.quoting, site: request.site, catalog: await deps.cache.catalog(request.site.id) }, token);
      if (!offer) throw new HttpError(404, QUOTE_OFFER_UNKNOWN);
      return { success: true as const, ...offer };
    });
  };
}
