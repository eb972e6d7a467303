import type { FastifyInstance, FastifyError } from 'fastify';
import { HttpError, sendError } from '../http.ts';

/** Every error leaves as JSON `{ success: false, message }`; a 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
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
