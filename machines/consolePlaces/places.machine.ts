/**
 * The console's Places page (owner only): saved addresses and popular locations, and banned address patterns.
 * - `loading` → `ready.browsing`, or `failed` (`retry`).
 * - `ready.browsing` → `ready.address` (`address.add`, or `address.edit` with an id) or `ready.ban` (`ban.add`);
 *   `close` goes back. In the address form `locate` asks the maps port where the typed address is (`locating`), and
 *   its answer fills the coordinates; `pin.drop` (a pin dropped or dragged on the map picker, in Great Britain)
 *   sets them too. In the ban form `check` asks whether a sample search would be refused by the
 *   saved patterns plus the one being written (`checking`), answered by the quote's own matcher; `check.clear` drops a
 *   result that no longer matches the fields.
 * - `save` (from a form, or a row's quick change from `browsing`: popular on/off, remove) → `saving` → `loading` with
 *   the server's confirmation as the notice and the form closed, or back where it was with the server's reason and
 *   the form kept.
 */
import { assign, fromPromise, setup } from 'xstate';
import { UK_BOUNDS, type BanCheck, type BanCheckResult, type LocatedPlace, type PlacesLists } from '../../contract/consolePlaces.ts';
import { messageOf } from '../console/callError.ts';

export const PLACES_TEXT = {
  loadFailed: 'The places could not be loaded. Check the connection and try again.',
  saveFailed: 'That was not saved. Check the connection and try again.',
  locateFailed: 'The address could not be looked up. Check the connection and try again.',
  checkFailed: 'The sample could not be checked. Check the connection and try again.',
} as const;

export type { PlacesLists };

/** One change to save, as the page's save actor knows it: `address.create`, `address.update`, `address.delete`, `ban.create`, `ban.delete`. */
export interface PlacesChange {
  kind: 'address.create' | 'address.update' | 'address.delete' | 'ban.create' | 'ban.delete';
  id?: number;
  [field: string]: unknown;
}

type FormStep = 'browsing' | 'address' | 'ban';

export interface PlacesContext extends PlacesLists {
  notice: string | null;
  error: string | null;
  /** The saved address whose form is open (null: a new one). */
  editing: number | null;
  located: LocatedPlace | null;
  /** Where the owner dropped or dragged the pin on the map picker (the form's coordinates follow it). */
  pin: { lat: number; lon: number } | null;
  check: BanCheckResult | null;
  from: FormStep;
  change: PlacesChange | null;
}

export type PlacesEvent =
  | { type: 'retry' }
  | { type: 'address.add' }
  | { type: 'address.edit'; id: number }
  | { type: 'ban.add' }
  | { type: 'close' }
  | { type: 'locate'; address: string }
  | { type: 'pin.drop'; point: { lat: number; lon: number } }
  | { type: 'check'; sample: string; pattern?: string }
  | { type: 'check.clear' }
  | { type: 'save'; change: PlacesChange };

const notProvided = (name: string) => () => Promise.reject(new Error(`places actor "${name}" is not provided`));

const clearForm = { editing: null, located: null, pin: null, check: null, error: null } as const;

