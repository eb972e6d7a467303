import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell: the same Chromium build, run headless the
 * way Playwright runs it by default), driven by playwright-core (no browser downloads here: ARCHITECTURE §11). The
 * full browser's headless mode costs twice the CPU per path on two cores (a context 0.5 s against 0.15 s, a page load
 * 1.3 s against 0.8 s; the console's 65 model paths 261 s against 125 s), and the e2e phase is CPU-bound. Lighthouse
 * runs the full browser (/usr/bin/chromium, bench/lib/lighthouse.ts).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** The full browser (package chromium), for Lighthouse: its scores are the ones a visitor's Chrome would get. */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A visitor's browser as every e2e context has it: a London visitor at one device pixel per CSS pixel. */
export const VISITOR_CONTEXT = { deviceScaleFactor: 1, locale: 'en-GB', timezoneId: 'Europe/London' } as const;

/** Viewport widths the site is checked at: a small phone, a tablet (the 768 px desktop breakpoint), a laptop. */
export const WIDTHS = { mobile: 375, tablet: 768, desktop: 1280 } as const;

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** console.error lines and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * Opens `url` in a fresh context (own localStorage) at `width` × `height` and waits for the settings to load
 * (the 'Please wait while loading content' overlay gone), unless `waitForApp` is false.
 */
export interface OpenPageOptions {
  width?: number;
  height?: number;
  /** Wait for the start-up overlay to go and the routed view to mount (default true). */
  waitForApp?: boolean;
  /**
   * localStorage as an earlier visit left it, in place before the page's first script (the tab's first page load
   * only: a reload or a later page sees what the app made of it).
   */
  storage?: Record<string, string>;
}

export async function openPage(browser: Browser, url: string, { width = WIDTHS.desktop, height = 900, waitForApp = true, storage }: OpenPageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ ...VISITOR_CONTEXT, viewport: { width, height } });
  if (storage)
    await context.addInitScript((items) => {
      if (sessionStorage.getItem('e2e-storage-seeded')) return;
      sessionStorage.setItem('e2e-storage-seeded', '1');
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url);
  if (waitForApp) await appReady(page);
  return { context, page, errors, close: () => context.close() };
}

/**
 * Waits until the routed view has been rendered, or on a server-rendered page hydrated (`<html data-app-ready>`, set
 * by src/app/Shell.tsx): the server's HTML shows before that but does not react yet. And the start-up overlay gone.
 */
export async function appReady(page: Page, timeout?: number): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout });
  await page.locator('#main').waitFor({ state: 'attached', timeout });
  await page.getByText('Please wait while loading content').waitFor({ state: 'detached', timeout });
  await page.locator('[data-route-loading]').waitFor({ state: 'detached', timeout });
}

/** Where the e2e suite writes its screenshots: docs/screenshots (shown in the README), or SCREENSHOT_DIR for a scratch run. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ? path.resolve(process.env.SCREENSHOT_DIR) : path.resolve(import.meta.dirname, '../../docs/screenshots');

/**
 * Saves a full-page screenshot as docs/screenshots/<name>-<width>.png, after lazy images and fonts settle.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.evaluate(async () => {
    await document.fonts?.ready;
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
  });
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  // CI runs on a throwaway clone: the pictures are the README's, made by `npm test` on a developer's machine. Capturing
  // about 170 full pages there is CPU the 30-minute budget needs (CABFLOW_SCREENSHOTS=1 captures them anyway).
  if (process.env.CI === 'true' && process.env.CABFLOW_SCREENSHOTS !== '1') return file;
  // A full-page capture does not scroll: parts the page leaves unrendered until they come near the screen (the
  // quotation's cards, content-visibility: auto) are rendered for it, as a visitor scrolling down sees them.
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', style: '* { content-visibility: visible !important; }' });
  return file;
}

/** Signs in on the console's sign-in form the page shows, and waits for the console's page heading (`heading`). */
export async function signInToConsole(page: Page, member: { email: string; password: string }, heading: string): Promise<void> {
  await page.getByLabel(/^E-mail/).fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}
