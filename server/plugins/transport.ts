/**
 * The HTTP server's timeouts (Fastify options, spread into Fastify() in server/app.ts): how long a client may take to
 * send its headers and its whole request, how long a connection may make no progress, and how long an idle kept-alive
 * connection stays open. A client cut off while sending its request gets Fastify's 408 JSON answer and is closed.
 *
 * - headers: 10 s from the connection (or the previous answer) to the end of the headers. A browser sends about 1 kB of
 *   headers in one packet: even a phone on a bad connection (2 s round trips) needs one or two.
 * - whole request: 30 s to the last byte of the body, however steadily it trickles. Our largest real body (a booking)
 *   is a few kB; the 256 KiB body limit itself takes 30 s at 70 kbit/s, slower than EDGE.
 * - no progress: 120 s without a byte either way. Above the longest server work (a Stripe call is 20 s, retried twice),
 *   so a slow answer is never cut; it closes a client that stopped reading our answer.
 * - keep-alive: 5 s idle between requests (Node's and Apache's default). Behind a reverse proxy that keeps upstream
 *   connections, set its idle timeout below this (nginx: `keepalive_timeout 4s;` in the upstream block).
 *
 * Node checks the header and request deadlines every `connectionsCheckingInterval`: its default, 30 s, would let a
 * 10 s deadline run to 40 s, so it is 1 s.
 *
 * A long-lived answer (the server-sent events of issue 17) is not affected by the header, request or keep-alive
 * limits: its request is complete once its headers are in, and keep-alive only counts between requests. Only the
 * no-progress limit applies: such a stream sends a comment line (`:\n\n`) at least every 30 s, or its route calls
 * `request.raw.socket.setTimeout(0)` to opt out.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTION_IDLE_TIMEOUT_MS = 120_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export const SERVER_TIMEOUTS = {
  connectionTimeout: CONNECTION_IDLE_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  // Node's own server options (http.createServer), which Fastify passes through.
  http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
} as const;
