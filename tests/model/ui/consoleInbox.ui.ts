/**
 * The enquiries inbox on /admin/enquiries in Chromium, signed in as the demo dispatcher. The site's inbox fills with
 * every other path's QUOTE NOW requests and messages, so each answer of the inbox's calls is the gate's (the server's
 * shape, the path's enquiry); a call no step answers stays in flight. The real inbox (a reply mailed once, close and
 * reopen, a quote priced and offered) is tested in tests/e2e/console-inbox.test.ts and tests/api.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { InboxContext } from '../../../machines/consoleInbox/index.ts';
import { DEMO_STAFF } from '../../../server/db/seed/demo.ts';
import { EDITED_PICKUP, INBOX_FAILED, OFFER_PRICE, OFFER_REASON, OFFER_TEXT, OLDER_ID, OPTIONS, QUOTE_ID, REPLY_TEXT, enquiryDetail, enquiryRow, inboxPage, priceAnswer } from '../machines/consoleInbox.model.ts';
import { answered, gone, labelled, visible } from './common.ts';
import { signInContext } from './consoleSession.ts';
import type { UiRun } from './harness.ts';
import type { UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as InboxContext;
const LIST_CALL = '**/api/admin/enquiries{,?*}';
const ENQUIRY_CALL = '**/api/admin/enquiries/*/*';
const REPLY_CALL = '**/api/admin/enquiries/*/*/reply';
const STATUS_CALL = '**/api/admin/enquiries/*/*/{close,reopen}';
const PRICE_CALL = '**/api/admin/enquiries/quote/*/price';
const OFFER_CALL = '**/api/admin/enquiries/quote/*/offer';
const fulfil = (body: unknown) => answered(() => ({ kind: 'fulfil', status: 200, body }));
const failure = answered(() => ({ kind: 'fulfil', status: 503, body: { success: false, message: INBOX_FAILED } }));
const detail = (run: UiRun) => run.page.getByRole('region', { name: 'Enquiry' });
const busy = (run: UiRun, name: string) => detail(run).getByRole('button', { name }).and(run.page.locator('[data-loading]'));
const answer = (...args: Parameters<typeof enquiryDetail>) => ({ success: true, enquiry: enquiryDetail(...args) });
const OWN_PRICE = "Your own price (£, blank for the price list's)";
const OWN_REASON = 'Reason for your price';
const optionLabel = (o: (typeof OPTIONS)[number]) => `${o.vehicle_type} (${o.company_name}), up to ${o.max_seat} passengers: £${o.final_price.toFixed(2)}`;

