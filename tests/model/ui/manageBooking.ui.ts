/**
 * The manage page in Chromium against the real server: each path books a trip by card through the API (the sandbox)
 * and opens the link its confirmation mail carries. The server answers for real: the booking, a cancel, a change
 * priced higher (meet and greet ticked: charged) or lower (unticked on a booking made with it: refunded), the card
 * outcomes by the sandbox's test cards (4242 charged, 0002 declined, 3184 3-D Secure, a real number refused in TEST
 * MODE), 3-D Secure answered on the sandbox's page. A booking cancelled before the page opens and a revoked link
 * are made real before the load; the gate answers what the server would only say at another moment (a failed call,
 * the cut-off passing between load and cancel, the booking flow's rule refusing a change, the booking moving on).
 * The address variants turn the owner's MANAGE_ADDRESS_CHANGES on before the load (it stays on for the run: a path
 * that opens a booking without it may then see the address fields too, which none of its steps uses); the new
 * drop-off and stop are typed as a passenger would and routed by the real server (a farther trip: charged).
 */
import { MANAGE_API, MANAGE_MESSAGES } from '../../../contract/manageBooking.ts';
import { EXTRAS_MESSAGES, MANAGE_EXTRAS_API } from '../../../contract/manageExtras.ts';
import { SESSION_KEYS } from '../../../contract/storageKeys.ts';
import { MANAGE_FAILURE_TEXT, type ManageBookingContext } from '../../../machines/manageBooking/index.ts';
import type { AnyMachineSnapshot } from 'xstate';
import { bookingPayload, guestRegistration } from '../../helpers/booking.ts';
import { oneWayForm } from '../../helpers/forms.ts';
import { ADMIN_TOKEN } from '../../helpers/provider.ts';
import type { ModelPath } from '../types.ts';
import { SERVER_ERROR_BODY, answered, api, gone, uniqueEmail, visible } from './common.ts';
import type { UiRun } from './harness.ts';
import type { UiExecutor, UiMachine } from './types.ts';
import { NEW_DROPOFF, NEW_STOP } from '../machines/manageBooking.model.ts';
import { bookOwingExtras } from './owingExtras.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as ManageBookingContext;
const PAGE = '/manage-booking';
const PHONE = '020 7946 0321';
const call = (path: string) => `**/api/v1${path}`;
const refusal = (status: number, code: string, message: string) => ({ kind: 'fulfil' as const, status, body: { success: false, message, code, operator_phone: PHONE } });