export const placesMachine = setup({
  types: { context: {} as PlacesContext, events: {} as PlacesEvent },
  actors: {
    load: fromPromise<PlacesLists, void>(notProvided('load')),
    locate: fromPromise<LocatedPlace, string>(notProvided('locate')),
    check: fromPromise<BanCheckResult, BanCheck>(notProvided('check')),
    save: fromPromise<string, PlacesChange>(notProvided('save')),
  },
  actions: {
    setLists: assign((_, lists: PlacesLists) => ({ maps: lists.maps, addresses: lists.addresses, banned: lists.banned })),
    setNotice: assign({ notice: (_, params: { text: string | null }) => params.text }),
    setError: assign({ error: (_, params: { text: string | null }) => params.text }),
    openForm: assign((_, params: { editing: number | null }) => ({ ...clearForm, editing: params.editing, notice: null })),
    closeForm: assign(clearForm),
    // A sample's answer is about the fields as they were when tested: saving (which may change them) drops it.
    keepChange: assign((_, params: { change: PlacesChange; from: FormStep }) => ({ change: params.change, from: params.from, error: null, check: null })),
    // What the maps service found replaces a dropped pin (the status then speaks of the lookup), as a pin replaces it.
    setLocated: assign((_, place: LocatedPlace | null) => ({ located: place, pin: null })),
    // A pin replaces what the maps service found: the status then speaks of the pin.
    dropPin: assign((_, point: { lat: number; lon: number }) => ({ pin: { lat: point.lat, lon: point.lon }, located: null })),
    setCheck: assign({ check: (_, result: BanCheckResult | null) => result }),
  },
  guards: {
    fromAddress: ({ context }) => context.from === 'address',
    pointInGreatBritain: ({ event }) =>
      event.type === 'pin.drop' &&
      event.point.lat >= UK_BOUNDS.minLat &&
      event.point.lat <= UK_BOUNDS.maxLat &&
      event.point.lon >= UK_BOUNDS.minLon &&
      event.point.lon <= UK_BOUNDS.maxLon,
    fromBan: ({ context }) => context.from === 'ban',
  },
}).createMachine({
  id: 'places',
  context: { maps: 'offline', addresses: [], banned: [], notice: null, error: null, editing: null, located: null, pin: null, check: null, from: 'browsing', change: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'setLists', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: { text: PLACES_TEXT.loadFailed } } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: { type: 'setError', params: { text: null } } } } },
    ready: {
      initial: 'browsing',
      on: {
        'address.add': { target: '.address', actions: { type: 'openForm', params: { editing: null } } },
        'address.edit': { target: '.address', actions: { type: 'openForm', params: ({ event }) => ({ editing: event.id }) } },
        'ban.add': { target: '.ban', actions: { type: 'openForm', params: { editing: null } } },
      },
      states: {
        browsing: {
          on: { save: { target: '#places.saving', actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change, from: 'browsing' as const }) } } },
        },
        address: {
          initial: 'idle',
          on: { close: { target: 'browsing', actions: 'closeForm' } },
          states: {
            idle: {
              on: {
                locate: { target: 'locating', actions: [{ type: 'setError', params: { text: null } }, { type: 'setLocated', params: null }] },
                'pin.drop': { guard: 'pointInGreatBritain', actions: { type: 'dropPin', params: ({ event }) => event.point } },
                save: { target: '#places.saving', actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change, from: 'address' as const }) } },
              },
            },
            locating: {
              invoke: {
                src: 'locate',
                input: ({ event }) => (event as Extract<PlacesEvent, { type: 'locate' }>).address,
                onDone: { target: 'idle', actions: { type: 'setLocated', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PLACES_TEXT.locateFailed) }) } },
              },
            },
          },
        },
        ban: {
          initial: 'idle',
          on: { close: { target: 'browsing', actions: 'closeForm' } },
          states: {
            idle: {
              on: {
                check: { target: 'checking', actions: [{ type: 'setError', params: { text: null } }, { type: 'setCheck', params: null }] },
                'check.clear': { actions: { type: 'setCheck', params: null } },
                save: { target: '#places.saving', actions: { type: 'keepChange', params: ({ event }) => ({ change: event.change, from: 'ban' as const }) } },
              },
            },
            checking: {
              invoke: {
                src: 'check',
                input: ({ event }) => {
                  const { sample, pattern } = event as Extract<PlacesEvent, { type: 'check' }>;
                  return pattern ? { sample, pattern } : { sample };
                },
                onDone: { target: 'idle', actions: { type: 'setCheck', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PLACES_TEXT.checkFailed) }) } },
              },
            },
          },
        },
        backToAddress: { always: 'address' },
        backToBan: { always: 'ban' },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => context.change!,
        onDone: { target: 'loading', actions: ['closeForm', { type: 'setNotice', params: ({ event }) => ({ text: event.output }) }] },
        onError: [
          { guard: 'fromAddress', target: 'ready.backToAddress', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PLACES_TEXT.saveFailed) }) } },
          { guard: 'fromBan', target: 'ready.backToBan', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PLACES_TEXT.saveFailed) }) } },
          { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ text: messageOf(event.error, PLACES_TEXT.saveFailed) }) } },
        ],
      },
    },
  },
});

export type PlacesMachine = typeof placesMachine;
