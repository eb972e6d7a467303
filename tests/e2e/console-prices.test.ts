import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../helpers/axe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage, signInToConsole } from '../helpers/browser.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 19: the console's Prices page in Chromium against the real server (one server, one browser). The owner raises
// the Westway saloon's tariff from next month and sees tomorrow's and next month's price in the live preview, saves
// it; creates Heathrow and Strand zones and a fixed fare between them that the public quotation then shows as
// "Fixed fare"; axe on the page; screenshots at 1280/768/375 px. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let console_: OpenedPage;

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;

const saloonPrice = (page: Page) => page.getByTestId('price-preview').locator('[data-row="1-1"] [data-testid="preview-price"]').textContent();

async function previewSettled(page: Page) {
  await expect.poll(() => page.getByLabel('Pricing').count()).toBe(0);
}

function nextMonth(today: string) {
  const [year, month] = today.split('-').map(Number);
  return `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}`;
}

/** Clicks the map picker's schematic where (lat, lon) is, by its projection's frame (data-north/south/east/west). */
async function clickSchematic(page: Page, lat: number, lon: number) {
  const map = page.getByTestId('map-schematic');
  // The drawing's ground (the whole frame), where the dots and corners are drawn.
  const [frame, box] = await Promise.all([map.evaluate((svg) => ({ ...(svg as SVGElement).dataset })), map.locator('rect').first().boundingBox()]);
  const [north, south, east, west] = [frame.north, frame.south, frame.east, frame.west].map(Number);
  await page.mouse.click(box!.x + ((lon - west) / (east - west)) * box!.width, box!.y + ((north - lat) / (north - south)) * box!.height);
}

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  browser = await launchBrowser();
  console_ = await openPage(browser, `${provider.url}/admin/prices`, { waitForApp: false });
  console_.page.setDefaultTimeout(15_000);
  const { page } = console_;
  await signInToConsole(page, DEMO_STAFF.owner, 'Prices');
  console_.errors.length = 0; // the session check's 401 before signing in
}, 60_000);

