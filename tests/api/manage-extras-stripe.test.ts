import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRAS_MESSAGES } from '../../contract/manageExtras.ts';
import { receiptDocument } from '../../server/domain/receipts/receipt.ts';
import { loadReceiptBooking } from '../../server/domain/receipts/repository.ts';
import { issuerOf } from '../../server/domain/receipts/index.ts';
import { bookingPayload, guestRegistration, offlineStripe, quoteFor, WEBHOOK_SECRET } from '../helpers/booking.ts';
import { completeOwing, startExtrasCrew, type ExtrasCrew } from '../helpers/extrasJob.ts';
import { deliveredMail } from '../helpers/mail.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 32 on Stripe (the adapter's double, tests/helpers/booking.ts offlineStripe): the driver's extras whose
 * off-session charge wanted 3-D Secure, paid by the passenger with another card on the manage page. The first charge is
 * cancelled at Stripe (POST /v1/payment_intents/:id/cancel) before the card's intent is made, so it can never be
 * confirmed later as a second charge; confirmed meanwhile, it is the one charge and no intent of the card's is made.
 * A passenger who confirms the held charge at their bank and never comes back: Stripe's signed webhook, or the sweep
 * (a missed webhook), records it once, whatever else arrives at the same moment (the passenger's own pay).
 */

describe(`the driver's extras owing, on Stripe, on ${testDatabaseKind}`, () => {
  const stripe = offlineStripe();
  let provider: TestProvider;
  let crew: ExtrasCrew;
  beforeAll(async () => {
    provider = await startTestProvider({ payments: stripe });
    crew = await startExtrasCrew(provider);
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object, remoteAddress: '10.9.1.1' });
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => crew.api.sql<Row>(text, params);

  /** A card booking on Stripe (a card that wants 3-D Secure off-session), completed with £9.90 of extras: owing. */
  async function owing(email: string) {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
    const created = (await post('create-payment-intent', { paymentMethodId: 'pm_card_authenticationRequired', amount: Math.round(row.final_price * 100), booking })).json();
    stripe.intents.set(created.paymentIntentId, { ...stripe.intents.get(created.paymentIntentId)!, status: 'succeeded' });
    const number = (await post('confirm-payment-intent', { paymentIntentId: created.paymentIntentId })).json().booking_number as string;
    const id = await completeOwing(crew, number);
    const first = stripe.offSession.find((charge) => charge.idempotencyKey === `extras:1:${id}`)!;
    const firstId = (await sql<{ extras_intent_id: string }>('SELECT extras_intent_id FROM job_completions WHERE booking_id = $1', [id]))[0].extras_intent_id;
    expect(first.amount).toBe(990);
    const token = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec((await deliveredMail(provider, 'driver_extras_owing', email)).text)![1];
    return { id, token, firstId, number };
  }
  const extrasPayments = (id: number) => sql<{ intent_id: string; charge: string }>('SELECT intent_id, charge FROM payments WHERE request_key = $1 ORDER BY charge', [`booking_extras:${id}`]);

  it('paid with another card: the first charge is cancelled at Stripe before the card is charged, once', async () => {
    const job = await owing('stripe.extras@example.test');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' })));
    for (const answer of answers) expect([answer.statusCode, answer.json().result], answer.body).toEqual([200, 'requires_action']);
    const cardIntent = answers[0].json().payment_intent_id as string;
    expect(new Set(answers.map((answer) => answer.json().payment_intent_id))).toEqual(new Set([cardIntent]));
    expect(stripe.intents.get(job.firstId)!.status).toBe('canceled');
    expect(stripe.cancels.filter((id) => id === job.firstId).length).toBeGreaterThan(0);
    expect(stripe.cancels.filter((id) => id !== job.firstId)).toEqual([]);

    // The passenger's bank confirms the card; the page reads the outcome.
    stripe.intents.set(cardIntent, { ...stripe.intents.get(cardIntent)!, status: 'succeeded' });
    const paid = await post('manage-booking/extras/pay', { token: job.token, payment_intent_id: cardIntent });
    expect(paid.json()).toMatchObject({ result: 'paid', message: 'Thank you: £9.90 of waiting time and extras paid.', extras: { status: 'paid' } });
    expect(await extrasPayments(job.id)).toEqual([
      { intent_id: job.firstId, charge: 'failed' },
      { intent_id: cardIntent, charge: 'succeeded' },
    ]);
    const succeeded = [...stripe.intents.values()].filter((intent) => intent.status === 'succeeded' && intent.amount === 990);
    expect(succeeded.map((intent) => intent.id)).toEqual([cardIntent]);
  });

  it('confirmed at Stripe before the passenger pays (the cancel refused): the one charge, no intent made for the card', async () => {
    const job = await owing('stripe.extras.bank@example.test');
    stripe.intents.set(job.firstId, { ...stripe.intents.get(job.firstId)!, status: 'succeeded' });
    const before = stripe.intents.size;
    const answer = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' });
    expect([answer.statusCode, answer.json()]).toEqual([409, { success: false, message: EXTRAS_MESSAGES.alreadyPaid, code: 'extras_paid', operator_phone: '020 7946 0321' }]);
    expect(stripe.intents.size).toBe(before);
    expect(stripe.intents.get(job.firstId)!.status).toBe('succeeded');
    expect(await extrasPayments(job.id)).toEqual([{ intent_id: job.firstId, charge: 'succeeded' }]);
    expect((await sql('SELECT extras_charge, extras_intent_id FROM job_completions WHERE booking_id = $1', [job.id]))[0]).toEqual({ extras_charge: 'succeeded', extras_intent_id: job.firstId });
  });
  describe('confirmed at the bank and never back: the webhook or the sweep records it once', () => {
    /** A signed Stripe event for a charge of the extras, with the metadata the adapter gives the off-session charge. */
    function extrasEvent(type: string, intentId: string, eventId: string, job: { id: number; number: string }, siteId = '1') {
      const metadata = { for: 'driver_extras', site_id: siteId, booking_number: job.number, charge_key: `extras:${siteId}:${job.id}` };
      const payload = JSON.stringify({ id: eventId, object: 'event', type, data: { object: { id: intentId, object: 'payment_intent', metadata } } });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
    }
    const deliver = (event: { payload: string; signature: string }) =>
      provider.fastify.inject({ method: 'POST', url: '/api/v1/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.payload });
    const completionOf = async (id: number) => (await sql<{ extras_charge: string; extras_intent_id: string }>('SELECT extras_charge, extras_intent_id FROM job_completions WHERE booking_id = $1', [id]))[0];
    /** The bank confirmed the held charge at Stripe (the passenger answered its own prompt). */
    const confirmAtBank = (intentId: string) => stripe.intents.set(intentId, { ...stripe.intents.get(intentId)!, status: 'succeeded' });
    const receipt = async (id: number) => {
      const settings = await sql<{ setting_name: string; setting_value: string }>('SELECT setting_name, setting_value FROM settings WHERE site_id = 1');
      return JSON.stringify(receiptDocument((await loadReceiptBooking(provider.db, 1, id))!, issuerOf('Westway', settings), null, new Date()));
    };
    /** What the passenger, the console and the receipt read once the extras are recorded as paid by `intentId`. */
    async function expectPaidOnce(job: { id: number; number: string; token: string }, intentId: string) {
      expect(await extrasPayments(job.id)).toEqual([{ intent_id: intentId, charge: 'succeeded' }]);
      expect(await completionOf(job.id)).toEqual({ extras_charge: 'succeeded', extras_intent_id: intentId });
      const view = (await post('manage-booking', { token: job.token })).json();
      expect(view.extras).toMatchObject({ status: 'paid', total: 9.9, message: '£9.90 paid by card.' });
      const detail = (await crew.api.as(crew.dispatcher, 'GET', `bookings/${job.number}`)).json().booking;
      const [fare] = await sql<{ amount_pence: number }>('SELECT p.amount_pence FROM payments p JOIN bookings b ON b.payment_intent_id = p.intent_id WHERE b.id = $1', [job.id]);
      expect(detail.completion).toMatchObject({ extras_pence: 990, extras_charge: 'succeeded' });
      expect(detail.payment).toMatchObject({ paid_pence: Number(fare.amount_pence) + 990, extras_paid_pence: 990, refundable_pence: Number(fare.amount_pence) });
      const document = await receipt(job.id);
      expect(document).toContain('Waiting time 12 min (added by the driver)');
      expect(document).toContain('Tolls (added by the driver)');
      expect(document).toContain("the driver's extras");
    }

    it('20 deliveries at once (one event redelivered, and others for the same charge): recorded once, paid everywhere; a card then is refused', async () => {
      const job = await owing('stripe.extras.webhook@example.test');
      confirmAtBank(job.firstId);
      // Still owing before Stripe tells us.
      expect((await post('manage-booking', { token: job.token })).json().extras.status).toBe('owing');
      const deliveries = await Promise.all(Array.from({ length: 20 }, (_, index) => deliver(extrasEvent('payment_intent.succeeded', job.firstId, index % 2 ? 'evt_extras_same' : `evt_extras_${index}`, job))));
      for (const delivery of deliveries) expect([delivery.statusCode, delivery.json()]).toEqual([200, { received: true }]);
      await expectPaidOnce(job, job.firstId);
      // Never taken for a fare: no booking made of it, no refund asked.
      expect(stripe.refunds.size).toBe(0);
      const before = stripe.intents.size;
      const card = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' });
      expect([card.statusCode, card.json().code]).toEqual([409, 'extras_paid']);
      expect(stripe.intents.size).toBe(before);
      expect(stripe.cancels.filter((id) => id === job.firstId)).toEqual([]);
    });

    it("a signed event naming another site, or the charge not yet confirmed, records nothing", async () => {
      const job = await owing('stripe.extras.webhook.site@example.test');
      const other = await crew.api.otherSite('Webhook Cars');
      confirmAtBank(job.firstId);
      expect((await deliver(extrasEvent('payment_intent.succeeded', job.firstId, 'evt_extras_other_site', job, String(other.siteId)))).statusCode).toBe(200);
      expect(await completionOf(job.id)).toEqual({ extras_charge: 'requires_action', extras_intent_id: job.firstId });
      // The event's body says succeeded; Stripe, asked again, does not: nothing recorded.
      stripe.intents.set(job.firstId, { ...stripe.intents.get(job.firstId)!, status: 'requires_action' });
      expect((await deliver(extrasEvent('payment_intent.succeeded', job.firstId, 'evt_extras_not_yet', job))).statusCode).toBe(200);
      expect(await extrasPayments(job.id)).toEqual([{ intent_id: job.firstId, charge: 'claimed' }]);
      expect((await post('manage-booking', { token: job.token })).json().extras.status).toBe('owing');
    });

    it('the webhook and 10 of the passenger\'s own payments at once: one charge, the card never charged', async () => {
      const job = await owing('stripe.extras.webhook.pay@example.test');
      confirmAtBank(job.firstId);
      const before = stripe.intents.size;
      const calls = Array.from({ length: 20 }, (_, index) =>
        index % 2 ? deliver(extrasEvent('payment_intent.succeeded', job.firstId, `evt_extras_vs_pay_${index}`, job)) : post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' }),
      );
      const answers = await Promise.all(calls);
      answers.forEach((answer, index) => {
        if (index % 2) expect(answer.statusCode).toBe(200);
        else expect([answer.statusCode, answer.json().code], answer.body).toEqual([409, 'extras_paid']);
      });
      expect(stripe.intents.size).toBe(before);
      await expectPaidOnce(job, job.firstId);
    });

    it("the passenger's own card confirmed in the browser, the page lost: 20 webhooks and 20 re-reads at once record it once", async () => {
      const job = await owing('stripe.extras.webhook.card@example.test');
      const started = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' });
      expect(started.json().result).toBe('requires_action');
      const cardIntent = started.json().payment_intent_id as string;
      confirmAtBank(cardIntent);
      const cardEvent = (eventId: string) => {
        const payload = JSON.stringify({ id: eventId, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: cardIntent, object: 'payment_intent', metadata: { site_id: '1', booking_extras: String(job.id), for: 'driver_extras' } } } });
        return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
      };
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) => (index % 2 ? deliver(cardEvent(`evt_extras_card_${index}`)) : post('manage-booking/extras/pay', { token: job.token, payment_intent_id: cardIntent }))),
      );
      answers.forEach((answer, index) => {
        expect(answer.statusCode, answer.body).toBe(200);
        if (index % 2 === 0) expect(answer.json().result).toBe('paid');
      });
      expect(await sql('SELECT intent_id, charge FROM payments WHERE request_key = $1 ORDER BY charge', [`booking_extras:${job.id}`])).toEqual([
        { intent_id: job.firstId, charge: 'failed' },
        { intent_id: cardIntent, charge: 'succeeded' },
      ]);
      expect(await completionOf(job.id)).toEqual({ extras_charge: 'succeeded', extras_intent_id: cardIntent });
    });

    it('no webhook at all: the sweep re-reads the held charge (not before 5 minutes), racing the webhook, and records it once', async () => {
      const job = await owing('stripe.extras.sweep@example.test');
      confirmAtBank(job.firstId);
      await provider.extrasSweep.runOnce();
      expect((await completionOf(job.id)).extras_charge).toBe('requires_action');
      await sql("UPDATE job_completions SET updated_at = now() - interval '6 minutes' WHERE booking_id = $1", [job.id]);
      const calls = [
        ...Array.from({ length: 5 }, () => provider.extrasSweep.runOnce()),
        ...Array.from({ length: 15 }, (_, index) => deliver(extrasEvent('payment_intent.succeeded', job.firstId, `evt_extras_vs_sweep_${index}`, job))),
      ];
      await Promise.all(calls);
      await expectPaidOnce(job, job.firstId);
    });

    it('cancelled at Stripe (the dashboard): the sweep or the webhook frees its hold, still owing; a card then pays once', async () => {
      for (const by of ['sweep', 'webhook'] as const) {
        const job = await owing(`stripe.extras.cancelled.${by}@example.test`);
        stripe.intents.set(job.firstId, { ...stripe.intents.get(job.firstId)!, status: 'canceled' });
        if (by === 'sweep') {
          await sql("UPDATE job_completions SET updated_at = now() - interval '6 minutes' WHERE booking_id = $1", [job.id]);
          await provider.extrasSweep.runOnce();
        } else {
          expect((await deliver(extrasEvent('payment_intent.canceled', job.firstId, `evt_extras_cancelled_${job.id}`, job))).statusCode).toBe(200);
        }
        expect(await extrasPayments(job.id)).toEqual([{ intent_id: job.firstId, charge: 'failed' }]);
        expect((await post('manage-booking', { token: job.token })).json().extras.status).toBe('owing');
        const cancelsBefore = stripe.cancels.length;
        const paid = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' });
        expect(paid.json().result).toBe('requires_action');
        expect(stripe.cancels.length).toBe(cancelsBefore);
      }
    });
  });
});
