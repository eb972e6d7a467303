import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON text of the body (routes/rawJsonBody.ts), in a scope that keeps it; else null. */
    rawJson: string | null;
  }
}

/**
 * Keeps the text of each JSON body in this scope beside the parsed body, for the repeat-search fast path
 * (routes/quoting.ts): the parsing is still Fastify's own JSON parser (getDefaultJsonParser with this instance's
 * prototype-poisoning settings), so what is accepted, refused and parsed is unchanged; only the text is kept, on the
 * request (a request decoration, so every request keeps one shape).
 */
export function keepRawJson(scope: FastifyInstance) {
  const { onProtoPoisoning, onConstructorPoisoning } = scope.initialConfig;
  const parse = scope.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  scope.decorateRequest('rawJson', null);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawJson = body as string;
    parse(request, body as string, done);
  });
}

/** The JSON text the request's body was parsed from (a scope with keepRawJson, a JSON body), else undefined. */
export const rawJsonOf = (request: FastifyRequest): string | undefined => request.rawJson ?? undefined;
