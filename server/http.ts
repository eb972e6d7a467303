import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ERROR_KINDS, type ErrorCode, type ErrorKind } from '../contract/errorCodes.ts';

/** The one table from an error's kind (contract/errorCodes.ts) to its HTTP status. */
export const ERROR_STATUS: Record<ErrorKind, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** The generic code of a status: its kind, else invalid_input for another 4xx and internal for anything else. */
export function codeOfStatus(statusCode: number): ErrorCode {
  const kind = ERROR_KINDS.find((candidate) => ERROR_STATUS[candidate] === statusCode);
  if (kind) return kind;
  return statusCode >= 400 && statusCode < 500 ? 'invalid_input' : 'internal';
}

/**
 * An HTTP-level refusal of a route or plugin (domain code throws DomainError): becomes
 * `{ success: false, message, code, ...extra }` with its status, and its `headers` (such as a 429's Retry-After) on
 * the response. `code` is `extra.code` when it names one, else the generic code of the status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> & { code?: ErrorCode } = {},
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

/** Sends an error answer: `extra.code` when given, else the generic code of the status. */
export function sendError(reply: FastifyReply, statusCode: number, message: string, extra: Record<string, unknown> & { code?: ErrorCode } = {}) {
  return reply.code(statusCode).send({ success: false, message, ...extra, code: extra.code ?? codeOfStatus(statusCode) });
}
