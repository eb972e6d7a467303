import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../machines/consoleBoard/index.ts';
import { LIVE_LOCK, openLiveFeed, type TabSharing } from './liveFeed.ts';
import type { LiveFeed } from './liveStream.ts';

/** One browser's tabs: a BroadcastChannel that delivers to every other channel of the name, a Web Lock queue, and streams. */
function browser() {
  const channels = new Set<{ name: string; onmessage: ((event: MessageEvent) => void) | null }>();
  const waiting: { name: string; grant: () => void }[] = [];
  let held = false;
  const next = () => {
    const first = waiting.shift();
    if (first) first.grant();
  };
  const streams: { send: (event: LiveEvent) => void; closed: boolean; retries: number }[] = [];
  const sharing: TabSharing = {
    channel: (name) => {
      const channel = {
        name,
        onmessage: null as ((event: MessageEvent) => void) | null,
        postMessage: (data: unknown) => {
          for (const other of channels) if (other !== channel && other.name === name) queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
        },
        close: () => void channels.delete(channel),
      };
      channels.add(channel);
      return channel;
    },
    locks: {
      request: ((name: string, options: LockOptions, callback: () => Promise<void> | undefined) =>
        new Promise((resolve, reject) => {
          expect(name).toBe(LIVE_LOCK);
          const entry = {
            name,
            grant: () => {
              held = true;
              Promise.resolve(callback()).then((value) => {
                held = false;
                resolve(value);
                next();
              });
            },
          };
          options.signal?.addEventListener('abort', () => {
            const index = waiting.indexOf(entry);
            if (index >= 0) waiting.splice(index, 1), reject(new DOMException('aborted', 'AbortError'));
          });
          waiting.push(entry);
          if (!held) next();
        })) as unknown as LockManager['request'],
    },
    openStream: (send) => {
      const stream = { send, closed: false, retries: 0 };
      streams.push(stream);
      return { retry: () => void (stream.retries += 1), close: () => void (stream.closed = true) } satisfies LiveFeed;
    },
  };
  const tab = () => {
    const heard: string[] = [];
    const feed = openLiveFeed((event) => heard.push(event.type === 'live.booking' ? `booking ${event.message.booking_number}` : event.type), sharing);
    return { heard, feed };
  };
  return { tab, streams, openStreams: () => streams.filter((stream) => !stream.closed) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const booking = (number: string): LiveEvent => ({ type: 'live.booking', message: { booking_number: number, kind: 'created' } });

describe('the console live feed shared by the tabs of a browser', () => {
  it('one stream for every tab: the first tab leads, the others hear what it hears, a late tab is told the stream is open', async () => {
    const { tab, streams, openStreams } = browser();
    const [board, first] = [tab(), tab()];
    await settle();
    expect(streams).toHaveLength(1);
    streams[0].send({ type: 'live.open' });
    streams[0].send(booking('CF-1'));
    await settle();
    const late = tab();
    await settle();
    streams[0].send(booking('CF-2'));
    await settle();
    expect(board.heard).toEqual(['live.open', 'booking CF-1', 'booking CF-2']);
    expect(first.heard).toEqual(['live.open', 'booking CF-1', 'booking CF-2']);
    expect(late.heard).toEqual(['live.open', 'booking CF-2']);
    expect(openStreams()).toHaveLength(1);
  });

  it('when the leading tab closes, the next one opens the stream; every page hears the drop and the reopening, so it reads again', async () => {
    const { tab, streams, openStreams } = browser();
    const [leader, second, third] = [tab(), tab(), tab()];
    await settle();
    streams[0].send({ type: 'live.open' });
    await settle();
    leader.feed.close();
    await settle();
    expect(streams[0].closed).toBe(true);
    expect(openStreams()).toHaveLength(1);
    streams[1].send({ type: 'live.open' });
    streams[1].send(booking('CF-3'));
    await settle();
    for (const page of [second, third]) expect(page.heard).toEqual(['live.open', 'live.lost', 'live.open', 'booking CF-3']);
    expect(leader.heard).toEqual(['live.open']);
  });

  it("a tab's Try again reaches the leader's stream; a tab closed while waiting never leads", async () => {
    const { tab, streams, openStreams } = browser();
    const [leader, follower, gone, last] = [tab(), tab(), tab(), tab()];
    await settle();
    streams[0].send({ type: 'live.off', reason: 'stopped' });
    await settle();
    expect(follower.heard).toEqual(['live.off']);
    follower.feed.retry();
    await settle();
    expect(streams[0].retries).toBe(1);
    gone.feed.close();
    leader.feed.close();
    await settle();
    expect(streams).toHaveLength(2);
    expect(openStreams()).toHaveLength(1);
    streams[1].send({ type: 'live.open' });
    await settle();
    expect(follower.heard).toEqual(['live.off', 'live.lost', 'live.open']);
    expect(last.heard).toEqual(['live.off', 'live.lost', 'live.open']);
    expect(gone.heard).toEqual(['live.off']);
  });

  it('without Web Locks or BroadcastChannel each tab opens its own stream', () => {
    const eventSource = vi.fn(function (this: Record<string, unknown>) {
      this.close = vi.fn();
      this.addEventListener = vi.fn();
    });
    vi.stubGlobal('EventSource', eventSource);
    try {
      openLiveFeed(() => undefined, null).close();
      openLiveFeed(() => undefined, null).close();
      expect(eventSource).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
