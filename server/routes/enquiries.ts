import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { contactResponseSchema, quoteEmailResponseSchema } from '../../contract/apiResponses.ts';
import { contactRequestSchema, ENQUIRY_MESSAGES, isPastLondonDate, PICKUP_DATE_PAST_MESSAGE, quoteEmailRequestSchema } from '../../contract/enquiries.ts';
import type { Db } from '../adapters/db/index.ts';
import { mailIdentity, type MailPort } from '../adapters/mail/index.ts';
import { submitContactMessage, submitQuoteRequest, type EnquiryContext } from '../domain/enquiries/index.ts';
import type { SiteCache } from '../domain/sites/index.ts';
import { DomainError } from '../domain/errors.ts';
import { HttpError } from '../http.ts';
import type { RateLimiter, RateLimitRule } from '../plugins/rateLimit.ts';
import { answers, validatorOf } from './schemas.ts';

export interface EnquiryRouteDeps {
  db: Db;
  cache: SiteCache;
  mail: MailPort;
  limiter: RateLimiter;
}

/** Per client address: generous for a person, useless for a spammer. */
export const ENQUIRY_RATE_LIMITS = {
  quote: { bucket: 'send-instant-email:ip', max: 10, windowSec: 600 },
  contact: { bucket: 'contact-us:ip', max: 10, windowSec: 600 },
} satisfies Record<string, RateLimitRule>;

/** The largest body either form can legitimately make is about 30 KB; anything bigger is refused unread (413). */
const BODY_LIMIT = 64 * 1024;

/** Validates a form: the first problem becomes a 400 whose message a visitor can read, plus the field it is about. */
function parseForm<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new HttpError(400, issue.message, issue.path.length ? { field: issue.path.join('.') } : {});
}

/**
 * Contact-us errors must carry `error` (the spec's browser reads it) as well as `message`; send-instant-email's get
 * it too for symmetry. Rethrowing hands the error to the app's handler, which still hides 5xx details.
 */
function withErrorField(error: FastifyError | HttpError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  void reply;
  if (error instanceof DomainError) throw new DomainError(error.code, error.message, { ...error.details, error: error.message }, error.kind);
  if (error instanceof HttpError) throw new HttpError(error.statusCode, error.message, { ...error.extra, error: error.message });
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The form is too large to send' : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : error.message;
    throw new HttpError(status, message, { error: message });
  }
  request.log.error({ err: error }, 'request failed');
  const message = 'Something went wrong on our side. Please try again.';
  throw new HttpError(500, message, { error: message });
}

/** POST /send-instant-email and POST /contact-us (spec §7): stored, then mailed to the operator through the outbox. */
export function enquiryRoutes({ db, cache, mail, limiter }: EnquiryRouteDeps) {
  const contextFor = async (request: FastifyRequest): Promise<EnquiryContext> => {
    const { settings } = await cache.catalog(request.site.id);
    return { db, mail, siteId: request.site.id, identity: mailIdentity(settings, request.site.name), clientIp: request.ip ?? null, log: request.log };
  };

  // The forms are refused as parseForm refuses them (the message and the field), with `error` added by withErrorField.
  const form = { bodyLimit: BODY_LIMIT, errorHandler: withErrorField };
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/send-instant-email',
      { ...form, validatorCompiler: validatorOf(parseForm), onRequest: limiter.perAddress(ENQUIRY_RATE_LIMITS.quote), schema: { body: quoteEmailRequestSchema, response: answers(quoteEmailResponseSchema) } },
      async (request) => {
        const input = request.body;
        if (isPastLondonDate(input.pickup_date)) throw new HttpError(400, PICKUP_DATE_PAST_MESSAGE, { field: 'pickup_date' });
        const id = await submitQuoteRequest(await contextFor(request), input);
        return { success: true as const, message: ENQUIRY_MESSAGES.quoteSent, quote_request_id: id };
      },
    );

    app.post(
      '/contact-us',
      { ...form, validatorCompiler: validatorOf(parseForm), onRequest: limiter.perAddress(ENQUIRY_RATE_LIMITS.contact), schema: { body: contactRequestSchema, response: answers(contactResponseSchema) } },
      async (request) => {
        const input = request.body;
        const id = await submitContactMessage(await contextFor(request), input);
        return { success: true as const, message: ENQUIRY_MESSAGES.contactSent, contact_id: id };
      },
    );
  };
}
