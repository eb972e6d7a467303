// Issue 15, "Hostile text and slow clients": what the server does with clients that are slow on purpose, with real
// sockets against a listening provider (server/plugins/transport.ts), and what it serves from the build directory
// (server/web/staticFiles.ts: only the public build output, however the path is spelled).
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_INTERVAL_MS } from '../../server/plugins/transport.ts';
import { bookingPayload, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/** Fastify's answer to a client cut off while sending its request. */
const TIMED_OUT = '{"error":"Request Timeout","message":"Client Timeout","statusCode":408}';
/** The deadline plus Node's checking interval plus a margin for a busy machine: the socket must be closed by then. */
const closedWithin = (deadline: number) => deadline + TIMEOUT_CHECK_INTERVAL_MS + 3_000;

interface Connection {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  /** Writes one piece now and the rest one a second, until the socket closes. */
  trickle: (pieces: string[]) => void;
}

function open(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('error', () => undefined);
    const trickle = (pieces: string[]) => {
      const next = () => {
        if (socket.destroyed || socket.writableEnded || pieces.length === 0) return;
        socket.write(pieces.shift()!);
        setTimeout(next, 1000);
      };
      next();
    };
    socket.once('connect', () => resolve({ socket, received: () => text, closed, trickle }));
    socket.once('error', reject);
  });
}

/** Waits for the close and says whether it came by `limit` ms. */
async function closesBy(connection: Connection, limit: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limit)));
  const result = await Promise.race([connection.closed.then(() => true as const), late]);
  clearTimeout(timer);
  if (!result) connection.socket.destroy();
  return result;
}

const keyHeaders = Object.entries(KEY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

// The socket deadlines are Node's and Fastify's, not the database's: they run on PGlite (and so in the Node 24 run),
// not a third time on PostgreSQL, where they would only add half a minute of waiting.
describe.skipIf(testDatabaseKind === 'postgres')(`slow clients on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let port: number;
  beforeAll(async () => {
    provider = await startTestProvider({ listen: true });
    port = Number(new URL(provider.url).port);
  });
  afterAll(() => provider.dispose());

  // The slow clients run side by side: the longest (the body) takes the request deadline, 30 s.
  it.concurrent(
    'a client sending its headers one byte a second is answered 408 and closed at the headers deadline',
    async () => {
      const client = await open(port);
      client.trickle(['GET /api/v1/setting HTTP/1.1\r\nHost: localhost\r\n', ...'X-Slow: the headers never end'.split('')]);
      expect(await closesBy(client, closedWithin(HEADERS_TIMEOUT_MS))).toBe(true);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(client.received().endsWith(`\r\n\r\n${TIMED_OUT}`)).toBe(true);
    },
    closedWithin(HEADERS_TIMEOUT_MS) + 5_000,
  );

  it.concurrent(
    'a connection that never sends a byte is closed at the headers deadline',
    async () => {
      const client = await open(port);
      expect(await closesBy(client, closedWithin(HEADERS_TIMEOUT_MS))).toBe(true);
    },
    closedWithin(HEADERS_TIMEOUT_MS) + 5_000,
  );

  it.concurrent(
    'a client sending its body one byte a second is answered 408 and closed at the request deadline',
    async () => {
      const client = await open(port);
      const body = JSON.stringify({ pickup: 'x'.repeat(200) });
      client.trickle([
        `POST /api/v1/booking HTTP/1.1\r\nHost: localhost\r\n${keyHeaders}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
        ...body.split(''),
      ]);
      expect(await closesBy(client, closedWithin(REQUEST_TIMEOUT_MS))).toBe(true);
      expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(client.received().endsWith(`\r\n\r\n${TIMED_OUT}`)).toBe(true);
    },
    closedWithin(REQUEST_TIMEOUT_MS) + 5_000,
  );

  it.concurrent(
    'an idle kept-alive connection is closed at the keep-alive deadline after its answer',
    async () => {
      const client = await open(port);
      client.socket.write(`GET /api/v1/setting HTTP/1.1\r\nHost: localhost\r\n${keyHeaders}\r\n`);
      await expect.poll(() => client.received(), { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*connection: keep-alive/i);
      expect(await closesBy(client, closedWithin(KEEP_ALIVE_TIMEOUT_MS))).toBe(true);
    },
    closedWithin(KEEP_ALIVE_TIMEOUT_MS) + 15_000,
  );

  it.concurrent(
    'a phone on a bad connection still books: headers and body in pieces a second apart, within the deadlines',
    async () => {
      const { form, row } = await quoteFor(provider);
      const body = JSON.stringify(bookingPayload(form, row));
      const client = await open(port);
      const head = `POST /api/v1/booking HTTP/1.1\r\nHost: localhost\r\n${keyHeaders}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n`;
      // Two packets of headers, then the body in four, a second apart: about five seconds in all.
      const quarter = Math.ceil(body.length / 4);
      client.trickle([head.slice(0, 40), head.slice(40), ...[0, 1, 2, 3].map((index) => body.slice(index * quarter, (index + 1) * quarter))]);
      await client.closed;
      const [status, , answer] = /^(HTTP\/1\.1 \d+ [^\r]*)\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(client.received())!.slice(1);
      expect(status).toBe('HTTP/1.1 200 OK');
      const booking = JSON.parse(answer) as { success: boolean; data: { booking: { booking_number: string } } };
      expect(booking.success).toBe(true);
      const stored = await provider.db.query('SELECT 1 FROM bookings WHERE booking_number = $1', [booking.data.booking.booking_number]);
      expect(stored.rows).toHaveLength(1);
    },
    30_000,
  );
});

