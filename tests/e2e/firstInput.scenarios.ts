// The first input of each server-rendered route, acted on as soon as the page is painted (issue 16, "No lost input"):
// shared by tests/e2e/first-input.test.ts (a few loads, in `npm test`) and bench/firstInput.bench.ts (the issue's 20
// loads per route and setting, with the time from first paint to the action's effect).
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { issuePages } from '../../bench/lib/lighthouse.ts';
import { TRIP_COOKIE } from '../../contract/tripCookie.ts';

/** What a scenario acts on: the page itself or the app's iframe inside an operator's page. */
export type Target = Page | Frame;

export interface FirstInput {
  /** The route, as the visitor types it. */
  path: string;
  /** What the visitor does, in words (test names, bench lines). */
  action: string;
  /** Acts at once on the route's first control. */
  act(target: Target): Promise<void>;
  /**
   * In the page: the time (performance.now()) once the action has taken effect, else false; polled every frame once the
   * app has hydrated. Self-contained (Playwright sends its source; the page's CSP allows no eval of strings).
   */
  effect: (typed: string) => number | false;
  /** After hydration: whether the app's state has the action (a submit that keeps a typed value, for example). */
  check?(target: Target): Promise<boolean>;
  /** The page is rendered in the browser (no server HTML): its control shows once the app runs, and is acted on then. */
  rendersInBrowser?: true;
  /** Acted on with a finger: the browser has a touch screen. */
  touch?: true;
}

export const TYPED = 'ada@cabs.test';

/** Types into the first text field of the page's main content, key by key, as a visitor does. */
const typeIntoFirstField = (target: Target) => target.locator('#main').getByRole('textbox').first().pressSequentially(TYPED);

/** The typed value is still in the field after hydration. */
const typedKept = (typed: string) => {
  const field = document.querySelector<HTMLInputElement>('#main input:not([type=hidden]):not([type=radio]):not([type=checkbox]), #main textarea');
  return !!field && field.value === typed && performance.now();
};

/**
 * The app's state has the typed value: submitting the form re-renders the field from that state (a controlled input),
 * so a value only the DOM had is wiped, and a value the state has stays and is not flagged as missing.
 */
async function submitKeepsTyped(target: Target, selector?: string): Promise<boolean> {
  const field = selector ? target.locator(selector).first() : target.locator('#main').getByRole('textbox').first();
  return field.evaluate(
    async (element: HTMLInputElement, [typed, selector]) => {
      element.form?.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The field as the app shows it now (by its selector: a part may have put a fuller field in its place meanwhile).
      const shown = (selector ? document.querySelector<HTMLInputElement>(selector) : element) ?? element;
      return shown.isConnected && shown.value === typed && shown.getAttribute('aria-invalid') !== 'true';
    },
    [TYPED, selector] as const,
  );
}

const clickQuoteTab = (target: Target) => target.getByRole('tab', { name: 'GET A QUOTE' }).click();
const tapQuoteTab = (target: Target) => target.getByRole('tab', { name: 'GET A QUOTE' }).tap();
const quoteTabShown = () => document.querySelector('[role=tab][aria-selected=true]')?.textContent === 'GET A QUOTE' && !!document.querySelector('[data-testid=quote-pickup]') && performance.now();

const typed = (path: string): FirstInput => ({ path, action: 'types into the first field', act: typeIntoFirstField, effect: typedKept, check: (target) => submitKeepsTyped(target) });