export const consoleInboxUi: UiMachine = {
  model: 'consoleInbox',
  calls: { loadEnquiries: LIST_CALL, loadEnquiry: ENQUIRY_CALL, sendReply: REPLY_CALL, changeStatus: STATUS_CALL, priceTrip: PRICE_CALL, sendOffer: OFFER_CALL },
  prepare: async (run) => {
    // Behind the gates: a call of the inbox no step answers stays in flight.
    for (const pattern of [LIST_CALL, ENQUIRY_CALL, REPLY_CALL, STATUS_CALL, PRICE_CALL, OFFER_CALL]) await run.page.route(pattern, () => new Promise<void>(() => {}));
    // The dispatcher: the console model's paths sign the owner out everywhere, which would end this path's session.
    await signInContext(run, DEMO_STAFF.dispatcher);
  },
  open: async (run) => {
    await run.page.goto(run.url('/admin/enquiries'));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  executors: {
    'filter.change:closed': { run: async (run) => run.page.getByRole('radiogroup', { name: 'Status' }).getByText('Closed', { exact: true }).click() },
    'filter.change:open': { run: async (run) => run.page.getByRole('radiogroup', { name: 'Status' }).getByText('Open', { exact: true }).click() },
    'list.retry': {
      unavailable: (s) => (s.matches({ list: 'ready' }) ? 'Try again is on the failed list only: a shown list has no reload control (a filter change loads it again)' : null),
      run: async (run) => run.page.getByRole('button', { name: 'Try again' }).first().click(),
    },
    'list.more': { run: async (run) => run.page.getByRole('button', { name: 'Show more' }).click() },
    'enquiry.open': { run: async (run) => run.page.getByTestId(`enquiry-row-quote-${QUOTE_ID}`).getByRole('button', { name: enquiryRow(QUOTE_ID).name }).click() },
    'enquiry.dismiss': { run: async (run) => detail(run).getByRole('button', { name: 'Back to list' }).click() },
    'detail.retry': { run: async (run) => detail(run).getByRole('button', { name: 'Try again' }).click() },
    'draft.change': { run: async (run) => labelled(detail(run), `Reply by e-mail to ${enquiryRow(QUOTE_ID).email}`).fill(REPLY_TEXT) },
    'reply.send': { run: async (run) => detail(run).getByRole('button', { name: 'Send reply' }).click() },
    'status.close': { run: async (run) => detail(run).getByRole('button', { name: 'Close enquiry' }).click() },
    'status.reopen': { run: async (run) => detail(run).getByRole('button', { name: 'Reopen' }).click() },
    'trip.change': { run: async (run) => labelled(detail(run), 'Pickup').fill(EDITED_PICKUP) },
    'trip.price': { run: async (run) => detail(run).getByRole('button', { name: 'Price this trip' }).click() },
    'offer.choose': { run: async (run) => detail(run).getByRole('radio', { name: optionLabel(OPTIONS[1]) }).check() },
    'offer.text': { run: async (run) => labelled(detail(run), 'Message with the quote').fill(OFFER_TEXT) },
    'offer.price': {
      run: async (run) => {
        await labelled(detail(run), OWN_PRICE).fill(OFFER_PRICE);
        await labelled(detail(run), OWN_REASON).fill(OFFER_REASON);
      },
    },
    'offer.send': { run: async (run) => detail(run).getByRole('button', { name: 'Send quote' }).click() },
    'loadEnquiries:rows': fulfil(inboxPage([enquiryRow(QUOTE_ID)], 'cursor-1')),
    'loadEnquiries:empty': fulfil(inboxPage([], null)),
    'loadEnquiries:error': failure,
    'loadMore:done': fulfil(inboxPage([enquiryRow(OLDER_ID)], null)),
    'loadMore:error': failure,
    'loadEnquiry:done': fulfil(answer()),
    'loadEnquiry:error': failure,
    'sendReply:done': fulfil(answer('answered', 'reply')),
    'sendReply:error': failure,
    'close:done': fulfil(answer('closed')),
    'close:error': failure,
    'reopen:done': fulfil(answer('open')),
    'reopen:error': failure,
    'priceTrip:done': fulfil(priceAnswer),
    'priceTrip:error': failure,
    'sendOffer:done': fulfil(answer('answered', 'offer')),
    'sendOffer:error': failure,
  },
  assertions: {
    'list.loading': async (run) => visible(run.page.locator('[aria-busy="true"][aria-label="Loading enquiries"]')),
    'list.ready': async (run, { snapshot }) => {
      const { rows, next, moreError } = ctx(snapshot);
      for (const row of rows) await visible(run.page.getByTestId(`enquiry-row-${row.kind}-${row.id}`).getByText(row.status, { exact: true }));
      if (rows.length === 0) await visible(run.page.getByTestId('inbox-empty'));
      if (next) await visible(run.page.getByRole('button', { name: 'Show more' }));
      else await gone(run.page.getByRole('button', { name: 'Show more' }));
      if (moreError) await visible(run.page.getByRole('alert').getByText(moreError));
      await gone(run.page.locator('[aria-busy="true"][aria-label="Loading enquiries"]'));
    },
    'list.loadingMore': async (run) => visible(run.page.getByRole('button', { name: 'Show more' }).and(run.page.locator('[data-loading]'))),
    'list.failed': async (run) => visible(run.page.getByText('The enquiries could not be loaded')),
    'detail.none': async (run) => gone(detail(run)),
    'detail.loading': async (run) => visible(detail(run).getByLabel('Loading the enquiry')),
    'detail.failed': async (run) => visible(detail(run).getByText('The enquiry could not be loaded')),
    'detail.ready.idle': async (run, { snapshot }) => {
      const { enquiry, notice, actionError, draft, price, choice, trip, offerPrice, offerReason } = ctx(snapshot);
      await visible(detail(run).getByRole('heading', { name: `${enquiry!.name} · QUOTE NOW #${enquiry!.id}` }));
      await visible(detail(run).getByTestId('enquiry-status').getByText(enquiry!.status, { exact: true }));
      if (notice) await visible(detail(run).getByTestId('inbox-notice').getByText(notice));
      if (actionError) await visible(detail(run).getByTestId('inbox-error').getByText(actionError));
      else await gone(detail(run).getByTestId('inbox-error'));
      for (const replied of enquiry!.replies) await visible(detail(run).getByTestId('enquiry-reply').getByText(replied.text));
      if (enquiry!.status === 'closed') {
        await visible(detail(run).getByRole('button', { name: 'Reopen' }));
        await gone(detail(run).getByTestId('quote-panel'));
        return;
      }
      const box = labelled(detail(run), `Reply by e-mail to ${enquiry!.email}`);
      await visible(box);
      if ((await box.inputValue()) !== draft) throw new Error(`the reply box reads ${JSON.stringify(await box.inputValue())}, not ${JSON.stringify(draft)}`);
      const pickup = await labelled(detail(run), 'Pickup').inputValue();
      if (pickup !== trip!.pickup) throw new Error(`the quote's pickup reads ${JSON.stringify(pickup)}, not ${JSON.stringify(trip!.pickup)}`);
      if (price) {
        const chosen = OPTIONS.find((o) => o.vehicle_id === choice!.vehicle_id)!;
        await visible(detail(run).getByRole('radio', { name: optionLabel(chosen), checked: true }));
        for (const [label, typed] of [[OWN_PRICE, offerPrice], [OWN_REASON, offerReason]]) {
          const value = await labelled(detail(run), label).inputValue();
          if (value !== typed) throw new Error(`${label} reads ${JSON.stringify(value)}, not ${JSON.stringify(typed)}`);
        }
      } else await gone(detail(run).getByRole('button', { name: 'Send quote' }));
      for (const name of ['Send reply', 'Close enquiry', 'Price this trip']) await gone(busy(run, name));
    },
    'detail.ready.replying': async (run) => visible(busy(run, 'Send reply')),
    'detail.ready.changingStatus': async (run) => visible(busy(run, 'Close enquiry')),
    'detail.ready.reopening': async (run) => visible(busy(run, 'Reopen')),
    'detail.ready.pricing': async (run) => visible(busy(run, 'Price this trip')),
    'detail.ready.offering': async (run) => visible(busy(run, 'Send quote')),
  },
};
