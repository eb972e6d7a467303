import { kindOf, type ErrorCode, type ErrorKind } from '../../contract/errorCodes.ts';

/**
 * A refusal of the domain: a code of contract/errorCodes.ts, the text to show, and details the client may read
 * (they are sent beside `message`). It knows nothing of HTTP: the error handler maps its kind to a status.
 * `kind` is the code's own unless a refusal of the same code is of another kind (a used-up promo code is a conflict).
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
