/**
 * The one HTTP client of the operator console (/admin): every call goes to the page's own origin under /api/admin with
 * the staff session's cookie (same-origin, credentials included), and every POST, PUT, PATCH and DELETE carries the
 * session's CSRF token in CSRF_HEADER (contract/staff.ts). A failure rejects with an ApiCallError (src/api/enquiries.ts)
 * whose message is the server's JSON `message`, like the rest of src/api.
 *
 * A 401 from any call but sign-in means the session has ended (idle, expired, signed out elsewhere): the listeners
 * registered with onConsoleSessionLost hear it once per call, so the console's session machine goes back to sign-in.
 */
import { ofetch, type FetchOptions } from 'ofetch';
import { API_KEY_HEADERS, CSRF_HEADER } from '../../contract/httpHeaders.ts';
import { ApiCallError, callApi, downloadRefusal } from './apiError.ts';
import { runtimeConfig } from './runtimeConfig.ts';

export const CONSOLE_API_BASE = '/api/admin';

export type ConsoleMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ConsoleCallOptions {
  method?: ConsoleMethod;
  body?: Record<string, unknown> | unknown[];
  query?: Record<string, string | number | boolean | undefined | null | readonly string[]>;
  signal?: AbortSignal;
  /** Sign-in: a 401 there is a refused password, not a lost session; it also names the page's site with its key pair. */
  signIn?: boolean;
}

let csrfToken: string | null = null;
const lostListeners = new Set<(message: string) => void>();

/** The session's CSRF token (GET /api/admin/session gives it); null after sign-out. */
export function setAdminCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Hears every 401 of a signed-in call (the session ended); returns the unsubscribe. */
export function onConsoleSessionLost(listener: (message: string) => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

const mutating = (method: ConsoleMethod) => method !== 'GET';

/** The site's key pair, sent with sign-in only: it names the site the member signs in to (the default site without). */
function siteHeaders(): Record<string, string> {
  const { publicKey, secretKey } = runtimeConfig();
  return publicKey && secretKey ? { [API_KEY_HEADERS.public]: publicKey, [API_KEY_HEADERS.secret]: secretKey } : {};
}

/** Drops query entries that are undefined, null or '' (a filter left empty is no filter). */
function cleanQuery(query: ConsoleCallOptions['query']): Record<string, string | number | boolean | readonly string[]> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return Object.fromEntries(entries) as Record<string, string | number | boolean | readonly string[]>;
}

function requestOptions(options: ConsoleCallOptions): FetchOptions<'json'> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = options.signIn ? siteHeaders() : {};
  if (mutating(method) && csrfToken) headers[CSRF_HEADER] = csrfToken;
  return {
    baseURL: CONSOLE_API_BASE,
    method,
    headers,
    body: options.body,
    query: cleanQuery(options.query),
    signal: options.signal,
    credentials: 'include',
    retry: 0,
    timeout: 30_000,
  };
}

function noticeLostSession(error: unknown, options: ConsoleCallOptions): never {
  if (error instanceof ApiCallError && error.status === 401 && !options.signIn) {
    for (const listener of [...lostListeners]) listener(error.message);
  }
  throw error;
}

/** A console call answering JSON. */
export async function consoleCall<T>(path: string, options: ConsoleCallOptions = {}): Promise<T> {
  try {
    return await callApi(() => ofetch<T>(path, requestOptions(options)));
  } catch (error) {
    return noticeLostSession(error, options);
  }
}

/** The file name of a Content-Disposition header (`attachment; filename="bookings-….csv"`), or null. */
const attachmentName = (header: string | null) => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;

/** A console call answering a file (the CSV export): its text and the name the server gives it. */
export async function consoleDownload(path: string, options: ConsoleCallOptions = {}): Promise<{ filename: string; text: string }> {
  try {
    return await callApi(async () => {
      try {
        const response = await ofetch.raw<string, 'text'>(path, { ...(requestOptions(options) as unknown as FetchOptions<'text'>), responseType: 'text' });
        return { filename: attachmentName(response.headers.get('content-disposition')) ?? 'export.csv', text: response._data ?? '' };
      } catch (error) {
        // A refusal read as text is JSON: its message kept (ofetch's `data` is a getter: read, never written).
        throw await downloadRefusal(error);
      }
    });
  } catch (error) {
    return noticeLostSession(error, options);
  }
}
