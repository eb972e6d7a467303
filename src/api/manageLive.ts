/**
 * The passenger's live stream (issue 33, contract/manageLive.ts): POST /api/v1/manage-booking/live with the manage
 * link's token in the body and the site's key pair, read as Server-Sent Events from the answer's body. An EventSource
 * can send neither the key pair nor a body (the token never travels in a URL), so the stream is read with fetch and
 * machines/manageBooking/liveTrip.machine.ts reconnects it itself.
 */
import { LIVE_EVENTS, livePositionOf, liveStatusOf, MANAGE_LIVE_API, type LivePositionEvent, type LiveStatusEvent } from '../../contract/manageLive.ts';
import { API_KEY_HEADERS } from '../../contract/httpHeaders.ts';
import { ApiCallError } from './apiError.ts';
import { runtimeConfig } from './runtimeConfig.ts';

export interface LiveStreamHandlers {
  status(event: LiveStatusEvent): void;
  position(event: LivePositionEvent): void;
}

/** With a heartbeat every 25 s, this long without a byte means the connection is dead (a phone that slept, a dropped network). */
export const LIVE_SILENCE_MS = 60_000;

/** One event of the stream's text (`event:` and `data:` lines); comments (`: heartbeat`) and unknown events are left out. */
export function readFrame(frame: string): { event: string; data: unknown } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split(/\r?\n/)) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) as unknown };
  } catch {
    return null;
  }
}

function dispatch(frame: string, handlers: LiveStreamHandlers) {
  const read = readFrame(frame);
  if (!read) return;
  if (read.event === LIVE_EVENTS.status) {
    const status = liveStatusOf(read.data);
    if (status) handlers.status(status);
  } else if (read.event === LIVE_EVENTS.position) {
    const position = livePositionOf(read.data);
    if (position) handlers.position(position);
  }
}

/**
 * Follows the booking until the server ends the stream (resolves: the trip is over) or `signal` aborts. Rejects with
 * an ApiCallError: the server's refusal (`status` and its JSON `body`: a revoked or expired link is a 401), or `status`
 * null when the connection failed, dropped or went silent for LIVE_SILENCE_MS.
 */
export async function followManagedTrip(token: string, handlers: LiveStreamHandlers, { signal, silenceMs = LIVE_SILENCE_MS }: { signal?: AbortSignal; silenceMs?: number } = {}): Promise<void> {
  const config = runtimeConfig();
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  let silence: ReturnType<typeof setTimeout> | undefined;
  let silent = false;
  let reader: ReadableStreamDefaultReader<string> | null = null;
  const watch = () => {
    clearTimeout(silence);
    silence = setTimeout(() => {
      silent = true;
      controller.abort();
      // Ends a read still waiting (a body not tied to the abort signal ends here too).
      void reader?.cancel().catch(() => {});
    }, silenceMs);
  };
  const wentSilent = (cause?: unknown) => new ApiCallError('Live updates went silent.', null, null, { cause });
  try {
    watch();
    let response: Response;
    try {
      response = await fetch(`${config.apiHost}/api/v1${MANAGE_LIVE_API}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', [API_KEY_HEADERS.public]: config.publicKey, [API_KEY_HEADERS.secret]: config.secretKey },
        body: JSON.stringify({ token }),
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch (error) {
      throw new ApiCallError('Live updates could not be opened.', null, null, { cause: error });
    }
    if (!response.ok || !response.body) {
      const body = await response.json().catch(() => null);
      const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : 'Live updates were refused.';
      throw new ApiCallError(message, response.status, body);
    }
    reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw silent ? wentSilent(error) : new ApiCallError('Live updates were cut off.', null, null, { cause: error });
      }
      if (silent) throw wentSilent();
      if (chunk.done) return;
      watch();
      buffer += chunk.value;
      let end = buffer.search(/\r?\n\r?\n/);
      while (end !== -1) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        dispatch(frame, handlers);
        end = buffer.search(/\r?\n\r?\n/);
      }
    }
  } finally {
    clearTimeout(silence);
    signal?.removeEventListener('abort', abort);
    controller.abort();
  }
}
