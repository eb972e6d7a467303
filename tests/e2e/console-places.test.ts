import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../helpers/axe.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage, signInToConsole } from '../helpers/browser.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 19, "Places" in Chromium against the real server (one server, one browser): the owner tests a sample search
// against a new banned pattern, saves it, and the public site's quote refuses that address with 'Address is banned';
// the owner adds a popular location placed by the maps service and the home page lists it; axe on the page;
// screenshots at 1280/768/375 px. Needs a build first (DIST_DIR).

const CASTLE = 'Windsor Castle, Windsor SL4 1NJ';

let provider: TestProvider;
let browser: Browser;
let owner: OpenedPage;

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;

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
  owner = await openPage(browser, `${provider.url}/admin/places`, { waitForApp: false });
  owner.page.setDefaultTimeout(15_000);
  await signInToConsole(owner.page, DEMO_STAFF.owner, 'Places');
});

afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('console: places', () => {
  it("an owner tests a sample against a new banned pattern, saves it, and the public quote refuses the address with 'Address is banned'", async () => {
    const { page } = owner;
    await page.getByRole('row').filter({ hasText: 'Unpaid Fares Close' }).waitFor();
    await page.getByRole('button', { name: 'Ban an address' }).click();
    const form = page.getByRole('form', { name: 'Ban an address' });
    await form.getByLabel(/^Pattern/).fill('Windsor Castle');
    await form.getByLabel(/^Reason/).fill('Unpaid fares');
    await form.getByLabel(/^Sample search/).fill(CASTLE);
    await form.getByRole('button', { name: 'Test sample' }).click();
    const answer = form.getByRole('status').filter({ hasText: 'Refused' });
    await answer.waitFor();
    expect(await answer.textContent()).toBe(
      `Refused: a search for “${CASTLE}” would get 'Address is banned'.It matches “Windsor Castle”, the pattern above. The maps service reads it as “Windsor, Royal Borough of Windsor and Maidenhead”.`,
    );
    expect(await sql("SELECT 1 FROM banned_addresses WHERE pattern = 'Windsor Castle'")).toEqual([]); // tested, not saved

    expect(await axeViolations(page, 'ban form with a tested sample')).toEqual([]);
    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, 'console-places');
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

    await form.getByRole('button', { name: 'Ban pattern' }).click();
    await page.getByRole('status').getByText("'Windsor Castle' is banned: searches containing it are refused.").waitFor();
    await page.getByRole('row').filter({ hasText: 'Windsor Castle' }).getByText('Unpaid fares').waitFor();
    expect(await sql("SELECT pattern, reason FROM banned_addresses WHERE pattern = 'Windsor Castle'")).toEqual([{ pattern: 'Windsor Castle', reason: 'Unpaid fares' }]);

    const visitor = await openPage(browser, `${provider.url}/`);
    try {
      const { page: site } = visitor;
      await site.getByRole('tab', { name: 'GET A QUOTE' }).click();
      for (const [testId, text] of [['quote-pickup', 'Paddington Station, Praed Street, London W2 1HB'], ['quote-dropoff', CASTLE]] as const) {
        await site.getByTestId(testId).fill(text);
        await site.getByTestId(testId).press('Escape');
      }
      await site.getByLabel('Pickup date').fill(weekdayAhead(4));
      await site.getByRole('combobox', { name: 'Hour', exact: true }).selectOption('2pm');
      const quoted = site.waitForResponse((response) => response.url().endsWith('/api/v1/calculate-distance-price'));
      await site.getByTestId('quote-search').click();
      const response = await quoted;
      expect([response.status(), (await response.json()).message]).toEqual([422, 'Address is banned']);
      await site.getByRole('alertdialog').getByText('Urgent Booking!').waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('an owner adds a popular location placed by the maps service; the home page lists it on its next load', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('form', { name: 'Add a saved address' });
    await form.getByLabel(/^Address/).fill('Wembley Stadium, London HA9 0WS');
    await form.getByRole('button', { name: 'Find coordinates' }).click();
    await form.getByText(/^Found: HA9 0WS, Wembley Park \(an estimate/).waitFor();
    expect([await form.getByLabel('Latitude').inputValue(), await form.getByLabel('Longitude').inputValue()]).toEqual(['51.56', '-0.285']);
    await form.getByLabel('Latitude').fill('51.556');
    await form.getByLabel('Longitude').fill('-0.2796');
    await form.getByLabel(/^Popular location/).check();
    await form.getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('status').getByText('Wembley Stadium, London HA9 0WS saved as a popular location.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Wembley Stadium' }).getByText('Popular', { exact: true }).waitFor();
    expect(await sql("SELECT lat, lon, popular FROM addresses WHERE address = 'Wembley Stadium, London HA9 0WS'")).toEqual([{ lat: 51.556, lon: -0.2796, popular: true }]);

    const visitor = await openPage(browser, `${provider.url}/`);
    try {
      await visitor.page.locator('#popular-locations').getByText('Wembley Stadium', { exact: true }).waitFor();
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
    // The answers the page expects (401 before sign-in) are logged by Chromium as failed loads.
    expect(owner.errors.filter((line) => !line.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('an owner drops a pin on the schematic map for a saved address: the coordinates follow it and are saved', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('form', { name: 'Add a saved address' });
    await form.getByLabel(/^Address/).fill('Kew Gardens Victoria Gate, Richmond TW9 3AE');
    const map = form.getByTestId('map-schematic');
    expect(await map.getAttribute('aria-label')).toBe('Map of the saved address (schematic)');
    await form.getByText(/^Schematic, not a street map/).waitFor();
    // The other saved addresses are the dots.
    expect(Number(await map.getAttribute('data-landmarks'))).toBeGreaterThan(0);
    await clickSchematic(page, 51.4787, -0.2956);
    await form.getByText(/^Pin dropped at 51\.\d+, -0\.\d+\.$/).waitFor();
    const [lat, lon] = [Number(await form.getByLabel('Latitude').inputValue()), Number(await form.getByLabel('Longitude').inputValue())];
    // As close as a pixel of the schematic.
    expect(Math.abs(lat - 51.4787)).toBeLessThan(0.01);
    expect(Math.abs(lon - -0.2956)).toBeLessThan(0.01);
    expect(await form.getByTestId('map-pin').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, 'console-places-pin');
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
    await form.getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('status').getByText(/^Kew Gardens Victoria Gate, Richmond TW9 3AE saved/).waitFor();
    expect(await sql("SELECT lat, lon FROM addresses WHERE address = 'Kew Gardens Victoria Gate, Richmond TW9 3AE'")).toEqual([{ lat, lon }]);
  });
});
