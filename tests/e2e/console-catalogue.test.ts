import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { axeViolations } from '../helpers/axe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../../contract/consoleCatalogue.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage, signInToConsole } from '../helpers/browser.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 19, "Vehicles & companies" in Chromium against the real server (one server, one browser): the owner adds a
// vehicle category with an uploaded picture that the public fleet page then shows; a refused upload says why; axe on
// the page; screenshots at 1280/768/375 px. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let owner: OpenedPage;

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;

/** Axe on this page's own content (the console's frame is checked by tests/e2e/console.test.ts). */

/** A 1200 × 600 PNG of a small green car (drawn as SVG, rasterised here: the server itself takes no SVG). */
const carPicture = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 120 60">
      <rect width="120" height="60" fill="#eef6f0"/>
      <path d="M14 40 L22 28 Q26 22 34 22 L78 22 Q86 22 92 28 L102 36 Q110 37 110 44 L110 46 L14 46 Z" fill="#1b7f4c"/>
      <path d="M30 26 L76 26 L86 34 L26 34 Z" fill="#cfe8ff"/>
      <circle cx="34" cy="46" r="7" fill="#222"/><circle cx="90" cy="46" r="7" fill="#222"/>
      <circle cx="34" cy="46" r="3" fill="#aaa"/><circle cx="90" cy="46" r="3" fill="#aaa"/>
    </svg>`),
  )
    .png()
    .toBuffer();

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  owner = await openPage(browser, `${provider.url}/admin/catalogue`, { waitForApp: false });
  owner.page.setDefaultTimeout(15_000);
  await signInToConsole(owner.page, DEMO_STAFF.owner, 'Vehicles & companies');
});

afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('console: vehicles & companies', () => {
  it('an owner uploads a picture for a new vehicle category; the public fleet page shows it', async () => {
    const { page } = owner;
    await page.getByRole('row').filter({ hasText: 'Westway Cars' }).waitFor();
    await page.getByRole('button', { name: 'Add category' }).click();
    const form = page.getByRole('form', { name: 'Add a vehicle category' });
    await form.getByLabel(/^Category name/).fill('Electric Estate');
    await form.getByLabel(/^Seats/).fill('4');
    await form.getByLabel(/^Luggage/).fill('3');
    await form.locator('input[type="file"]').setInputFiles({ name: 'electric-estate.png', mimeType: 'image/png', buffer: await carPicture() });
    await form.getByRole('status').getByText(/^Uploaded and resized: 640 × 320/).waitFor();
    const preview = form.getByRole('img', { name: 'Picture of Electric Estate as the website shows it' });
    expect(await preview.getAttribute('src')).toMatch(/^\/storage\/uploads\/1\/[0-9a-f]{32}\.webp$/);
    expect(await form.getByLabel('Picture', { exact: true }).inputValue()).toMatch(/^uploads\/1\//);

    expect(await axeViolations(page, 'category form with an uploaded picture', { include: '#console-main' })).toEqual([]);
    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, 'console-catalogue');
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    await form.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('status').getByText('Electric Estate added.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Electric Estate' });
    const stored = await sql<{ vehicle_img: string; luggage: number }>("SELECT vehicle_img, luggage FROM vehicle_categories WHERE category_name = 'Electric Estate'");
    expect(stored).toEqual([{ vehicle_img: expect.stringMatching(/^uploads\/1\/[0-9a-f]{32}\.webp$/), luggage: 3 }]);
    expect(await row.locator('img').getAttribute('src')).toBe(`/storage/${stored[0].vehicle_img}`);

    const visitor = await openPage(browser, `${provider.url}/ourfleet`);
    try {
      const card = visitor.page.getByRole('img', { name: 'Electric Estate' });
      await card.scrollIntoViewIfNeeded();
      expect(await card.getAttribute('src')).toBe(`/storage/${stored[0].vehicle_img}`);
      await expect.poll(() => card.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(640);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('a refused upload says why in the form; switching a company off and on shows in the list', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Edit Saloon', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit Saloon' });
    await form.locator('input[type="file"]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await form.getByText(CATALOGUE_MESSAGES.imageSvg).waitFor();
    expect(await form.getByLabel('Picture', { exact: true }).inputValue()).toBe('vehicles/saloon.svg');
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add company' }).click();
    const company = page.getByRole('form', { name: 'Add a company' });
    await company.getByLabel(/^Company name/).fill('Riverside Chauffeurs');
    await company.getByRole('button', { name: 'Add company' }).click();
    await page.getByRole('status').getByText('Riverside Chauffeurs added.').waitFor();
    await page.getByRole('button', { name: 'Deactivate Riverside Chauffeurs' }).click();
    await page.getByRole('status').getByText('Riverside Chauffeurs is switched off: no longer offered on the website.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Riverside Chauffeurs' }).getByText('Switched off').waitFor();
    expect(await sql("SELECT active FROM companies WHERE company_name = 'Riverside Chauffeurs'")).toEqual([{ active: false }]);
    // The answers the page expects (401 before sign-in, 415 for the SVG) are logged by Chromium as failed loads.
    expect(owner.errors.filter((line) => !line.startsWith('Failed to load resource'))).toEqual([]);
  });
});