afterAll(async () => {
  await console_?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('console: prices with a live preview', () => {
  it("raises the saloon's tariff from next month: the preview shows tomorrow's price and next month's, then it is saved", async () => {
    const { page } = console_;
    await previewSettled(page);
    const tomorrow = await saloonPrice(page);
    expect(tomorrow).toMatch(/^£\d+\.\d\d$/);

    await page.getByRole('button', { name: 'New price from a later date: Westway Cars Saloon from 2025-01-01' }).click();
    const form = page.getByRole('form', { name: 'New tariff' });
    const validFrom = await form.getByLabel('Valid from').inputValue();
    const today = await page.getByLabel('Date', { exact: true }).inputValue();
    expect(validFrom).toBe(`${nextMonth(today)}-01`);
    await form.getByLabel('Base fare (£)').fill('100.00');
    await previewSettled(page);
    // The rise starts next month: tomorrow's price is unchanged.
    expect(await saloonPrice(page)).toBe(tomorrow);

    await page.getByLabel('Date', { exact: true }).fill(`${nextMonth(today)}-10`);
    await previewSettled(page);
    const later = Number((await saloonPrice(page))!.slice(1));
    expect(Math.round((later - Number(tomorrow!.slice(1))) * 100)).toBe(10_000 - 450);

    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Tariff saved.' }).count()).toBe(1);
    expect(await sql('SELECT base_fare_pence FROM tariffs WHERE site_id = 1 AND company_id = 1 AND vehicle_id = 1 ORDER BY valid_from')).toEqual([{ base_fare_pence: 450 }, { base_fare_pence: 10_000 }]);
    expect(await sql("SELECT action FROM audit_log WHERE entity_type = 'tariff'")).toEqual([{ action: 'tariff.create' }]);
  });

  it('creates Heathrow and Strand zones and a fixed fare between them, which the public quotation shows as "Fixed fare"', async () => {
    const { page } = console_;
    // Heathrow drawn on the schematic map: four clicks around Terminal 5 (51.4723, -0.4877).
    await page.getByRole('button', { name: 'New zone' }).click();
    const heathrow = page.getByRole('form', { name: 'New zone' });
    await heathrow.getByLabel('Name').fill('Heathrow');
    await heathrow.getByLabel('Shape').selectOption('polygon');
    const map = heathrow.getByTestId('map-schematic');
    await expect.poll(() => map.getAttribute('data-landmarks')).not.toBe('0');
    await clickSchematic(page, 51.5, -0.54);
    await clickSchematic(page, 51.5, -0.44);
    await heathrow.getByText('The polygon needs at least three different corners.').waitFor();
    await clickSchematic(page, 51.44, -0.44);
    await clickSchematic(page, 51.44, -0.54);
    await expect.poll(() => heathrow.getByTestId('map-corner').count()).toBe(4);
    expect(await heathrow.getByTestId('zone-problem').count()).toBe(0);
    // The typed corners show the clicks, one a line (on a busy machine the field can follow the map a render later).
    const corners = heathrow.getByLabel(/^Corners/);
    await expect.poll(async () => (await corners.inputValue()).split('\n').length).toBe(4);
    const typed = (await corners.inputValue()).split('\n').map((line) => line.split(', ').map(Number));
    expect(typed.map(([lat, lon]) => [Math.round(lat! * 50) / 50, Math.round(lon! * 50) / 50])).toEqual([
      [51.5, -0.54],
      [51.5, -0.44],
      [51.44, -0.44],
      [51.44, -0.54],
    ]);
    // A corner removed and clicked again (the list's Remove buttons are the keyboard's way).
    await heathrow.getByRole('button', { name: 'Remove corner 4' }).click();
    await expect.poll(() => heathrow.getByTestId('map-corner').count()).toBe(3);
    await clickSchematic(page, 51.44, -0.54);
    await expect.poll(() => heathrow.getByTestId('map-corner').count()).toBe(4);
    await heathrow.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Zone saved.' }).count()).toBe(1);
    await page.getByRole('cell', { name: 'Heathrow', exact: true }).waitFor();
    const [saved] = await sql<{ kind: string; polygon: number[][] }>("SELECT kind, polygon FROM fare_zones WHERE name = 'Heathrow'");
    expect(saved!.kind).toBe('polygon');
    expect(saved!.polygon.map(([lat, lon]) => [Math.round(lat! * 50) / 50, Math.round(lon! * 50) / 50])).toEqual([
      [51.5, -0.54],
      [51.5, -0.44],
      [51.44, -0.44],
      [51.44, -0.54],
    ]);

    await page.getByRole('button', { name: 'New zone' }).click();
    const strand = page.getByRole('form', { name: 'New zone' });
    await strand.getByLabel('Name').fill('Strand');
    await strand.getByLabel(/^Districts/).fill('WC2R');
    await strand.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Zone saved.' }).count()).toBe(1);
    await page.getByRole('cell', { name: 'Strand', exact: true }).waitFor();
    await page.getByRole('button', { name: 'New fixed fare' }).click();
    const form = page.getByRole('form', { name: 'New fixed fare' });
    await form.getByLabel('To zone').selectOption({ label: 'Strand' });
    await form.getByLabel('Fare (£)').fill('65');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Fixed fare saved.' }).count()).toBe(1);

    const visitor = await openPage(browser, `${provider.url}/`);
    try {
      const site = visitor.page;
      await site.getByRole('tab', { name: 'GET A QUOTE' }).click();
      for (const [testId, text] of [
        ['quote-pickup', 'Heathrow Airport Terminal 5, Hounslow TW6 2GA'],
        ['quote-dropoff', 'The Savoy, Strand, London WC2R 0EZ'],
      ]) {
        await site.getByTestId(testId).fill(text);
        await site.getByTestId(testId).press('Escape');
      }
      await site.getByLabel('Pickup date').fill(weekdayAhead(4));
      await site.getByRole('combobox', { name: 'Hour', exact: true }).selectOption('2pm');
      await site.getByTestId('quote-search').click();
      const card = site.getByRole('article', { name: 'Saloon, Westway Cars' });
      await card.getByRole('button', { name: 'See Details' }).click();
      const lines = await card.getByTestId('price-breakdown').locator('li').allTextContents();
      expect(lines[0]).toBe('Fixed fare£65.00');
      expect(lines.some((line) => line.startsWith('Base fare'))).toBe(false);
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('has no axe violations and is usable at 1280, 768 and 375 px (screenshots)', async () => {
    const { page } = console_;
    await page.getByRole('button', { name: /^Edit zone Heathrow/ }).click();
    await previewSettled(page);
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBe(0);
      await saveScreenshot(page, 'console-prices');
    }
    expect(console_.errors).toEqual([]);
  });
});
