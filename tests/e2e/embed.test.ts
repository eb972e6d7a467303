import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, launchBrowser, WIDTHS } from '../helpers/browser.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// The operator's one-line snippet (spec §1, §9): an operator page on another origin loads /embed.js, which
// creates the iframe and sizes it from the height messages the app posts.

let browser: Browser;

/** A tiny operator site on 127.0.0.1 (the provider listens on localhost: another origin). */
async function startOperatorSite(providerUrl: string | (() => string), snippetAttributes = 'data-path="/"'): Promise<{ url: string; server: Server }> {
  const page = (provider: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Operator site</title>
<script>window.__frameMessages = []; addEventListener('message', (e) => window.__frameMessages.push({ origin: e.origin, data: e.data }));</script></head>
<body style="margin:0;font-family:sans-serif"><h1 style="margin:16px">Westway Cars: book online</h1>
<script id="snippet" src="${provider}/embed.js" ${snippetAttributes} async></script>
<p id="after">Operator footer</p></body></html>`;
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(request.url === '/' ? page(typeof providerUrl === 'string' ? providerUrl : providerUrl()) : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const iframeHeight = (page: Page) => page.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height);
const contentHeight = (frame: Frame) => frame.evaluate(() => Math.ceil(document.getElementById('root')!.getBoundingClientRect().height));

async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe');
  const frame = (await handle.contentFrame())!;
  await frame.waitForLoadState();
  await appReady(frame as unknown as Page);
  return frame;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('embed.js on an operator site', () => {
  let provider: TestProvider;
  let site: { url: string; server: Server };

  beforeAll(async () => {
    provider = await startTestProvider({ listen: true });
    site = await startOperatorSite(provider.url);
  });

  afterAll(async () => {
    site?.server.close();
    await provider?.dispose();
  });

  it('creates the iframe right after the script tag, pointing at data-path on the script origin', async () => {
    const page = await browser.newPage({ viewport: { width: WIDTHS.desktop, height: 800 } });
    try {
      await page.goto(site.url);
      await page.waitForSelector('iframe');
      const iframe = await page.evaluate(() => {
        const element = document.querySelector('iframe')!;
        const style = getComputedStyle(element);
        return {
          src: element.src,
          title: element.title,
          afterScript: element.previousElementSibling?.id,
          beforeParagraph: element.nextElementSibling?.id,
          width: element.getBoundingClientRect().width,
          pageWidth: document.body.clientWidth,
          border: style.borderTopWidth,
          scrolling: element.getAttribute('scrolling'),
        };
      });
      expect(iframe).toEqual({
        src: `${provider.url}/`,
        title: 'Book a taxi',
        afterScript: 'snippet',
        beforeParagraph: 'after',
        width: iframe.pageWidth,
        pageWidth: iframe.pageWidth,
        border: '0px',
        scrolling: 'no',
      });
    } finally {
      await page.close();
    }
  });

  it('sizes the iframe to the app content, and follows it when the content grows or reflows', async () => {
    const page = await browser.newPage({ viewport: { width: WIDTHS.desktop, height: 800 } });
    try {
      await page.goto(site.url);
      const frame = await appFrame(page);
      await frame.waitForSelector('[data-testid="fleet-card"] img');
      await expect.poll(async () => Math.abs((await iframeHeight(page)) - (await contentHeight(frame))), { timeout: 5000 }).toBeLessThanOrEqual(1);
      const before = await iframeHeight(page);
      expect(before).toBeGreaterThan(1000);

      // Content grows inside the app (a MutationObserver/ResizeObserver change, no route change).
      await frame.evaluate(() => {
        const block = document.createElement('div');
        block.id = 'grown';
        block.style.height = '1500px';
        document.getElementById('main')!.append(block);
      });
      await expect.poll(() => iframeHeight(page), { timeout: 5000 }).toBeGreaterThanOrEqual(before + 1500 - 1);

      // The operator page narrows: the app reflows taller and the iframe follows.
      await frame.evaluate(() => document.getElementById('grown')!.remove());
      await expect.poll(async () => Math.abs((await iframeHeight(page)) - before), { timeout: 5000 }).toBeLessThanOrEqual(1);
      await page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
      // Polled together: right after the resize both heights can still be the old ones.
      const followed = async () => {
        const height = await iframeHeight(page);
        return height > before && Math.abs(height - (await contentHeight(frame))) <= 1;
      };
      await expect.poll(followed, { timeout: 5000 }).toBe(true);
      // The iframe never scrolls inside: its height is the content height.
      expect(await frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(1);
    } finally {
      await page.close();
    }
  });

  it('posts the height and URL on route change and every 500 ms', async () => {
    const page = await browser.newPage({ viewport: { width: WIDTHS.desktop, height: 800 } });
    try {
      await page.goto(site.url);
      const frame = await appFrame(page);
      await frame.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Fleet' }).click();
      await expect
        .poll(() => page.evaluate(() => (window as any).__frameMessages.some((m: any) => m.data?.type === 'cabflow:frame' && m.data.url.endsWith('/ourfleet'))), { timeout: 5000 })
        .toBe(true);
      const messages = await page.evaluate(() => (window as any).__frameMessages.filter((m: any) => m.data?.type === 'cabflow:frame'));
      expect(messages.every((m: any) => m.origin === new URL(provider.url).origin && typeof m.data.height === 'number')).toBe(true);

      const count = () => page.evaluate(() => (window as any).__frameMessages.length as number);
      const start = await count();
      await page.waitForTimeout(1600);
      expect((await count()) - start).toBeGreaterThanOrEqual(3);
    } finally {
      await page.close();
    }
  });

  it('ignores height messages from any other window', async () => {
    const page = await browser.newPage({ viewport: { width: WIDTHS.desktop, height: 800 } });
    try {
      await page.goto(site.url);
      const frame = await appFrame(page);
      await expect.poll(async () => Math.abs((await iframeHeight(page)) - (await contentHeight(frame))), { timeout: 5000 }).toBeLessThanOrEqual(1);
      // Record every height the iframe takes (the app's own messages may still move it by a pixel or two as
      // images and fonts settle), then post a forged message from the operator window itself.
      await page.evaluate(() => {
        const iframe = document.querySelector('iframe')!;
        const seen: string[] = ((window as any).__iframeHeights = [iframe.style.height]);
        new MutationObserver(() => seen.push(iframe.style.height)).observe(iframe, { attributes: true, attributeFilter: ['style'] });
      });
      await page.evaluate(() => window.postMessage({ type: 'cabflow:frame', height: 42, url: 'x' }, '*'));
      await expect.poll(() => page.evaluate(() => (window as any).__frameMessages.some((m: any) => m.data?.height === 42))).toBe(true);
      await page.waitForTimeout(600);
      const heights: string[] = await page.evaluate(() => (window as any).__iframeHeights);
      expect(heights).not.toContain('42px');
      expect(await iframeHeight(page)).toBeGreaterThan(1000);
    } finally {
      await page.close();
    }
  });
});

describe('embedding with EMBED_ORIGINS set', () => {
  it('posts to the operator origin when it is configured', async () => {
    let providerUrl = '';
    const site = await startOperatorSite(() => providerUrl);
    const provider = await startTestProvider({ listen: true, env: { EMBED_ORIGINS: `https://www.example.test, ${site.url}` } });
    providerUrl = provider.url;
    const page = await browser.newPage({ viewport: { width: WIDTHS.desktop, height: 800 } });
    try {
      await page.goto(site.url);
      const frame = await appFrame(page);
      await expect.poll(async () => Math.abs((await iframeHeight(page)) - (await contentHeight(frame))), { timeout: 5000 }).toBeLessThanOrEqual(1);
      expect(await iframeHeight(page)).toBeGreaterThan(1000);
    } finally {
      await page.close();
      site.server.close();
      await provider.dispose();
    }
  });

  it('posts nothing to a parent whose origin is not configured', async () => {
    const provider = await startTestProvider({ listen: true, env: { EMBED_ORIGINS: 'https://www.example.test' } });
    const site = await startOperatorSite(provider.url);
    const page = await browser.newPage({ viewport: { width: WIDTHS.desktop, height: 800 } });
    try {
      await page.goto(site.url);
      await page.waitForSelector('iframe');
      // Whether the server refuses the frame (frame-ancestors) or the app posts nowhere, no height arrives.
      await page.waitForTimeout(2000);
      expect(await page.evaluate(() => (window as any).__frameMessages.length)).toBe(0);
      expect(await iframeHeight(page)).toBe(480);
    } finally {
      await page.close();
      site.server.close();
      await provider.dispose();
    }
  });
});
