import type { FastifyInstance } from 'fastify';
import type { Db } from '../adapters/db/index.ts';
import type { BookingEventHub, HubEvent } from '../domain/dispatch/events.ts';
import { createStaffRepository } from '../domain/staff/repository.ts';
import { HttpError } from '../http.ts';

/** A comment line this often keeps proxies from closing a quiet stream (and checks the session is still live). */
export const SSE_HEARTBEAT_MS = 25_000;

/** Open streams one staff session may hold in this process (its tabs): more are refused, each tab costs a socket. */
export const MAX_STREAMS_PER_SESSION = 8;
/** Open streams per site in this process, whoever opened them (the admin token's included). */
export const MAX_STREAMS_PER_SITE = 200;

export const CONSOLE_EVENTS_MESSAGES = {
  tooManyForSession: 'This session already has the most live boards open: close another console tab.',
  tooManyForSite: 'This site already has the most live boards open: close another console tab.',
} as const;

/** The SSE event that says events may have been missed (the server's LISTEN connection dropped): reload the board. */
export const RESYNC_EVENT = 'resync';

interface Stream {
  siteId: number;
  staffId: number | null;
  sessionId: number | null;
  end(): void;
}

function frame(event: HubEvent): string {
  if (event.type === 'resync') return `event: ${RESYNC_EVENT}\ndata: {}\n\n`;
  return `event: booking\ndata: ${JSON.stringify(event.event)}\n\n`;
}

/**
 * GET /api/admin/events: Server-Sent Events of the member's own site's new and changed bookings (`event: booking`,
 * data `{ booking_number, kind }`), `event: resync` when some may have been missed, a `: heartbeat` comment every
 * 25 s. The stream ends when its session does: at once on sign-out (or sign-out everywhere) in this process, at the
 * next heartbeat otherwise (another process's sign-out, the idle or absolute end, a deactivated member), and when the
 * server closes. A session holds at most MAX_STREAMS_PER_SESSION and a site MAX_STREAMS_PER_SITE in a process (429).
 */
export function consoleEvents(deps: { db: Db; hub: BookingEventHub; heartbeatMs?: number }) {
  const streams = new Set<Stream>();
  const heartbeatMs = deps.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const endWhere = (match: (stream: Stream) => boolean) => {
    for (const stream of [...streams]) if (match(stream)) stream.end();
  };
  const count = (match: (stream: Stream) => boolean) => [...streams].filter(match).length;

  const routes = async (app: FastifyInstance) => {
    app.addHook('preClose', async () => endWhere(() => true));

    app.get('/events', async (request, reply) => {
      const siteId = request.site.id;
      const actor = request.actor;
      const sessionId = actor.kind === 'staff' ? actor.sessionId : null;
      await deps.hub.start();
      // From the count to the stream's registration nothing awaits: 20 tabs opening at once cannot all pass.
      if (sessionId !== null && count((stream) => stream.siteId === siteId && stream.sessionId === sessionId) >= MAX_STREAMS_PER_SESSION) {
        throw new HttpError(429, CONSOLE_EVENTS_MESSAGES.tooManyForSession);
      }
      if (count((stream) => stream.siteId === siteId) >= MAX_STREAMS_PER_SITE) throw new HttpError(429, CONSOLE_EVENTS_MESSAGES.tooManyForSite);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // nginx: pass each event on at once.
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 5000\n\n');
      const unsubscribe = deps.hub.subscribe(siteId, (event) => raw.write(frame(event)));
      const heartbeat = setInterval(async () => {
        const live = sessionId === null || (await createStaffRepository(deps.db).sessionIsLive(siteId, sessionId).catch(() => true));
        if (live) raw.write(': heartbeat\n\n');
        else stream.end();
      }, heartbeatMs);
      heartbeat.unref();
      const stream: Stream = {
        siteId,
        staffId: actor.kind === 'staff' ? actor.staffId : null,
        sessionId,
        end() {
          if (!streams.delete(stream)) return;
          clearInterval(heartbeat);
          unsubscribe();
          if (!raw.writableEnded) raw.end();
        },
      };
      streams.add(stream);
      request.raw.on('close', () => stream.end());
    });
  };

  return {
    routes,
    /** Signed out: that session's streams end now. */
    endSession: (siteId: number, sessionId: number) => endWhere((stream) => stream.siteId === siteId && stream.sessionId === sessionId),
    /** Signed out everywhere: every stream of the member ends now. */
    endMember: (siteId: number, staffId: number) => endWhere((stream) => stream.siteId === siteId && stream.staffId === staffId),
  };
}

export type ConsoleEvents = ReturnType<typeof consoleEvents>;
