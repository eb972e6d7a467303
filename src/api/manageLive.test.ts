import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LivePositionEvent, LiveStatusEvent } from '../../contract/manageLive.ts';
import { followManagedTrip, readFrame } from './manageLive.ts';

const TOKEN = 'T'.repeat(43);
const STATUS: LiveStatusEvent = { booking_number: 'CF-1', status: 'driver_assigned', stage: 'on_the_way', status_label: 'Your driver is on the way', revision: 3 };
const POSITION: LivePositionEvent = { car: { lat: 51.48, lng: -0.3, recorded_at: '2030-07-01T07:30:00.000Z' }, eta: { minutes: 6, by_road: false } };

/** A fetch answering with a stream the test writes chunk by chunk (and may end or break). */
function streamingFetch(status = 200, body?: unknown) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(control) {
      controller = control;
    },
  });
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return status === 200 ? new Response(stream, { status, headers: { 'content-type': 'text/event-stream' } }) : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  const encoder = new TextEncoder();
  return { requests, write: (text: string) => controller.enqueue(encoder.encode(text)), end: () => controller.close(), fail: () => controller.error(new Error('network gone')) };
}

describe("the passenger's live stream, read with fetch", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reads the frames however the chunks cut them, leaves heartbeats out, and resolves when the server ends the stream', async () => {
    const server = streamingFetch();
    const seen: unknown[] = [];
    const following = followManagedTrip(TOKEN, { status: (event) => seen.push(['status', event]), position: (event) => seen.push(['position', event]) });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const [{ url, init }] = server.requests;
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual(['/api/v1/manage-booking/live', 'POST', { token: TOKEN }]);
    const frame = `event: status\ndata: ${JSON.stringify(STATUS)}\n\n`;
    server.write(frame.slice(0, 20));
    server.write(`${frame.slice(20)}: heartbeat\n\nevent: position\ndata: ${JSON.stringify(POSITION).slice(0, 30)}`);
    server.write(`${JSON.stringify(POSITION).slice(30)}\n\nevent: unknown\ndata: {}\n\n`);
    server.end();
    await following;
    expect(seen).toEqual([
      ['status', STATUS],
      ['position', POSITION],
    ]);
  });

  it("rejects with the server's refusal (status and JSON body), or with no status when the connection breaks or goes silent", async () => {
    const refusal = { success: false, message: 'This link is no longer active.', code: 'link_revoked', operator_phone: null };
    streamingFetch(401, refusal);
    await expect(followManagedTrip(TOKEN, { status: () => {}, position: () => {} })).rejects.toMatchObject({ status: 401, body: refusal, message: refusal.message });

    const broken = streamingFetch();
    const cut = followManagedTrip(TOKEN, { status: () => {}, position: () => {} });
    await vi.waitFor(() => expect(broken.requests).toHaveLength(1));
    broken.fail();
    await expect(cut).rejects.toMatchObject({ status: null, message: 'Live updates were cut off.' });

    vi.useFakeTimers();
    const quiet = streamingFetch();
    const silent = followManagedTrip(TOKEN, { status: () => {}, position: () => {} }, { silenceMs: 60_000 });
    const settled = silent.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10);
    quiet.write(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(await Promise.race([settled, Promise.resolve('still open')])).toBe('still open');
    await vi.advanceTimersByTimeAsync(1_100);
    expect(await settled).toMatchObject({ status: null, message: 'Live updates went silent.' });
  });

  it('reads one frame: its event and JSON data; a comment or a frame without data is nothing', () => {
    expect(readFrame('event: status\ndata: {"a":1}')).toEqual({ event: 'status', data: { a: 1 } });
    expect(readFrame(': heartbeat')).toBeNull();
    expect(readFrame('event: status')).toBeNull();
    expect(readFrame('data: not json')).toBeNull();
  });
});
