import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Address, Company, FleetItem } from '../../contract/catalog.ts';
import type { SettingRow } from '../../contract/settings.ts';
import { appMachine, type AppInput } from './app.machine.ts';

const rows = (extra: Record<string, string> = {}): SettingRow[] =>
  Object.entries({ Company_Name: 'Westway Cars', CURRENCY: '£', GOOGLE_API_KEY: '', ...extra }).map(([setting_name, setting_value]) => ({ setting_name, setting_value }));

const companies: Company[] = [{ id: 1, company: { company_name: 'Westway Cars' } }];
const fleet: FleetItem[] = [{ tbms_vid: 1, vehicle_img: 'vehicles/saloon.svg', category_name: 'Saloon', seats: 4, hand_luggage: 2, luggage: 2 }];
const popular: Address[] = [{ id: 4, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' }];

interface Stubs {
  settings?: () => Promise<SettingRow[]>;
  companies?: () => Promise<Company[]>;
  fleet?: () => Promise<FleetItem[]>;
  popular?: () => Promise<Address[]>;
}

function start(stubs: Stubs = {}, input?: AppInput) {
  const storeSettings = vi.fn();
  const reportError = vi.fn();
  const calls = { settings: 0, companies: 0, fleet: 0, popular: 0 };
  const actor = createActor(
    appMachine.provide({
      actors: {
        loadSettings: fromPromise(() => {
          calls.settings += 1;
          return (stubs.settings ?? (async () => rows()))();
        }),
        loadCompanies: fromPromise(() => {
          calls.companies += 1;
          return (stubs.companies ?? (async () => companies))();
        }),
        loadFleet: fromPromise(() => {
          calls.fleet += 1;
          return (stubs.fleet ?? (async () => fleet))();
        }),
        loadPopularLocations: fromPromise(() => {
          calls.popular += 1;
          return (stubs.popular ?? (async () => popular))();
        }),
      },
      actions: {
        storeSettings: (_, params) => storeSettings(params.settings),
        reportError: (_, params) => reportError(params.what, params.error),
      },
    }),
    { input },
  ).start();
  return { actor, storeSettings, reportError, calls };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.matches({ settings: 'loading' }) && !s.matches({ companies: 'loading' }) && !s.matches({ fleet: 'loading' }) && !s.matches({ popularLocations: 'loading' }));

describe('app start-up machine', () => {
  it('starts by loading the settings, with every setting null', () => {
    const { actor } = start({ settings: () => new Promise(() => {}) });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ settings: 'loading' })).toBe(true);
    expect(snapshot.matches({ maps: 'waitingForSettings' })).toBe(true);
    expect(snapshot.context.settings.Company_Name).toBeNull();
  });

  it('keeps the loaded settings and stores them once', async () => {
    const { actor, storeSettings, calls } = start();
    const snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ settings: 'loaded', maps: 'notNeeded', companies: 'ready', fleet: 'ready', popularLocations: 'ready' });
    expect(snapshot.context.settings.Company_Name).toBe('Westway Cars');
    expect(snapshot.context.settings.CURRENCY).toBe('£');
    expect(snapshot.context.settings.SHOW_FOOTER_PAGE).toBeNull();
    expect(storeSettings).toHaveBeenCalledTimes(1);
    expect(storeSettings.mock.calls[0][0]).toEqual(snapshot.context.settings);
    expect(calls.settings).toBe(1);
  });

  it('marks the maps script to load when GOOGLE_API_KEY is set', async () => {
    const { actor } = start({ settings: async () => rows({ GOOGLE_API_KEY: 'AIza-test' }) });
    expect((await settled(actor)).matches({ maps: 'toLoad' })).toBe(true);
  });

  it('does not load maps for a blank key', async () => {
    const { actor } = start({ settings: async () => rows({ GOOGLE_API_KEY: '   ' }) });
    expect((await settled(actor)).matches({ maps: 'notNeeded' })).toBe(true);
  });

  it('logs a settings failure and carries on with null settings', async () => {
    const error = new Error('401 Unknown key pair');
    const { actor, storeSettings, reportError } = start({ settings: async () => Promise.reject(error) });
    const snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ settings: 'failed', maps: 'notNeeded', companies: 'ready', fleet: 'ready', popularLocations: 'ready' });
    expect(Object.values(snapshot.context.settings).every((value) => value === null)).toBe(true);
    expect(snapshot.context.errors.settings).toBe('401 Unknown key pair');
    expect(storeSettings).not.toHaveBeenCalled();
    expect(reportError).toHaveBeenCalledWith('settings', error);
  });

  it('logs the default way with console.error when not overridden', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = createActor(
      appMachine.provide({
        actors: {
          loadSettings: fromPromise(async () => Promise.reject(new Error('offline'))),
          loadCompanies: fromPromise(async () => companies),
          loadFleet: fromPromise(async () => fleet),
          loadPopularLocations: fromPromise(async () => popular),
        },
      }),
    ).start();
    await settled(actor);
    expect(spy).toHaveBeenCalledWith('Could not load settings:', expect.objectContaining({ message: 'offline' }));
    spy.mockRestore();
  });

  it('loads companies, fleet and popular locations alongside the settings', async () => {
    const { actor } = start();
    const { context } = await settled(actor);
    expect(context.companies).toEqual(companies);
    expect(context.fleet).toEqual(fleet);
    expect(context.popularLocations).toEqual(popular);
  });

  it('keeps going when the fleet fails, logging it', async () => {
    const { actor, reportError } = start({ fleet: async () => Promise.reject(new Error('boom')) });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ fleet: 'failed' })).toBe(true);
    expect(snapshot.matches({ settings: 'loaded' })).toBe(true);
    expect(snapshot.context.fleet).toEqual([]);
    expect(snapshot.context.errors).toEqual({ fleet: 'boom' });
    expect(reportError).toHaveBeenCalledWith('fleet', expect.any(Error));
  });

  it('keeps going when companies and popular locations fail', async () => {
    const { actor } = start({ companies: async () => Promise.reject(new Error('a')), popular: async () => Promise.reject(new Error('b')) });
    const snapshot = await settled(actor);
    expect(snapshot.matches({ companies: 'failed' })).toBe(true);
    expect(snapshot.matches({ popularLocations: 'failed' })).toBe(true);
    expect(snapshot.context.errors).toEqual({ companies: 'a', popularLocations: 'b' });
  });

  it('refuses to run without real actors', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = createActor(appMachine).start();
    const snapshot = await waitFor(actor, (s) => s.matches({ settings: 'failed' }));
    expect(snapshot.context.errors.settings).toMatch(/not provided/);
    spy.mockRestore();
  });

  it('starts loaded from the settings the page came with: stored under appSettings, no call made', () => {
    const { actor, storeSettings, calls } = start({}, { settings: rows({ GOOGLE_API_KEY: 'AIza-test' }) });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ settings: 'loaded' })).toBe(true);
    expect(snapshot.matches({ maps: 'toLoad' })).toBe(true);
    expect(snapshot.context.settings.Company_Name).toBe('Westway Cars');
    expect(snapshot.context.embedded).toEqual(['settings']);
    expect(storeSettings).toHaveBeenCalledTimes(1);
    expect(storeSettings.mock.calls[0][0]).toEqual(snapshot.context.settings);
    expect(calls).toEqual({ settings: 0, companies: 1, fleet: 1, popular: 1 });
  });

  it('starts ready with the catalogue lists the page came with, and loads only what is missing', async () => {
    const { actor, calls } = start({ settings: () => new Promise(() => {}) }, { companies, fleet, popularLocations: popular });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ settings: 'loading', maps: 'waitingForSettings', companies: 'ready', fleet: 'ready', popularLocations: 'ready' });
    expect(snapshot.context.companies).toEqual(companies);
    expect(snapshot.context.fleet).toEqual(fleet);
    expect(snapshot.context.popularLocations).toEqual(popular);
    expect(calls).toEqual({ settings: 1, companies: 0, fleet: 0, popular: 0 });
  });
});
