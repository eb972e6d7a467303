/**
 * The home page's booking forms in Chromium. The browser's position is the device's answer: the page gets a
 * stand-in navigator.geolocation (installed before the app loads) that the path answers with a position or a refusal,
 * so the locate icon's waiting state can be seen.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { FALLBACK_LOCATION, hourlyErrors, quoteErrors, type HomeFormContext } from '../../../machines/homeForm/index.ts';
import { ACCOUNT_TRIP, HOME_ADDRESS, HOME_LOCATION, POPULAR_PICKUP, REMEMBERED_TRIP_DETAILS, STOP_PLACE } from '../machines/homeForm.model.ts';
import { answered, gone, visible } from './common.ts';
import { eventually, type UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';
import { appReady } from '../../helpers/browser.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as HomeFormContext;
const HEATHROW = 'Heathrow Airport Terminal 5, Hounslow TW6 2GA';
const SAVOY = 'The Savoy, Strand, London WC2R 0EZ';
const PADDINGTON = 'Paddington Station, Praed Street, London W2 1HB';

/** navigator.geolocation that keeps the page's request for the path to answer (window.__geo). */
const GEOLOCATION_STAND_IN = `
  window.__geo = null;
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: function (ok, fail) { window.__geo = { ok: ok, fail: fail }; },
      watchPosition: function () { return 0; },
      clearWatch: function () {},
    },
  });
`;

const NEAREST_CALL = '**/api/v1/places/nearest?*';
const nearestAnswer = (address: string | null) =>
  answered(() => ({ kind: 'fulfil', status: 200, body: { place: address ? { address, lat: HOME_LOCATION.lat, lon: HOME_LOCATION.lon, kind: 'airport', estimated: false } : null } }));
const pickupField = (c: HomeFormContext) => (c.tab === 'quote' ? 'quote-pickup' : 'hourly-pickup');
/** The line under the pick-up of the tab on show says what "Use my location" did there. */
async function locationNote(run: UiRun, c: HomeFormContext, text: string) {
  if (c.locateFor !== c.tab) return;
  await eventually(async () => {
    const shown = await run.page.getByTestId(`${pickupField(c)}-location`).textContent();
    if (shown !== text) throw new Error(`the pick-up's line says ${JSON.stringify(shown)}, not ${JSON.stringify(text)}`);
  });
}

const panel = (run: UiRun) => run.page.getByRole('tabpanel');
const repeatButton = (run: UiRun) => run.page.getByRole('button', { name: /^Same trip as last time/ });
/** "Same trip as last time" shows exactly when the machine takes it (the view reads `can`). */
async function repeatOffered(run: UiRun, path: Parameters<typeof handedOver>[0], index: number, snapshot: AnyMachineSnapshot) {
  if (handedOver(path, index)) return;
  if (snapshot.can({ type: 'trip.repeat' })) await visible(repeatButton(run));
  else await gone(repeatButton(run));
}
/** A signed-in corporate passenger's stored session (spec §3 corporateToken and corporateDetails, encoded). */
const encoded = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
const CORPORATE_SESSION = {
  corporateToken: encoded('model-path-session-token'),
  corporateDetails: encoded({ passenger_id: 1, passenger_name: 'Alex Morgan', passenger_email: 'corporate@cabflow.test', passenger_contact_no: '+44 7700 900123' }),
};
const LAST_TRIP_CALL = '**/api/v1/corporate/last-trip';
const locate = (run: UiRun) => run.page.getByRole('button', { name: 'Use my location' });

async function typeAddress(run: UiRun, testId: string, text: string) {
  const field = run.page.getByTestId(testId);
  await field.fill(text);
  await field.press('Escape');
}

/** The device answers the position request the page is waiting for: a position, a refusal (1) or a timeout (3). */
async function answerPosition(run: UiRun, answer: 'ok' | 1 | 3) {
  await run.page.waitForFunction(() => (window as unknown as { __geo?: unknown }).__geo != null);
  await run.page.evaluate(
    ([how, lat, lon]) => {
      const geo = (window as unknown as { __geo: { ok: (p: unknown) => void; fail: (e: unknown) => void } | null }).__geo!;
      (window as unknown as { __geo: null }).__geo = null;
      if (how === 'ok') geo.ok({ coords: { latitude: lat, longitude: lon, accuracy: 20 }, timestamp: Date.now() });
      else geo.fail({ code: how, message: how === 1 ? 'User denied Geolocation' : 'Timeout expired', PERMISSION_DENIED: 1, TIMEOUT: 3 });
    },
    [answer, HOME_LOCATION.lat, HOME_LOCATION.lon] as const,
  );
}

/** The path's step `index` was a Search that handed the trip over: the page has left the forms. */
const handedOver = (path: { steps: { variant: string; snapshot: AnyMachineSnapshot }[]; start: AnyMachineSnapshot }, index: number) =>
  index >= 0 && path.steps[index].variant === 'search' && ready(index === 0 ? path.start : path.steps[index - 1].snapshot);

