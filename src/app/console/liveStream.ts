/**
 * One EventSource on GET /api/admin/events, the console's live feed of the site's bookings as the server streams it.
 * It reports what the board's `live` region listens to (machines/consoleBoard LiveEvent). A browser's tabs share one
 * of these (liveFeed.ts); a tab opens its own only where tabs cannot share.
 *
 * The browser's EventSource retries by itself after a drop (`live.lost`, then `live.open`), but gives up for good
 * when the server answers anything but a stream: a 429 (more than MAX_STREAMS_PER_SESSION tabs of one session), a
 * 401 (the session ended), a 5xx. Then one plain GET reads why (aborted at once should it open a stream after all)
 * and the feed reports `live.off` with the reason; it opens again only when asked (`retry`), so a refused tab never
 * hammers the server.
 */
import { BOOKING_EVENT_KINDS, type BookingEventMessage } from '../../../contract/dispatch.ts';
import type { LiveEvent, LiveOffReason } from '../../../machines/consoleBoard/index.ts';
import { BOOKING_EVENTS_URL } from '../../api/consoleBookings.ts';

function parseEvent(data: string): BookingEventMessage | null {
  try {
    const value = JSON.parse(data) as Partial<BookingEventMessage>;
    if (typeof value.booking_number !== 'string' || !BOOKING_EVENT_KINDS.includes(value.kind as never)) return null;
    return { booking_number: value.booking_number, kind: value.kind! };
  } catch {
    return null;
  }
}

/** Why the server would not stream: its status for a plain GET of the stream's address. */
async function refusalReason(signal: AbortSignal): Promise<LiveOffReason> {
  const probe = new AbortController();
  const abort = () => probe.abort();
  signal.addEventListener('abort', abort);
  try {
    const response = await fetch(BOOKING_EVENTS_URL, { credentials: 'same-origin', headers: { accept: 'text/event-stream' }, signal: probe.signal });
    return response.status === 429 ? 'tooManyTabs' : 'stopped';
  } catch {
    return 'stopped';
  } finally {
    probe.abort();
    signal.removeEventListener('abort', abort);
  }
}

export interface LiveFeed {
  /** Opens the stream again after `live.off`. */
  retry(): void;
  close(): void;
}

export function openLiveStream(send: (event: LiveEvent) => void): LiveFeed {
  const closed = new AbortController();
  let source: EventSource | null = null;
  const open = () => {
    source?.close();
    const current = new EventSource(BOOKING_EVENTS_URL, { withCredentials: true });
    source = current;
    current.onopen = () => send({ type: 'live.open' });
    current.onerror = () => {
      if (current.readyState !== EventSource.CLOSED) return send({ type: 'live.lost' });
      // Refused for good: this EventSource will not try again by itself.
      current.close();
      void refusalReason(closed.signal).then((reason) => {
        if (!closed.signal.aborted && source === current) send({ type: 'live.off', reason });
      });
    };
    current.addEventListener('resync', () => send({ type: 'live.resync' }));
    current.addEventListener('booking', (event) => {
      const message = parseEvent((event as MessageEvent<string>).data);
      if (message) send({ type: 'live.booking', message });
    });
  };
  open();
  return {
    retry: open,
    close: () => {
      closed.abort();
      source?.close();
      source = null;
    },
  };
}
