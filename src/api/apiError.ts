/**
 * The one error of the client's calls (issue 31): every refused or failed call rejects with an ApiCallError carrying
 * the HTTP status (null: no answer), the text to show (the answer's `message` or `error`, else the client error's own
 * message), the answer's JSON body, and the contract's error `code` the machines branch on (null when the server gave
 * none). An abort stays an abort. Light on purpose (no call, no schema): the machines' composition roots read failures
 * without loading the calls.
 */
import { errorCodeOf, type ErrorCode } from '../../contract/errorCodes.ts';

/** A failed call: `status` is the HTTP status when the provider answered (null: no answer), `message` the text to show. */
export class ApiCallError extends Error {
  readonly status: number | null;
  readonly body: unknown;
  /** The contract's code of the refusal (contract/errorCodes.ts), from the answer's body; null when it has none. */
  readonly code: ErrorCode | null;

  constructor(message: string, status: number | null, body: unknown = null, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiCallError';
    this.status = status;
    this.body = body;
    this.code = errorCodeOf({ data: body });
  }
}

type MessageField = 'message' | 'error';

/**
 * Turns an ofetch failure into an ApiCallError: the response body's `prefer` field (then the other one) when it
 * has text, else the client error's own message. An abort stays an abort.
 */
export function toApiCallError(error: unknown, prefer: MessageField = 'message'): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof ApiCallError) return error;
  const fetchError = (error ?? {}) as { status?: unknown; statusCode?: unknown; data?: unknown; message?: unknown };
  const status = typeof fetchError.status === 'number' ? fetchError.status : typeof fetchError.statusCode === 'number' ? fetchError.statusCode : null;
  const body = fetchError.data && typeof fetchError.data === 'object' ? (fetchError.data as Record<string, unknown>) : null;
  const fields: MessageField[] = prefer === 'message' ? ['message', 'error'] : ['error', 'message'];
  const fromBody = fields.map((field) => body?.[field]).find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const message = fromBody ?? (typeof fetchError.message === 'string' && fetchError.message ? fetchError.message : String(error));
  return new ApiCallError(message, status, body, { cause: error });
}

/**
 * A file download's failure (asked for as text or a Blob): its JSON refusal read back as the body, so the refusal's
 * `code` and fields reach the machine. ofetch's `data` is a getter of the response: it is read, never written.
 */
export async function downloadRefusal(error: unknown, prefer: MessageField = 'message'): Promise<unknown> {
  const failure = (error ?? {}) as { data?: unknown; status?: unknown; statusCode?: unknown; message?: unknown };
  const data = failure.data;
  const text = typeof data === 'string' ? data : typeof Blob !== 'undefined' && data instanceof Blob ? await data.text() : null;
  if (text === null) return toApiCallError(error, prefer);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return toApiCallError(error, prefer); // Not JSON (a proxy's error page): the client error's own message stands.
  }
  const refusal = toApiCallError({ status: failure.status, statusCode: failure.statusCode, data: body, message: failure.message }, prefer);
  return refusal instanceof ApiCallError ? new ApiCallError(refusal.message, refusal.status, refusal.body, { cause: error }) : refusal;
}

/** Runs a call; any failure becomes an ApiCallError (see toApiCallError). */
export async function callApi<T>(call: () => Promise<T>, prefer: MessageField = 'message'): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toApiCallError(error, prefer);
  }
}

/** The text to show for a failed call (see toApiCallError); an abort's own message. */
export function apiErrorMessage(error: unknown): string {
  const failure = toApiCallError(error);
  return failure instanceof Error ? failure.message : String(failure);
}