export const FIRST_INPUTS: FirstInput[] = [
  { path: '/', action: "clicks 'GET A QUOTE'", act: clickQuoteTab, effect: quoteTabShown },
  { path: '/home', action: "clicks 'GET A QUOTE'", act: clickQuoteTab, effect: quoteTabShown },
  // A finger's tap is answered as it lifts, its click cancelled (src/boot/earlyInput.js records one for the app instead).
  { path: '/', action: "taps 'GET A QUOTE' with a finger", act: tapQuoteTab, effect: quoteTabShown, touch: true },
  {
    // The home form's first field: the Hourly Rate tab's Pick-Up (spec §4: the tab open first), the address
    // autocomplete (a combobox) swapping in for the server's plain field, maybe while the visitor types.
    path: '/',
    action: 'types into the Pick-Up',
    act: (target) => target.getByTestId('hourly-pickup').pressSequentially(TYPED),
    effect: (typed) => document.querySelector<HTMLInputElement>('[data-testid=hourly-pickup]')?.value === typed && performance.now(),
    check: (target) => submitKeepsTyped(target, '[data-testid=hourly-pickup]'),
  },
  {
    path: '/quotationview',
    action: "clicks the first vehicle's 'Book Now'",
    act: (target) => target.getByTestId('book-now').first().click(),
    effect: () => location.pathname === '/personalDetailView' && performance.now(),
  },
  typed('/personalDetailView'),
  typed('/contactus'),
  typed('/login'),
  typed('/forgot_password'),
  typed('/ourfleet'),
];

/**
 * Public pages that take input first but are rendered in the browser (issue 37 names /quoteView): nothing to act on
 * before the app has rendered, so acted on as soon as the field shows (the bench only; the e2e is about the gap
 * between a server's paint and the app).
 */
export const BROWSER_RENDERED_INPUTS: FirstInput[] = [
  {
    // The quote request's first field: the Pick-Up, an address autocomplete (a combobox).
    path: '/quoteView',
    action: 'types into the Pick-Up',
    act: (target) => target.locator('#main').getByRole('combobox').first().pressSequentially(TYPED),
    effect: (typed) => document.querySelector<HTMLInputElement>('#main input[role=combobox]')?.value === typed && performance.now(),
    check: (target) => submitKeepsTyped(target, '#main input[role=combobox]'),
    rendersInBrowser: true,
  },
];

/** localStorage entries and the trip cookie of the booking steps (a real quote, as bench/lib/lighthouse.ts prepares them). */
export type Prepared = Map<string, { storage?: Record<string, string>; cookie?: string }>;

export async function preparePages(baseUrl: string): Promise<Prepared> {
  return new Map((await issuePages(baseUrl)).map((page) => [page.path, page]));
}

/**
 * Asks the server for each route until it answers with the page rendered: a first render on a busy machine can pass
 * the renderer's time limit, and the page is then served for the browser to render (nothing to act on before the
 * scripts run). Then every load measures the visitor's case, a page rendered on the server.
 */
export async function renderedOnServer(baseUrl: string, prepared: Prepared): Promise<void> {
  for (const { path } of FIRST_INPUTS) {
    const cookie = prepared.get(path)?.cookie;
    let attempts = 0;
    while (!(await (await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {} })).text()).includes('data-rendered-at')) {
      if ((attempts += 1) === 5) throw new Error(`${path} is not rendered on the server`);
    }
  }
}

