import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { startTestProvider, type TestProvider } from '../helpers/provider.ts';

// Issue 8: a booking from / to the confirmation with the keyboard only (Tab, Shift+Tab, Enter, Space, arrow keys,
// typing through page.keyboard): no clicks, no element.click(), no fill(). Mileage trip Heathrow → The Savoy,
// the cheapest vehicle, a guest's details, Pay in Car. At the key steps the focused element must show a focus
// indicator (an outline or a ring). Reading the page (URL, values, the focused element) is allowed.
// Needs a build first: `npm run build && npx vitest run --project e2e tests/e2e/keyboard.test.ts`.

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

const HEATHROW = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
const SAVOY = 'The Savoy, Strand, London WC2R 0EZ';
const pathname = (page: Page) => new URL(page.url()).pathname;

interface Focused {
  tag: string;
  role: string | null;
  type: string | null;
  name: string;
  testId: string | null;
  focusVisible: boolean;
  indicator: string | null;
}

/** What has the focus: tag, role, accessible-ish name (aria-label, label, text), and its focus indicator if any. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', role: null, type: null, name: '', testId: null, focusVisible: false, indicator: null };
    const style = getComputedStyle(element);
    const labelled = element.getAttribute('aria-labelledby');
    const name = (
      element.getAttribute('aria-label') ||
      (labelled ? document.getElementById(labelled)?.textContent : null) ||
      (element as HTMLInputElement).labels?.[0]?.textContent ||
      element.textContent ||
      ''
    )
      .replace(/\s+/g, ' ')
      .trim();
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}` : null;
    const ring = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    return {
      tag: element.tagName.toLowerCase(),
      role: element.getAttribute('role'),
      type: element.getAttribute('type'),
      name,
      testId: element.getAttribute('data-testid'),
      focusVisible: element.matches(':focus-visible'),
      indicator: outline ?? ring,
    };
  });
}

const describeFocus = (focus: Focused) => `${focus.tag}${focus.role ? `[${focus.role}]` : ''} "${focus.name.slice(0, 50)}"`;

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, at most `max` times; returns it and the
 * number of presses. Fails with the focus order it went through, so an unreachable control names itself.
 */
async function tabTo(page: Page, matches: (focus: Focused) => boolean, { back = false, max = 60, what = 'the target' } = {}) {
  const seen: string[] = [];
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await focused(page);
    if (matches(focus)) return { focus, presses };
    seen.push(describeFocus(focus));
  }
  throw new Error(`${what} not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses; focus went through:\n  ${seen.join('\n  ')}`);
}

const named = (name: string | RegExp, tag?: string) => (focus: Focused) =>
  (tag === undefined || focus.tag === tag) && (typeof name === 'string' ? focus.name === name || focus.name.replace(/\s*\*$/, '') === name : name.test(focus.name));

/** The focused element shows a focus indicator (an outline or a ring), as a keyboard user needs to see it. */
async function expectFocusVisible(page: Page, step: string) {
  const focus = await focused(page);
  expect({ step, element: describeFocus(focus), focusVisible: focus.focusVisible, hasIndicator: focus.indicator !== null }).toEqual({
    step,
    element: describeFocus(focus),
    focusVisible: true,
    hasIndicator: true,
  });
  return focus;
}

/**
 * Types a date into the focused native date input segment by segment, in the order the browser's locale shows
 * them (Chromium's date field follows the process locale, not the page's: MM/DD/YYYY under en-US, DD/MM/YYYY under
 * en-GB): tries each order and, when the value is not the date, goes back to the first segment with Shift+Tab.
 */
async function typeDate(page: Page, label: string, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  for (const order of [`${month}${day}${year}`, `${day}${month}${year}`, `${year}${month}${day}`]) {
    await page.keyboard.type(order);
    if ((await page.getByLabel(label).inputValue()) === isoDate) return;
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
  }
  throw new Error(`the date field did not take ${isoDate} in any segment order`);
}

