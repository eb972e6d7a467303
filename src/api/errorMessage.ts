import { errorCodeOf, type ErrorCode } from '../../contract/errorCodes.ts';

/**
 * The text to show for a failed call: the response's `message` (or `error`) when there is one, else the error's message.
 * Apart from the calls (and their schemas), so the booking machine can read failures without loading them.
 */
export function apiErrorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object') {
      const body = data as { message?: unknown; error?: unknown };
      if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
      if (typeof body.error === 'string' && body.error.trim() !== '') return body.error;
    }
    if (error instanceof Error && error.message) return error.message;
  }
  return String(error);
}

/** A refused or failed call as the machines receive it: the text to show, and the server's code to branch on (null when it gave none). */
export class ApiRefusal extends Error {
  readonly code: ErrorCode | null;

  constructor(error: unknown) {
    super(apiErrorMessage(error), { cause: error });
    this.name = 'ApiRefusal';
    this.code = errorCodeOf(error);
  }
}
