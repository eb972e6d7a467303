import type { FastifyInstance, FastifyError } from 'fastify';
import { DomainError, retryAfterOf } from '../domain/errors.ts';
import { ERROR_STATUS, HttpError, sendError } from '../http.ts';

/**
 * Every error leaves as JSON `{ success: false, message, code }`: a DomainError with the status of its kind and its
 * details (its `retryAfterSeconds` as the Retry-After header), an HttpError with its own status and headers; a 5xx
 * never shows internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const { body, retryAfterSeconds } = retryAfterOf(error.details);
      if (retryAfterSeconds !== null) reply.header('retry-after', String(retryAfterSeconds));
      return sendError(reply, ERROR_STATUS[error.kind], error.message, { ...body, code: error.code });
    }
    if (error instanceof HttpError) return sendError(reply.headers(error.headers), error.statusCode, error.message, error.extra);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'Malformed JSON body' : error.message;
      return sendError(reply, status, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Something went wrong on our side. Please try again.');
  });
}
