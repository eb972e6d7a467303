/**
 * What a UI path run holds: its browser context and page, the real server, and the gates that hold or answer the
 * server calls the path's outcomes name. A gate catches the next request to its URL: it waits (so the state the
 * call belongs to can be asserted on screen while the call is in flight), then lets the request through, answers it
 * with a status the path asks for (a server failure), rewrites the real answer, or aborts it (no network).
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { TestProvider } from '../../helpers/provider.ts';
import type { ModelPath } from '../types.ts';

export interface UiEnv {
  browser: Browser;
  provider: TestProvider;
  /** http://localhost:<port> */
  baseUrl: string;
}

export type GateAnswer =
  /** The real server answers; `before` runs first (e.g. revoke a token so the server itself refuses it). */
  | { kind: 'continue'; before?: () => Promise<void> }
  | { kind: 'fulfil'; status: number; body: unknown }
  | { kind: 'rewrite'; rewrite: (body: any) => unknown }
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

  constructor(
    readonly env: UiEnv,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly path: ModelPath,
  ) {
    this.gates = new Gates(page);
    page.on('pageerror', (error) => this.errors.push(String(error)));
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

  /** The page's timers stand still (Playwright's clock, installed for the path) until `resumeTimers`. */
  async holdTimers(): Promise<void> {
    // The page's clock runs on while this asks it the time: pause a little ahead of it (timers due in those 100 ms
    // fire, the app's seconds-long ones do not), and ask again if it got there first.
    for (let attempt = 1; ; attempt++) {
      const now = await this.page.evaluate(() => Date.now());
      try {
        await this.page.clock.pauseAt(now + 100);
        break;
      } catch (error) {
        if (attempt === 5 || !/past/.test(String(error))) throw error;
      }
    }
    this.log.push('   (timers held)');
  }

  async resumeTimers(): Promise<void> {
    await this.page.clock.resume();
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
