import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonClock } from '../../contract/londonClock.ts';
import { presetRange } from '../../machines/consoleReports/index.ts';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { addDays, londonWallClock } from '../../server/domain/pricing/londonTime.ts';
import { axeViolations, settled } from '../helpers/axe.ts';
import { launchBrowser, openPage, saveScreenshot, signInToConsole, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { seedReportBookings } from '../helpers/reportBookings.ts';

// Issue 35: the owner's Reports page in Chromium against the real server (one server, one browser). Five weeks of
// varied demo bookings are seeded; the owner opens Reports, picks "Last week" and sees it against the week before; the
// vehicle categories' chart is drawn and its table holds the counts the database holds; its CSV downloads with the
// same figures; axe finds nothing; screenshots at 1280/768/375 px. Needs a build first (DIST_DIR).

let provider: TestProvider;
let browser: Browser;
let console_: OpenedPage;

const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => (await provider.db.query<Row>(text, params)).rows;
const today = londonClock(new Date()).date;

beforeAll(async () => {
  provider = await startTestProvider({ listen: true });
  const start = londonWallClock(addDays(today, -35), 0, 0);
  await seedReportBookings(provider.db, { siteId: 1, start, spanMs: londonWallClock(today, 0, 0).getTime() - start.getTime(), count: 420, prefix: 'e2e' });
  browser = await launchBrowser();
  console_ = await openPage(browser, `${provider.url}/admin/reports`, { waitForApp: false });
  console_.page.setDefaultTimeout(15_000);
  await signInToConsole(console_.page, DEMO_STAFF.owner, 'Reports');
  console_.errors.length = 0; // the session check's 401 before signing in
}, 60_000);

afterAll(async () => {
  await console_?.close();
  await browser?.close();
  await provider?.dispose();
});

describe('console: reports', () => {
  it('last week against the week before: the category chart and its table match the bookings, the CSV downloads, axe finds nothing', async () => {
    const { page } = console_;
    const week = presetRange('last_week', today, { from: today, to: today });
    await page.getByLabel('Period').selectOption({ label: 'Last week' });
    const summary = page.getByRole('table', { name: /against/ });
    await page.getByRole('heading', { level: 2, name: /against/ }).filter({ hasText: '(7 days)' }).waitFor();
    await expect.poll(() => page.getByRole('status').count()).toBe(0);
    const heading = await page.getByRole('heading', { level: 2, name: /against/ }).textContent();
    expect(heading).toMatch(/^Mon \d+ \w+ to Sun \d+ \w+ \(7 days\) against Mon \d+ \w+ to Sun \d+ \w+ \(7 days\)$/);

    // The summary's trips done, both weeks, as the database counts them.
    const done = async (from: string, to: string) =>
      Number(
        (
          await sql<{ count: string }>("SELECT count(*)::text AS count FROM bookings WHERE site_id = 1 AND status = 'completed' AND pick_up_at >= $1 AND pick_up_at < $2", [
            londonWallClock(from, 0, 0),
            londonWallClock(addDays(to, 1), 0, 0),
          ])
        )[0]!.count,
      );
    const doneRow = summary.getByRole('row', { name: /^Trips done/ });
    const [now, before] = [await done(week.from, week.to), await done(addDays(week.from, -7), addDays(week.to, -7))];
    expect(now).toBeGreaterThan(20);
    expect(await doneRow.getByRole('cell').allTextContents()).toEqual([String(now), String(before), expect.stringMatching(/^[+−]?\d+/)]);

    // The vehicle categories' chart: drawn (two bars a category), and its table's trips per category as counted here.
    const section = page.getByRole('region', { name: 'Trips by vehicle category' });
    await section.getByTestId('chart-category').locator('.recharts-bar-rectangle').first().waitFor();
    const counted = await sql<{ category: string; now: string; before: string }>(
      `SELECT vehicle_category AS category, count(*) FILTER (WHERE pick_up_at >= $2)::text AS now, count(*) FILTER (WHERE pick_up_at < $2)::text AS before
         FROM bookings WHERE site_id = 1 AND pick_up_at >= $1 AND pick_up_at < $3 GROUP BY 1 ORDER BY 2::int DESC, 3::int DESC, 1`,
      [londonWallClock(addDays(week.from, -7), 0, 0), londonWallClock(week.from, 0, 0), londonWallClock(addDays(week.to, 1), 0, 0)],
    );
    const table = section.getByRole('table', { name: 'Trips by vehicle category' });
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(rows.map((row) => row.slice(0, 3))).toEqual(counted.map((row) => [row.category, row.now, row.before]));
    expect(await section.getByTestId('chart-category').locator('.recharts-bar-rectangle').count()).toBe(counted.length * 2);

    // Its CSV: the same figures, revenue in pounds.
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV: Trips by vehicle category' }).click()]);
    expect(download.suggestedFilename()).toBe(`cabflow-category-${week.from}-to-${week.to}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(csv[0]).toBe('Vehicle category,trips,trips_before,done,cancelled,no_shows,revenue_gbp,revenue_before_gbp');
    expect(csv.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual(counted.map((row) => [row.category, row.now, row.before]));
    expect(csv.slice(1).map((line) => line.split(',')[6])).toEqual(rows.map((row) => row[6]!.replace(/[£,]/g, '')));

    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [WIDTHS.desktop, WIDTHS.tablet, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 900 });
      await settled(page);
      await saveScreenshot(page, 'console-reports');
    }
    expect(console_.errors).toEqual([]);
  });
});
