/**
 * What a UI path run holds: its browser context and page, the real server, and the gates that hold or answer the
 * server calls the path's outcomes name. A gate catches the next request to its URL: it waits (so the state the
 * call belongs to can be asserted on screen while the call is in flight), then lets the request through, answers it
 * with a status the path asks for (a server failure), rewrites the real answer, or aborts it (no network).
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { TestProvider } from '../../helpers/provider.ts';
import type { ModelPath } from '../types.ts';
import type { ContextPool } from './contextPool.ts';

export interface UiEnv {
  browser: Browser;
  /** Clean contexts the paths take turns in (see contextPool.ts). */
  contexts: ContextPool;
  provider: TestProvider;
  /** http://localhost:<port> */
  baseUrl: string;
}

export type GateAnswer =
  /** The real server answers; `before` runs first (e.g. revoke a token so the server itself refuses it). */
  | { kind: 'continue'; before?: () => Promise<void> }
  | { kind: 'fulfil'; status: number; body: unknown }
  | { kind: 'rewrite'; rewrite: (body: any) => unknown; before?: () => Promise<void> }
  | { kind: 'abort' };

export class Gate {
  private arrivedResolve!: () => void;
  private releaseResolve!: () => void;
  readonly arrived: Promise<void>;
  private readonly released: Promise<void>;
  requests = 0;
  answered = false;

  constructor(
    readonly label: string,
    readonly answer: GateAnswer,
  ) {
    this.arrived = new Promise((resolve) => (this.arrivedResolve = resolve));
    this.released = new Promise((resolve) => (this.releaseResolve = resolve));
  }

  async handle(route: Route): Promise<void> {
    this.requests += 1;
    this.arrivedResolve();
    await this.released;
    const answer = this.answer;
    if (this.closed) return;
    try {
      if (answer.kind === 'continue') {
        await answer.before?.();
        await route.fallback();
      }
      else if (answer.kind === 'abort') await route.abort('failed');
      else if (answer.kind === 'fulfil') await route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
      else {
        await answer.before?.();
        const response = await route.fetch();
        const body = answer.rewrite(await response.json());
        await route.fulfill({ response, body: JSON.stringify(body), contentType: 'application/json' });
      }
    } catch (error) {
      // The page went away while the call was held (the path ended or failed): nothing to answer.
      if (!/closed|Target/.test(String(error))) throw error;
    } finally {
      this.answered = true;
    }
  }

  closed = false;

