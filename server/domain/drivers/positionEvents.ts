import { EventEmitter } from 'node:events';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { createDispatchRepository } from '../dispatch/repository.ts';

/**
 * The driver's position on a job in progress (issue 33, the passenger's live view): a trusted report made while the
 * driver is on the way, arrived or with the passenger on board is published with the job's booking, in the report's
 * own transaction (`pg_notify`, delivered at commit to every process LISTENing, on PostgreSQL and PGlite alike).
 * Reports before 'on the way' or after the trip have no job in progress (drivers/repository.ts `jobInProgress`) and
 * are never published. The passenger's stream (routes/manageLive.ts) hears only its own booking's positions.
 */
export const DRIVER_POSITIONS_CHANNEL = 'cabflow_driver_positions';

export interface PublishedPosition {
  site_id: number;
  booking_id: number;
  lat: number;
  lng: number;
  recorded_at: string;
}

/** In the report's transaction: the job's position, heard by its passenger's stream once (and only if) it commits. */
export async function publishDriverPosition(tx: Queryable, position: PublishedPosition): Promise<void> {
  await createDispatchRepository(tx).notify(DRIVER_POSITIONS_CHANNEL, JSON.stringify(position));
}

function parse(text: string): PublishedPosition | null {
  try {
    const value = JSON.parse(text) as Partial<PublishedPosition>;
    if (typeof value.site_id !== 'number' || typeof value.booking_id !== 'number' || typeof value.lat !== 'number' || typeof value.lng !== 'number' || typeof value.recorded_at !== 'string') return null;
    return { site_id: value.site_id, booking_id: value.booking_id, lat: value.lat, lng: value.lng, recorded_at: value.recorded_at };
  } catch {
    return null;
  }
}

/** What a subscriber hears: a position of its booking, or `resync` (positions may have been missed: read the trip again). */
export type PositionHubEvent = { type: 'position'; position: PublishedPosition } | { type: 'resync' };

const RESYNC = 'resync';
const keyOf = (siteId: number, bookingId: number) => `${siteId}:${bookingId}`;

/** This process's one subscription to the channel, fanned out to the open streams of each booking. */
export function createPositionHub(db: Db) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let started: Promise<void> | null = null;
  return {
    /** LISTENs once (idempotent). */
    start(): Promise<void> {
      started ??= db
        .listen(
          DRIVER_POSITIONS_CHANNEL,
          (text) => {
            const position = parse(text);
            if (position) emitter.emit(keyOf(position.site_id, position.booking_id), { type: 'position', position } satisfies PositionHubEvent);
          },
          () => emitter.emit(RESYNC, { type: 'resync' } satisfies PositionHubEvent),
        )
        .catch((error: unknown) => {
          // Not started: the next stream tries again.
          started = null;
          throw error;
        });
      return started;
    },
    /** Calls `listener` with each position of the booking, and with every resync; returns the unsubscribe. */
    subscribe(siteId: number, bookingId: number, listener: (event: PositionHubEvent) => void): () => void {
      emitter.on(keyOf(siteId, bookingId), listener);
      emitter.on(RESYNC, listener);
      return () => {
        emitter.off(keyOf(siteId, bookingId), listener);
        emitter.off(RESYNC, listener);
      };
    },
  };
}

export type PositionHub = ReturnType<typeof createPositionHub>;
