/**
 * The quote offer's page in Chromium against the real server: an unknown link is the server's own 404 (the model's
 * made-up token); an opened offer is answered by the gate with a trip and a vehicle the server really priced just
 * before (making a real offer takes the console's whole reply); a failed call is a 503; a browser that keeps no
 * storage is one whose localStorage throws, as when a visitor switches site data off.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { QUOTE_OFFER_API } from '../../../contract/consoleEnquiries.ts';
import { HAND_OVER_FAILURE, QUOTE_OFFER_FAILURE, type QuoteOfferContext } from '../../../machines/quoteOffer/index.ts';
import { oneWayForm } from '../../helpers/forms.ts';
import { OFFER_TOKEN } from '../machines/quoteOffer.model.ts';
import { SERVER_ERROR_BODY, answered, api, visible } from './common.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as QuoteOfferContext;
const PAGE = '/quote-offer';
const LANDING = '/personalDetailView';

/** A trip priced by the server now, as POST /quote-offer answers an offer of its saloon. */
async function pricedOffer(run: UiRun) {
  const form = oneWayForm();
  const priced = await (await api(run, '/calculate-distance-price', form)).json();
  const vehicle = priced.price_details[0];
  run.scratch.vehicleType = vehicle.vehicle_type;
  return { success: true, booking_type: 'milleage', booking_form: form, vehicle, expires_at: new Date(Date.now() + 86_400_000).toISOString() };
}

/** The token stays out of the address from the first step on. */
async function addressWithoutToken(run: UiRun) {
  if (run.page.url().includes('#') || run.page.url().includes('token')) throw new Error(`the link's token is still in the address: ${run.page.url()}`);
}

export const quoteOfferUi: UiMachine = {
  model: 'quoteOffer',
  calls: {
    forgetAddress: null,
    openOffer: `**/api/v1${QUOTE_OFFER_API}`,
    handOver: null,
  },
  open: async (run) => {
    await run.page.goto(run.url(run.path.origin === 'link' ? `${PAGE}#token=${OFFER_TOKEN}` : PAGE));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  executors: {
    // Local: the page replaces its address on its own as it starts.
    'forgetAddress:done': { run: async () => {} },
    'forgetAddress:error': { unavailable: () => 'history.replaceState with the page’s own same-origin path does not fail in a browser', run: async () => {} },
    'openOffer:done': answered(async (run) => ({ kind: 'fulfil', status: 200, body: await pricedOffer(run) })),
    'openOffer:unknown': answered(() => ({ kind: 'continue' })),
    'openOffer:failed': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'handOver:done': { run: async () => {} },
    'handOver:error': {
      // The visitor has switched site data off: localStorage throws, as Chromium's does then.
      prepare: async (run) => {
        await run.page.addInitScript({
          content: "Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });",
        });
      },
      run: async () => {},
    },
    retry: { run: async (run) => run.page.getByRole('button', { name: 'Try again' }).click() },
  },
  assertions: {
    // Passed through as the page starts (the address is replaced at once).
    start: async (run) => {
      await run.waitForPath(PAGE);
    },
    opening: async (run) => {
      await run.waitForPath(PAGE);
      await addressWithoutToken(run);
      await visible(run.page.getByRole('status').getByText('Opening your quote…'));
    },
    // Storing the trip is immediate: the page is on its way to the booking step, or the failure shows.
    handingOver: async (run) => {
      await run.waitForPath([PAGE, LANDING]);
    },
    handedOver: async (run) => {
      await run.waitForPath(LANDING);
      await visible(run.page.getByTestId('vehicle-summary').getByText(run.scratch.vehicleType, { exact: true }));
    },
    unknown: async (run) => {
      await run.waitForPath(PAGE);
      await addressWithoutToken(run);
      await visible(run.page.getByTestId('quote-offer-unknown'));
    },
    failed: async (run, { snapshot }) => {
      await run.waitForPath(PAGE);
      await addressWithoutToken(run);
      const failure = run.page.getByTestId('quote-offer-failed');
      await visible(failure.getByText(ctx(snapshot).retryable ? QUOTE_OFFER_FAILURE : HAND_OVER_FAILURE));
      const retries = await failure.getByRole('button', { name: 'Try again' }).count();
      if (retries !== (ctx(snapshot).retryable ? 1 : 0)) throw new Error(`expected ${ctx(snapshot).retryable ? 'a' : 'no'} Try again button, found ${retries}`);
    },
  },
};
