// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeGoogleMaps } from './fakeGoogleMaps.ts';

type Win = Window & { google?: { maps?: Record<string, unknown> }; gm_authFailure?: () => void };
const win = () => window as Win;
// The scripts the loader adds, kept out of the document so happy-dom does not try to fetch them.
let added: HTMLScriptElement[] = [];
const scripts = () => added.filter((script) => script.src.startsWith('https://maps.googleapis.com/'));
const oneScript = () => vi.waitFor(() => expect(scripts()).toHaveLength(1));

/** What Google's script does when it has loaded: fills in google.maps, then calls the callback its URL names. */
function googleScriptLoads() {
  Object.assign(win().google!.maps!, createFakeGoogleMaps([]).google);
  const path = new URL(scripts()[0].src).searchParams.get('callback')!.split('.');
  const owner = path.slice(0, -1).reduce<Record<string, unknown>>((object, key) => object[key] as Record<string, unknown>, win() as unknown as Record<string, unknown>);
  (owner[path.at(-1)!] as () => void)();
}

describe('Google Maps loader (@googlemaps/js-api-loader)', () => {
  // A new page for each case: the loader and the package's module state (its options are set once per page) anew.
  let loader: typeof import('./googleLoader.ts');
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    delete win().google;
    delete win().gm_authFailure;
    added = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as HTMLScriptElement[])));
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.resetModules();
    loader = await import('./googleLoader.ts');
  });
  afterEach(() => vi.restoreAllMocks());

  it('adds one script with the key, weekly channel, UK region and the libraries asked, for every caller', async () => {
    const first = loader.loadGoogleMaps('browser-key');
    const second = loader.loadGoogleMaps('browser-key');
    expect(second).toBe(first);
    const places = loader.importGoogleLibrary('browser-key', 'places');
    await oneScript();
    const url = new URL(scripts()[0].src);
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    const { callback, ...query } = Object.fromEntries(url.searchParams);
    expect(query).toEqual({ key: 'browser-key', v: 'weekly', language: 'en-GB', region: 'GB', libraries: 'core,places' });
    expect(callback).toMatch(/^google\.maps\./);
    googleScriptLoads();
    const maps = await first;
    expect(typeof maps.importLibrary).toBe('function');
    expect(await places).toHaveProperty('AutocompleteSuggestion');
    expect(await loader.importGoogleLibrary('browser-key', 'maps')).toHaveProperty('Map');
    expect(scripts()).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('uses an API already on the page', async () => {
    win().google = { maps: { ...createFakeGoogleMaps([]).google } };
    await loader.loadGoogleMaps('k');
    expect(await loader.importGoogleLibrary('k', 'places')).toHaveProperty('AutocompleteSuggestion');
    expect(scripts()).toHaveLength(0);
  });

  it('reports a script that cannot load once, and refuses later calls at once', async () => {
    const listener = vi.fn();
    loader.onGoogleMapsFailure(listener);
    const loading = loader.loadGoogleMaps('k');
    const places = loader.importGoogleLibrary('k', 'places');
    await oneScript();
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('could not load');
    await expect(places).rejects.toThrow('could not load');
    await expect(loader.loadGoogleMaps('k')).rejects.toThrow('could not load');
    await expect(loader.importGoogleLibrary('k', 'places')).rejects.toThrow('could not load');
    // The package would add a new script on its next call after an error: it is not called again.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scripts()).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(loader.googleMapsFailure()?.message).toContain('could not load');
  });

  it('switches Google off when the key is refused after loading (gm_authFailure)', async () => {
    const listener = vi.fn();
    loader.onGoogleMapsFailure(listener);
    const loading = loader.loadGoogleMaps('bad-key');
    await oneScript();
    googleScriptLoads();
    await loading;
    win().gm_authFailure!();
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('refused the maps key') }));
    await expect(loader.loadGoogleMaps('bad-key')).rejects.toThrow('refused');
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('gives up on a script that never calls back', async () => {
    vi.useFakeTimers();
    try {
      const loading = loader.loadGoogleMaps('k', { timeoutMs: 1000 });
      const settled = expect(loading).rejects.toThrow('did not load within 1 s');
      await vi.advanceTimersByTimeAsync(1000);
      await settled;
      expect(scripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
