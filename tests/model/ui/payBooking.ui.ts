/**
 * The pay-booking page in Chromium against the real server: each path with a link takes its own phone booking by
 * payment link (a dispatcher of its own, the console's API) and opens the link mailed for it. The server answers for
 * real: a paid booking (paid through the API first), a released one (its limit moved to the past and the release job run), one cancelled by the office, an unknown link
 * (its token replaced, as a resend does), the sandbox's test cards for a decline and 3-D Secure. The gate answers only
 * what the server cannot be made to give: a failed call (503/500) and a refusal of the second pay after 3-D Secure (the
 * sandbox's challenge answer itself settles the charge, so that pay meets a paid booking).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { PAY_LINK_API, PAY_LINK_MESSAGES } from '../../../contract/payLinks.ts';
import { PAY_BOOKING_FAILURE, type PayBookingContext } from '../../../machines/payBooking/index.ts';
import { DECLINED_MESSAGE } from '../machines/payBooking.model.ts';
import { SERVER_ERROR_BODY, answered, api, timer, visible } from './common.ts';
import { addPathStaff, signInContext } from './consoleSession.ts';
import { takeByLink } from './payLinkBooking.ts';
import type { UiRun } from './harness.ts';
import type { UiExecutor, UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as PayBookingContext;
const PAGE = '/pay-booking';
const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDS: '4000 0027 6000 3184', notTest: '4012 8888 8888 1881' };
const challenge = (run: UiRun) => run.page.getByRole('dialog', { name: /3-D Secure/ });
const number = (run: UiRun) => run.scratch.bookingNumber as string;

/** A phone booking by payment link of the path's own, taken by a dispatcher of its own. */
async function takeOwnByLink(run: UiRun) {
  await signInContext(run, await addPathStaff(run, 'dispatcher'));
  await takeByLink(run);
}

const linkOf = (run: UiRun) => `(SELECT site_id FROM bookings WHERE booking_number = '${number(run)}') = site_id AND booking_id = (SELECT id FROM bookings WHERE booking_number = '${number(run)}')`;
/** The link's time limit passes (the page's next call meets a booking past its limit, as the release job would). */
const expire = async (run: UiRun) => void (await run.env.provider.db.query(`UPDATE booking_pay_links SET due_at = now() - interval '1 minute' WHERE ${linkOf(run)}`));
/** The link ran out and the release job ran: the booking cancelled with its link released (the server's own sweep). */
const release = async (run: UiRun) => {
  await expire(run);
  await run.env.provider.payLinks.releaseDue();
};
/** The office cancelled the held booking meanwhile (the console's dispatch cancel, as the API test drives it). */
const cancelByOffice = async (run: UiRun) =>
  void (await run.env.provider.db.query(`UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = 'operator', cancel_reason = 'passenger_request' WHERE booking_number = '${number(run)}'`));
/** The office resent the link meanwhile: the token the page holds is no longer the link's. */
const replaceToken = async (run: UiRun) => void (await run.env.provider.db.query(`UPDATE booking_pay_links SET token_hash = decode(md5(random()::text) || md5(random()::text), 'hex') WHERE ${linkOf(run)}`));
/** The passenger paid in another tab meanwhile (a second pay of a paid booking is refused: that is fine here). */
// Another card than the page's: the same card's payment would be the page's own (one intent per card), not another.
const payElsewhere = async (run: UiRun) => void (await api(run, PAY_LINK_API.pay, { token: run.scratch.token, payment_method_id: 'pm_card_mastercard' }));
const paidMeanwhile = (u: { prevVariant: { key: string } | null }) => u.prevVariant !== null && u.prevVariant.key.endsWith(':alreadyPaid');

/**
 * The page reloads the link after a payment refused as gone (410): the server's view then is the status the refusal
 * came from. charge:gone passed the link's limit (the view says released); finish:gone is the gate's 410 after the
 * sandbox's challenge answer had already paid the booking (the view says paid). Null: this status can follow.
 */
const afterGone = (u: { prevVariant: { key: string } | null }, status: 'held' | 'paid' | 'released' | 'cancelled') => {
  const key = u.prevVariant?.key ?? '';
  if (key === 'charge:gone' && status !== 'released') return 'the link’s limit has passed (charge:gone): the server’s view of it is released';
  if (key === 'finish:gone' && status !== 'paid') return 'the 410 was the gate’s, after the challenge’s answer had paid the booking: the server’s view of it is paid';
  return null;
};
const serverWith = (before: (run: UiRun) => Promise<void>): UiExecutor => answered((run) => ({ kind: 'continue', before: () => before(run) }));
const refusedByGate = (status: number, message: string, code?: string): UiExecutor => answered(() => ({ kind: 'fulfil', status, body: { success: false, message, ...(code ? { code } : {}) } }));
const AFTER_3DS = 'the sandbox’s challenge answer (POST /pay-booking/authenticate) settles the charge itself';

