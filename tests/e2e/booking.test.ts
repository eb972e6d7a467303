import { CARD_EXTRAS_NOTICE } from '../../contract/paymentMethods.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, launchBrowser, openPage, saveScreenshot, WIDTHS, type OpenedPage } from '../helpers/browser.ts';
import { hourlyForm, oneWayForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, type TestProvider } from '../helpers/provider.ts';
import { encoded } from '../helpers/storage.ts';

// Steps 3–4 of the booking flow and the confirmation (spec §2 Personal details, Payment, Card page, Confirmation;
// §4 Booking flow; §5 Details step; §8 Booking and payment) through the real server and its sandbox card processor,
// in Chromium. Each visit starts from a real quote: priced by POST /calculate-distance-price and stored in
// localStorage under the spec's keys, exactly as the quotation step leaves it.
// Needs a build first: `npm run build && npx vitest run --project e2e tests/e2e/booking.test.ts`.

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

const decoded = (value: string) => Buffer.from(value, 'base64').toString('utf8');
const pathname = (page: Page) => new URL(page.url()).pathname;

interface PriceRow {
  vehicle_id: number;
  company_id: number;
  vehicle_type: string;
  price: number;
  final_price: number;
  quote_id: string;
}

/** A real quote for a trip from Heathrow (so the flight reference field shows), and its cheapest priced vehicle. */
async function realQuote(overrides: Record<string, unknown> = {}, kind: 'milleage' | 'hourly' = 'milleage') {
  const form = kind === 'milleage' ? oneWayForm(overrides) : hourlyForm(overrides);
  const response = await fetch(`${provider.url}/api/v1/${kind === 'milleage' ? 'calculate-distance-price' : 'calculate-hourly-price'}`, {
    method: 'POST',
    headers: { ...KEY_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify(form),
  });
  expect(response.status).toBe(200);
  const list = (await response.json()).price_details as PriceRow[];
  const vehicle = list.filter((row) => row.price > 0).sort((a, b) => a.final_price - b.final_price)[0];
  return { form: form as ReturnType<typeof oneWayForm> & Record<string, unknown>, list, vehicle };
}

interface Seed {
  /** Stop at the quotation step (no vehicle chosen yet). */
  quotationOnly?: boolean;
  registration?: Record<string, unknown>;
  mode?: 'guest_login' | 'new_client' | 'existing_client';
  form?: Record<string, unknown>;
  /** An hourly hire instead of a mileage trip. */
  hourly?: boolean;
}

/** localStorage as the quotation step leaves it (spec §3 keys), optionally with the vehicle chosen and details saved. */
async function seedStorage(seed: Seed = {}) {
  const quote = await realQuote(seed.form, seed.hourly ? 'hourly' : 'milleage');
  const entries: Record<string, string> = seed.hourly
    ? { BookingType: encoded('hourly'), HourlyRateForm: encoded(quote.form), PriceDetails: encoded(quote.list) }
    : { BookingType: encoded('milleage'), BookingForm: JSON.stringify(quote.form), PriceDetails: encoded(quote.list) };
  if (!seed.quotationOnly) {
    entries.selectedVehicleData = encoded(quote.vehicle);
    entries.SelectedVehicle = JSON.stringify({ vehicle_id: quote.vehicle.vehicle_id });
    entries.selectionKind = JSON.stringify('selection');
  }
  if (seed.registration) entries.registrationData = encoded(seed.registration);
  if (seed.mode) entries.selectedPassenger = JSON.stringify(seed.mode);
  return { entries, quote };
}

/** Opens `path` with the seeded storage, as a visitor who reloads there would. */
async function openAt(path: string, seed: Seed = {}, width: number = WIDTHS.desktop, height = 900): Promise<OpenedPage & { quote: Awaited<ReturnType<typeof realQuote>> }> {
  const { entries, quote } = await seedStorage(seed);
  const opened = await openPage(browser, `${provider.url}${path}`, { width, height, storage: entries });
  opened.page.setDefaultTimeout(15_000);
  await opened.page.locator('[data-screen]').first().waitFor();
  return { ...opened, quote };
}

/** The input or textarea a label names (a label may also name a button inside the field, e.g. a password's eye). */
const field = (page: Page, label: string | RegExp) => page.getByLabel(label).and(page.locator('input, textarea'));

let emailCounter = 0;
const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}.${(emailCounter += 1)}@example.com`;

const guest = (email = uniqueEmail('guest')) => ({ firstName: 'Ada', surname: 'Lovelace', email, number: '+44 7700 900123' });

/** The booking alert dialog's text (spec §8 alert dialogs), then OK. */
async function expectAlert(page: Page, text: string, { title, dismiss = true }: { title?: string; dismiss?: boolean } = {}) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text, { exact: true }).waitFor();
  if (title) expect(await dialog.getByText(title, { exact: true }).count()).toBeGreaterThan(0);
  if (dismiss) {
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

async function bookingsFor(email: string) {
  const { rows } = await provider.db.query<{ booking_number: string; payment_method: string; payment_status: string; passenger_mode: string; flight_no: string; total_pence: number; payment_intent_id: string | null }>(
    'SELECT booking_number, payment_method, payment_status, passenger_mode, flight_no, total_pence, payment_intent_id FROM bookings WHERE passenger_email = $1 ORDER BY id',
    [email],
  );
  return rows;
}

const future = () => `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiry Date').fill(future());
  await page.getByLabel('CVC').fill('123');
}

