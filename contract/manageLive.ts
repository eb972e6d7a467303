import type { JobStage } from './dispatch.ts';
import type { ManageStatus } from './manageBooking.ts';

/**
 * The passenger's live view (issue 33) on the manage page: once a driver is on the way, the car on a map moving as the
 * driver's position arrives, the time to the pick-up, and where to meet once the driver has arrived.
 *
 * Two parts:
 * - `ManageBookingView.live` (POST /api/v1/manage-booking): the trip as it is now, set only while the driver is on the
 *   way, arrived or on board (null before, and once the trip has ended);
 * - the stream, POST /api/v1/manage-booking/live with the manage calls' `{ token }` and key pair → `text/event-stream`:
 *   `event: status` (`LiveStatusEvent`) when it opens and whenever the booking changes, `event: position`
 *   (`LivePositionEvent`) for each position the driver's phone reports between 'on the way' and the end of the trip
 *   (never before, never after), a `: heartbeat` comment every 25 s. The stream ends after the status of a finished
 *   booking (completed, no-show, cancelled). A wrong, revoked or expired token is the manage calls' JSON refusal (401);
 *   the link of another booking with `booking_number` a 403. It carries nothing of any other booking.
 *
 * Why a POST read with fetch and not an EventSource: an EventSource can send neither the key pair headers every
 * /api/v1 call carries nor a body, and the manage token never travels in a URL (server logs). The page's statechart
 * (machines/manageBooking/liveTrip.machine.ts) reconnects itself and reads the booking again at every (re)connection
 * and whenever the page becomes visible again (a phone waking up).
 */

/** Under /api/v1, like the other manage calls. */
export const MANAGE_LIVE_API = '/manage-booking/live';

export const LIVE_EVENTS = { status: 'status', position: 'position' } as const;

/** Where the car is: the driver's phone's latest trusted report (WGS84), and when the phone took it (ISO 8601). */
export interface LiveCar {
  lat: number;
  lng: number;
  recorded_at: string;
}

/** The time to the pick-up, worked out by the server: by road (the routing port, with Google) or the straight line at the owner's average speed. */
export interface LiveEta {
  minutes: number;
  by_road: boolean;
}

/** `event: status`: the booking's status and the driver's stage, as the manage page says them. */
export interface LiveStatusEvent {
  booking_number: string;
  status: ManageStatus;
  stage: JobStage | null;
  status_label: string;
  revision: number;
}

/** `event: position`: where the car is now, and the time to the pick-up while the driver is on the way. */
export interface LivePositionEvent {
  car: LiveCar;
  eta: LiveEta | null;
}

/** The live part of the manage resource, while the driver is on the way, arrived or with the passenger on board. */
export interface ManageLiveTrip {
  stage: JobStage;
  /** The car's latest position on this trip (none until the phone reports one after 'on the way'). */
  car: LiveCar | null;
  /** While on the way and the car's position is known. */
  eta: LiveEta | null;
  /** Where the pick-up is on the map (placed by the maps port), null when it cannot be placed. */
  pickup: { address: string; lat: number | null; lng: number | null };
  /** Where to meet the driver once they have arrived: the pick-up address and, with meet and greet, where they wait. */
  meeting: { address: string; note: string | null };
  /** The driver's phone, only where the owner allows passengers to call the driver (PASSENGER_CALLS_DRIVER). */
  driver_phone: string | null;
}

export const LIVE_TEXT = {
  meetAndGreet: 'Your driver is waiting in arrivals with a sign with your name.',
  schematic: 'Schematic, not a street map: the pick-up and the car, north up.',
  lost: 'Reconnecting to live updates…',
  stopped: 'Live updates have stopped: this link is no longer active.',
  finished: 'Your trip is complete. Thank you for travelling with us.',
} as const;

/** "About 6 min away" (at least a minute). */
export const etaText = (eta: LiveEta) => `About ${Math.max(1, Math.round(eta.minutes))} min away`;

/** The job stages during which the passenger sees the car (issue 33): from 'on the way' to the end of the trip. */
export const LIVE_STAGES: readonly JobStage[] = ['on_the_way', 'arrived', 'on_board'];

/** Whether the passenger may see the car now: a driver on the job, between 'on the way' and the end of the trip. */
export const isLiveWindow = (status: ManageStatus, stage: JobStage | null) => status === 'driver_assigned' && stage !== null && LIVE_STAGES.includes(stage);

/** A booking still to run with a driver on it: the page follows it live (after completion, a no-show or a cancellation there is nothing to follow). */
export const followsLive = (status: ManageStatus) => status === 'driver_assigned';

/** Plain checks of the stream's data (the manage page loads no zod). */
export function liveStatusOf(value: unknown): LiveStatusEvent | null {
  const event = value as Partial<LiveStatusEvent> | null;
  if (!event || typeof event !== 'object' || typeof event.status !== 'string' || typeof event.status_label !== 'string' || typeof event.revision !== 'number') return null;
  return { booking_number: String(event.booking_number ?? ''), status: event.status, stage: (event.stage ?? null) as JobStage | null, status_label: event.status_label, revision: event.revision };
}

export function livePositionOf(value: unknown): LivePositionEvent | null {
  const event = value as Partial<LivePositionEvent> | null;
  const car = event?.car;
  if (!car || typeof car.lat !== 'number' || typeof car.lng !== 'number' || typeof car.recorded_at !== 'string') return null;
  const eta = event.eta && typeof event.eta.minutes === 'number' ? { minutes: event.eta.minutes, by_road: Boolean(event.eta.by_road) } : null;
  return { car: { lat: car.lat, lng: car.lng, recorded_at: car.recorded_at }, eta };
}
