/**
 * Start-up of the website (spec §4 Start-up, §2 Shell). Parallel regions:
 * - settings: `loading` (the full-screen 'Please wait while loading content' overlay), then `loaded`
 *   (stored under appSettings) or `failed` (logged; the site renders with null settings, spec §8 Logged only).
 *   When the page came with the settings (input: the server embeds the answer of GET /api/v1/setting in the page it
 *   serves), the machine starts in `loaded` (still stored under appSettings) and makes no call; the same for the
 *   companies, fleet and popular locations, which then start `ready`.
 * - maps: after settings, `toLoad` when GOOGLE_API_KEY is set (the Google loader arrives with the
 *   address forms and is entered once per page load), else `notNeeded`.
 * - companies, fleet, popularLocations: the footer's operator names, the fleet cards and the popular
 *   pickup locations, each `loading` → `ready` | `failed` (logged; its section stays hidden).
 */
import { and, assign, or, setup, stateIn } from 'xstate';
import type { Address, Company, FleetItem } from '../../contract/catalog.ts';
import { settingsFromRows, type SettingRow, type Settings } from '../../contract/settings.ts';
import { appActors } from './app.actors.ts';

export type Loadable = 'settings' | 'companies' | 'fleet' | 'popularLocations';

/** What the page came with (src/app/bootstrap.ts): each present part is used instead of its start-up call. */
export interface AppInput {
  settings?: SettingRow[];
  companies?: Company[];
  fleet?: FleetItem[];
  popularLocations?: Address[];
}

export interface AppContext {
  /** Every setting name; null while loading, after a failed load, or when the provider has none. */
  settings: Settings;
  companies: Company[];
  fleet: FleetItem[];
  popularLocations: Address[];
  /** The message of each failed load, for logs and tests; the user sees the section hidden. */
  errors: Partial<Record<Loadable, string>>;
  /** The parts the page came with (no call made for them). */
  embedded: Loadable[];
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The onError actions of a load: keep the message, then log it. */
const failed = (what: Loadable) => {
  const params = ({ event }: { event: { error: unknown } }) => ({ what, error: event.error });
  return [
    { type: 'recordError', params },
    { type: 'reportError', params },
  ] as const;
};

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    // void: the input is optional (tests and pages without an embedded catalogue start without it).
    input: {} as AppInput | void,
  },
  actors: appActors,
  actions: {
    recordError: assign(({ context }, params: { what: Loadable; error: unknown }) => ({
      errors: { ...context.errors, [params.what]: messageOf(params.error) },
    })),
    /** Persists the settings under appSettings; supplied by the composition root (it touches localStorage). */
    storeSettings: (_, _params: { settings: Settings }) => {},
    /** Spec §8 "Logged only": settings, fleet (and our other catalogue) failures go to the console. */
    reportError: (_, params: { what: Loadable; error: unknown }) => {
      console.error(`Could not load ${params.what}:`, params.error);
    },
  },
  guards: {
    hasMapsKey: ({ context }) => (context.settings.GOOGLE_API_KEY ?? '').trim() !== '',
    embedded: ({ context }, params: { what: Loadable }) => context.embedded.includes(params.what),
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  context: ({ input }) => {
    const given: AppInput = input ?? {};
    return {
      settings: settingsFromRows(given.settings ?? null),
      companies: given.companies ?? [],
      fleet: given.fleet ?? [],
      popularLocations: given.popularLocations ?? [],
      errors: {},
      embedded: (['settings', 'companies', 'fleet', 'popularLocations'] as const).filter((what) => given[what] !== undefined),
    };
  },
  states: {
    settings: {
      initial: 'start',
      states: {
        start: {
          always: [
            {
              guard: { type: 'embedded', params: { what: 'settings' } },
              target: 'loaded',
              actions: { type: 'storeSettings', params: ({ context }) => ({ settings: context.settings }) },
            },
            { target: 'loading' },
          ],
        },
        loading: {
          invoke: {
            src: 'loadSettings',
            onDone: {
              target: 'loaded',
              actions: [
                assign({ settings: ({ event }) => settingsFromRows(event.output) }),
                { type: 'storeSettings', params: ({ context }) => ({ settings: context.settings }) },
              ],
            },
            onError: { target: 'failed', actions: failed('settings') },
          },
        },
        loaded: {},
        failed: {},
      },
    },
    maps: {
      initial: 'waitingForSettings',
      states: {
        waitingForSettings: {
          always: [
            { guard: and([stateIn({ settings: 'loaded' }), 'hasMapsKey']), target: 'toLoad' },
            { guard: or([stateIn({ settings: 'loaded' }), stateIn({ settings: 'failed' })]), target: 'notNeeded' },
          ],
        },
        /** A maps key is configured: the Google Maps script is to be loaded (once) by the address forms' loader. */
        toLoad: {},
        notNeeded: {},
      },
    },
    companies: {
      initial: 'start',
      states: {
        start: { always: [{ guard: { type: 'embedded', params: { what: 'companies' } }, target: 'ready' }, { target: 'loading' }] },
        loading: {
          invoke: {
            src: 'loadCompanies',
            onDone: { target: 'ready', actions: assign({ companies: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: failed('companies') },
          },
        },
        ready: {},
        failed: {},
      },
    },
    fleet: {
      initial: 'start',
      states: {
        start: { always: [{ guard: { type: 'embedded', params: { what: 'fleet' } }, target: 'ready' }, { target: 'loading' }] },
        loading: {
          invoke: {
            src: 'loadFleet',
            onDone: { target: 'ready', actions: assign({ fleet: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: failed('fleet') },
          },
        },
        ready: {},
        failed: {},
      },
    },
    popularLocations: {
      initial: 'start',
      states: {
        start: { always: [{ guard: { type: 'embedded', params: { what: 'popularLocations' } }, target: 'ready' }, { target: 'loading' }] },
        loading: {
          invoke: {
            src: 'loadPopularLocations',
            onDone: { target: 'ready', actions: assign({ popularLocations: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: failed('popularLocations') },
          },
        },
        ready: {},
        failed: {},
      },
    },
  },
});

export type AppMachine = typeof appMachine;
