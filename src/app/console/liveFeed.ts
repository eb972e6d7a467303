/**
 * The console's live feed, shared by every console tab of the browser: the board and each booking's page.
 *
 * Over HTTP/1.1 a browser opens at most six connections to a host, and each tab's EventSource holds one for good: a
 * dispatcher with six booking pages open found the seventh tab waiting for ever (its calls queued behind the streams).
 * So one tab, the leader (holding the Web Lock `LIVE_LOCK`), opens the stream (liveStream.ts) and passes on what it
 * says over a BroadcastChannel; the others listen. When the leader closes, the lock passes to a waiting tab, which
 * opens the stream itself, after telling everyone the feed dropped (events in between were not seen, so the pages
 * read again once it is open: the same as a stream that reconnects). A tab that joins asks the leader where the stream
 * stands. Where a browser cannot share (no Web Locks outside a secure context, no BroadcastChannel), each tab opens
 * its own stream, as before.
 */
import type { LiveEvent } from '../../../machines/consoleBoard/index.ts';
import { openLiveStream, type LiveFeed } from './liveStream.ts';

export type { LiveFeed };

export const LIVE_LOCK = 'cabflow-console-live';
const CHANNEL = 'cabflow-console-live';

type ChannelMessage =
  | { kind: 'event'; event: LiveEvent }
  /** A new tab asks where the stream stands; the leader answers it alone. */
  | { kind: 'hello'; from: string }
  | { kind: 'state'; to: string; event: LiveEvent }
  /** A tab whose feed is off asks the leader to open the stream again. */
  | { kind: 'retry' };

/** The browser's sharing primitives (a seam for tests). */
export interface TabSharing {
  locks: Pick<LockManager, 'request'>;
  channel: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null };
  openStream: typeof openLiveStream;
}

function browserSharing(): TabSharing | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (typeof locks?.request !== 'function' || typeof BroadcastChannel !== 'function') return null;
  return { locks, channel: (name) => new BroadcastChannel(name), openStream: openLiveStream };
}

export function openLiveFeed(send: (event: LiveEvent) => void, sharing: TabSharing | null = browserSharing()): LiveFeed {
  if (!sharing) return openLiveStream(send);
  const id = Math.random().toString(36).slice(2);
  const channel = sharing.channel(CHANNEL);
  const closed = new AbortController();
  const post = (message: ChannelMessage) => {
    if (!closed.signal.aborted) channel.postMessage(message);
  };
  let stream: LiveFeed | null = null;
  /** What this tab's page last heard that says where the stream stands (the leader answers newcomers with it). */
  let standing: LiveEvent | null = null;
  const tell = (event: LiveEvent) => {
    if (closed.signal.aborted) return;
    if (event.type !== 'live.booking' && event.type !== 'live.resync') standing = event;
    send(event);
  };

  channel.onmessage = ({ data }: MessageEvent<ChannelMessage>) => {
    if (data.kind === 'event') tell(data.event);
    else if (data.kind === 'state' && data.to === id) tell(data.event);
    else if (data.kind === 'hello' && stream && standing) post({ kind: 'state', to: data.from, event: standing });
    else if (data.kind === 'retry' && stream) stream.retry();
  };

  let release: () => void = () => undefined;
  sharing.locks
    .request(LIVE_LOCK, { signal: closed.signal }, () => {
      if (closed.signal.aborted) return undefined;
      // Leading from here on: whatever the last leader's stream said is over, and what happened since was not seen.
      if (standing) {
        const dropped: LiveEvent = { type: 'live.lost' };
        tell(dropped);
        post({ kind: 'event', event: dropped });
      }
      stream = sharing.openStream((event) => {
        tell(event);
        post({ kind: 'event', event });
      });
      return new Promise<void>((resolve) => (release = resolve));
    })
    .catch(() => undefined); // Aborted while waiting: this tab closed before it led.
  post({ kind: 'hello', from: id });

  return {
    retry: () => (stream ? stream.retry() : post({ kind: 'retry' })),
    close: () => {
      closed.abort();
      stream?.close();
      stream = null;
      channel.onmessage = null;
      channel.close();
      release();
    },
  };
}
