import { EventEmitter } from 'node:events';
import { BOOKING_EVENT_KINDS, type BookingEventKind, type BookingEventMessage } from '../../../contract/dispatch.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { createDispatchRepository } from './repository.ts';

/**
 * New and changed bookings, told to the consoles of their site (GET /api/admin/events). A change publishes with
 * `publishBookingEvent` in its own transaction: `pg_notify` is delivered at commit and never for a rollback, to every
 * server process LISTENing on PostgreSQL (one dedicated connection each, the adapter's) and in process on PGlite
 * (its one connection delivers the notification to its own listener). When PostgreSQL's LISTEN connection drops, the
 * adapter connects again and the hub tells every stream to resync: a booking made meanwhile was never notified.
 */
export const BOOKING_EVENTS_CHANNEL = 'cabflow_booking_events';

interface Payload extends BookingEventMessage {
  site_id: number;
}

/** The notification's text for a booking event of `siteId` (also sent from inside a booking's own INSERT statement). */
export function bookingEventPayload(siteId: number, event: BookingEventMessage): string {
  const payload: Payload = { site_id: siteId, booking_number: event.booking_number, kind: event.kind };
  return JSON.stringify(payload);
}

/** In the caller's transaction: the consoles of `siteId` hear of the booking once (and only if) it commits. */
export async function publishBookingEvent(tx: Queryable, siteId: number, event: BookingEventMessage): Promise<void> {
  await createDispatchRepository(tx).notify(BOOKING_EVENTS_CHANNEL, bookingEventPayload(siteId, event));
}

function parse(text: string): Payload | null {
  try {
    const value = JSON.parse(text) as Partial<Payload>;
    if (typeof value.site_id !== 'number' || typeof value.booking_number !== 'string') return null;
    if (!BOOKING_EVENT_KINDS.includes(value.kind as BookingEventKind)) return null;
    return { site_id: value.site_id, booking_number: value.booking_number, kind: value.kind as BookingEventKind };
  } catch {
    return null;
  }
}

/** What a subscriber hears: a booking of its site, or `resync` (events may have been missed: reload what is shown). */
export type HubEvent = { type: 'booking'; event: BookingEventMessage } | { type: 'resync' };

const RESYNC = 'resync';
/** Every site's booking events, for the server's own work (automatic offers). */
const ANY_SITE = 'any-site';

/** This process's one subscription to the channel, fanned out to the open streams of each site. */
export function createBookingEventHub(db: Db) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let started: Promise<void> | null = null;
  return {
    /** LISTENs once (idempotent). */
    start(): Promise<void> {
      started ??= db.listen(
        BOOKING_EVENTS_CHANNEL,
        (text) => {
          const payload = parse(text);
          if (!payload) return;
          const event = { type: 'booking', event: { booking_number: payload.booking_number, kind: payload.kind } } satisfies HubEvent;
          emitter.emit(String(payload.site_id), event);
          emitter.emit(ANY_SITE, payload.site_id, event);
        },
        () => emitter.emit(RESYNC, { type: 'resync' } satisfies HubEvent),
      ).catch((error: unknown) => {
        // Not started: the next stream tries again.
        started = null;
        throw error;
      });
      return started;
    },
    /** Calls `listener` with every site's booking events and the site's id (no resync); returns the unsubscribe. */
    subscribeAllSites(listener: (siteId: number, event: HubEvent) => void): () => void {
      emitter.on(ANY_SITE, listener);
      return () => {
        emitter.off(ANY_SITE, listener);
      };
    },
    /** Calls `listener` with each event of `siteId` only, and with every resync; returns the unsubscribe. */
    subscribe(siteId: number, listener: (event: HubEvent) => void): () => void {
      emitter.on(String(siteId), listener);
      emitter.on(RESYNC, listener);
      return () => {
        emitter.off(String(siteId), listener);
        emitter.off(RESYNC, listener);
      };
    },
  };
}

export type BookingEventHub = ReturnType<typeof createBookingEventHub>;