/** From /paymentview: Pay By Card, then the card page with the sandbox's fields. */
async function toCardPage(page: Page) {
  await page.getByRole('button', { name: 'Pay By Card' }).click();
  await expect.poll(() => pathname(page)).toBe('/stripecheckout');
  await page.getByTestId('test-mode-banner').waitFor();
}

async function expectConfirmed(page: Page) {
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/paymentSuccessView');
  await page.getByTestId('booking-number').waitFor();
  return (await page.getByTestId('booking-number').textContent())!.trim();
}

describe('personal details (/personalDetailView)', () => {
  it('shows the chosen vehicle and, for a Heathrow pickup, the flight reference field; Next checks the spec texts in order', async () => {
    const { page, errors, close, quote } = await openAt('/personalDetailView');
    try {
      const summary = page.getByTestId('vehicle-summary');
      expect(await summary.getByText(quote.vehicle.vehicle_type, { exact: true }).count()).toBe(1);
      expect(await summary.getByText(/Up to \d+ passengers?$/).count()).toBe(1);
      expect(await summary.getByText(/large suitcases?$/).count()).toBe(1);
      expect(await summary.getByText(/medium suitcases?$/).count()).toBe(1);
      expect(await page.getByLabel('Flight / Train / Ferry Number').count()).toBe(1);

      await page.getByText('New client', { exact: true }).click();
      const next = () => page.getByRole('button', { name: 'Next' }).click();
      await next();
      await expectAlert(page, 'Enter Passenger Email to receive booking details');
      await page.getByLabel('Email').fill(uniqueEmail('order'));
      await next();
      await expectAlert(page, 'Enter Password for booking');
      await field(page, 'Password').fill('a long enough password');
      await next();
      await expectAlert(page, 'Please Accept Our Privacy Policies');
      await page.getByLabel('I accept the Privacy Policy').check();
      await next();
      await expectAlert(page, 'Please Accept Our Term and Conditions');
      expect(pathname(page)).toBe('/personalDetailView');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('switches between the three modes any to any, with each mode’s fields and required markers', async () => {
    const { page, close } = await openAt('/personalDetailView');
    try {
      const required = async (label: string | RegExp) => field(page, label).evaluate((input) => (input as HTMLInputElement).required);
      expect(await page.getByLabel('First Name').count()).toBe(1);
      expect(await page.getByLabel('Last Name').count()).toBe(1);
      expect(await required('Email')).toBe(true);
      expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
      expect(await required(/Mobile Number/)).toBe(true);
      await page.getByText('Existing client', { exact: true }).click();
      expect(await page.getByLabel('First Name').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot_password');
      await page.getByText('New client', { exact: true }).click();
      expect(await page.getByLabel('Surname').count()).toBe(1);
      expect(await required('Password')).toBe(true);
      expect(await page.getByLabel('I accept the Terms and Conditions').evaluate((input) => (input as HTMLInputElement).required)).toBe(true);
      await page.getByText('Guest', { exact: true }).click();
      expect(await page.getByLabel('Last Name').count()).toBe(1);
      // The number field explains the international format.
      await page.getByTestId('number-tooltip').hover();
      await page.getByRole('tooltip').getByText(/international format/).waitFor();
    } finally {
      await close();
    }
  });

  it('keeps every change across a reload (registration data saved on every change)', async () => {
    const { page, close } = await openAt('/personalDetailView');
    try {
      await page.getByText('New client', { exact: true }).click();
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Surname').fill('Hopper');
      await page.getByLabel('Flight / Train / Ferry Number').fill('BA 117');
      await page.getByRole('switch', { name: /Someone else is travelling/ }).check();
      await page.getByLabel('Passenger Name').fill('Alan Turing');
      await page.reload();
      await appReady(page);
      await page.getByLabel('Surname').waitFor();
      expect(pathname(page)).toBe('/personalDetailView');
      expect(await page.getByLabel('First Name').inputValue()).toBe('Grace');
      expect(await page.getByLabel('Surname').inputValue()).toBe('Hopper');
      expect(await page.getByLabel('Flight / Train / Ferry Number').inputValue()).toBe('BA 117');
      expect(await page.getByLabel('Passenger Name').inputValue()).toBe('Alan Turing');
    } finally {
      await close();
    }
  });

  it('existing client: a wrong password, then the right one, with the spec’s messages', async () => {
    const { page, close } = await openAt('/personalDetailView');
    try {
      await page.getByText('Existing client', { exact: true }).click();
      await page.getByLabel('Email').fill('corporate@cabflow.test');
      await field(page, 'Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Next' }).click();
      await expectAlert(page, 'Email not found in the system, Enter new email inside new client or try with another email');
      expect(pathname(page)).toBe('/personalDetailView');
      await field(page, 'Password').fill('Corporate-Demo-2024!');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe('/paymentview'); // the password check hashes (argon2id)
      await expectAlert(page, 'Email found. Proceeding to payment.');
    } finally {
      await close();
    }
  });
});

describe('pay in car', () => {
  it('guest + Pay in Car: the confirmation shows the booking the server stored', async () => {
    const email = uniqueEmail('car');
    const { page, errors, close, quote } = await openAt('/personalDetailView');
    try {
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Lovelace');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/Mobile Number/).fill('+44 7700 900123');
      await page.getByLabel('Flight / Train / Ferry Number').fill('BA 117');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pathname(page)).toBe('/paymentview');

      const details = page.getByTestId('entered-details');
      await details.waitFor();
      expect(await details.locator('dd').allTextContents()).toEqual(['Ada', 'Lovelace', email, '+44 7700 900123']);
      expect(await page.getByTestId('card-brands').count()).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Pay in Car' }).click();
      const number = await expectConfirmed(page);
      expect(await page.getByTestId('payment-method').textContent()).toBe('Pay to driver');
      expect(await page.getByTestId('ride-type').textContent()).toBe('Normal booking');
      expect(await page.getByTestId('pickup-address').textContent()).toBe(quote.form.pickup);
      const [y, m, d] = quote.form.pickup_date.split('-');
      expect(await page.getByTestId('pickup-when').textContent()).toBe(`${d}-${m}-${y} at 2:30pm`);
      expect(await page.getByTestId('booking-total').textContent()).toMatch(/^£\d[\d,]*\.\d\d$/);
      expect(await page.locator('header').count()).toBe(0);

      const rows = await bookingsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ booking_number: number, payment_method: 'car', payment_status: 'due_to_driver', passenger_mode: 'guest_login', flight_no: 'BA 117' });
      // Spec §4: on arrival everything but appSettings is cleared from localStorage.
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['appSettings']);
      // A reload still shows the booking.
      await page.reload();
      await appReady(page);
      await page.getByTestId('booking-number').waitFor();
      expect(await page.getByTestId('booking-number').textContent()).toBe(number);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('guest with only what spec §5 requires (email and mobile, no name) + Pay in Car: booked, the name left blank', async () => {
    const email = uniqueEmail('noname');
    const { page, errors, close } = await openAt('/personalDetailView');
    try {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/Mobile Number/).fill('+44 7700 900124');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pathname(page)).toBe('/paymentview');
      await page.getByRole('button', { name: 'Pay in Car' }).click();
      const number = await expectConfirmed(page);
      await page.getByText(`Thank you. Your booking is confirmed and the details are on their way to ${email}.`).waitFor();
      const rows = await bookingsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ booking_number: number, payment_method: 'car' });
      const stored = await provider.db.query('SELECT passenger_name, passenger_phone FROM bookings WHERE booking_number = $1', [number]);
      expect(stored.rows).toEqual([{ passenger_name: '', passenger_phone: '+44 7700 900124' }]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('on a 375 × 812 phone: the trip summary first, each step’s action on screen without scrolling (Book Now, Next, Pay in Car, Pay By Card); then, remembered, the same trip again and Forget my details', async () => {
    const email = uniqueEmail('phone');
    const { page, errors, close, quote } = await openAt('/quotationview', { quotationOnly: true }, WIDTHS.mobile, 812);
    /** The element lies inside the screen as it is now, with no scrolling done. */
    const onScreen = (name: string) =>
      page.getByRole('button', { name, exact: true }).first().evaluate((element) => {
        const box = element.getBoundingClientRect();
        return { name: element.textContent, top: box.top >= 0, bottom: box.bottom <= window.innerHeight, scrolled: window.scrollY };
      });
    try {
      await page.getByTestId('vehicle-card').first().waitFor();
      // The trip summary and its route come before the vehicles; each vehicle is a compact card (no picture).
      const top = (testId: string) => page.getByTestId(testId).first().evaluate((element) => element.getBoundingClientRect().top);
      expect(await top('booking-summary')).toBeLessThan(await top('vehicle-card'));
      expect(await page.getByTestId('vehicle-card').first().locator('img').isVisible()).toBe(false);
      const card = await page.getByTestId('vehicle-card').first().evaluate((element) => element.getBoundingClientRect().height);
      expect(card).toBeLessThan(260);
      // The Lowest Price block's Book Now waits at the foot of the screen.
      expect(await page.getByTestId('book-lowest').evaluate((element) => element.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
      await page.getByTestId('book-lowest').click();
      await expect.poll(() => pathname(page)).toBe('/personalDetailView');
      await page.getByTestId('vehicle-summary').waitFor();
      expect(await onScreen('Next')).toEqual({ name: 'Next', top: true, bottom: true, scrolled: 0 });
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Lovelace');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/Mobile Number/).fill('+44 7700 900123');
      // Issue 37: the opt-in is off until ticked.
      const remember = page.getByRole('checkbox', { name: 'Remember my details on this device' });
      expect(await remember.isChecked()).toBe(false);
      await remember.check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pathname(page)).toBe('/paymentview');
      await page.getByRole('button', { name: 'Pay By Card' }).waitFor();
      expect(await onScreen('Pay in Car')).toEqual({ name: 'Pay in Car', top: true, bottom: true, scrolled: 0 });
      expect(await onScreen('Pay By Card')).toEqual({ name: 'Pay By Card', top: true, bottom: true, scrolled: 0 });
      // The card is kept for the driver's extras after the trip (issue 32): said under the button.
      expect(await page.getByTestId('card-extras-notice').textContent()).toBe(CARD_EXTRAS_NOTICE);
      await page.getByRole('button', { name: 'Pay in Car' }).click();
      await expectConfirmed(page);
      expect((await bookingsFor(email))[0]).toMatchObject({ payment_method: 'car' });

      // The confirmation clears the flow's keys (spec §4) but keeps what the visitor asked to be remembered: their
      // details and the trip, never a password.
      const stored = () => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)!])));
      const kept = await stored();
      expect(Object.keys(kept).sort()).toEqual(['RememberedDetails', 'appSettings']);
      const remembered = JSON.parse(decoded(kept.RememberedDetails!));
      expect(remembered).toEqual({
        firstName: 'Ada',
        surname: 'Lovelace',
        email,
        number: '+44 7700 900123',
        trip: { bookingType: 'milleage', pickup: quote.form.pickup, dropoff: quote.form.dropoff, stops: [], pickup_duration: '' },
      });

      // The returning visitor: "Same trip as last time" fills the trip, Search, Book Now, and the details are there.
      await page.goto(`${provider.url}/`);
      await appReady(page);
      expect(await page.getByRole('tab', { name: 'GET A QUOTE' }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('button', { name: /^Same trip as last time/ }).click();
      expect([await page.getByTestId('quote-pickup').inputValue(), await page.getByTestId('quote-dropoff').inputValue()]).toEqual([quote.form.pickup, quote.form.dropoff]);
      await page.getByTestId('quote-search').click();
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/quotationview');
      await page.getByTestId('book-lowest').click();
      await expect.poll(() => pathname(page)).toBe('/personalDetailView');
      expect([await page.getByLabel('First Name').inputValue(), await page.getByLabel('Email').inputValue(), await field(page, /Mobile Number/).inputValue()]).toEqual(['Ada', email, '+44 7700 900123']);
      expect(await remember.isChecked()).toBe(true);
      await page.getByText('Filled in from this device.').waitFor();
      // "Forget my details": the fields empty and the device keeps nothing (at once, before any booking).
      await page.getByRole('button', { name: 'Forget my details' }).click();
      expect([await page.getByLabel('First Name').inputValue(), await page.getByLabel('Email').inputValue()]).toEqual(['', '']);
      expect(await remember.isChecked()).toBe(false);
      expect(Object.keys(await stored())).not.toContain('RememberedDetails');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('hourly hire + Pay in Car: the confirmation shows an hourly booking with its duration', async () => {
    const email = uniqueEmail('hourly');
    const { page, close } = await openAt('/paymentview', { hourly: true, registration: guest(email), mode: 'guest_login' });
    try {
      await page.getByRole('button', { name: 'Pay in Car' }).click();
      await expectConfirmed(page);
      expect(await page.getByTestId('ride-type').textContent()).toBe('Hourly booking');
      expect(await page.getByTestId('hourly-duration').textContent()).toBe('4 hours');
      expect(await page.getByTestId('pickup-when').textContent()).toMatch(/^\d\d-\d\d-\d{4} at 12:00pm$/);
      expect(await page.getByTestId('dropoff-address').count()).toBe(0);
      expect((await bookingsFor(email))[0]).toMatchObject({ payment_method: 'car' });
    } finally {
      await close();
    }
  });

  it('Book Now on the quotation leads here with the chosen vehicle', async () => {
    const { page, close } = await openAt('/quotationview', { quotationOnly: true });
    try {
      await page.getByRole('button', { name: 'Book Now' }).first().click();
      await expect.poll(() => pathname(page)).toBe('/personalDetailView');
      await page.getByTestId('vehicle-summary').waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => pathname(page)).toBe('/quotationview');
    } finally {
      await close();
    }
  });

  it('sends a typed /paymentview with no booking data back to /home', async () => {
    const { page, close } = await openPage(browser, `${provider.url}/paymentview`);
    try {
      // Each redirect waits for the booking machine's code to load and run (seconds on a busy machine).
      await expect.poll(() => pathname(page), { timeout: 10_000 }).toBe('/home');
      for (const path of ['/stripecheckout', '/paymentSuccessView', '/personalDetailView']) {
        await page.goto(`${provider.url}${path}`);
        await expect.poll(() => pathname(page), { message: path, timeout: 10_000 }).toBe('/home');
      }
    } finally {
      await close();
    }
  });

  it('sends /paymentview without saved details back to /personalDetailView, and keeps /paymentview on a reload', async () => {
    const { page, close } = await openAt('/paymentview');
    try {
      await expect.poll(() => pathname(page)).toBe('/personalDetailView');
    } finally {
      await close();
    }
    const saved = await openAt('/paymentview', { registration: guest(), mode: 'guest_login' });
    try {
      expect(pathname(saved.page)).toBe('/paymentview');
      await saved.page.reload();
      await appReady(saved.page);
      await saved.page.getByRole('button', { name: 'Pay in Car' }).waitFor();
      expect(pathname(saved.page)).toBe('/paymentview');
    } finally {
      await saved.close();
    }
  });
});

describe('pay by card (sandbox, TEST MODE)', () => {
  it('new client + 4242: the card page shows the amount, Pay Now books a paid booking', async () => {
    const email = uniqueEmail('card');
    const { page, errors, close, quote } = await openAt('/personalDetailView');
    try {
      await page.getByText('New client', { exact: true }).click();
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Surname').fill('Hopper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/Mobile Number/).fill('+44 7700 900456');
      await field(page, 'Password').fill('a long enough password');
      await page.getByLabel('I accept the Privacy Policy').check();
      await page.getByLabel('I accept the Terms and Conditions').check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pathname(page)).toBe('/paymentview');
      await toCardPage(page);

      const minor = Math.round(quote.vehicle.final_price * 100);
      const query = new URL(page.url()).searchParams;
      expect(Number(decoded(query.get('amount')!))).toBe(minor);
      expect(decoded(query.get('stripeKey')!)).toMatch(/^pk_/);
      expect(await page.getByRole('heading', { name: 'Amount To Pay' }).count()).toBe(1);
      expect(await page.getByTestId('amount-to-pay').textContent()).toBe(`£${(minor / 100).toFixed(2)}`);
      expect(await page.getByLabel('Card Number').getAttribute('autocomplete')).toBe('cc-number');
      expect(await page.getByLabel('Expiry Date').getAttribute('autocomplete')).toBe('cc-exp');
      expect(await page.getByLabel('CVC').getAttribute('autocomplete')).toBe('cc-csc');
      expect(await page.getByLabel('Card Number').getAttribute('inputmode')).toBe('numeric');

      await page.getByLabel('Card Number').fill('4242424242424242');
      expect(await page.getByLabel('Card Number').inputValue()).toBe('4242 4242 4242 4242');
      await page.getByLabel('Expiry Date').fill(future());
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await page.getByText('Payment successful!').first().waitFor();
      const number = await expectConfirmed(page);
      expect(await page.getByTestId('payment-method').textContent()).toBe('Pay by Card');
      const rows = await bookingsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ booking_number: number, payment_method: 'card', payment_status: 'paid', passenger_mode: 'new_client', total_pence: minor });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows card field errors inline and refuses a real card number in TEST MODE', async () => {
    const { page, close } = await openAt('/personalDetailView', { registration: guest(), mode: 'guest_login' });
    try {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => pathname(page)).toBe('/paymentview');
      await toCardPage(page);
      await page.getByLabel('Card Number').fill('4242 4242 4242 4241');
      await page.getByLabel('Expiry Date').click();
      expect(await page.getByTestId('card-error').textContent()).toBe('Your card number is invalid.');
      await page.getByLabel('Card Number').fill('4012 8888 8888 1881');
      await page.getByLabel('Expiry Date').fill(future());
      await page.getByLabel('CVC').fill('123');
      expect(await page.getByTestId('card-error').count()).toBe(0);
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await expectAlert(page, 'TEST MODE accepts only the test card numbers shown', { title: 'Payment failed' });
      expect(pathname(page)).toBe('/stripecheckout');
    } finally {
      await close();
    }
  });

  it('4000 0000 0000 0002 is declined with Payment failed, then 4242 succeeds', async () => {
    const email = uniqueEmail('declined');
    const { page, close } = await openAt('/paymentview', { registration: guest(email), mode: 'guest_login' });
    try {
      await toCardPage(page);
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await expectAlert(page, 'Your card was declined.', { title: 'Payment failed' });
      expect(pathname(page)).toBe('/stripecheckout');
      expect(await bookingsFor(email)).toHaveLength(0);
      await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await expectConfirmed(page);
      const rows = await bookingsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0].payment_status).toBe('paid');
    } finally {
      await close();
    }
  });

  it('4000 0027 6000 3184: the sandbox’s 3-D Secure page, completed, books', async () => {
    const email = uniqueEmail('3ds-ok');
    const { page, close } = await openAt('/paymentview', { registration: guest(email), mode: 'guest_login' });
    try {
      await toCardPage(page);
      await fillCard(page, '4000 0027 6000 3184');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const challenge = page.getByRole('dialog', { name: /3-D Secure/ });
      await challenge.waitFor();
      expect(await challenge.getByText('TEST MODE', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
      await challenge.getByRole('button', { name: 'Complete' }).click();
      await expectConfirmed(page);
      expect((await bookingsFor(email))[0]).toMatchObject({ payment_method: 'card', payment_status: 'paid' });
    } finally {
      await close();
    }
  });

  it('4000 0027 6000 3184: the 3-D Secure page failed, no booking and the card form stays', async () => {
    const email = uniqueEmail('3ds-fail');
    const { page, close } = await openAt('/paymentview', { registration: guest(email), mode: 'guest_login' });
    try {
      await toCardPage(page);
      await fillCard(page, '4000 0027 6000 3184');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      const challenge = page.getByRole('dialog', { name: /3-D Secure/ });
      await challenge.getByRole('button', { name: 'Fail' }).click();
      await expectAlert(page, 'We are unable to authenticate your payment method. Please choose a different payment method and try again.', { title: 'Payment failed' });
      expect(pathname(page)).toBe('/stripecheckout');
      expect(await page.getByRole('button', { name: 'Pay Now' }).isEnabled()).toBe(true);
      expect(await bookingsFor(email)).toHaveLength(0);
    } finally {
      await close();
    }
  });

  it('a double click on Pay Now makes one payment and one booking', async () => {
    const email = uniqueEmail('double');
    const { page, close } = await openAt('/paymentview', { registration: guest(email), mode: 'guest_login' });
    try {
      await toCardPage(page);
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay Now' }).dblclick();
      await expectConfirmed(page);
      const rows = await bookingsFor(email);
      expect(rows).toHaveLength(1);
      // One payment (one intent, charged once) for this booking's submission.
      const { rows: payments } = await provider.db.query<{ intent_id: string; status: string }>(
        'SELECT p.intent_id, p.status FROM payments p JOIN bookings b ON b.site_id = p.site_id AND b.request_key = p.request_key WHERE b.booking_number = $1',
        [rows[0].booking_number],
      );
      expect(payments).toEqual([{ intent_id: rows[0].payment_intent_id, status: 'succeeded' }]);
    } finally {
      await close();
    }
  });

  it('keeps the card page on a reload', async () => {
    const { page, close } = await openAt('/paymentview', { registration: guest(), mode: 'guest_login' });
    try {
      await toCardPage(page);
      const url = page.url();
      await page.reload();
      await appReady(page);
      await page.getByTestId('test-mode-banner').waitFor();
      expect(pathname(page)).toBe('/stripecheckout');
      expect(new URL(page.url()).searchParams.get('amount')).toBe(new URL(url).searchParams.get('amount'));
    } finally {
      await close();
    }
  });
});

