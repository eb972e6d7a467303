import type { JobStage } from '../../../contract/dispatch.ts';
import { isLiveWindow, LIVE_TEXT, type LiveCar, type LiveEta, type LivePositionEvent, type LiveStatusEvent, type ManageLiveTrip } from '../../../contract/manageLive.ts';
import type { ManageStatus } from '../../../contract/manageBooking.ts';
import { ENABLE, settingsFromRows, type Settings } from '../../../contract/settings.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { straightLineEstimate, type Point } from '../dispatch/autoOfferRanking.ts';
import { autoOfferSettingsOf } from '../dispatch/autoOffers.ts';
import { passengerStatusLabel } from '../drivers/progress.ts';
import { createDriversRepository } from '../drivers/repository.ts';
import type { MapsPort } from '../geo/mapsPort.ts';
import { resolveContext } from '../quotes/quoting.ts';
import type { Site, SiteCache } from '../sites/index.ts';
import type { ManagedBooking } from './record.ts';
import { createManageRepository } from './repository.ts';

/**
 * The passenger's live view (issue 33, contract/manageLive.ts), server side: the live part of the manage resource and
 * what the passenger's stream (routes/manageLive.ts) sends. Its rules:
 * - the car is shown only between the driver's 'on the way' and the end of the trip (`isLiveWindow`), and only
 *   positions their phone took at or after that tap, on this job (the trail kept with the booking);
 * - the time to the pick-up is the server's: with the routing port of Google, the road route (at most one route a
 *   stream every 30 s, under 2 s each, else the straight line); offline, the straight line at the owner's average
 *   speed (AUTO_OFFER_SPEED_KMH), the estimate automatic offers rank drivers by;
 * - only the driver's first name leaves the server (view.ts), and their phone only where the owner allows it
 *   (PASSENGER_CALLS_DRIVER).
 */

/** A position older than this says nothing of the time to the pick-up (as the 'on the way' text's, drivers/jobs.ts). */
const FRESH_POSITION_MS = 10 * 60_000;
const ROUTE_TIMEOUT_MS = 2_000;
/** A stream asks the routing service at most this often (each route is a paid call); between, its last answer stands. */
export const ROUTE_EVERY_MS = 30_000;

export interface LiveDeps {
  db: Queryable;
  cache: SiteCache;
  /** The maps port (memoised by the caller): places the pick-up and routes the car to it. Without it: no map point, no time. */
  maps: MapsPort | null;
  now: () => Date;
}

/** What the stream follows of a booking, read again at each of its events. */
export interface LiveState {
  bookingNumber: string;
  status: ManageStatus;
  stage: JobStage | null;
  revision: number;
  onTheWayAt: Date | null;
  driverId: number | null;
  pickupAddress: string;
}

/** The booking is over for the passenger: nothing more will be sent (the stream ends). */
export const isFinished = (status: ManageStatus) => status === 'completed' || status === 'no_show' || status === 'cancelled';

export const statusEvent = (state: LiveState): LiveStatusEvent => ({
  booking_number: state.bookingNumber,
  status: state.status,
  stage: state.stage,
  status_label: passengerStatusLabel(state.status, state.stage),
  revision: state.revision,
});

/** Whether a position the driver's phone took at `recordedAt` may be shown for the booking as it stands. */
export const showsPosition = (state: Pick<LiveState, 'status' | 'stage' | 'onTheWayAt'>, recordedAt: Date) =>
  isLiveWindow(state.status, state.stage) && state.onTheWayAt !== null && recordedAt.getTime() >= state.onTheWayAt.getTime();

const toCar = (position: { lat: number; lng: number; recordedAt: Date }): LiveCar => ({ lat: position.lat, lng: position.lng, recorded_at: position.recordedAt.toISOString() });