const ready = (s: AnyMachineSnapshot) =>
  ctx(s).tab === 'quote' ? Object.keys(quoteErrors(ctx(s).quote, ctx(s).today)).length === 0 : Object.keys(hourlyErrors(ctx(s).hourly, ctx(s).today)).length === 0;

export const homeFormUi: UiMachine = {
  model: 'homeForm',
  calls: { geolocate: null, nearestAddress: NEAREST_CALL, lastBookedTrip: LAST_TRIP_CALL },
  open: async (run) => {
    // A string, not a function: the test's compiler may add helpers to functions that do not exist in the page.
    await run.page.addInitScript(GEOLOCATION_STAND_IN);
    if (run.path.origin === 'returning') {
      await run.page.goto(run.url('/favicon.svg'));
      const value = Buffer.from(JSON.stringify(REMEMBERED_TRIP_DETAILS), 'utf8').toString('base64');
      await run.page.evaluate((stored) => localStorage.setItem('RememberedDetails', stored), value);
    }
    if (run.path.origin === 'corporate') {
      await run.page.goto(run.url('/favicon.svg'));
      await run.page.evaluate((session) => {
        for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
      }, CORPORATE_SESSION);
    }
    await run.page.goto(run.url('/'));
    // Server-rendered pages show before they react: wait for the app.
    await appReady(run.page, 20_000);
    await visible(run.page.getByRole('tablist', { name: 'Booking type' }), 20_000);
  },
  executors: {
    'tab.select:quote': { run: async (run) => run.page.getByRole('tab', { name: 'GET A QUOTE' }).click() },
    'tab.select:hourly': { run: async (run) => run.page.getByRole('tab', { name: 'Hourly Rate' }).click() },
    'settings.update:both': { unavailable: () => 'sent by the page from the operator settings, which load once per visit and do not change during it', run: async () => {} },
    'settings.update:quoteOnly': { unavailable: () => 'sent by the page from the operator settings, which load once per visit and do not change during it', run: async () => {} },
    'quote.change:addresses': {
      run: async (run) => {
        await typeAddress(run, 'quote-pickup', HEATHROW);
        await typeAddress(run, 'quote-dropoff', SAVOY);
      },
    },
    'quote.change:clearPickup': { run: async (run) => typeAddress(run, 'quote-pickup', '') },
    'return.add': { run: async (run) => run.page.getByRole('button', { name: 'Add Return' }).click() },
    'return.remove': { run: async (run) => run.page.getByRole('button', { name: 'Remove return' }).click() },
    'stop.add': {
      unavailable: (s) => (ctx(s).quote.stops.length >= 10 ? 'Extra Stop is disabled at 10 stops' : null),
      run: async (run) => run.page.getByRole('button', { name: 'Extra Stop' }).click(),
    },
    'stop.remove': { run: async (run) => run.page.getByRole('button', { name: 'Remove stop 1' }).click() },
    'stop.change': {
      run: async (run) => {
        const stop = run.page.getByTestId('extra-stop').first();
        await stop.getByLabel(/street or road name/).and(run.page.locator('input')).fill('Baker Street');
        await stop.getByLabel('Number').fill('221B');
        await stop.getByLabel('City or post code').fill('NW1 6XE');
      },
    },
    'stop.place': {
      run: async (run) => {
        // Typed in part, then the saved address picked from the suggestions: street and city or post code filled.
        const stop = run.page.getByTestId('extra-stop').first();
        await stop.getByLabel(/street or road name/).and(run.page.locator('input')).fill('Marylebone');
        await stop.getByRole('option', { name: STOP_PLACE }).click();
        await eventually(async () => {
          const postcode = await stop.getByLabel('City or post code').inputValue();
          if (postcode !== 'London NW1 6JJ') throw new Error(`stop 1's city or post code shows ${JSON.stringify(postcode)}`);
        });
      },
    },
    'hourly.change:pickup': { run: async (run) => typeAddress(run, 'hourly-pickup', PADDINGTON) },
    'hourly.change:clear': { run: async (run) => typeAddress(run, 'hourly-pickup', '') },
    'location.request': { run: async (run) => locate(run).click() },
    search: {
      // A complete form hands over to the booking flow: the page moves on to the prices, and this form is gone.
      unavailable: (s, u) => (ready(s) && !u.last ? 'a Search with a complete form hands the trip to the booking flow and the page leaves for the prices' : null),
      run: async (run, c) => run.page.getByTestId(ctx(c.before).tab === 'quote' ? 'quote-search' : 'hourly-search').click(),
    },
    'trip.repeat': { run: async (run) => run.page.getByRole('button', { name: /^Same trip as last time/ }).click() },
    'pickup.fill': {
      run: async (run) => {
        const place = run.page.getByRole('button', { name: `Pick up at ${POPULAR_PICKUP}` });
        await place.scrollIntoViewIfNeeded();
        await place.click();
      },
    },
    'geolocate:done': { run: async (run) => answerPosition(run, 'ok') },
    'geolocate:error': { run: async (run) => answerPosition(run, 3) },
    'geolocate:refused': { run: async (run) => answerPosition(run, 1) },
    'nearestAddress:done': nearestAnswer(HOME_ADDRESS),
    'nearestAddress:none': nearestAnswer(null),
    'lastBookedTrip:done': answered(() => ({ kind: 'fulfil', status: 200, body: { success: true, trip: ACCOUNT_TRIP } })),
    'lastBookedTrip:none': answered(() => ({ kind: 'fulfil', status: 200, body: { success: true, trip: null } })),
    'lastBookedTrip:error': answered(() => ({ kind: 'fulfil', status: 401, body: { success: false, message: 'Please sign in again', code: 'unauthenticated' } })),
    'nearestAddress:error': answered(() => ({ kind: 'fulfil', status: 503, body: { success: false, message: 'Service unavailable' } })),
  },
  assertions: {
    'account.guest': async (run, { path, index, snapshot }) => repeatOffered(run, path, index, snapshot),
    'account.loading': async (run, { path, index, snapshot }) => repeatOffered(run, path, index, snapshot),
    'account.loaded': async (run, { path, index, snapshot }) => {
      await repeatOffered(run, path, index, snapshot);
      // The account's trip, named as the device's is: its pick-up → drop-off (1 stop).
      if (!handedOver(path, index) && snapshot.can({ type: 'trip.repeat' })) await visible(repeatButton(run).filter({ hasText: 'Paddington Station → The Savoy (1 stop)' }));
    },
    'account.unavailable': async (run, { path, index, snapshot }) => repeatOffered(run, path, index, snapshot),
    'form.editing': async (run, { path, index, snapshot }) => {
      const c = ctx(snapshot);
      if (handedOver(path, index)) {
        // Handed over: the booking flow prices the trip.
        await eventually(async () => {
          const loading = await run.page.getByTestId('loading-price').count();
          if (!loading && run.pathname() !== '/quotationview') throw new Error('the booking flow did not take the search');
        }, 15_000);
        return;
      }
      const tab = c.tab === 'quote' ? 'GET A QUOTE' : 'Hourly Rate';
      await visible(run.page.getByRole('tab', { name: tab, selected: true }));
      // Exactly the fields Search found wrong are marked.
      await eventually(async () => {
        const marked = await panel(run).locator('[aria-invalid="true"]').count();
        if (marked !== Object.keys(c.errors).length) throw new Error(`${marked} fields marked wrong, the machine has ${Object.keys(c.errors).length} (${Object.keys(c.errors).join(', ')})`);
      });
      if (c.tab === 'quote') {
        if (c.quote.select_option === 'return') await visible(run.page.getByTestId('return-section'));
        else await gone(run.page.getByTestId('return-section'));
        await eventually(async () => {
          const stops = await run.page.getByTestId('extra-stop').count();
          if (stops !== c.quote.stops.length) throw new Error(`${stops} stops shown, ${c.quote.stops.length} in the form`);
        });
      }
    },
    'location.idle': async (run, { path, index, snapshot }) => {
      // Nothing asked yet: the locate icon (hourly tab) is not waiting.
      if (ctx(snapshot).tab === 'hourly' && !handedOver(path, index)) await visible(locate(run).and(run.page.locator(':not([data-loading])')));
    },
    'location.locating': async (run) => {
      await visible(locate(run).and(run.page.locator('[data-loading]')));
    },
    'location.naming': async (run) => {
      await visible(locate(run).and(run.page.locator('[data-loading]')));
    },
    'location.filled': async (run, { snapshot }) => {
      const c = ctx(snapshot);
      await locationNote(run, c, `Pick-up set to your location: ${HOME_ADDRESS}`);
      const pickup = c.tab === 'quote' ? c.quote.pickup : c.hourly.pickup;
      await eventually(async () => {
        const value = await run.page.getByTestId(pickupField(c)).inputValue();
        if (value !== pickup) throw new Error(`the pick-up shows ${JSON.stringify(value)}, the form holds ${JSON.stringify(pickup)}`);
      });
    },
    'location.refused': async (run, { snapshot }) => {
      await locationNote(run, ctx(snapshot), 'Location is off: type your pick-up address.');
    },
    'location.located': async (run) => {
      await eventually(async () => {
        const stored = await run.page.evaluate(() => localStorage.getItem('HourlyRateForm'));
        const form = stored ? JSON.parse(Buffer.from(stored, 'base64').toString('utf8')) : null;
        if (form?.userLocation?.lat !== HOME_LOCATION.lat) throw new Error(`the hourly form does not hold the browser's position (${JSON.stringify(form?.userLocation)})`);
      });
    },
    'location.fallback': async (run) => {
      await eventually(async () => {
        const stored = await run.page.evaluate(() => localStorage.getItem('HourlyRateForm'));
        const form = stored ? JSON.parse(Buffer.from(stored, 'base64').toString('utf8')) : null;
        if (form?.userLocation?.lat !== FALLBACK_LOCATION.lat) throw new Error(`the hourly form does not hold central London (${JSON.stringify(form?.userLocation)})`);
      });
    },
  },
};
