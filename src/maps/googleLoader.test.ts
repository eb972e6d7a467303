// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeGoogleMaps } from './fakeGoogleMaps.ts';
import { GOOGLE_MAPS_CALLBACK, googleMapsFailure, googleMapsScriptUrl, importGoogleLibrary, loadGoogleMaps, onGoogleMapsFailure, resetGoogleMapsLoader } from './googleLoader.ts';

type Win = Window & { google?: unknown; gm_authFailure?: () => void; [GOOGLE_MAPS_CALLBACK]?: () => void };
const win = () => window as Win;
// The scripts the loader adds, kept out of the document so happy-dom does not try to fetch them.
let added: HTMLScriptElement[] = [];
const scripts = () => added.filter((script) => script.src.startsWith('https://maps.googleapis.com/'));

describe('Google Maps loader', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    resetGoogleMapsLoader();
    delete win().google;
    added = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => void added.push(...(nodes as HTMLScriptElement[])));
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('adds one script with the key, weekly channel, UK region and a callback, for every caller', async () => {
    const first = loadGoogleMaps('browser-key');
    const second = loadGoogleMaps('browser-key');
    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
    const url = new URL(scripts()[0].src);
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(url.searchParams)).toEqual({ key: 'browser-key', v: 'weekly', language: 'en-GB', region: 'GB', loading: 'async', callback: GOOGLE_MAPS_CALLBACK });
    expect(googleMapsScriptUrl('k', 'cb')).toContain('callback=cb');
    // What Google's script does when it has loaded:
    win().google = { maps: createFakeGoogleMaps([]).google };
    win()[GOOGLE_MAPS_CALLBACK]!();
    const maps = await first;
    expect(typeof maps.importLibrary).toBe('function');
    expect(await importGoogleLibrary('browser-key', 'maps')).toHaveProperty('Map');
    expect(errors).not.toHaveBeenCalled();
  });

  it('uses an API already on the page', async () => {
    win().google = { maps: createFakeGoogleMaps([]).google };
    await loadGoogleMaps('k');
    expect(scripts()).toHaveLength(0);
  });

  it('reports a script that cannot load once, and refuses later calls at once', async () => {
    const listener = vi.fn();
    onGoogleMapsFailure(listener);
    const loading = loadGoogleMaps('k');
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('could not load');
    await expect(loadGoogleMaps('k')).rejects.toThrow('could not load');
    await expect(importGoogleLibrary('k', 'places')).rejects.toThrow('could not load');
    expect(scripts()).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(googleMapsFailure()?.message).toContain('could not load');
  });

  it('switches Google off when the key is refused after loading (gm_authFailure)', async () => {
    const listener = vi.fn();
    onGoogleMapsFailure(listener);
    const loading = loadGoogleMaps('bad-key');
    win().google = { maps: createFakeGoogleMaps([]).google };
    win()[GOOGLE_MAPS_CALLBACK]!();
    await loading;
    win().gm_authFailure!();
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('refused the maps key') }));
    await expect(loadGoogleMaps('bad-key')).rejects.toThrow('refused');
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('gives up on a script that never calls back', async () => {
    vi.useFakeTimers();
    try {
      const loading = loadGoogleMaps('k', { timeoutMs: 1000 });
      const settled = expect(loading).rejects.toThrow('did not load within 1 s');
      await vi.advanceTimersByTimeAsync(1000);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });
});