  /** Waits for the request (the call is in flight), within `timeout` ms. */
  async waitArrived(timeout = 15_000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no request reached the gate '${this.label}' within ${timeout} ms`)), timeout);
    });
    try {
      await Promise.race([this.arrived, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  release(): void {
    this.releaseResolve();
  }
}

/**
 * A call's pattern: a URL glob, optionally after its method ('DELETE <glob>'), and alternatives joined by ' | ' (one
 * call that goes to either address). The method tells apart calls that share an address (sign-in's POST, sign-out's
 * DELETE).
 */
function parseCallPattern(pattern: string): { method: string | null; glob: string }[] {
  return pattern.split(' | ').map((part) => {
    const match = /^([A-Z]+) (.+)$/.exec(part.trim());
    return match ? { method: match[1], glob: match[2] } : { method: null, glob: part.trim() };
  });
}

/** One FIFO of gates per call pattern: each request takes the next gate; with none waiting it goes through. */
class Gates {
  private queues = new Map<string, Gate[]>();
  constructor(private readonly page: Page) {}

  async add(pattern: string, gate: Gate): Promise<void> {
    if (!this.queues.has(pattern)) {
      this.queues.set(pattern, []);
      for (const { method, glob } of parseCallPattern(pattern)) {
        await this.page.route(glob, (route) => {
          const requestMethod = route.request().method();
          if (requestMethod === 'OPTIONS' || (method !== null && requestMethod !== method)) return route.fallback();
          const next = this.queues.get(pattern)!.shift();
          return next ? next.handle(route) : route.fallback();
        });
      }
    }
    this.queues.get(pattern)!.push(gate);
  }

  releaseAll(): void {
    for (const queue of this.queues.values())
      for (const gate of queue) {
        gate.closed = true;
        gate.release();
      }
  }
}

export class UiRun {
  readonly gates: Gates;
  /** Gates by the index of the path step (outcome) they belong to. */
  readonly stepGates = new Map<number, Gate>();
  /** Per-path values the executors agree on (e-mails, card numbers, form overrides …). */
  readonly scratch: Record<string, any> = {};
  /** Console errors and page errors seen. */
  readonly errors: string[] = [];
  /** What happened, for the report of a failure. */
  readonly log: string[] = [];
  /**
   * The page's API calls as they were answered ('200 POST /api/…', or how they failed), and each write as it was sent
   * ('sent POST /api/…'), for the report of a failure: a write sent twice shows as two.
   */
  readonly apiCalls: string[] = [];

  constructor(
    readonly env: UiEnv,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly path: ModelPath,
  ) {
    this.gates = new Gates(page);
    page.on('pageerror', (error) => this.errors.push(String(error)));
    const apiPath = (url: string) => {
      const { pathname } = new URL(url);
      return pathname.startsWith('/api/') ? pathname : null;
    };
    page.on('request', (request) => {
      const path = apiPath(request.url());
      if (path && !['GET', 'HEAD', 'OPTIONS'].includes(request.method())) this.apiCalls.push(`sent ${request.method()} ${path}`);
    });
    page.on('response', (response) => {
      const path = apiPath(response.url());
      if (path) this.apiCalls.push(`${response.status()} ${response.request().method()} ${path}`);
    });
    page.on('requestfailed', (request) => {
      const path = apiPath(request.url());
      if (path) this.apiCalls.push(`${request.failure()?.errorText ?? 'failed'} ${request.method()} ${path}`);
    });
  }

  url(path: string): string {
    return `${this.env.baseUrl}${path}`;
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  /** Holds the next request to `pattern` for step `index` and answers it as `answer` when released. */
  async gate(index: number, pattern: string, answer: GateAnswer, label = pattern): Promise<Gate> {
    const gate = new Gate(`${label} (step ${index + 1})`, answer);
    this.stepGates.set(index, gate);
    await this.gates.add(pattern, gate);
    return gate;
  }

  /** The gate of step `index`, waited for (its request in flight) and released. */
  async releaseGate(index: number): Promise<void> {
    const gate = this.stepGates.get(index);
    if (!gate) throw new Error(`step ${index + 1} has no gate arranged`);
    await gate.waitArrived();
    gate.release();
  }

  /**
   * The visitor goes to `path` within the page: with the browser's Back or Forward when the tab's history has it next
   * to the current entry (what a visitor does most), else as a link does (pushState, which wouter listens to).
   */
  async navigate(path: string): Promise<void> {
    const way = await this.page.evaluate((to) => {
      const mirror = (window as unknown as { __pathsHistory?: { entries: string[]; index: number } }).__pathsHistory;
      if (mirror?.entries[mirror.index - 1] === to) return 'back';
      if (mirror?.entries[mirror.index + 1] === to) return 'forward';
      history.pushState(null, '', to);
      return 'link';
    }, path);
    if (way === 'back') await this.page.goBack({ waitUntil: 'commit' });
    if (way === 'forward') await this.page.goForward({ waitUntil: 'commit' });
    this.log.push(`   (${way === 'link' ? 'a link' : way === 'back' ? 'Back' : 'Forward'} to ${path})`);
  }

  /**
   * From now on the page's timers of these delays (ms) wait: one that comes due is kept until `resumeTimers` (see
   * TIMER_HOLD, installed for paths that hold timers). The state's own timer is started by the step that enters the
   * state, after this call, so the step taken there can never race it; every other timer (a dialog's transition,
   * React's, the address field's debounce) runs as usual, so the screen shows the state as a visitor sees it.
   */
  async holdTimers(delays: readonly number[]): Promise<void> {
    await this.page.evaluate((held) => (window as unknown as { __pathsTimers: { hold(delays: number[]): void } }).__pathsTimers.hold(held), [...delays]);
    this.log.push(`   (timers of ${delays.map((ms) => `${ms / 1000} s`).join(', ')} held)`);
  }

  /** The held timers that came due run now; new ones run as usual. */
  async resumeTimers(): Promise<void> {
    await this.page.evaluate(() => (window as unknown as { __pathsTimers: { release(): void } }).__pathsTimers.release());
    this.log.push('   (timers resumed)');
  }

  async waitForPath(expected: string | readonly string[], timeout = 15_000): Promise<void> {
    const wanted = typeof expected === 'string' ? [expected] : expected;
    const started = Date.now();
    while (!wanted.includes(this.pathname())) {
      if (Date.now() - started > timeout) throw new Error(`expected the URL path ${wanted.join(' or ')}, it is ${this.pathname()}`);
      await this.page.waitForTimeout(50);
    }
  }

  /** Lets every held call go and drops the routes, ignoring the ones still in flight. */
  async close(): Promise<void> {
    await this.page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => {});
    this.gates.releaseAll();
  }
}

/**
 * In the page, before its scripts: the tab's history of this document as the pages see it (pushState, replaceState,
 * Back/Forward), so `navigate` can use Back or Forward where the history allows.
 */
export const HISTORY_MIRROR = `(() => {
  const mirror = { entries: [location.pathname], index: 0 };
  globalThis.__pathsHistory = mirror;
  const push = history.pushState;
  const replace = history.replaceState;
  history.pushState = function (...args) {
    const out = push.apply(this, args);
    mirror.entries.splice(mirror.index + 1, mirror.entries.length, location.pathname);
    mirror.index += 1;
    return out;
  };
  history.replaceState = function (...args) {
    const out = replace.apply(this, args);
    mirror.entries[mirror.index] = location.pathname;
    return out;
  };
  addEventListener('popstate', () => {
    if (mirror.entries[mirror.index - 1] === location.pathname) mirror.index -= 1;
    else if (mirror.entries[mirror.index + 1] === location.pathname) mirror.index += 1;
  });
})();`;

/**
 * In the page, before its scripts, for a path that holds timers: `setTimeout` as the browser's, except that while
 * `hold(delays)` is on, a timeout of one of those delays set since then does not run when it comes due but waits for
 * `release()` (then it runs at once). Cleared ones never run. Ids are the browser's own, so clearTimeout and
 * clearInterval keep working on everything.
 */
export const TIMER_HOLD = `(() => {
  const set = globalThis.setTimeout;
  const clear = globalThis.clearTimeout;
  let holding = null;
  let generation = 0;
  const waiting = new Map();
  const moved = new Map();
  globalThis.setTimeout = function (handler, delay, ...args) {
    if (typeof handler !== 'function') return set.call(globalThis, handler, delay, ...args);
    const heldIn = holding !== null && holding.has(Number(delay) || 0) ? generation : 0;
    const id = set.call(globalThis, () => {
      if (heldIn !== 0 && holding !== null && heldIn === generation) waiting.set(id, () => handler(...args));
      else handler(...args);
    }, delay);
    return id;
  };
  globalThis.clearTimeout = function (id) {
    waiting.delete(id);
    clear.call(globalThis, moved.get(id) ?? id);
    moved.delete(id);
  };
  globalThis.__pathsTimers = {
    hold(delays) {
      if (holding === null) {
        holding = new Set();
        generation += 1;
      }
      for (const ms of delays) holding.add(ms);
    },
    release() {
      holding = null;
      const due = [...waiting.entries()];
      waiting.clear();
      for (const [id, run] of due) moved.set(id, set.call(globalThis, () => {
        moved.delete(id);
        run();
      }, 0));
    },
  };
})();`;

/** Passes when `check` stops throwing within `timeout` ms; rethrows its last error otherwise. */
export async function eventually(check: () => Promise<void> | void, timeout = 10_000, interval = 60): Promise<void> {
  const started = Date.now();
  let last: unknown;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      last = error;
    }
    if (Date.now() - started > timeout) throw last;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/** base64 of the JSON, as the app's encoded localStorage keys hold it (spec §3). */
export { encoded } from '../../helpers/storage.ts';

/**
 * The paths' own calls to the server (arranging a path, not what it tests) are tried again when the connection is
 * reset: the pooled context's kept-alive socket may be the one the server closes after 5 s idle just as the call is
 * written (a console path failed on it in CI: `read ECONNRESET` on POST /api/admin/session). The server closed that
 * socket without reading the call; Chromium tries its own requests again the same way.
 */
export const ARRANGING_RETRIES = { maxRetries: 2 } as const;