describe('files served from the build directory', () => {
  let provider: TestProvider;
  let built = false;
  beforeAll(async () => {
    provider = await startTestProvider();
    built = existsSync(path.join(provider.config.distDir, '.ssr', 'entry-server.js')) && existsSync(path.join(provider.config.distDir, '.vite', 'manifest.json'));
  });
  afterAll(() => provider.dispose());

  // The server renderer and Vite's manifest sit in the build directory but are not the website: every spelling of
  // their paths is a 404, compressed or not.
  const spellings = [
    '/.ssr/entry-server.js',
    '/%2essr/entry-server.js',
    '/%2Essr/entry-server.js',
    '/%2e/%2essr/entry-server.js',
    '/%2essr%2fentry-server.js',
    '/%252essr/entry-server.js',
    '/assets/..%2f.ssr/entry-server.js',
    '/assets/%2e%2e/.ssr/entry-server.js',
    '/assets/%2e%2e%2f%2essr%2fentry-server.js',
    '/assets\\..\\.ssr\\entry-server.js',
    '/%5c.ssr%5centry-server.js',
    '/./.ssr/entry-server.js',
    '//.ssr/entry-server.js',
    '/.vite/manifest.json',
    '/%2evite/manifest.json',
    '/%2Evite/manifest.json',
    '/%252evite/manifest.json',
    '/assets/..%2f.vite/manifest.json',
  ];
  it.each(spellings)('%s is a 404, whichever encoding the client accepts', async (url) => {
    if (!built) return;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await provider.fastify.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect({ encoding, status: response.statusCode, body: response.json() }).toEqual({ encoding, status: 404, body: { success: false, message: 'Not found', code: 'not_found' } });
    }
  });

  it('the public build output is still served compressed, whatever the spelling of its path', async ({ skip }) => {
    if (!built) return skip();
    for (const url of ['/embed.js', '/%65mbed.js', '/storage/vehicles/saloon.svg', '/cards/../embed.js']) {
      const response = await provider.fastify.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect({ url, status: response.statusCode, encoding: response.headers['content-encoding'] }).toEqual({ url, status: 200, encoding: 'br' });
    }
  });
});
