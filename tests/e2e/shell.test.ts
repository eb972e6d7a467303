import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_OFFICE_ADDRESS } from '../../contract/operator.ts';
import { appReady, launchBrowser, openPage, saveScreenshot, SCREENSHOT_DIR, WIDTHS } from '../helpers/browser.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';

// The app shell of spec §2 through the real server and its seeded database, in Chromium.
// Needs a build first: `npm run build && npx vitest run --project e2e`.

let provider: TestProvider;
let browser: Browser;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await provider?.dispose();
});

async function putSettings(changes: Record<string, string>) {
  const response = await fetch(`${provider.url}/api/admin/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(changes),
  });
  expect(response.status).toBe(200);
}

const header = (page: Page) => page.locator('header');
const pathname = (page: Page) => new URL(page.url()).pathname;

describe('the shell', () => {
  it('shows the company name and phone from the database settings', async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/`);
    try {
      await expect.poll(() => header(page).getByText('Westway Cars').count()).toBe(1);
      const phone = page.getByTestId('navbar-phone');
      expect(await phone.getAttribute('href')).toBe('tel:02079460321');
      expect((await phone.textContent())?.trim()).toBe('020 7946 0321');
      const links = await header(page).getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
      expect(links).toEqual(['Home', 'Our Fleet', 'Urgent Booking', 'Corporate Account', 'Contact Us']);
      expect(await page.title()).toBe('Book your taxi | Westway Cars');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the footer: operator companies, e-mail, head office and © 2024 with the company name', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      const footer = page.locator('footer');
      for (const company of ['Westway Cars', 'Thames Executive Travel', 'Capital Airport Transfers']) await expect.poll(() => footer.getByText(company, { exact: true }).count()).toBeGreaterThan(0);
      expect(await footer.getByRole('link', { name: 'bookings@westwaycars.test' }).getAttribute('href')).toBe('mailto:bookings@westwaycars.test');
      expect(await footer.getByText(HEAD_OFFICE_ADDRESS).count()).toBe(1);
      expect(await footer.getByText('© 2024 Westway Cars. All rights reserved.').count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('keeps the settings in localStorage appSettings as base64 of the settings', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      const stored = await page.evaluate(() => localStorage.getItem('appSettings'));
      expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/);
      const decoded = JSON.parse(Buffer.from(stored!, 'base64').toString('utf8'));
      const rows: Array<{ setting_name: string; setting_value: string }> = await (await fetch(`${provider.url}/api/v1/setting`, { headers: KEY_HEADERS })).json();
      for (const row of rows) if (row.setting_name in decoded) expect(decoded[row.setting_name]).toBe(row.setting_value);
      expect(decoded.CURRENCY).toBe('£');
      expect(decoded.Company_Name).toBe('Westway Cars');
    } finally {
      await close();
    }
  });

  it('starts from the catalogue embedded in the page: no start-up calls, the route chunk preloaded, a changed setting on the next load', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTHS.desktop, height: 900 } });
    try {
      const page = await context.newPage();
      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
      });
      const scripts: string[] = [];
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      await page.goto(`${provider.url}/contactus`);
      await appReady(page);
      await page.getByRole('heading', { name: 'Contact Us' }).first().waitFor();
      await expect.poll(() => page.locator('footer').getByText('Thames Executive Travel', { exact: true }).count()).toBeGreaterThan(0);
      expect(calls.filter((call) => /\/(setting|fetch_companies|fetch_vehicles|popular-locations)$/.test(call))).toEqual([]);
      const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      const contactChunk = preloaded.find((href) => /\/ContactUsView-[\w-]+\.js$/.test(href));
      expect(contactChunk).toBeDefined();
      expect(scripts).toContain(contactChunk);
      expect(await page.evaluate(() => JSON.parse(atob(localStorage.getItem('appSettings')!)).Company_Name)).toBe('Westway Cars');

      await putSettings({ Company_Name: 'Eastway Cars' });
      try {
        await page.goto(`${provider.url}/`);
        await appReady(page);
        await expect.poll(() => header(page).getByText('Eastway Cars').count()).toBe(1);
        expect(await page.evaluate(() => JSON.parse(atob(localStorage.getItem('appSettings')!)).Company_Name)).toBe('Eastway Cars');
      } finally {
        await putSettings({ Company_Name: 'Westway Cars' });
      }
    } finally {
      await context.close();
    }
  });

  it('redirects an unknown path to / without leaving it in the history', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/ourfleet`);
    try {
      await page.goto(`${provider.url}/nowhere`);
      await expect.poll(() => pathname(page)).toBe('/');
      expect(await page.getByRole('heading', { name: 'Book your taxi' }).count()).toBe(1);
      // The redirect replaced /nowhere: Back returns to the page before it.
      await page.goBack();
      await expect.poll(() => pathname(page)).toBe('/ourfleet');
    } finally {
      await close();
    }
  });

  it('serves every route of the spec route table with its screen', async () => {
    const screens: Record<string, string> = {
      '/': 'Book your taxi',
      '/home': 'Book your taxi',
      '/booktripview': 'Book a Trip',
      '/checkout': 'Payment',
      '/quoteView': 'QUOTE NOW',
      '/ourfleet': 'Our Fleet',
      '/contactus': 'Contact Us',
      '/login': 'Sign In to Corporate Account',
      '/book-now': 'Book Now',
      '/forgot_password': 'Forgot Password',
    };
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      for (const [route, title] of Object.entries(screens)) {
        await page.goto(`${provider.url}${route}`);
        await appReady(page);
        expect(pathname(page), route).toBe(route);
        await expect.poll(() => page.locator('main h1').first().textContent(), { message: route }).toBe(title);
        const navbarShown = (await header(page).count()) > 0;
        expect(navbarShown, `navbar on ${route}`).toBe(!['/paymentSuccessView', '/bookings', '/my-account', '/login'].includes(route));
      }
      // The booking steps need their earlier data (spec §2 stepper guards): typed with nothing stored, they land on /home.
      for (const route of ['/quotationview', '/personalDetailView', '/paymentview', '/stripecheckout', '/paymentSuccessView']) {
        await page.goto(`${provider.url}${route}`);
        await appReady(page);
        await expect.poll(() => pathname(page), { message: route }).toBe('/home');
        await expect.poll(() => page.locator('main h1').first().textContent(), { message: route }).toBe('Book your taxi');
      }
      // The corporate pages need a passenger token (spec §6): without one they send the visitor to /login.
      for (const route of ['/bookings', '/my-account']) {
        await page.goto(`${provider.url}${route}`);
        await appReady(page);
        await expect.poll(() => pathname(page), { message: route }).toBe('/login');
        await expect.poll(() => page.locator('main h1').first().textContent(), { message: route }).toBe('Sign In to Corporate Account');
      }
    } finally {
      await close();
    }
  });

  it('shows the optional home sections the settings enable', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      // The sections below the forms render in a transition after the first paint (HomeView).
      await expect.poll(() => page.getByRole('heading', { name: 'Meet and greet' }).count()).toBe(1);
      // Flight tracking is promised only where flights are looked up (AEROAPI_KEY; this server has none).
      expect(await page.getByRole('heading', { name: 'Flight tracking' }).count()).toBe(0);
      await expect.poll(() => page.getByTestId('fleet-card').count()).toBe(6);
      const card = page.getByTestId('fleet-card').first();
      for (const label of ['Saloon', 'Upto Passengers', 'Hand Luggage', 'Luggage']) expect(await card.getByText(label, { exact: true }).count()).toBe(1);
      // Every vehicle image loads from {host}/storage/{vehicle_img} and never exceeds 240 px.
      const images = await page.getByTestId('fleet-card').locator('img').evaluateAll((nodes) =>
        (nodes as HTMLImageElement[]).map((image) => ({ src: new URL(image.src).pathname, loaded: image.complete && image.naturalWidth > 0, height: image.getBoundingClientRect().height })),
      );
      for (const image of images) {
        expect(image.src).toMatch(/^\/storage\/vehicles\/\w+\.svg$/);
        expect(image.height).toBeLessThanOrEqual(240);
      }
      await expect.poll(() => page.getByTestId('fleet-card').locator('img').evaluateAll((nodes) => (nodes as HTMLImageElement[]).every((image) => image.complete && image.naturalWidth > 0))).toBe(true);
      expect(await page.getByRole('heading', { name: 'Popular pickup locations' }).count()).toBe(1);
      expect(await page.getByText('Heathrow Airport Terminal 5', { exact: true }).count()).toBe(1);
      const contact = page.locator('#contact');
      expect(await contact.getByText('Call us 24/7').count()).toBe(1);
      expect(await contact.getByRole('link', { name: '020 7946 0321' }).getAttribute('href')).toBe('tel:02079460321');
      expect(await contact.getByText(HEAD_OFFICE_ADDRESS).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it('lays the fleet out four per row on desktop and fewer on small screens', async () => {
    const perRow = async (width: number) => {
      const { page, close } = await openPage(browser, `${provider.url}/ourfleet`, { width });
      try {
        await expect.poll(() => page.getByTestId('fleet-card').count()).toBe(6);
        const tops = await page.getByTestId('fleet-card').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
        return tops.filter((top) => top === tops[0]).length;
      } finally {
        await close();
      }
    };
    expect(await perRow(WIDTHS.desktop)).toBe(4);
    expect(await perRow(WIDTHS.tablet)).toBe(3);
    expect(await perRow(WIDTHS.mobile)).toBe(1);
  });

  it('opens the burger menu with the same links on a phone', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`, { width: WIDTHS.mobile });
    try {
      expect(await header(page).getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Menu' });
      await menu.waitFor();
      expect(await menu.getByRole('link').allTextContents()).toEqual(['Home', 'Our Fleet', 'Urgent Booking', 'Corporate Account', 'Contact Us']);
      await menu.getByRole('link', { name: 'Our Fleet' }).click();
      await expect.poll(() => pathname(page)).toBe('/ourfleet');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    } finally {
      await close();
    }
  });

  it('renders with null settings (no navbar, no footer) and logs it when the settings call fails', async () => {
    const context = await browser.newContext({ viewport: { width: WIDTHS.desktop, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      // The page comes without the embedded catalogue (as when the server could not read it), so the settings are fetched.
      await page.route(`${provider.url}/`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace(/<script type="application\/json" id="cabflow-bootstrap">[^<]*<\/script>/, '') });
      });
      await page.route('**/api/v1/setting', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"down"}' }));
      await page.goto(`${provider.url}/`);
      await appReady(page);
      expect(await page.getByRole('heading', { name: 'Book your taxi' }).count()).toBe(1);
      // The always-shown services section has rendered, so the sections below it had their chance to appear.
      await page.getByRole('heading', { name: 'Meet and greet' }).waitFor();
      expect(await header(page).count()).toBe(0);
      expect(await page.locator('footer').count()).toBe(0);
      expect(errors.some((line) => line.startsWith('Could not load settings:'))).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('appSettings'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('never scrolls sideways and saves screenshots at 375, 768 and 1280 px', async () => {
    for (const [route, name] of [
      ['/', 'home'],
      ['/ourfleet', 'ourfleet'],
      ['/quoteView', 'quote-now'],
    ] as const) {
      for (const width of Object.values(WIDTHS)) {
        const { page, errors, close } = await openPage(browser, `${provider.url}${route}`, { width });
        try {
          if (route !== '/quoteView') await expect.poll(() => page.getByTestId('fleet-card').count()).toBe(6);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route} at ${width}px`).toBeLessThanOrEqual(width);
          await saveScreenshot(page, name);
          expect(errors).toEqual([]);
        } finally {
          await close();
        }
      }
    }
    const { page, close } = await openPage(browser, `${provider.url}/`, { width: WIDTHS.mobile });
    try {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('navigation', { name: 'Menu' }).waitFor();
      await page.waitForTimeout(300); // the drawer's slide-in transition
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'menu-375.png') });
    } finally {
      await close();
    }
  });

  // Changes the database: keep these last.
  it('drops the Our Fleet link on the next load after NAVBAR_OUR_FLEET_PAGE is set to disable', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      const main = header(page).getByRole('navigation', { name: 'Main' });
      expect(await main.getByRole('link', { name: 'Our Fleet' }).count()).toBe(1);
      await putSettings({ NAVBAR_OUR_FLEET_PAGE: 'disable' });
      await page.reload();
      await appReady(page);
      expect(await main.getByRole('link').allTextContents()).toEqual(['Home', 'Urgent Booking', 'Corporate Account', 'Contact Us']);
    } finally {
      await putSettings({ NAVBAR_OUR_FLEET_PAGE: 'enable' });
      await close();
    }
  });

  it('hides the navbar, footer and each optional home section when its setting is not enable', async () => {
    await putSettings({ SHOW_NAVBAR_PAGE: 'disable', SHOW_FOOTER_PAGE: 'disable', SHOW_COMPANY_FLEET_VIEW_SECTION: 'disable', SHOW_POPULAR_LOCATION_PAGE: 'disable', SHOW_COMPANY_CONTACT_SECTION: 'disable' });
    const { page, close } = await openPage(browser, `${provider.url}/`);
    try {
      expect(await page.getByRole('heading', { name: 'Book your taxi' }).count()).toBe(1);
      // The always-shown services section has rendered, so the sections below it had their chance to appear.
      await page.getByRole('heading', { name: 'Meet and greet' }).waitFor();
      expect(await header(page).count()).toBe(0);
      expect(await page.locator('footer').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Extensive Fleet' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Popular pickup locations' }).count()).toBe(0);
      expect(await page.locator('#contact').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Meet and greet' }).count()).toBe(1);
    } finally {
      await putSettings({ SHOW_NAVBAR_PAGE: 'enable', SHOW_FOOTER_PAGE: 'enable', SHOW_COMPANY_FLEET_VIEW_SECTION: 'enable', SHOW_POPULAR_LOCATION_PAGE: 'enable', SHOW_COMPANY_CONTACT_SECTION: 'enable' });
      await close();
    }
  });
});

describe('server-rendered pages (src/entry-server.tsx)', () => {
  const RENDERED = ['/', '/home', '/ourfleet', '/contactus', '/login', '/forgot_password'];

  it('paints the page from the server HTML alone, before any script runs', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: WIDTHS.mobile, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${provider.url}/`);
      expect(await page.getByRole('heading', { level: 1, name: 'Book your taxi' }).isVisible()).toBe(true);
      expect(await page.getByRole('tab', { name: 'Hourly Rate' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByTestId('hourly-pickup').isVisible()).toBe(true);
      expect(await page.locator('footer').getByText('© 2024 Westway Cars. All rights reserved.').isVisible()).toBe(true);
      expect(await page.getByText('Please wait while loading content').count()).toBe(0);
      // Styled: the server's class names are the browser build's (the brand colour on the primary button).
      const search = page.getByRole('button', { name: 'Search' });
      expect(await search.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(47, 104, 173)');
      await page.goto(`${provider.url}/contactus`);
      expect(await page.getByLabel('Query reason').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('hydrates every server-rendered route at 375 and 1280 px without an error, and then reacts', async () => {
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      for (const route of RENDERED) {
        const { page, errors, close } = await openPage(browser, `${provider.url}${route}`, { width });
        try {
          expect(errors, `${route} @${width}`).toEqual([]);
          expect(pathname(page)).toBe(route);
        } finally {
          await close();
        }
      }
    }
    const { page, errors, close } = await openPage(browser, `${provider.url}/`, { width: WIDTHS.mobile });
    try {
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      expect(await page.getByRole('tab', { name: 'GET A QUOTE' }).getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('quote-pickup').fill('Paddington');
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('BookingForm') ?? 'null')?.pickup)).toBe('Paddington');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("renders afresh, with the visitor's saved trip, when the visitor has one", async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/`, { width: WIDTHS.mobile });
    try {
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      await page.getByTestId('quote-pickup').fill('Paddington Station');
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('BookingForm') ?? 'null')?.pickup)).toBe('Paddington Station');
      await page.reload();
      await appReady(page);
      // The server's HTML has the empty form; the browser rendered its own with the saved trip instead.
      expect(await page.locator('#root').getAttribute('data-rendered-at')).toMatch(/^\d+$/);
      await page.getByRole('tab', { name: 'GET A QUOTE' }).click();
      expect(await page.getByTestId('quote-pickup').inputValue()).toBe('Paddington Station');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