export function createLiveTrips(deps: LiveDeps) {
  const settingsOf = async (siteId: number): Promise<Settings> => settingsFromRows((await deps.cache.catalog(siteId)).settings);

  /** The pick-up placed as the quotes place it (the site's saved addresses, its base); null when unknown or the port fails. */
  async function pickupPoint(site: Site, address: string): Promise<Point | null> {
    if (!deps.maps || !address) return null;
    const catalog = await deps.cache.catalog(site.id);
    const place = await deps.maps.resolve(address, resolveContext(site, catalog)).catch(() => null);
    return place ? { lat: place.lat, lng: place.lon } : null;
  }

  /** The road route's minutes, or null when the routing service does not answer within 2 s (or answers the offline estimate). */
  async function routedMinutes(from: Point, to: Point): Promise<number | null> {
    const maps = deps.maps;
    if (!maps || maps.kind !== 'google') return null;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ROUTE_TIMEOUT_MS);
    });
    try {
      const route = await Promise.race([
        maps.route([
          { lat: from.lat, lon: from.lng },
          { lat: to.lat, lon: to.lng },
        ]),
        timeout,
      ]);
      return route && !route.estimated && Number.isFinite(route.seconds) ? route.seconds / 60 : null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The straight line at the owner's average speed (automatic offers' estimate, dispatch/autoOfferRanking.ts). */
  const straightLine = (settings: Settings, from: Point, to: Point): LiveEta => ({ minutes: straightLineEstimate(from, to, autoOfferSettingsOf(settings).speedKmh).seconds / 60, by_road: false });

  /** The time from the car to the pick-up: by road when routed (`routed` says how to ask), else the straight line. */
  async function eta(settings: Settings, car: { lat: number; lng: number; recordedAt: Date }, pickup: Point | null, routed: (from: Point, to: Point) => Promise<number | null>): Promise<LiveEta | null> {
    if (!pickup || deps.now().getTime() - car.recordedAt.getTime() > FRESH_POSITION_MS) return null;
    const byRoad = await routed(car, pickup);
    return byRoad === null ? straightLine(settings, car, pickup) : { minutes: byRoad, by_road: true };
  }

  return {
    /** The live part of the manage resource for a booking as loaded (manage/view.ts): null outside the live window. */
    async trip(site: Site, booking: ManagedBooking): Promise<ManageLiveTrip | null> {
      if (!isLiveWindow(booking.status, booking.jobStage) || !booking.jobStage) return null;
      const settings = await settingsOf(site.id);
      const point = await pickupPoint(site, booking.pickupAddress);
      const position =
        booking.driverId !== null && booking.onTheWayAt ? await createDriversRepository(deps.db).latestOnJob(site.id, booking.id, booking.driverId, booking.onTheWayAt) : null;
      const meetAndGreet = booking.options.meet_and_greet === 'yes';
      return {
        stage: booking.jobStage,
        car: position ? toCar(position) : null,
        eta: position && booking.jobStage === 'on_the_way' ? await eta(settings, position, point, routedMinutes) : null,
        pickup: { address: booking.pickupAddress, lat: point?.lat ?? null, lng: point?.lng ?? null },
        meeting: { address: booking.pickupAddress, note: meetAndGreet ? LIVE_TEXT.meetAndGreet : null },
        driver_phone: settings.PASSENGER_CALLS_DRIVER === ENABLE ? booking.driverPhone : null,
      };
    },

    /** The booking as the stream follows it, or null when it is gone. */
    async state(siteId: number, bookingId: number): Promise<LiveState | null> {
      const row = await createManageRepository(deps.db).liveState(siteId, bookingId);
      if (!row) return null;
      return {
        bookingNumber: String(row.booking_number),
        status: row.status as ManageStatus,
        stage: (row.job_stage as JobStage | null) ?? null,
        revision: Number(row.revision),
        onTheWayAt: row.on_the_way_at ? new Date(row.on_the_way_at as string) : null,
        driverId: row.driver_id === null || row.driver_id === undefined ? null : Number(row.driver_id),
        pickupAddress: String(row.pick_up_address ?? ''),
      };
    },

    /**
     * One stream's positions: each becomes `event: position` with the time to the pick-up while on the way. The pick-up
     * is placed once per stream (again if its address changes), and the road routed at most every ROUTE_EVERY_MS.
     */
    follower(site: Site) {
      let placed: { address: string; point: Promise<Point | null> } | null = null;
      let lastRoute: { at: number; minutes: number | null } | null = null;
      const throttled = async (from: Point, to: Point) => {
        const at = deps.now().getTime();
        if (lastRoute && at - lastRoute.at < ROUTE_EVERY_MS) return lastRoute.minutes;
        const minutes = await routedMinutes(from, to);
        lastRoute = { at, minutes };
        return minutes;
      };
      return async (state: LiveState, position: { lat: number; lng: number; recordedAt: Date }): Promise<LivePositionEvent> => {
        if (placed?.address !== state.pickupAddress) placed = { address: state.pickupAddress, point: pickupPoint(site, state.pickupAddress) };
        const onTheWay = state.stage === 'on_the_way';
        return { car: toCar(position), eta: onTheWay ? await eta(await settingsOf(site.id), position, await placed.point, throttled) : null };
      };
    },
  };
}

export type LiveTrips = ReturnType<typeof createLiveTrips>;