/** Puts a booking step's trip into a fresh context: its localStorage before any script, and its cookie. */
export async function withTrip(context: BrowserContext, baseUrl: string, prepared: Prepared, path: string): Promise<void> {
  const page = prepared.get(path);
  if (page?.storage) {
    await context.addInitScript((entries) => {
      if (localStorage.length === 0) for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, page.storage);
  }
  if (page?.cookie) await context.addCookies([{ name: TRIP_COOKIE, value: page.cookie.slice(TRIP_COOKIE.length + 1), url: `${baseUrl}${path}` }]);
}

export interface Outcome {
  /** The action took effect (and the app's state has it). */
  kept: boolean;
  /** Milliseconds from the first contentful paint to the effect (null when lost). */
  paintToEffectMs: number | null;
  /** The action was over before the app had hydrated. */
  actedBeforeHydration: boolean;
  /** Why it was lost, for the test's message. */
  detail?: string;
}

/** The server served the page without rendering it (its renderer's time limit passed on a busy machine): not a lost input. */
export const NOT_RENDERED = 'not rendered on the server';

const paintedAt = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
const hydrated = () => document.documentElement.hasAttribute('data-app-ready');

/**
 * Waits for the first contentful paint, acts, waits for the app to hydrate (`<html data-app-ready>`) and then for the
 * effect (up to `effectTimeoutMs`; `afterAct` runs between acting and waiting), then runs the scenario's check. `actedBeforeHydration` says whether the action
 * was over before the app had hydrated (what the test is about).
 */
export async function actAtFirstPaint(target: Target, scenario: FirstInput, { effectTimeoutMs = 3000, afterAct = () => {} } = {}): Promise<Outcome> {
  await target.waitForFunction(paintedAt, undefined, { polling: 'raf', timeout: 30_000 });
  if (!scenario.rendersInBrowser && !(await target.evaluate(() => document.getElementById('root')?.hasAttribute('data-rendered-at')))) {
    afterAct();
    return { kept: false, actedBeforeHydration: false, paintToEffectMs: null, detail: NOT_RENDERED };
  }
  await scenario.act(target);
  const actedBeforeHydration = !(await target.evaluate(hydrated));
  afterAct();
  await target.waitForFunction(hydrated, undefined, { timeout: 30_000 });
  let effectAt: number;
  try {
    effectAt = (await (await target.waitForFunction(scenario.effect, TYPED, { polling: 'raf', timeout: effectTimeoutMs })).jsonValue()) as number;
  } catch {
    // What the page shows instead: the focused or first field's value, the selected tab and the path (lost, or late?).
    const shown = await target
      .evaluate(() => {
        const field = (document.activeElement instanceof HTMLInputElement ? document.activeElement : null) ?? document.querySelector<HTMLInputElement>('#main input:not([type=hidden]):not([type=radio]):not([type=checkbox])');
        const tab = document.querySelector('[role=tab][aria-selected=true]')?.textContent;
        return `${location.pathname}${tab ? `, tab ${tab}` : ''}${field ? `, ${field.getAttribute('data-testid') ?? field.name ?? 'field'} ${JSON.stringify(field.value)}` : ''}`;
      })
      .catch(() => 'the page is gone');
    const late = await target.waitForFunction(scenario.effect, TYPED, { polling: 'raf', timeout: 10_000 }).then(() => true, () => false);
    return { kept: false, actedBeforeHydration, paintToEffectMs: null, detail: `no effect ${effectTimeoutMs} ms after hydration (showing ${shown}; ${late ? 'it came within 10 s more' : 'still not 10 s later'})` };
  }
  const painted = await target.evaluate(paintedAt);
  if (scenario.check && !(await scenario.check(target))) return { kept: false, actedBeforeHydration, paintToEffectMs: null, detail: 'the app state lost it' };
  return { kept: true, actedBeforeHydration, paintToEffectMs: Math.round(effectAt - painted) };
}

export interface LoadOptions {
  width: number;
  /** Chromium's CPU slowdown (CDP Emulation.setCPUThrottlingRate); 1 for none. */
  cpuSlowdown: number;
  /**
   * Holds the app's script responses back until the action is done: the visitor then surely acts before the app has
   * hydrated, whatever the machine's load (the test); without it the scripts load as they come (the bench).
   */
  holdScripts?: boolean;
}

/** Holds the page's script responses (/assets/*.js) back until the returned function is called. */
export async function holdScripts(target: Page | BrowserContext): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await target.route(/\/assets\/.*\.js$/, (route) => void released.then(() => route.continue()).catch(() => {}));
  return release;
}

/** A fresh load of `scenario`'s route (again, up to three times, when the server did not render it) in a new context (no cache, no storage but a booking step's trip). */
export async function freshLoad(browser: Browser, baseUrl: string, prepared: Prepared, scenario: FirstInput, options: LoadOptions): Promise<Outcome> {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await loadOnce(browser, baseUrl, prepared, scenario, options);
    if (outcome.detail !== NOT_RENDERED || attempt === 3) return outcome;
  }
}

async function loadOnce(browser: Browser, baseUrl: string, prepared: Prepared, scenario: FirstInput, { width, cpuSlowdown, holdScripts: hold = false }: LoadOptions): Promise<Outcome> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1, hasTouch: !!scenario.touch, locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    await withTrip(context, baseUrl, prepared, scenario.path);
    const release = hold ? await holdScripts(context) : undefined;
    const page = await context.newPage();
    if (cpuSlowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(`${baseUrl}${scenario.path}`, { waitUntil: 'commit' });
    return await actAtFirstPaint(page, scenario, { afterAct: release });
  } finally {
    await context.close();
  }
}
