import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { driverShell, driverWorkerScript } from './driverWorker.ts';
import type { Manifest } from './routeAssets.ts';

const TEMPLATE = `<!doctype html><html><head>
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<script defer src="/boot.js"></script>
<script type="module" crossorigin src="/assets/index-AAA.js"></script>
<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-BBB.js">
<link rel="stylesheet" crossorigin href="/assets/index-CCC.css">
<link rel="preconnect" href="//maps.example.test">
</head><body><div id="root"></div></body></html>`;

const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-AAA.js', isEntry: true, imports: ['_rolldown-runtime-BBB.js'], css: ['assets/index-CCC.css'] },
  '_rolldown-runtime-BBB.js': { file: 'assets/rolldown-runtime-BBB.js' },
  'src/views/driver/DriverApp.tsx': { file: 'assets/DriverApp-DDD.js', imports: ['_rolldown-runtime-BBB.js', 'index.html', '_Alert-EEE.js'], css: ['assets/DriverApp-FFF.css'] },
  '_Alert-EEE.js': { file: 'assets/Alert-EEE.js', css: ['assets/Alert-GGG.css'] },
  'src/views/console/ConsoleApp.tsx': { file: 'assets/ConsoleApp-HHH.js', imports: ['index.html'] },
};

const SHELL = [
  '/driver',
  '/favicon.svg',
  '/boot.js',
  '/assets/index-AAA.js',
  '/assets/rolldown-runtime-BBB.js',
  '/assets/index-CCC.css',
  '/assets/DriverApp-DDD.js',
  '/assets/Alert-EEE.js',
  '/assets/DriverApp-FFF.css',
  '/assets/Alert-GGG.css',
  '/driver.webmanifest',
];

describe("the driver app's service worker", () => {
  it("keeps the /driver page and exactly the files it needs, named from the build's index.html and manifest", () => {
    expect(driverShell(TEMPLATE, MANIFEST)).toEqual(SHELL);
  });

  it('is a new worker (another version) whenever the shell changes', () => {
    const script = driverWorkerScript(SHELL);
    const version = /const VERSION = "([\w-]{16})";/.exec(script)?.[1];
    expect(version).toBeDefined();
    expect(script).toContain(`const SHELL = ${JSON.stringify(SHELL)};`);
    expect(driverWorkerScript(SHELL)).toBe(script);
    expect(driverWorkerScript([...SHELL.slice(0, -2), '/assets/DriverApp-XXX.css', '/driver.webmanifest'])).not.toContain(version);
  });

  describe('in a worker', () => {
    const ORIGIN = 'https://cabs.example.test';

    /** The worker's script run against a stand-in worker scope: Cache Storage in memory, a network that answers or not. */
    function runWorker(network: { up: boolean; served: string[] }) {
      const stores = new Map<string, Map<string, Response>>();
      const listeners = new Map<string, (event: unknown) => void>();
      const open = async (name: string) => {
        if (!stores.has(name)) stores.set(name, new Map());
        const entries = stores.get(name)!;
        const keyOf = (what: string | Request) => new URL(typeof what === 'string' ? what : what.url, ORIGIN).pathname;
        return {
          addAll: async (paths: string[]) => {
            for (const path of paths) entries.set(path, await fetch(path));
          },
          put: async (what: string | Request, response: Response) => void entries.set(keyOf(what), response),
          match: async (what: string | Request) => entries.get(keyOf(what))?.clone(),
        };
      };
      const fetch = async (what: string | Request) => {
        const path = new URL(typeof what === 'string' ? what : what.url, ORIGIN).pathname;
        if (!network.up) throw new TypeError('Failed to fetch');
        network.served.push(path);
        return new Response(`network ${path}`, { status: 200 });
      };
      const self = {
        location: new URL(ORIGIN),
        clients: { claim: async () => {} },
        skipWaiting: async () => {},
        addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      };
      runInNewContext(driverWorkerScript(SHELL), { self, caches: { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) }, fetch, URL, Response, setTimeout, clearTimeout, Promise });
      const lifecycle = async (type: 'install' | 'activate') => {
        let done: Promise<unknown> = Promise.resolve();
        listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
        await done;
      };
      /** A request through the worker: its answer, or null when the worker leaves it to the network. */
      const request = async (path: string, init: { method?: string; mode?: string } = {}) => {
        let answer: Promise<Response> | null = null;
        listeners.get('fetch')!({ request: { url: `${ORIGIN}${path}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors' }, respondWith: (promise: Promise<Response>) => (answer = promise) });
        return answer === null ? null : (await (answer as Promise<Response>)).text();
      };
      return { stores, lifecycle, request };
    }

    it('opens /driver with no signal from the kept shell, and never answers or keeps an API call', async () => {
      const network = { up: true, served: [] as string[] };
      const worker = runWorker(network);
      await worker.lifecycle('install');
      await worker.lifecycle('activate');
      expect(network.served).toEqual(SHELL);
      const [cache] = [...worker.stores.values()];

      // With signal: the page from the network (and kept); the API left to the browser.
      expect(await worker.request('/driver', { mode: 'navigate' })).toBe('network /driver');
      expect(await worker.request('/api/driver/jobs')).toBeNull();
      expect(await worker.request('/api/driver/jobs/CF-1/steps', { method: 'POST' })).toBeNull();
      // Pages outside the app and other methods are not the worker's either.
      expect(await worker.request('/admin', { mode: 'navigate' })).toBeNull();

      network.up = false;
      network.served.length = 0;
      expect(await worker.request('/driver', { mode: 'navigate' })).toBe('network /driver');
      expect(await worker.request('/driver/set-password', { mode: 'navigate' })).toBe('network /driver');
      expect(await worker.request('/assets/DriverApp-DDD.js')).toBe('network /assets/DriverApp-DDD.js');
      expect(await worker.request('/boot.js')).toBe('network /boot.js');
      expect(await worker.request('/api/driver/jobs')).toBeNull();
      expect(network.served).toEqual([]);
      expect([...cache.keys()].filter((path) => path.startsWith('/api'))).toEqual([]);
    });

    it('a new version removes the shells of older ones', async () => {
      const network = { up: true, served: [] as string[] };
      const worker = runWorker(network);
      const old = new Map<string, Response>([['/driver', new Response('old page')]]);
      worker.stores.set('cabflow-driver-0000000000000000', old);
      worker.stores.set('someone-else', new Map());
      await worker.lifecycle('install');
      await worker.lifecycle('activate');
      expect([...worker.stores.keys()]).toEqual(['someone-else', expect.stringMatching(/^cabflow-driver-[\w-]{16}$/)]);
    });
  });
});
