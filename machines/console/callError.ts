import { errorCodeOf, type ErrorCode } from '../../contract/errorCodes.ts';

/**
 * What a console page shows and branches on when a call fails: the server's message (the console client throws errors
 * carrying the JSON `message` and the HTTP `status`), or the page's own fallback when there is none.
 */
export const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

export const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
};

/** The refusal's `code` (contract/errorCodes.ts): the error's own, or its answer's body's (`body` or `data`). */
export const codeOf = (error: unknown): ErrorCode | null => errorCodeOf(error) ?? errorCodeOf({ data: (error as { body?: unknown } | null)?.body });