/** Books a one-way trip by card (4242) through the API and reads the manage link's token from its confirmation mail. */
async function bookByCard(run: UiRun, withMeetAndGreet: boolean) {
  const email = uniqueEmail('manage');
  const form = oneWayForm(withMeetAndGreet ? { meet_and_greet: 'yes' } : {});
  const priced = await (await api(run, '/calculate-distance-price', form)).json();
  const row = priced.price_details.find((r: { company_id: number; vehicle_id: number }) => r.company_id === 1 && r.vehicle_id === 1);
  const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
  const intent = await (await api(run, '/create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: Math.round(row.final_price * 100), booking })).json();
  const confirmed = await (await api(run, '/confirm-payment-intent', { paymentIntentId: intent.paymentIntentId })).json();
  if (confirmed.status !== 'succeeded') throw new Error(`the booking's payment did not succeed: ${JSON.stringify(confirmed)}`);
  const { rows } = await run.env.provider.db.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
  const token = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1];
  if (!token) throw new Error('no manage link in the confirmation mail');
  run.scratch.token = token;
  run.scratch.bookingNumber = confirmed.booking_number;
}

/** Issue 32: what the server says when the extras were paid meanwhile, or nothing is owing any more. */
const PAID_ALREADY = refusal(409, 'extras_paid', EXTRAS_MESSAGES.alreadyPaid);
const NOTHING_OWING = refusal(409, 'nothing_owing', EXTRAS_MESSAGES.nothingOwing);
/** A path on a trip whose extras are owing (prepare seeds one): its reloads open that completed trip again. */
const COMPLETED_TRIP = 'the trip of this path is completed with its extras owing: the server opens it as it is (not a confirmed booking)';

/** What the server says of a revoked link, and of a booking that moved on, at a moment the path chooses. */
const REVOKED = refusal(401, 'link_revoked', MANAGE_MESSAGES.linkRevoked);
const MOVED = refusal(409, 'stale_revision', MANAGE_MESSAGES.staleRevision);

/** The page's own buttons while a call is under way: disabled or loading (or covered by 3-D Secure's page). */
const WHILE_BUSY = new Set(['extras.back', 'change.back', 'change.confirm', 'change.review', 'change.edit', 'change.edit:dropoff', 'change.stop.add', 'change.stop.edit', 'change.stop.remove', 'card.submit', 'cancel.confirm', 'cancel.back', 'calendar.download']);
const busyReason = (s: AnyMachineSnapshot, key: string): string | null => {
  if (!WHILE_BUSY.has(key)) return null;
  if (key === 'calendar.download') return s.matches({ ready: { calendar: 'downloading' } }) ? 'Add to calendar shows its loader (disabled) while the file downloads' : null;
  if (s.matches({ ready: { booking: 'cancelling' } })) return 'the cancel’s buttons are disabled while it is sent';
  if (s.hasTag('busy')) return 'the change’s buttons are disabled (the card form too, or 3-D Secure’s page covers it) while its call is under way';
  return null;
};

/** Once the path's trip is open as completed (extras owing or paid), a reload opens that trip again, never a confirmed booking. */
const completedTrip = (s: AnyMachineSnapshot, key: string): string | null =>
  ['loadBooking:card', 'loadBooking:addresses', 'loadBooking:cancelled'].includes(key) && ctx(s).view?.status === 'completed' ? COMPLETED_TRIP : null;

const next = (p: ModelPath, index: number, ahead = 1) => p.steps[index + ahead]?.variant ?? null;

/** The card the path's next outcomes need. */
function cardFor(p: ModelPath, index: number): string {
  if (next(p, index) === 'createPaymentMethod:refused' || next(p, index) === 'extrasCard:refused') return '4012 8888 8888 1881';
  const charge = next(p, index, 2);
  if (charge === 'charge:authenticate' || charge === 'payExtras:authenticate') return '4000 0027 6000 3184';
  if (charge === 'charge:declined' || charge === 'payExtras:declined') return '4000 0000 0000 0002';
  return '4242 4242 4242 4242';
}

const stage = (run: UiRun, name: string) => visible(run.page.locator(`[data-screen="manage-booking"][data-stage="${name}"]`));
const changePanel = (run: UiRun) => run.page.getByTestId('manage-change');
const challenge = (run: UiRun) => run.page.getByRole('dialog', { name: '3-D Secure: confirm your payment' });

async function onAddress(run: UiRun, step: string | null) {
  await run.waitForPath(PAGE);
  const query = new URL(run.page.url()).search;
  if (query !== (step ? `?step=${step}` : '')) throw new Error(`expected ${PAGE}${step ? `?step=${step}` : ''}, the address is ${run.page.url()}`);
}

/** The owner allows address changes online: the setting written as the console writes it, then seen by the server's cache. */
async function allowAddressChanges(run: UiRun) {
  await run.env.provider.db.query(
    `INSERT INTO settings (site_id, setting_name, setting_value) SELECT id, 'MANAGE_ADDRESS_CHANGES', 'enable' FROM sites
     ON CONFLICT (site_id, setting_name) DO UPDATE SET setting_value = EXCLUDED.setting_value`,
  );
  for (let attempt = 0; attempt < 150; attempt++) {
    if ((await (await api(run, MANAGE_API.view, { token: run.scratch.token })).json()).change?.addresses === true) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('MANAGE_ADDRESS_CHANGES did not reach the server');
}

/** 3-D Secure's page answered with Complete or Fail, then the held answer released. */
const answerChallenge = (button: 'Complete' | 'Fail'): UiExecutor['run'] => async (run, { index }) => {
  await challenge(run).getByRole('button', { name: button }).click();
  await run.releaseGate(index);
};

export const manageBookingUi: UiMachine = {
  model: 'manageBooking',
  calls: {
    loadBooking: call(MANAGE_API.view),
    cancelBooking: call(MANAGE_API.cancel),
    downloadCalendar: call(MANAGE_API.calendar),
    previewChange: call(MANAGE_API.changePreview),
    applyChange: call(MANAGE_API.change),
    fetchPublishableKey: call('/secret_key'),
    createPaymentMethod: null,
    handleNextAction: call(MANAGE_API.changeAuthenticate),
    payExtras: call(MANAGE_EXTRAS_API.pay),
    handleExtrasNextAction: call(MANAGE_EXTRAS_API.authenticate),
    // The live view (issue 33), a child statechart: it follows only a booking with a driver, which no path has.
    liveTrip: null,
  },
  prepare: async (run) => {
    if (run.path.origin === 'noToken') return;
    if (run.path.steps.some((step) => step.variant === 'loadBooking:owing')) Object.assign(run.scratch, await bookOwingExtras(run.env.provider));
    else await bookByCard(run, run.path.steps.some((step) => step.variant === 'previewChange:refund'));
    if (run.path.origin === 'reload' || run.path.origin === 'reloadExtras') {
      await run.page.addInitScript({ content: `sessionStorage.setItem(${JSON.stringify(SESSION_KEYS.manageToken)}, ${JSON.stringify(run.scratch.token)});` });
    }
  },
  open: async (run) => {
    const address = { link: `${PAGE}?token=${run.scratch.token}`, reload: `${PAGE}?step=confirm`, reloadExtras: `${PAGE}?step=extras`, noToken: PAGE }[run.path.origin as 'link' | 'reload' | 'reloadExtras' | 'noToken'];
    await run.page.goto(run.url(address));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  unavailable: (s, v) => busyReason(s, v.key) ?? completedTrip(s, v.key),
  executors: {
    'loadBooking:card': answered(() => ({ kind: 'continue' })),
    'loadBooking:addresses': answered((run) => ({ kind: 'continue', before: () => allowAddressChanges(run) })),
    'loadBooking:cancelled': answered((run) => ({ kind: 'continue', before: async () => void (await api(run, MANAGE_API.cancel, { token: run.scratch.token })) })),
    'loadBooking:revoked': answered((run) => ({
      kind: 'continue',
      before: async () =>
        void (await fetch(run.url(`/api/admin/bookings/${run.scratch.bookingNumber}/revoke-manage-links`), { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: '{}' })),
    })),
    'loadBooking:offline': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    // Issue 32: the trip seeded by prepare (bookOwingExtras) opens with its extras owing; the card steps as a change's.
    'loadBooking:owing': answered(() => ({ kind: 'continue' })),
    'extras.pay': { run: async (run) => run.page.getByTestId('extras-pay').click() },
    'extras.back': { run: async (run) => run.page.getByTestId('extras-payment').getByRole('button', { name: 'Back' }).click() },
    'extrasKey:done': answered(() => ({ kind: 'continue' })),
    'extrasKey:failed': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'extrasCard:done': { run: async () => {} },
    'extrasCard:refused': { run: async () => {} },
    'payExtras:paid': answered(() => ({ kind: 'continue' })),
    'payExtras:authenticate': answered(() => ({ kind: 'continue' })),
    'payExtras:declined': answered(() => ({ kind: 'continue' })),
    'payExtras:paidAlready': answered(() => PAID_ALREADY),
    'payExtras:revoked': answered(() => REVOKED),
    'extrasNextAction:completed': { answer: () => ({ kind: 'continue' }), run: answerChallenge('Complete') },
    'extrasNextAction:failed': { answer: () => ({ kind: 'continue' }), run: answerChallenge('Fail') },
    'extrasNextAction:error': { answer: () => ({ kind: 'abort' }), run: answerChallenge('Complete') },
    'finishExtras:paid': answered(() => ({ kind: 'continue' })),
    'finishExtras:revoked': answered(() => REVOKED),
    'finishExtras:nothingOwing': answered(() => NOTHING_OWING),
    'finishExtras:offline': answered(() => ({ kind: 'abort' })),
    'finishExtras:authenticate': {
      unavailable: () => 'the sandbox’s intent has succeeded once its 3-D Secure page is completed: only a real bank may ask twice',
      run: async () => {},
    },
    'liveTrip:done': { unavailable: () => 'the live view runs as long as the booking is shown: the page handles no end of it', run: async () => {} },
    'liveTrip:error': { unavailable: () => 'the live view never fails as an actor: a dropped stream is retried inside it', run: async () => {} },
    retry: { run: async (run) => run.page.getByRole('button', { name: 'Try again' }).click() },
    'cancel.start': { run: async (run) => run.page.getByRole('button', { name: 'Cancel booking' }).click() },
    'cancel.back': { run: async (run) => run.page.getByRole('button', { name: 'Keep my booking' }).click() },
    'cancel.confirm': { run: async (run) => run.page.getByRole('button', { name: 'Yes, cancel booking' }).click() },
    'cancelBooking:done': answered(() => ({ kind: 'continue' })),
    'cancelBooking:cutoff': answered(() => refusal(409, 'cutoff_passed', 'Bookings can be cancelled online until 2 hours before pick-up.')),
    'cancelBooking:offline': answered(() => ({ kind: 'abort' })),
    'cancelBooking:revoked': answered(() => REVOKED),
    'calendar.download': {
      // A download the path never answers stays in flight (the calendar region waits while the booking region goes
      // on). Held when clicked: no later calendar outcome can be queued then (the region accepts no click meanwhile).
      run: async (run, { path, index }) => {
        if (!path.steps.slice(index + 1).some((step) => step.variant.startsWith('downloadCalendar:'))) await run.gate(index, call(MANAGE_API.calendar), { kind: 'continue' }, 'downloadCalendar (never answered)');
        await run.page.getByRole('button', { name: 'Add to calendar' }).click();
      },
    },
    'downloadCalendar:done': answered(() => ({ kind: 'continue' })),
    'downloadCalendar:revoked': answered(() => REVOKED),
    'downloadCalendar:failed': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'change.start': {
      unavailable: (s) => (s.matches({ ready: { booking: 'changed' } }) ? 'the changed panel offers Done only; Change booking shows again on the booking after it' : null),
      run: async (run) => run.page.getByTestId('change-start').click(),
    },
    'change.edit': { run: async (run) => run.page.getByTestId('change-meet').click() },
    'change.edit:dropoff': {
      run: async (run) => {
        const field = run.page.getByRole('combobox', { name: 'Drop-Off' });
        await field.fill(NEW_DROPOFF);
        await field.press('Escape');
      },
    },
    'change.stop.add': { run: async (run) => run.page.getByTestId('change-add-stop').click() },
    'change.stop.edit': {
      run: async (run) => {
        await run.page.getByLabel('Stop 1: street or road name').fill(NEW_STOP.street_name);
        await run.page.getByLabel('City or post code').fill(NEW_STOP.postcode);
      },
    },
    'change.stop.remove': { run: async (run) => run.page.getByRole('button', { name: 'Remove stop 1' }).click() },
    'change.review': { run: async (run) => run.page.getByTestId('change-review').click() },
    'change.back': { run: async (run) => changePanel(run).getByRole('button', { name: /^(Back|Edit again)$/ }).click() },
    'change.confirm': { run: async (run) => run.page.getByTestId('change-confirm-button').click() },
    'change.done': { run: async (run) => run.page.getByRole('button', { name: 'Done' }).click() },
    'card.submit': {
      run: async (run, { path, index }) => {
        await run.page.getByLabel('Card Number').fill(cardFor(path, index));
        await run.page.getByLabel('Expiry Date').fill('12 / 34');
        await run.page.getByLabel('CVC').fill('123');
        await run.page.getByTestId('pay-now').click();
      },
    },
    'previewChange:charge': answered(() => ({ kind: 'continue' })),
    'previewChange:refund': answered(() => ({ kind: 'continue' }), {
      // The path's booking is made with or without meet and greet, and its one edit ticks or unticks it.
      unavailable: (s) => {
        if (ctx(s).payment !== null) return 'the same change was priced higher (its card tried) in this visit: the same draft is priced the same again';
        const { draft } = ctx(s);
        if (draft.dropoff !== undefined || draft.stops?.some((stop) => stop.street_name !== '')) return 'the new drop-off (Gatwick) and the stop make the trip longer: the real server prices it higher';
        return null;
      },
    }),
    'previewChange:refused': answered(() => refusal(422, 'change_refused', 'Please select a pick-up time at least 2 hours from now.')),
    'previewChange:revoked': answered(() => REVOKED),
    'previewChange:moved': answered(() => refusal(409, 'stale_revision', MANAGE_MESSAGES.staleRevision)),
    'apply:done': answered(() => ({ kind: 'continue' })),
    'apply:offline': answered(() => ({ kind: 'abort' })),
    'apply:revoked': answered(() => REVOKED),
    'apply:moved': answered(() => MOVED),
    'fetchPublishableKey:done': answered(() => ({ kind: 'continue' })),
    'fetchPublishableKey:failed': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    // Local: the sandbox's fields become a test payment method in the page.
    'createPaymentMethod:done': { run: async () => {} },
    'createPaymentMethod:refused': { run: async () => {} },
    'charge:applied': answered(() => ({ kind: 'continue' })),
    'charge:authenticate': answered(() => ({ kind: 'continue' })),
    'charge:declined': answered(() => ({ kind: 'continue' })),
    'charge:revoked': answered(() => REVOKED),
    'charge:moved': answered(() => MOVED),
    'handleNextAction:completed': { answer: () => ({ kind: 'continue' }), run: answerChallenge('Complete') },
    'handleNextAction:failed': { answer: () => ({ kind: 'continue' }), run: answerChallenge('Fail') },
    'handleNextAction:error': { answer: () => ({ kind: 'abort' }), run: answerChallenge('Complete') },
    'finish:applied': answered(() => ({ kind: 'continue' })),
    'finish:offline': answered(() => ({ kind: 'abort' })),
    'finish:revoked': answered(() => REVOKED),
    'finish:moved': answered(() => MOVED),
    'finish:authenticate': {
      unavailable: () => 'the sandbox’s intent has succeeded once its 3-D Secure page is completed: only a real bank may ask twice',
      run: async () => {},
    },
  },
  assertions: {
    loading: async (run) => {
      await visible(run.page.getByRole('status').getByText('Loading your booking…'));
    },
    loadFailed: async (run) => {
      await stage(run, 'loadFailed');
      await visible(run.page.getByRole('alert').getByText(MANAGE_FAILURE_TEXT.load));
    },
    refused: async (run, { snapshot }) => {
      await stage(run, 'refused');
      await onAddress(run, null);
      await visible(run.page.getByTestId('refusal-message').getByText(ctx(snapshot).refusal!.message, { exact: false }));
    },
    'ready.booking.viewing': async (run, { snapshot }) => {
      await stage(run, 'viewing');
      await onAddress(run, null);
      await visible(run.page.getByTestId('booking-status'));
      if (ctx(snapshot).notice) await visible(run.page.getByTestId('manage-notice').getByText(ctx(snapshot).notice!.text));
    },
    'ready.booking.confirmingCancel': async (run, { snapshot }) => {
      await stage(run, 'confirmingCancel');
      await visible(run.page.getByRole('heading', { name: 'Cancel this booking?' }));
      if (ctx(snapshot).error) await visible(run.page.getByRole('alert').getByText(ctx(snapshot).error!));
    },
    'ready.booking.cancelling': async (run) => {
      await visible(run.page.getByRole('button', { name: 'Yes, cancel booking' }).and(run.page.locator('[data-loading]')));
    },
    'ready.booking.cancelled': async (run) => {
      await stage(run, 'cancelled');
      await visible(run.page.getByTestId('booking-status').getByText('Cancelled'));
    },
    'ready.booking.changed': async (run) => {
      await stage(run, 'changed');
      await onAddress(run, 'changed');
      await visible(run.page.getByTestId('manage-notice').getByText(MANAGE_MESSAGES.changed));
    },
    'ready.booking.changing.editing': async (run, { snapshot }) => {
      await stage(run, 'editing');
      await onAddress(run, 'change');
      await visible(run.page.getByTestId('change-form'));
      const { view, draft } = ctx(snapshot);
      if (view?.change.addresses) {
        await visible(run.page.getByTestId('change-addresses'));
        const stops = draft.stops?.length ?? 0;
        const shown = await run.page.getByTestId('change-stop').count();
        if (shown !== stops) throw new Error(`expected ${stops} stop rows, the form shows ${shown}`);
        if (draft.dropoff !== undefined && (await run.page.getByRole('combobox', { name: 'Drop-Off' }).inputValue()) !== NEW_DROPOFF) throw new Error('the Drop-Off field lost the new drop-off');
      }
      if (ctx(snapshot).error) await visible(run.page.getByTestId('change-error').getByText(ctx(snapshot).error!));
    },
    'ready.booking.changing.previewing': async (run) => {
      await visible(run.page.getByTestId('change-review').and(run.page.locator('[data-loading]')));
    },
    'ready.booking.changing.confirming': async (run, { snapshot }) => {
      await stage(run, 'confirmingChange');
      await onAddress(run, 'confirm');
      await visible(run.page.getByTestId('change-outcome'));
      if (ctx(snapshot).error) await visible(run.page.getByTestId('change-confirm').getByRole('alert').getByText(ctx(snapshot).error!));
    },
    'ready.booking.changing.applying': async (run) => {
      await visible(run.page.getByTestId('change-confirm-button').and(run.page.locator('[data-loading]')));
    },
    'ready.booking.changing.paying.loadingKey': async (run) => {
      await stage(run, 'paying');
      await onAddress(run, 'pay');
      await visible(run.page.getByTestId('card-loading'));
    },
    'ready.booking.changing.paying.form': async (run, { snapshot }) => {
      await stage(run, 'paying');
      await visible(run.page.getByTestId('test-mode-banner'));
      await visible(run.page.getByTestId('pay-now').getByText('Pay Now'));
      await gone(challenge(run));
      if (ctx(snapshot).error) await visible(run.page.getByTestId('payment-error').getByText(ctx(snapshot).error!));
    },
    // Local and immediate: the card is a payment method before a screen could show it.
    'ready.booking.changing.paying.creatingPaymentMethod': async (run) => {
      await stage(run, 'paying');
    },
    'ready.booking.changing.paying.charging': async (run) => {
      await visible(run.page.getByTestId('pay-now').getByText('Processing...'));
    },
    'ready.booking.changing.paying.authenticating': async (run) => {
      await visible(challenge(run));
    },
    'ready.booking.changing.paying.finishing': async (run) => {
      await visible(run.page.getByTestId('pay-now').getByText('Processing...'));
      await gone(challenge(run));
    },
    // Issue 32: the extras' own card panel (a trip seeded with its extras owing).
    'ready.booking.payingExtras.loadingKey': async (run) => {
      await stage(run, 'payingExtras');
      await onAddress(run, 'extras');
      await visible(run.page.getByTestId('card-loading'));
    },
    'ready.booking.payingExtras.form': async (run, { snapshot }) => {
      await visible(run.page.getByTestId('extras-payment'));
      await visible(run.page.getByTestId('pay-now').getByText('Pay Now'));
      await gone(challenge(run));
      if (ctx(snapshot).error) await visible(run.page.getByTestId('payment-error').getByText(ctx(snapshot).error!));
    },
    'ready.booking.payingExtras.creatingPaymentMethod': async (run) => {
      await visible(run.page.getByTestId('extras-payment'));
    },
    'ready.booking.payingExtras.paying': async (run) => {
      await visible(run.page.getByTestId('pay-now').getByText('Processing...'));
    },
    'ready.booking.payingExtras.authenticating': async (run) => {
      await visible(challenge(run));
    },
    'ready.booking.payingExtras.finishing': async (run) => {
      await visible(run.page.getByTestId('pay-now').getByText('Processing...'));
      await gone(challenge(run));
    },
    'ready.calendar.idle': async (run) => {
      await gone(run.page.getByRole('alert').getByText(MANAGE_FAILURE_TEXT.calendar));
    },
    'ready.calendar.downloading': async (run) => {
      await visible(run.page.getByRole('button', { name: 'Add to calendar' }).and(run.page.locator('[data-loading]')));
    },
    'ready.calendar.failed': async (run) => {
      await visible(run.page.getByRole('alert').getByText(MANAGE_FAILURE_TEXT.calendar));
    },
  },
};