describe('keyboard-only booking', () => {
  it('books a mileage trip from / to the confirmation with the keyboard alone, the focus always showing', async () => {
    const { page, errors, close } = await openPage(browser, `${provider.url}/`);
    page.setDefaultTimeout(15_000);
    const log: string[] = [];
    const step = (text: string) => log.push(`${text} @ ${pathname(page)}`);
    try {
      // ── Home: the skip link first, then the tabs (arrow keys move between them) and the quote form.
      const skip = await tabTo(page, named('Skip to main content'), { max: 1, what: 'the skip link' });
      await expectFocusVisible(page, 'skip link');
      expect(skip.presses).toBe(1);
      const tab = await tabTo(page, (focus) => focus.role === 'tab', { what: 'the form tabs' });
      await expectFocusVisible(page, 'form tab');
      if (tab.focus.name !== 'GET A QUOTE') await page.keyboard.press('ArrowLeft');
      expect(await focused(page)).toMatchObject({ role: 'tab', name: 'GET A QUOTE' });
      expect(await page.getByRole('tab', { name: 'GET A QUOTE' }).getAttribute('aria-selected')).toBe('true');
      step('GET A QUOTE tab');

      await tabTo(page, (focus) => focus.testId === 'quote-pickup', { what: 'Pick-Up' });
      await expectFocusVisible(page, 'Pick-Up');
      await page.keyboard.type(HEATHROW);
      await page.keyboard.press('Escape');
      await tabTo(page, (focus) => focus.testId === 'quote-dropoff', { max: 3, what: 'Drop-Off' });
      await page.keyboard.type(SAVOY);
      await page.keyboard.press('Escape');
      const date = weekdayAhead(4);
      await tabTo(page, (focus) => focus.type === 'date', { max: 3, what: 'Pickup date' });
      await expectFocusVisible(page, 'Pickup date');
      await typeDate(page, 'Pickup date', date);
      // Native selects take typed option text (typeahead) and arrow keys.
      await tabTo(page, named('Hour', 'select'), { max: 4, what: 'Hour' });
      await expectFocusVisible(page, 'Hour select');
      await page.keyboard.type('2pm');
      expect(await page.getByRole('combobox', { name: 'Hour', exact: true }).inputValue()).toBe('2pm');
      await tabTo(page, named('Min', 'select'), { max: 1, what: 'Min' });
      await page.keyboard.type('30');
      expect(await page.getByRole('combobox', { name: 'Min', exact: true }).inputValue()).toBe('30');
      await tabTo(page, named('Passengers', 'select'), { max: 1, what: 'Passengers' });
      await page.keyboard.press('ArrowDown'); // 1 → 2
      expect(await page.getByLabel('Passengers').inputValue()).toBe('2');
      const search = await tabTo(page, (focus) => focus.testId === 'quote-search', { max: 6, what: 'Search' });
      await expectFocusVisible(page, 'Search button');
      expect(search.focus.name).toBe('Search');
      // Shift+Tab goes back through the form in order.
      await page.keyboard.press('Shift+Tab');
      expect(describeFocus(await focused(page))).toBe('button "Extra Stop"');
      await tabTo(page, (focus) => focus.testId === 'quote-search', { max: 1, what: 'Search again' });
      step('quote form filled');
      await page.keyboard.press('Enter');

      // ── Quotation: Book Now on the cheapest vehicle (the list is sorted by price; the first priced card).
      await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe('/quotationview');
      await page.getByTestId('vehicle-card').first().waitFor();
      step('quotation');
      await tabTo(page, named(/^Book Now/i, 'button'), { max: 80, what: 'a Book Now button' });
      await expectFocusVisible(page, 'Book Now');
      await page.keyboard.press('Enter');

      // ── Personal details as a guest (the default mode), then Next.
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/personalDetailView');
      await page.getByTestId('vehicle-summary').waitFor();
      step('personal details');
      const guest = await tabTo(page, (focus) => focus.type === 'radio' && /guest/i.test(focus.name), { max: 60, what: 'the Guest mode' });
      await expectFocusVisible(page, 'Guest radio');
      expect(guest.focus.name).toMatch(/guest/i);
      await page.keyboard.press('Space');
      for (const [label, value] of [
        ['First Name', 'Ada'],
        ['Last Name', 'Lovelace'],
        ['Email', 'ada.keyboard@example.com'],
      ] as const) {
        await tabTo(page, named(label, 'input'), { max: 8, what: label });
        await page.keyboard.type(value);
      }
      await expectFocusVisible(page, 'Email field');
      await tabTo(page, named(/^Mobile Number/, 'input'), { max: 8, what: 'Mobile Number' });
      await page.keyboard.type('+44 7700 900123');
      await tabTo(page, named(/flight/i, 'input'), { max: 8, what: 'Flight / Train / Ferry Number' });
      await page.keyboard.type('BA123');
      const next = await tabTo(page, named('Next', 'button'), { max: 40, what: 'Next' });
      await expectFocusVisible(page, 'Next');
      expect(next.focus.name).toBe('Next');
      await page.keyboard.press('Enter');

      // ── Payment: Pay in Car.
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/paymentview');
      step('payment');
      // A keyboard user starts tabbing once the page shows (the payment view's code may still be loading on a busy machine).
      await page.getByRole('button', { name: /^Pay in Car$/i }).waitFor({ timeout: 15_000 });
      await tabTo(page, named(/^Pay in Car$/i, 'button'), { max: 40, what: 'Pay in Car' });
      await expectFocusVisible(page, 'Pay in Car');
      await page.keyboard.press('Enter');

      // ── Confirmation shows the booking.
      await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe('/paymentSuccessView');
      const number = (await page.getByTestId('booking-number').textContent())!.trim();
      expect(number).not.toBe('');
      step(`confirmed ${number}`);
      const { rows } = await provider.db.query<{ passenger_email: string; payment_method: string; flight_no: string }>(
        'SELECT passenger_email, payment_method, flight_no FROM bookings WHERE booking_number = $1',
        [number],
      );
      expect(rows).toEqual([{ passenger_email: 'ada.keyboard@example.com', payment_method: 'car', flight_no: 'BA123' }]);
      expect(errors).toEqual([]);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nsteps done:\n  ${log.join('\n  ')}`, { cause: error });
    } finally {
      await close();
    }
  });
});
