import type { FastifyInstance } from 'fastify';
import type { Db } from '../adapters/db/index.ts';
import type { BookingEventHub, HubEvent } from '../domain/dispatch/events.ts';
import { createDriversRepository } from '../domain/drivers/repository.ts';
import { DRIVER_SESSION_IDLE_MINUTES } from '../domain/drivers/sessions.ts';
import { HttpError } from '../http.ts';
import { RESYNC_EVENT, SSE_HEARTBEAT_MS } from './consoleEvents.ts';

/** Open streams one driver session may hold in this process (the app keeps one; a second tab or phone reload). */
export const MAX_DRIVER_STREAMS_PER_SESSION = 4;

interface Stream {
  siteId: number;
  driverId: number;
  sessionId: number;
  end(): void;
}

/**
 * GET /api/driver/events: Server-Sent Events for one driver (issue 32), fed by the console's booking events (one
 * LISTEN per process, server/domain/dispatch/events.ts): `event: booking` `{ booking_number, kind }` for a booking that
 * is one of the driver's jobs or offers (an offer made to them arrives at once; a job cancelled or taken off them, a
 * change by the passenger), `event: resync` when some may have been missed (read the offers and jobs again), and a
 * heartbeat comment every 25 s, at which a session that ended (sign-out elsewhere, deactivated driver) ends the stream.
 */
export function driverEvents(deps: { db: Db; hub: BookingEventHub; heartbeatMs?: number }) {
  const streams = new Set<Stream>();
  const heartbeatMs = deps.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const endWhere = (match: (stream: Stream) => boolean) => {
    for (const stream of [...streams]) if (match(stream)) stream.end();
  };

  const routes = async (app: FastifyInstance) => {
    app.addHook('preClose', async () => endWhere(() => true));
    app.get('/events', async (request, reply) => {
      const actor = request.actor;
      if (actor.kind !== 'driver' || actor.sessionId === null) throw new HttpError(401, 'Not signed in');
      const siteId = request.site.id;
      const { driverId, sessionId } = actor;
      await deps.hub.start();
      if ([...streams].filter((stream) => stream.siteId === siteId && stream.sessionId === sessionId).length >= MAX_DRIVER_STREAMS_PER_SESSION) {
        throw new HttpError(429, 'This session already has the most live streams open: close another tab of the app.');
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-accel-buffering': 'no' });
      raw.write('retry: 5000\n\n');
      const repository = createDriversRepository(deps.db);
      const forward = async (event: HubEvent) => {
        if (event.type === 'resync') return void raw.write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
        // Only the driver's own jobs and offers; a failed check says resync rather than nothing.
        const concerns = await repository.concerns(siteId, driverId, event.event.booking_number).catch(() => null);
        if (concerns === null) raw.write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
        else if (concerns && !raw.writableEnded) raw.write(`event: booking\ndata: ${JSON.stringify(event.event)}\n\n`);
      };
      const unsubscribe = deps.hub.subscribe(siteId, (event) => void forward(event));
      const heartbeat = setInterval(async () => {
        const live = await repository.sessionIsLive(siteId, sessionId, DRIVER_SESSION_IDLE_MINUTES).catch(() => true);
        if (live) raw.write(': heartbeat\n\n');
        else stream.end();
      }, heartbeatMs);
      heartbeat.unref();
      const stream: Stream = {
        siteId,
        driverId,
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
    endSession: (siteId: number, sessionId: number) => endWhere((stream) => stream.siteId === siteId && stream.sessionId === sessionId),
    endDriver: (siteId: number, driverId: number) => endWhere((stream) => stream.siteId === siteId && stream.driverId === driverId),
  };
}
