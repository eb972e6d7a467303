import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGE_MESSAGES, MANAGE_TOKEN_PATTERN } from '../../contract/manageBooking.ts';
import { LIVE_EVENTS, MANAGE_LIVE_API } from '../../contract/manageLive.ts';
import type { BookingEventHub } from '../domain/dispatch/events.ts';
import type { PositionHub } from '../domain/drivers/positionEvents.ts';
import { isFinished, showsPosition, statusEvent, type LiveState } from '../domain/manage/live.ts';
import type { ManageService } from '../domain/manage/service.ts';
import { HttpError } from '../http.ts';
import { SSE_HEARTBEAT_MS } from './consoleEvents.ts';

/** Open live streams of one booking in this process (the passenger's phone, a second tab, someone they sent the link to). */
export const MAX_LIVE_STREAMS_PER_BOOKING = 4;
/** Open live streams of one site in this process. */
export const MAX_LIVE_STREAMS_PER_SITE = 500;

export const LIVE_STREAM_MESSAGES = {
  tooManyForBooking: 'This booking is already followed live in too many windows: close one and try again.',
  tooManyForSite: 'Too many bookings are followed live just now: please reload the page in a minute.',
} as const;

/** The stream's body: the manage link's token (the live view is the link holder's), and the booking number the page expects. */
export const manageLiveSchema = z
  .object({
    token: z.string({ error: MANAGE_MESSAGES.linkInvalid }).regex(MANAGE_TOKEN_PATTERN, MANAGE_MESSAGES.linkInvalid),
    booking_number: z.string().trim().min(1).max(40).optional(),
  })
  .strict();

interface Stream {
  siteId: number;
  bookingId: number;
  end(): void;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const sameStatus = (a: LiveState | null, b: LiveState) => a !== null && a.status === b.status && a.stage === b.stage && a.revision === b.revision;

/**
 * POST /api/v1/manage-booking/live (issue 33, contract/manageLive.ts): the passenger's live view of one booking as
 * Server-Sent Events, let in by the manage link's token exactly as the manage calls are (a wrong, revoked or expired
 * token is their JSON refusal, before any stream opens). It sends `event: status` at once and whenever the booking's
 * status, the driver's stage or its revision changes (the console's booking events, one LISTEN per process), and
 * `event: position` for each trusted position the booking's driver reports while on the way, arrived or on board and
 * taken at or after their 'on the way' (positionEvents.ts: a report is published only for the driver's job in
 * progress; this stream hears only its booking's). Events are written one at a time, in the order they arrived. After
 * the status of a finished booking the stream ends. A `: heartbeat` comment every 25 s, at which a link revoked or
 * expired meanwhile ends the stream. At most MAX_LIVE_STREAMS_PER_BOOKING per booking and MAX_LIVE_STREAMS_PER_SITE
 * per site in a process (429).
 */
export function manageLiveStreams(deps: { hub: BookingEventHub; positions: PositionHub; heartbeatMs?: number }) {
  const streams = new Set<Stream>();
  const heartbeatMs = deps.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const count = (match: (stream: Stream) => boolean) => [...streams].filter(match).length;

  const register = (fastify: FastifyInstance, manage: ManageService) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('preClose', async () => {
      for (const stream of [...streams]) stream.end();
    });

    app.post(MANAGE_LIVE_API, { schema: { body: manageLiveSchema } }, async (request, reply) => {
      const site = request.site;
      const { token, booking_number: bookingNumber } = request.body;
      const grant = await manage.grantByLink(site, token, bookingNumber);
      const live = manage.live;
      let state = await live.state(site.id, grant.bookingId);
      if (!state) throw new HttpError(401, MANAGE_MESSAGES.linkInvalid, { code: 'link_invalid' });
      // From the counts to the stream's registration nothing awaits but the hubs' one-off LISTEN.
      await Promise.all([deps.hub.start(), deps.positions.start()]);
      if (count((stream) => stream.siteId === site.id && stream.bookingId === grant.bookingId) >= MAX_LIVE_STREAMS_PER_BOOKING) throw new HttpError(429, LIVE_STREAM_MESSAGES.tooManyForBooking);
      if (count((stream) => stream.siteId === site.id) >= MAX_LIVE_STREAMS_PER_SITE) throw new HttpError(429, LIVE_STREAM_MESSAGES.tooManyForSite);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        // nginx: pass each event on at once.
        'x-accel-buffering': 'no',
      });
      const write = (text: string) => {
        if (!raw.writableEnded) raw.write(text);
      };
      const position = live.follower(site);
      let sent: LiveState | null = null;

      const sendStatus = (force: boolean) => {
        if (!state) return;
        if (force || !sameStatus(sent, state)) write(frame(LIVE_EVENTS.status, statusEvent(state)));
        sent = state;
        if (isFinished(state.status)) stream.end();
      };
      /** The booking read again: its status sent when it changed (or always, after events may have been missed). */
      const refresh = async (force: boolean) => {
        const now = await live.state(site.id, grant.bookingId);
        if (!now) return stream.end();
        state = now;
        sendStatus(force);
      };
      // One event at a time, in arrival order: a position never overtakes the status it follows.
      let queue = Promise.resolve();
      const enqueue = (work: () => Promise<void>) => {
        queue = queue.then(work).catch((error: unknown) => {
          request.log.warn({ err: error, booking_id: grant.bookingId }, 'live stream event not sent');
        });
      };

      const unsubscribeBookings = deps.hub.subscribe(site.id, (event) => {
        if (event.type === 'resync') enqueue(() => refresh(true));
        else if (event.event.booking_number === state?.bookingNumber) enqueue(() => refresh(false));
      });
      const unsubscribePositions = deps.positions.subscribe(site.id, grant.bookingId, (event) => {
        if (event.type === 'resync') return enqueue(() => refresh(true));
        enqueue(async () => {
          const recordedAt = new Date(event.position.recorded_at);
          if (!state || !showsPosition(state, recordedAt)) return;
          write(frame(LIVE_EVENTS.position, await position(state, { lat: event.position.lat, lng: event.position.lng, recordedAt })));
        });
      });
      const heartbeat = setInterval(() => {
        enqueue(async () => {
          // A link revoked or expired meanwhile ends the stream; a failed check does not.
          const still = await manage.grantByLink(site, token, bookingNumber).then(
            () => true,
            (error: unknown) => !(error && typeof error === 'object' && 'code' in error && String((error as { code: unknown }).code).startsWith('link_')),
          );
          if (still) write(': heartbeat\n\n');
          else stream.end();
        });
      }, heartbeatMs);
      heartbeat.unref();
      const stream: Stream = {
        siteId: site.id,
        bookingId: grant.bookingId,
        end() {
          if (!streams.delete(stream)) return;
          clearInterval(heartbeat);
          unsubscribeBookings();
          unsubscribePositions();
          if (!raw.writableEnded) raw.end();
        },
      };
      streams.add(stream);
      // The answer's 'close': the client went (a POST's request has ended long before; its 'close' says nothing of the socket).
      raw.on('close', () => stream.end());
      sendStatus(true);
    });
  };

  return { register, open: () => streams.size };
}

export type ManageLiveStreams = ReturnType<typeof manageLiveStreams>;
