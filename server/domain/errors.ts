import { kindOf, type ErrorCode, type ErrorKind } from '../../contract/errorCodes.ts';

/**
 * A refusal of the domain: a code of contract/errorCodes.ts, the text to show, and details the client may read
 * (they are sent beside `message`). It knows nothing of HTTP: the error handler maps its kind to a status.
 * `kind` is the code's own unless a refusal of the same code is of another kind (a used-up promo code is a conflict).
 * One detail is not sent in the body: `retryAfterSeconds` (RetryAfter), the wait before trying again, which the error
 * handler sends as the Retry-After header.
 */
export class DomainError extends Error {
  readonly kind: ErrorKind;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    kind?: ErrorKind,
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind ?? kindOf(code);
  }
}

/** The detail of a refusal that may be tried again later: sent as the Retry-After header (whole seconds), not in the body. */
export interface RetryAfter {
  retryAfterSeconds: number;
}

/** Splits a refusal's details into the body's and the Retry-After seconds, if any. */
export function retryAfterOf(details: Record<string, unknown>): { body: Record<string, unknown>; retryAfterSeconds: number | null } {
  const { retryAfterSeconds, ...body } = details;
  return { body, retryAfterSeconds: typeof retryAfterSeconds === 'number' ? retryAfterSeconds : null };
}
