/**
 * The HTTP server's timeouts (Fastify options): how long a client may take to send its headers and body, and how long
 * an idle kept-alive connection stays open.
 */
export const SERVER_TIMEOUTS = {} as const;
