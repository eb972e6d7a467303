/**
 * The passenger's live view (issue 33), the part of the manage page's statechart that follows a booking with a driver
 * on it: invoked by manageBooking.machine.ts in `ready` (a machine of its own, as the console's arrival machine is
 * beside its dispatch machine, so the manage page's model-based paths are unchanged).
 * - `deciding` → `following` while the booking has a driver and is still to run (`followsLive`); `awaitingDriver`
 *   before a driver is assigned (the booking read again every 30 s and whenever the page comes back on screen, then
 *   `deciding`);
 *   `idle` once the trip is over.
 * - `following.streaming`: the stream (contract/manageLive.ts) is open. Every `live.status` (the first comes as it opens)
 *   and every return of the page to the screen (`page.visible`: a phone waking up) reads the booking again
 *   (`reading`); each `live.position` moves the car. A read that finds the trip over goes back to `deciding`.
 * - the stream dropped or went silent (`live.lost`) → `waiting`, then it opens again after a backoff (2 s doubling to
 *   30 s), or at once when the page is visible again; a reconnection reads the booking again with its first status.
 * - the server ended the stream (`live.ended`: the trip is over) → `finishing`: the booking read once more.
 * - the link refused (revoked or expired meanwhile) → `stopped`.
 * The machine never touches the page: the stream, the reads and the page's visibility are actors the view layer supplies.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject, type SnapshotFrom } from 'xstate';
import type { ManageBookingView } from '../../contract/manageBooking.ts';
import { followsLive, type LiveCar, type LiveEta, type LivePositionEvent, type LiveStatusEvent } from '../../contract/manageLive.ts';
import { linkRefusalOf, type ManageAccessInput } from './manageBooking.types.ts';

/** How often a page open before a driver is assigned reads the booking again. */
export const AWAIT_DRIVER_CHECK_MS = 30_000;

export interface LiveTripInput {
  token: string;
  view: ManageBookingView;
}

export interface LiveTripContext {
  token: string;
  /** The booking as last read (the page shows its status and live part when it is newer than the page's own). */
  view: ManageBookingView;
  /** The car: the latest of the last read's and the stream's positions. */
  car: LiveCar | null;
  eta: LiveEta | null;
  /** Reconnections since the stream last said anything (the backoff's exponent). */
  retries: number;
}

/** What the stream actor sends back. */
export type LiveStreamEvent =
  | { type: 'live.status'; status: LiveStatusEvent }
  | { type: 'live.position'; position: LivePositionEvent }
  /** The server ended the stream: the trip is over. */
  | { type: 'live.ended' }
  /** The connection failed, dropped or went silent. */
  | { type: 'live.lost' }
  /** The server refused the stream: `error` as the API layer rejects (status and body). */
  | { type: 'live.refused'; error: unknown };

export type LiveTripEvent = LiveStreamEvent | { type: 'page.visible' };

export const LIVE_RETRY_FIRST_MS = 2_000;
export const LIVE_RETRY_MAX_MS = 30_000;
export const liveRetryDelay = (retries: number) => Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_FIRST_MS * 2 ** Math.max(0, retries - 1));

const notProvided = (name: string) => () => Promise.reject(new Error(`live-trip actor "${name}" is not provided: supply it with liveTripMachine.provide({ actors })`));

export const liveTripActors = {
  /** POST /api/v1/manage-booking: the booking as it now is (the manage page's own read). */
  loadBooking: fromPromise<ManageBookingView, ManageAccessInput>(notProvided('loadBooking')),
  /** POST /api/v1/manage-booking/live, read until it ends: sends `live.status`, `live.position`, then `live.ended`, `live.lost` or `live.refused`. */
  tripStream: fromCallback<EventObject, { token: string }, LiveStreamEvent>(() => () => {}),
  /** Sends `page.visible` whenever the page comes back on screen (the phone woke up, the tab was shown again). */
  pageVisibility: fromCallback<EventObject, void, { type: 'page.visible' }>(() => () => {}),
};

const newer = (a: LiveCar | null, b: LiveCar | null) => (!a ? b : !b ? a : Date.parse(b.recorded_at) >= Date.parse(a.recorded_at) ? b : a);

const access = ({ context }: { context: LiveTripContext }) => ({ token: context.token });

