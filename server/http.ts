import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * An error the client caused or may see: becomes `{ success: false, message, ...extra }` with its status, and its
 * `headers` (such as a 429's Retry-After) on the response. Domain code that has no reply to hand throws it as is.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
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
  return reply.code(statusCode).send({ success: false, message, ...extra });
}
