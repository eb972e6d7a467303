import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/** Where an HttpError's response headers travel inside its `extra`: a symbol, so they never reach the JSON body. */
const RESPONSE_HEADERS = Symbol('responseHeaders');

type Extra = Record<string, unknown> & { [RESPONSE_HEADERS]?: Record<string, string> };

/**
 * An error the client caused or may see: becomes `{ success: false, message, ...extra }` with its status, and its
 * `headers` (such as a 429's Retry-After) on the response. Domain code that has no reply to hand throws it as is.
 */
export class HttpError extends Error {
  readonly extra: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    message: string,
    extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    // The error handler hands `extra` to sendError; the headers ride along on a key that spreading and JSON skip.
    this.extra = Object.keys(headers).length ? Object.defineProperty({ ...extra }, RESPONSE_HEADERS, { value: headers, enumerable: false }) : extra;
  }
}

/** Validates input against a contract schema; the first issue becomes a 400 message naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new HttpError(400, `${where}${issue.message}`);
}

export function sendError(reply: FastifyReply, statusCode: number, message: string, extra: Record<string, unknown> = {}) {
  const headers = (extra as Extra)[RESPONSE_HEADERS];
  if (headers) reply.headers(headers);
  return reply.code(statusCode).send({ success: false, message, ...extra });
}