export const liveTripMachine = setup({
  types: {
    context: {} as LiveTripContext,
    events: {} as LiveTripEvent,
    input: {} as LiveTripInput,
  },
  actors: liveTripActors,
  actions: {
    /** A booking read: its live part, and the car the stream moved since unless the read's is as new. */
    setView: assign(({ context }, params: { view: ManageBookingView }) => {
      const live = params.view.live ?? null;
      if (!live) return { view: params.view, car: null, eta: null };
      const car = newer(context.car, live.car);
      return { view: params.view, car, eta: car === live.car ? live.eta : context.eta };
    }),
    moveCar: assign({ car: (_, params: LivePositionEvent) => params.car, eta: (_, params: LivePositionEvent) => params.eta }),
    heard: assign({ retries: 0 }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
  },
  guards: {
    follows: ({ context }) => followsLive(context.view.status),
    mayFollowLater: ({ context }) => context.view.status === 'confirmed' || context.view.status === 'accepted',
    stillFollows: (_, params: { view: ManageBookingView }) => followsLive(params.view.status),
    isLinkRefused: (_, params: { error: unknown }) => linkRefusalOf(params.error) !== null,
  },
  delays: {
    retry: ({ context }) => liveRetryDelay(context.retries),
    awaitDriverCheck: AWAIT_DRIVER_CHECK_MS,
  },
}).createMachine({
  id: 'liveTrip',
  context: ({ input }) => ({ token: input.token, view: input.view, car: input.view.live?.car ?? null, eta: input.view.live?.eta ?? null, retries: 0 }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'follows', target: 'following' }, { guard: 'mayFollowLater', target: 'awaitingDriver' }, { target: 'idle' }],
    },
    /**
     * No driver yet: the booking is read again every AWAIT_DRIVER_CHECK_MS while the page stays open, and at once when
     * it comes back on screen; followed once a driver is on it. (No stream yet: a page left open for days before the
     * trip would hold one of the site's streams for nothing.)
     */
    awaitingDriver: {
      invoke: { src: 'pageVisibility' },
      after: { awaitDriverCheck: 'checking' },
      on: { 'page.visible': 'checking' },
    },
    checking: {
      invoke: {
        src: 'loadBooking',
        input: access,
        onDone: { target: 'deciding', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
        onError: [{ guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) }, target: 'stopped' }, { target: 'awaitingDriver' }],
      },
    },
    /** Nothing to follow: the trip is over (the page shows the booking as read). */
    idle: {},
    following: {
      invoke: { src: 'pageVisibility' },
      initial: 'streaming',
      states: {
        streaming: {
          invoke: { src: 'tripStream', input: access },
          initial: 'connecting',
          states: {
            connecting: {},
            reading: {
              invoke: {
                src: 'loadBooking',
                input: access,
                onDone: [
                  { guard: { type: 'stillFollows', params: ({ event }) => ({ view: event.output }) }, target: 'open', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
                  { target: '#liveTrip.deciding', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
                ],
                onError: [{ guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) }, target: '#liveTrip.stopped' }, { target: 'open' }],
              },
            },
            open: {},
          },
          on: {
            'live.status': { target: '.reading', actions: 'heard' },
            'live.position': { actions: [{ type: 'moveCar', params: ({ event }) => event.position }, 'heard'] },
            'page.visible': { target: '.reading' },
            'live.lost': 'waiting',
            'live.ended': 'finishing',
            'live.refused': [{ guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) }, target: '#liveTrip.stopped' }, { target: 'waiting' }],
          },
        },
        /** The stream is down: it opens again after the backoff, or at once when the page is seen again. */
        waiting: {
          entry: 'countRetry',
          after: { retry: 'streaming' },
          on: { 'page.visible': 'streaming' },
        },
        /** The server ended the stream (the trip is over): the booking read once more. */
        finishing: {
          invoke: {
            src: 'loadBooking',
            input: access,
            onDone: { target: '#liveTrip.deciding', actions: { type: 'setView', params: ({ event }) => ({ view: event.output }) } },
            onError: { target: '#liveTrip.idle' },
          },
        },
      },
    },
    /** The link no longer opens the booking: no more live updates. */
    stopped: {},
  },
});

export type LiveTripMachine = typeof liveTripMachine;
type Snapshot = SnapshotFrom<LiveTripMachine>;

/** What the page's live panel says of the connection. */
export type LiveConnection = 'off' | 'connecting' | 'live' | 'reconnecting' | 'stopped';

export function selectLiveConnection(s: Snapshot): LiveConnection {
  if (s.matches('stopped')) return 'stopped';
  if (s.matches({ following: 'waiting' })) return 'reconnecting';
  if (s.matches({ following: { streaming: 'connecting' } })) return 'connecting';
  if (s.matches('following')) return 'live';
  return 'off';
}

export const selectLiveView = (s: Snapshot) => s.context.view;
export const selectCar = (s: Snapshot) => s.context.car;
export const selectEta = (s: Snapshot) => s.context.eta;

/** The view the page shows its status from: the live one when it is newer than the page's own (a higher revision). */
export const freshestView = (own: ManageBookingView, live: ManageBookingView | null | undefined) => (live && live.revision > own.revision ? live : own);
