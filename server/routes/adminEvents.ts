import type { FastifyInstance } from 'fastify';
import type { BookingEventMessage } from '../../contract/dispatch.ts';
import type { Db } from '../adapters/db/index.ts';
import type { BookingEventHub } from '../domain/dispatch/events.ts';
import { staffSessionIsLive } from '../domain/dispatch/liveSession.ts';

/** A comment line this often keeps proxies from closing a quiet stream (and checks the session is still live). */
export const SSE_HEARTBEAT_MS = 25_000;

interface Stream {
  siteId: number;
  staffId: number | null;
  sessionId: number | null;
  end(): void;
}

/**
 * GET /api/admin/events: Server-Sent Events of the member's own site's new and changed bookings (`event: booking`,
 * data `{ booking_number, kind }`), a `: heartbeat` comment every 25 s. The stream ends when its session does: at
 * once on sign-out (or sign-out everywhere) in this process, at the next heartbeat otherwise (another process's
 * sign-out, the idle or absolute end, a deactivated member), and when the server closes.
 */
export function adminEvents(deps: { db: Db; hub: BookingEventHub; heartbeatMs?: number }) {
  const streams = new Set<Stream>();
  const heartbeatMs = deps.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const endWhere = (match: (stream: Stream) => boolean) => {
    for (const stream of [...streams]) if (match(stream)) stream.end();
  };

  const routes = async (app: FastifyInstance) => {
    app.addHook('preClose', async () => endWhere(() => true));

    app.get('/events', async (request, reply) => {
      await deps.hub.start();
      const siteId = request.site.id;
      const actor = request.actor;
      const sessionId = actor.kind === 'staff' ? actor.sessionId : null;
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
      const send = (event: BookingEventMessage) => raw.write(`event: booking\ndata: ${JSON.stringify(event)}\n\n`);
      const unsubscribe = deps.hub.subscribe(siteId, send);
      const heartbeat = setInterval(async () => {
        const live = sessionId === null || (await staffSessionIsLive(deps.db, siteId, sessionId).catch(() => true));
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

export type AdminEvents = ReturnType<typeof adminEvents>;
