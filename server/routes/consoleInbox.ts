import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  enquiryAnswerSchema,
  enquiryRefSchema,
  inboxPageSchema,
  inboxQuerySchema,
  INBOX_MESSAGES,
  mailRefSchema,
  offerSchema,
  outboxAnswerSchema,
  outboxPageSchema,
  outboxQuerySchema,
  priceAnswerSchema,
  priceTripSchema,
  replySchema,
  textsPageSchema,
  textsQuerySchema,
  type EnquiryAnswer,
} from '../../contract/consoleEnquiries.ts';
import type { Db } from '../adapters/db/index.ts';
import { mailIdentity, type MailPort } from '../adapters/mail/index.ts';
import { changeEnquiryStatus, offerQuote, priceQuoteRequest, replyToEnquiry, resendMail, type InboxContext } from '../domain/enquiries/inbox.ts';
import { createInboxRepository } from '../domain/enquiries/inboxRepository.ts';
import { createOutboxRepository } from '../domain/enquiries/outboxRepository.ts';
import { createTextsRepository } from '../domain/texts/repository.ts';
import type { Quoting } from '../domain/quotes/quoting.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { HttpError } from '../http.ts';
import { answers, createdAnswers } from './schemas.ts';

export interface ConsoleInboxDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  /** The deployment's address, for mailed links of a site without hosts. */
  publicUrl: string;
  /** The site's quoting engine (QUOTE NOW requests priced from their trip); without it those two calls answer 503. */
  quoting?: Quoting;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** A reply is at most 10 000 characters: 64 KiB is ample, anything bigger is refused unread (413). */
const BODY_LIMIT = 64 * 1024;

/**
 * The enquiries inbox and the mail outbox of the console, for owners and dispatchers, on the caller's own site only
 * (admin.ts registers it inside its authorised scope: `request.site` and `request.actor` are set, CSRF checked).
 * Every change locks its row, is audited in its transaction, and answers the resource as it now is.
 */
export function consoleInboxRoutes(deps: ConsoleInboxDeps) {
  const { db, cache, mail } = deps;
  const inbox = createInboxRepository(db);
  const outbox = createOutboxRepository(db);

  const contextOf = async (request: FastifyRequest): Promise<InboxContext> => {
    const { settings } = await cache.catalog(request.site.id);
    return { db, mail, site: request.site, identity: mailIdentity(settings, request.site.name), actor: request.actor };
  };
  const quotingOf = () => {
    if (!deps.quoting) throw new HttpError(503, 'Pricing is not available on this server');
    return deps.quoting;
  };
  const enquiry = async (siteId: number, kind: 'quote' | 'contact', id: number): Promise<EnquiryAnswer> => {
    const found = await inbox.detail(siteId, kind, id);
    if (!found) throw new HttpError(404, INBOX_MESSAGES.notFound);
    return { success: true as const, enquiry: found };
  };

  const enquiryCall = { params: enquiryRefSchema, response: answers(enquiryAnswerSchema) };
  return async function inboxRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/enquiries', { schema: { querystring: inboxQuerySchema, response: answers(inboxPageSchema) } }, async (request) => {
      return { success: true as const, ...(await inbox.list(request.site.id, request.query)) };
    });

    app.get('/enquiries/:kind/:id', { schema: enquiryCall }, async (request) => {
      const ref = request.params;
      return enquiry(request.site.id, ref.kind, ref.id);
    });

    app.post('/enquiries/:kind/:id/reply', { bodyLimit: BODY_LIMIT, schema: { ...enquiryCall, body: replySchema } }, async (request) => {
      const ref = request.params;
      await replyToEnquiry(await contextOf(request), ref, request.body);
      return enquiry(request.site.id, ref.kind, ref.id);
    });

    app.post('/enquiries/:kind/:id/close', { schema: enquiryCall }, async (request) => {
      const ref = request.params;
      await changeEnquiryStatus(await contextOf(request), ref, 'closed');
      return enquiry(request.site.id, ref.kind, ref.id);
    });

    app.post('/enquiries/:kind/:id/reopen', { schema: enquiryCall }, async (request) => {
      const ref = request.params;
      await changeEnquiryStatus(await contextOf(request), ref, 'open');
      return enquiry(request.site.id, ref.kind, ref.id);
    });

    app.post('/enquiries/quote/:id/price', { schema: { params: mailRefSchema, body: priceTripSchema, response: answers(priceAnswerSchema) } }, async (request) => {
      const { id } = request.params;
      return priceQuoteRequest({ db, quoting: quotingOf(), site: request.site, catalog: await cache.catalog(request.site.id) }, id, request.body);
    });

    app.post('/enquiries/quote/:id/offer', { bodyLimit: BODY_LIMIT, schema: { params: mailRefSchema, body: offerSchema, response: answers(enquiryAnswerSchema) } }, async (request) => {
      const { id } = request.params;
      const quoting = quotingOf();
      await offerQuote({ ...(await contextOf(request)), quoting, catalog: await cache.catalog(request.site.id), publicUrl: deps.publicUrl }, id, request.body);
      return enquiry(request.site.id, 'quote', id);
    });

    app.get('/mail', { schema: { querystring: outboxQuerySchema, response: answers(outboxPageSchema) } }, async (request) => {
      return { success: true as const, ...(await outbox.list(request.site.id, request.query)) };
    });

    // The passengers' text messages (issue 33): what was texted to whom, its delivery state and the provider's error.
    app.get('/texts', { schema: { querystring: textsQuerySchema, response: answers(textsPageSchema) } }, async (request) => {
      return { success: true as const, ...(await createTextsRepository(db).list(request.site.id, request.query)) };
    });

    app.get('/mail/:id', { schema: { params: mailRefSchema, response: answers(outboxAnswerSchema) } }, async (request) => {
      const { id } = request.params;
      const found = await outbox.detail(request.site.id, id);
      if (!found) throw new HttpError(404, INBOX_MESSAGES.mailNotFound);
      return { success: true as const, mail: found };
    });

    app.post('/mail/:id/resend', { schema: { params: mailRefSchema, response: createdAnswers(outboxAnswerSchema) } }, async (request, reply) => {
      const copyId = await resendMail(await contextOf(request), request.params.id);
      const copy = await outbox.detail(request.site.id, copyId);
      return reply.code(201).send({ success: true as const, mail: copy! });
    });
  };
}
