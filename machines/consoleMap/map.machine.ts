/**
 * The dispatcher's live map (issue 33) on /admin/map: the drivers on duty where their phones last placed them, and
 * today's jobs still to do at their pick-ups. Two regions, as the "Needs action" queue's:
 * - `data`: `loading` → `ready` or `failed` (`retry`). In `ready` the map is read again quietly (`refreshing`, what is
 *   on screen stays) when the live stream says a booking changed, and every MAP_REFRESH_MS: drivers' positions arrive
 *   from their phones without any booking changing. `select` picks a driver or a job (its card in the list and its
 *   marker on the map are highlighted together); `select` with null clears it.
 * - `live`: the console's shared stream: `connecting` → `open`; `live.lost` → `reconnecting` (read again once back);
 *   `live.off` → `off` until `live.retry`.
 */
import { assign, raise, sendTo, setup } from 'xstate';
import { MAP_REFRESH_MS, MAP_TEXT, type DispatchMap } from '../../contract/consoleMap.ts';
import type { LiveOffReason } from '../consoleBoard/board.types.ts';
import { mapActors } from './map.actors.ts';

/** A driver (by id) or a job (by booking number) picked on the list or the map. */
export type MapSelection = { kind: 'driver'; id: number } | { kind: 'job'; bookingNumber: string } | null;

export interface MapContext {
  map: DispatchMap | null;
  error: string | null;
  selected: MapSelection;
  liveOff: LiveOffReason | null;
}

export type MapEvent =
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'select'; selection: MapSelection }
  | { type: 'live.open' }
  | { type: 'live.lost' }
  | { type: 'live.resync' }
  | { type: 'live.off'; reason: LiveOffReason }
  | { type: 'live.retry' }
  | { type: 'live.booking'; message: unknown };

/** Whether the selection is still on the map (a driver gone off duty, a job done or cancelled is not). */
function stillThere(map: DispatchMap, selected: MapSelection): boolean {
  if (!selected) return true;
  if (selected.kind === 'driver') return map.drivers.some((entry) => entry.driver.id === selected.id);
  return map.jobs.some((job) => job.booking.booking_number === selected.bookingNumber);
}

export const dispatchMapMachine = setup({
  types: { context: {} as MapContext, events: {} as MapEvent },
  actors: mapActors,
  actions: {
    setMap: assign(({ context }, params: { map: DispatchMap }) => ({
      map: params.map,
      error: null,
      selected: stillThere(params.map, context.selected) ? context.selected : null,
    })),
    setError: assign({ error: MAP_TEXT.loadFailed }),
    select: assign({ selected: (_, params: { selection: MapSelection }) => params.selection }),
    setLiveOff: assign({ liveOff: (_, params: { reason: LiveOffReason }) => params.reason }),
    clearLiveOff: assign({ liveOff: null }),
  },
  delays: { refresh: MAP_REFRESH_MS },
}).createMachine({
  id: 'dispatchMap',
  context: { map: null, error: null, selected: null, liveOff: null },
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadMap',
            onDone: { target: 'ready', actions: { type: 'setMap', params: ({ event }) => ({ map: event.output }) } },
            onError: { target: 'failed', actions: 'setError' },
          },
        },
        failed: { on: { retry: 'loading' } },
        ready: {
          after: { refresh: 'refreshing' },
          on: {
            refresh: 'refreshing',
            select: { actions: { type: 'select', params: ({ event }) => ({ selection: event.selection }) } },
          },
        },
        refreshing: {
          invoke: {
            src: 'loadMap',
            onDone: { target: 'ready', actions: { type: 'setMap', params: ({ event }) => ({ map: event.output }) } },
            // What is on screen stays; the next event or the next tick tries again.
            onError: 'ready',
          },
          on: {
            refresh: { target: 'refreshing', reenter: true },
            select: { actions: { type: 'select', params: ({ event }) => ({ selection: event.selection }) } },
          },
        },
      },
    },
    live: {
      invoke: { id: 'liveFeed', src: 'bookingEvents' },
      initial: 'connecting',
      on: {
        'live.off': { target: '.off', actions: { type: 'setLiveOff', params: ({ event }) => ({ reason: event.reason }) } },
        'live.booking': { actions: raise({ type: 'refresh' }) },
        'live.resync': { actions: raise({ type: 'refresh' }) },
      },
      states: {
        connecting: { on: { 'live.open': 'open', 'live.lost': 'reconnecting' } },
        open: { on: { 'live.lost': 'reconnecting' } },
        reconnecting: { on: { 'live.open': { target: 'open', actions: raise({ type: 'refresh' }) } } },
        off: {
          on: {
            'live.retry': { target: 'reconnecting', actions: ['clearLiveOff', sendTo('liveFeed', { type: 'retry' })] },
            'live.open': { target: 'open', actions: ['clearLiveOff', raise({ type: 'refresh' })] },
          },
        },
      },
    },
  },
});

export type DispatchMapMachine = typeof dispatchMapMachine;