describe('screenshots', () => {
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    it(`saves the booking screens at ${width} px`, async () => {
      const email = uniqueEmail('shots');
      const registration = { ...guest(email), firstName: 'Ada', surname: 'Lovelace' };
      const form = { select_option: 'return', dropoff: 'Gatwick Airport North Terminal, Horley RH6 0PJ', return_date: oneWayForm().pickup_date, return_hour: '9pm', return_min: '15' };
      const { page, close } = await openAt('/personalDetailView', { registration, mode: 'guest_login', form }, width);
      try {
        await saveScreenshot(page, 'booking-personal-details');
        await page.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => pathname(page)).toBe('/paymentview');
        await page.getByRole('button', { name: 'Pay in Car' }).waitFor();
        if (width === WIDTHS.mobile) await page.getByRole('button', { name: 'Show Detail' }).click();
        await page.getByTestId('entered-details').waitFor();
        await saveScreenshot(page, 'booking-payment');
        await toCardPage(page);
        await fillCard(page, '4000 0027 6000 3184');
        await saveScreenshot(page, 'booking-card');
        await page.getByRole('button', { name: 'Pay Now' }).click();
        const challenge = page.getByRole('dialog', { name: /3-D Secure/ });
        await challenge.waitFor();
        await page.waitForTimeout(300);
        await saveScreenshot(page, 'booking-card-3ds');
        await challenge.getByRole('button', { name: 'Complete' }).click();
        await expectConfirmed(page);
        await saveScreenshot(page, 'booking-confirmation');
      } finally {
        await close();
      }
    });
  }
});
