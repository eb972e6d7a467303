/**
 * Browser contexts the UI paths take turns in. A path used to open a fresh context each time: a page load there cost
 * Chromium about 1.3 CPU-s (a new renderer process, its Blink and V8 set up, the scripts parsed and compiled again), and
 * opening the page was half of the public paths' time. A context is now kept for the next path, wiped clean between
 * them; an idle page of the site stays open in it, so with Chromium's `--process-per-site` (PATHS_CHROMIUM_ARGS) the
 * next path's page reuses the same renderer process: about 0.87 CPU-s per load (a loop of /, /login and /contactus).
 * The booking machine's 64 paths, alone, twice each way on 4 December: 268 and 276 CPU-s in 142 and 145 s with fresh
 * contexts, 247 and 225 CPU-s in 131 and 120 s pooled.
 *
 * One path at a time per context, so a path never sees another's storage; between two paths the context loses its
 * cookies and all of the site's storage (local and session storage, IndexedDB, caches, service workers) and its
 * visitor address (tests/e2e/paths-context-pool.test.ts). A context that cannot be wiped is closed, never lent again.
 * A machine with context options of its own (the driver's phone: its viewport, position and blocked service worker)
 * gets contexts made with those options, lent only to paths that ask for the same.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { VISITOR_CONTEXT } from '../../helpers/browser.ts';

/** Chromium flags for the paths' browser: pages of one site in one context share a renderer process. */
export const PATHS_CHROMIUM_ARGS = ['--process-per-site'];

const PATH_CONTEXT_OPTIONS: BrowserContextOptions = { ...VISITOR_CONTEXT, viewport: { width: 1280, height: 900 } };

export class ContextPool {
  /** Idle contexts by their options (as JSON). */
  private readonly idle = new Map<string, BrowserContext[]>();
  /**
   * Each context's options (as JSON) and its idle page on the site, which keeps the site's renderer process alive
   * between two paths.
   */
  private readonly made = new Map<BrowserContext, { key: string; anchor: Page }>();
  /** Contexts created and reused, for the suite's summary line. */
  readonly counts = { created: 0, reused: 0 };

  constructor(
    private readonly browser: Browser,
    /** The site's origin, whose storage is wiped between paths. */
    private readonly origin: string,
  ) {}

  /**
   * A clean context for one path, made with `options` over the paths' own, its requests (the page's and
   * `context.request`'s) sent as from `address`.
   */
  async acquire(address: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const key = JSON.stringify(options);
    const reused = this.idle.get(key)?.pop();
    if (reused) this.counts.reused += 1;
    else this.counts.created += 1;
    const context = reused ?? (await this.open(key, options));
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    return context;
  }

  private async open(key: string, options: BrowserContextOptions): Promise<BrowserContext> {
    const context = await this.browser.newContext({ ...PATH_CONTEXT_OPTIONS, ...options });
    const anchor = await context.newPage();
    await anchor.goto(`${this.origin}/favicon.svg`);
    this.made.set(context, { key, anchor });
    return context;
  }

  /** Closes the path's pages, wipes what the path left, and keeps the context for the next. */
  async release(context: BrowserContext): Promise<void> {
    const { key, anchor } = this.made.get(context)!;
    try {
      for (const open of context.pages()) if (open !== anchor) await open.close();
      const session = await context.newCDPSession(anchor);
      await session.send('Storage.clearDataForOrigin', { origin: this.origin, storageTypes: 'all' });
      await session.detach();
      await context.clearCookies();
      await context.setExtraHTTPHeaders({});
      this.idle.set(key, [...(this.idle.get(key) ?? []), context]);
    } catch {
      // A context that cannot be wiped is not lent again.
      this.made.delete(context);
      await context.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    const idle = [...this.idle.values()].flat();
    this.idle.clear();
    this.made.clear();
    await Promise.all(idle.map((context) => context.close().catch(() => {})));
  }
}
