/*
 * The driver app's service worker (issue 32, working without signal), for the /driver pages only. The server
 * (server/web/driverWorker.ts) fills in SHELL — the /driver page and the files it needs, named from this build — and
 * VERSION (a hash of both), so a new build is a new worker with a cache of its own.
 * - install: the shell is cached; activate: older shells are removed.
 * - the /driver pages: the network first (a fresh page, kept for next time); no answer within a few seconds or none
 *   at all → the kept page, so the app opens with no signal. Its data comes from the app's own calls.
 * - the build's hashed files (/assets/): the kept copy first (they never change), else the network, then kept; the
 *   other files of the shell (boot.js, the manifest, the icon): the network first, the kept copy without signal.
 * - API calls (/api/…) are never the worker's: they go to the network as if there were no worker, and nothing of
 *   them is ever cached. Other methods than GET and other origins are left alone too.
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const CACHE_PREFIX = 'cabflow-driver-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const SCOPE = '/driver';
const PAGE_TIMEOUT_MS = 4000;
const MATCH = { ignoreVary: true, ignoreSearch: true };

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

const isPage = (path) => path === SCOPE || path.startsWith(`${SCOPE}/`);

function within(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer in time')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function keep(path, response) {
  if (!response.ok || response.type !== 'basic') return;
  const cache = await caches.open(CACHE);
  await cache.put(path, response);
}

async function kept(path) {
  const cache = await caches.open(CACHE);
  return cache.match(path, MATCH);
}

/** A /driver page: the network first; the kept page when there is no answer (or only the office's fault). */
async function page(request, path) {
  try {
    const response = await within(fetch(request), PAGE_TIMEOUT_MS);
    if (response.ok) {
      await keep(path, response.clone());
      return response;
    }
    return (await kept(path)) ?? (await kept(SCOPE)) ?? response;
  } catch (error) {
    const fallback = (await kept(path)) ?? (await kept(SCOPE));
    if (fallback) return fallback;
    throw error;
  }
}

/** A hashed build file: the kept copy, else the network (then kept). */
async function hashedFile(request, path) {
  const copy = await kept(path);
  if (copy) return copy;
  const response = await fetch(request);
  await keep(path, response.clone());
  return response;
}

/** Another file of the shell: the network, the kept copy without signal. */
async function shellFile(request, path) {
  try {
    const response = await fetch(request);
    await keep(path, response.clone());
    return response;
  } catch (error) {
    const copy = await kept(path);
    if (copy) return copy;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API is never the worker's: no cache, no answer made up.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (isPage(url.pathname)) event.respondWith(page(request, url.pathname));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(hashedFile(request, url.pathname));
  else if (SHELL.includes(url.pathname)) event.respondWith(shellFile(request, url.pathname));
});