export const payBookingUi: UiMachine = {
  model: 'payBooking',
  calls: {
    forgetAddress: null,
    loadBooking: `**/api/v1${PAY_LINK_API.view}`,
    fetchPublishableKey: '**/api/v1/secret_key',
    createPaymentMethod: null,
    pay: `**/api/v1${PAY_LINK_API.pay}`,
    handleNextAction: `**/api/v1${PAY_LINK_API.authenticate}`,
  },
  open: async (run) => {
    if (run.path.origin === 'link') await takeOwnByLink(run);
    await run.page.goto(run.url(run.path.origin === 'link' ? `${PAGE}#token=${run.scratch.token}` : PAGE));
    await run.page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  },
  executors: {
    'forgetAddress:done': { run: async () => {} },
    'forgetAddress:error': { unavailable: () => 'history.replaceState with the page’s own same-origin path does not fail in a browser', run: async () => {} },
    'loadBooking:held': answered(() => ({ kind: 'continue' }), {
      unavailable: (_s, u) => (paidMeanwhile(u) ? 'the booking was just paid elsewhere: the server’s view of it is paid' : (afterGone(u, 'held') ?? null)),
    }),
    'loadBooking:paid': { ...serverWith(payElsewhere), unavailable: (_s, u) => afterGone(u, 'paid') },
    'loadBooking:released': {
      ...serverWith(release),
      unavailable: (_s, u) => (paidMeanwhile(u) ? 'the booking was just paid elsewhere: the server’s view of it is paid, never released' : afterGone(u, 'released')),
    },
    'loadBooking:cancelled': {
      ...serverWith(cancelByOffice),
      unavailable: (_s, u) => (paidMeanwhile(u) ? 'the booking was just paid elsewhere: the server’s view of it is paid, never cancelled' : afterGone(u, 'cancelled')),
    },
    'loadBooking:unknown': serverWith(replaceToken),
    'loadBooking:failed': answered(() => ({ kind: 'fulfil', status: 503, body: SERVER_ERROR_BODY })),
    'fetchPublishableKey:done': answered(() => ({ kind: 'continue' })),
    'fetchPublishableKey:error': answered(() => ({ kind: 'fulfil', status: 500, body: SERVER_ERROR_BODY })),
    'card.submit': {
      unavailable: (s) => (s.hasTag('processing') ? 'Pay Now is disabled (and the 3-D Secure dialog covers the page) while a payment is under way' : null),
      prepare: (run, c) => {
        // The card typed decides what the sandbox answers.
        const next = c.path.steps[c.index + 1]?.variant;
        const after = c.path.steps[c.index + 2]?.variant;
        run.scratch[`card${c.index}`] =
          next === 'createPaymentMethod:error' ? CARDS.notTest : after === 'charge:requiresAction' ? CARDS.threeDS : after === 'charge:declined' ? CARDS.declined : CARDS.ok;
      },
      run: async (run, c) => {
        const page = run.page;
        await page.getByLabel('Card Number').fill(run.scratch[`card${c.index}`]);
        await page.getByLabel('Expiry Date').fill(`12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
        await page.getByLabel('CVC').fill('123');
        await page.getByTestId('pay-now').click();
      },
    },
    // The sandbox's payment method is made in the browser (no call): the card number typed decides it.
    'createPaymentMethod:done': timer,
    'createPaymentMethod:error': timer,
    'charge:paid': answered(() => ({ kind: 'continue' })),
    'charge:requiresAction': answered(() => ({ kind: 'continue' })),
    'charge:gone': serverWith(expire),
    'charge:unknown': serverWith(replaceToken),
    'charge:alreadyPaid': serverWith(payElsewhere),
    'charge:declined': answered(() => ({ kind: 'continue' })),
    'handleNextAction:completed': {
      answer: () => ({ kind: 'continue' }),
      run: async (run, c) => {
        await challenge(run).getByRole('button', { name: 'Complete' }).click();
        await run.releaseGate(c.index);
      },
    },
    'handleNextAction:failed': {
      answer: () => ({ kind: 'continue' }),
      run: async (run, c) => {
        await challenge(run).getByRole('button', { name: 'Fail' }).click();
        await run.releaseGate(c.index);
      },
    },
    ...Object.fromEntries(
      ['gone', 'unknown', 'alreadyPaid', 'declined'].map((kind) => [
        `handleNextAction:${kind}`,
        { unavailable: () => 'the sandbox’s 3-D Secure step never rejects: src/api/payBooking.ts answerPayLinkChallenge turns every refusal of the challenge’s answer into a failed 3-D Secure', run: async () => {} },
      ]),
    ),
    'finish:paid': answered(() => ({ kind: 'continue' })),
    'finish:requiresAction': { unavailable: () => `the processor asks for 3-D Secure once: ${AFTER_3DS}, so the second pay answers paid`, run: async () => {} },
    // After 3-D Secure the server's own answer is paid (${AFTER_3DS}): its refusals are the gate's.
    'finish:gone': refusedByGate(410, PAY_LINK_MESSAGES.released),
    'finish:unknown': refusedByGate(404, PAY_LINK_MESSAGES.unknown),
    'finish:alreadyPaid': refusedByGate(409, PAY_LINK_MESSAGES.alreadyPaid, 'pay_link_paid'),
    'finish:declined': refusedByGate(402, DECLINED_MESSAGE),
    retry: { run: async (run) => run.page.getByTestId('pay-booking-failed').getByRole('button', { name: 'Try again' }).click() },
  },
  assertions: {
    start: async (run) => {
      await run.waitForPath(PAGE);
    },
    opening: async (run) => {
      await run.waitForPath(PAGE);
      await addressWithoutToken(run);
      await visible(run.page.getByRole('status').getByText('Opening your booking…'));
    },
    loadingKey: async (run) => {
      await run.waitForPath(PAGE);
      await visible(run.page.locator('[data-screen="pay-booking"][data-stage="loading"]'));
    },
    form: async (run, { snapshot }) => {
      await run.waitForPath(PAGE);
      const form = run.page.getByTestId('pay-booking-form');
      await visible(form.getByTestId('pay-booking-trip').getByText(number(run), { exact: true }));
      await visible(form.getByTestId('pay-now'));
      if (ctx(snapshot).error !== null) await visible(form.getByTestId('pay-booking-error'));
    },
    creatingPaymentMethod: async (run) => {
      await visible(run.page.getByTestId('pay-booking-form'));
    },
    charging: async (run) => {
      await visible(run.page.getByTestId('pay-booking-form'));
    },
    authenticating: async (run) => {
      await visible(challenge(run));
      await visible(challenge(run).getByText('TEST MODE', { exact: true }));
    },
    finishing: async (run) => {
      await visible(run.page.getByTestId('pay-booking-form'));
    },
    paid: async (run) => {
      await run.waitForPath(PAGE);
      const paid = run.page.getByTestId('pay-booking-paid');
      const message = paid.getByTestId('pay-booking-message');
      await visible(message);
      const text = await message.textContent();
      if (![PAY_LINK_MESSAGES.paid(number(run)), PAY_LINK_MESSAGES.alreadyPaid].includes(text ?? '')) throw new Error(`the paid page says: ${text}`);
    },
    released: async (run) => {
      await run.waitForPath(PAGE);
      await addressWithoutToken(run);
      await visible(run.page.getByTestId('pay-booking-released').getByTestId('pay-booking-message').getByText(PAY_LINK_MESSAGES.released, { exact: true }));
    },
    closed: async (run, { snapshot }) => {
      await run.waitForPath(PAGE);
      await addressWithoutToken(run);
      await visible(run.page.getByTestId('pay-booking-closed').getByTestId('pay-booking-message').getByText(ctx(snapshot).notice ?? PAY_LINK_MESSAGES.cancelled, { exact: true }));
    },
    unknown: async (run) => {
      await run.waitForPath(PAGE);
      await addressWithoutToken(run);
      await visible(run.page.getByTestId('pay-booking-unknown').getByText(PAY_LINK_MESSAGES.unknown, { exact: true }));
    },
    failed: async (run) => {
      await run.waitForPath(PAGE);
      await addressWithoutToken(run);
      await visible(run.page.getByTestId('pay-booking-failed').getByText(PAY_BOOKING_FAILURE, { exact: true }));
    },
  },
};

/** The token stays out of the address from the first step on. */
async function addressWithoutToken(run: UiRun) {
  if (run.page.url().includes('#') || run.page.url().includes('token')) throw new Error(`the link's token is still in the address: ${run.page.url()}`);
}
