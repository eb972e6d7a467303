import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxPayments } from '../../server/adapters/payments/sandbox.ts';
import { RefundExceedsPayment, recordRefund, sendRefund } from '../../server/domain/bookings/refunds.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { bookingPayload, countRows, guestRegistration, offlineStripe, quoteFor, signedSucceededEvent } from '../helpers/booking.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 15, "Money: a booking is paid once": one successful charge per booking (the database holds it), a paid
 * intent id answers nothing personal to someone else's submission, and the party's luggage is checked at booking time.
 */

const ALREADY_PAID = 'This booking has already been paid for.';
const IN_PROGRESS = 'A payment for this booking is already in progress. Please wait for it to finish.';
const PAYMENT_USED = 'This payment has already been used for another booking.';
const SUCCEEDING_CARDS = ['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex'];

type Provider = TestProvider;
const post = (provider: Provider, url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object });

async function cardBooking(provider: Provider, registration: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { form, row } = await quoteFor(provider);
  const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, ...registration }, ...extra });
  return { booking, amount: Math.round(row.final_price * 100), row };
}

/** The processor's intents of one submission (found by the passenger's e-mail in our payment record), by status. */
async function sandboxStatuses(provider: Provider, email: string) {
  const { rows } = await provider.db.query<{ status: string; n: string }>(
    `SELECT s.status, count(*)::text AS n FROM sandbox_intents s JOIN payments p ON p.site_id = s.site_id AND p.intent_id = s.id
     WHERE p.submission->'passenger'->>'email' = $1 GROUP BY s.status ORDER BY s.status`,
    [email],
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

const bookingsOf = async (provider: Provider, email: string) =>
  (await provider.db.query<{ booking_number: string; payment_intent_id: string }>('SELECT booking_number, payment_intent_id FROM bookings WHERE passenger_email = $1', [email])).rows;

describe(`one charge per booking through the sandbox on ${testDatabaseKind}`, () => {
  let provider: Provider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  it('twenty intents at once on different cards for one submission: one charge succeeds, one booking, every other attempt refused', async () => {
    const email = 'twenty.cards@example.test';
    const { booking, amount } = await cardBooking(provider, { email });
    const attempts = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const created = await post(provider, 'create-payment-intent', { paymentMethodId: SUCCEEDING_CARDS[index % SUCCEEDING_CARDS.length], amount, booking, idempotencyKey: `attempt-${index}` });
        if (created.statusCode !== 200) return created;
        return post(provider, 'confirm-payment-intent', { paymentIntentId: created.json().paymentIntentId });
      }),
    );
    const paid = attempts.filter((response) => response.statusCode === 200);
    expect(paid).toHaveLength(1);
    const bookingNumber = paid[0].json().booking_number;
    expect(paid[0].json()).toMatchObject({ success: true, status: 'succeeded', error: null, booking_number: expect.stringMatching(/^CF-/) });
    for (const refused of attempts.filter((response) => response !== paid[0])) {
      expect(refused.statusCode).toBe(409);
      expect([
        { success: false, message: ALREADY_PAID, booking_number: bookingNumber, code: 'conflict' },
        { success: false, message: IN_PROGRESS, code: 'conflict' },
      ]).toContainEqual(refused.json());
    }
    const statuses = await sandboxStatuses(provider, email);
    expect(statuses.succeeded).toBe(1);
    expect(Object.keys(statuses).filter((status) => status !== 'succeeded' && status !== 'requires_confirmation')).toEqual([]);
    expect(await bookingsOf(provider, email)).toHaveLength(1);
    const charges = await provider.db.query<{ charge: string; n: string }>(
      "SELECT charge, count(*)::text AS n FROM payments WHERE submission->'passenger'->>'email' = $1 AND charge = 'succeeded' GROUP BY charge",
      [email],
    );
    expect(charges.rows).toEqual([{ charge: 'succeeded', n: '1' }]);
  });

  it('a paid submission gets no new intent: the answer is the booking number, nothing is charged', async () => {
    const email = 'paid.then.again@example.test';
    const { booking, amount } = await cardBooking(provider, { email });
    const first = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking, idempotencyKey: 'first' })).json();
    const bookingNumber = (await post(provider, 'confirm-payment-intent', { paymentIntentId: first.paymentIntentId })).json().booking_number;
    const intentsBefore = await countRows(provider, 'sandbox_intents');
    // The customer lost the confirm answer and pays again, with another card and a new key.
    const again = await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_card_mastercard', amount, booking, idempotencyKey: 'after-a-reload' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: ALREADY_PAID, booking_number: bookingNumber, code: 'conflict' });
    expect(await countRows(provider, 'sandbox_intents')).toBe(intentsBefore);
    expect(await sandboxStatuses(provider, email)).toEqual({ succeeded: 1 });
  });

  it('a card waiting for 3-D Secure holds the payment; once its check fails another card pays', async () => {
    const email = 'waits.for.3ds@example.test';
    const { booking, amount } = await cardBooking(provider, { email });
    const secure = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_card_authenticationRequired', amount, booking })).json();
    expect((await post(provider, 'confirm-payment-intent', { paymentIntentId: secure.paymentIntentId })).json().status).toBe('requires_action');
    const visa = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
    const blocked = await post(provider, 'confirm-payment-intent', { paymentIntentId: visa.paymentIntentId });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ success: false, message: IN_PROGRESS, code: 'conflict' });
    expect((await post(provider, 'sandbox/authenticate', { paymentIntentId: secure.paymentIntentId, outcome: 'fail' })).json().status).toBe('failed');
    const paid = await post(provider, 'confirm-payment-intent', { paymentIntentId: visa.paymentIntentId });
    expect(paid.json()).toMatchObject({ status: 'succeeded', booking_number: expect.stringMatching(/^CF-/) });
    expect(await sandboxStatuses(provider, email)).toEqual({ requires_payment_method: 1, succeeded: 1 });
  });

  it("a paid intent id sent with someone else's details answers nothing personal; the payer's own retry gets the booking", async () => {
    const email = 'payer.private@example.test';
    const payer = await cardBooking(provider, { email, firstName: 'Priya', surname: 'Payer', number: '+44 7700 900111' });
    const { paymentIntentId } = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: payer.amount, booking: payer.booking })).json();
    const bookingNumber = (await post(provider, 'confirm-payment-intent', { paymentIntentId })).json().booking_number;

    // Someone who learnt the intent id and the quote, with their own details.
    const stranger = { ...payer.booking, registrationData: { ...guestRegistration, firstName: 'Mallory', email: 'mallory@example.test', number: '+44 7700 900999' } };
    const answer = await post(provider, 'booking', { ...stranger, paymentId: paymentIntentId, stripe_session_id: paymentIntentId });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ success: false, message: PAYMENT_USED, code: 'conflict' });
    for (const text of [email, 'Priya', '900111', 'Heathrow']) expect(answer.body).not.toContain(text);

    // The confirm and the sandbox's challenge answer say only the number and the status.
    const confirm = await post(provider, 'confirm-payment-intent', { paymentIntentId });
    expect(confirm.json()).toEqual({ success: true, status: 'succeeded', sessionId: paymentIntentId, paymentId: paymentIntentId, client_secret: null, error: null, booking_number: bookingNumber });
    const challenge = await post(provider, 'sandbox/authenticate', { paymentIntentId, outcome: 'complete' });
    expect(challenge.json()).toEqual({ success: true, status: 'succeeded', sessionId: paymentIntentId, paymentId: paymentIntentId, client_secret: null, error: null, booking_number: bookingNumber });

    // The payer's browser retrying its booking call gets the spec's whole answer.
    const own = await post(provider, 'booking', { ...payer.booking, paymentId: paymentIntentId, stripe_session_id: paymentIntentId });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.booking.booking_number).toBe(bookingNumber);
    expect(own.json().data.passengerDetails).toMatchObject({ passenger_name: 'Priya Payer', passenger_email: email, passenger_contact_no: '+44 7700 900111' });
  });

  it("an existing client's paid intent id with the e-mail but not the password answers no account details", async () => {
    const registration = { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password };
    const payer = await cardBooking(provider, registration, { selected_passenger: 'existing_client' });
    const { paymentIntentId } = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: payer.amount, booking: payer.booking })).json();
    expect((await post(provider, 'confirm-payment-intent', { paymentIntentId })).json().status).toBe('succeeded');
    const guessed = { ...payer.booking, registrationData: { ...payer.booking.registrationData, password: 'not-the-password' }, paymentId: paymentIntentId };
    const answer = await post(provider, 'booking', guessed);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ success: false, message: PAYMENT_USED, code: 'conflict' });
    const own = await post(provider, 'booking', { ...payer.booking, paymentId: paymentIntentId });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.passengerDetails).toMatchObject({ passenger_name: DEMO_CORPORATE.name, passenger_email: DEMO_CORPORATE.email });
  });

  it('refunds of one payment: partial and repeated ones add up to at most what was paid, each key is paid once', async () => {
    const { booking, amount } = await cardBooking(provider, { email: 'partly.refunded@example.test' });
    const { paymentIntentId } = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
    expect((await post(provider, 'confirm-payment-intent', { paymentIntentId })).json().status).toBe('succeeded');
    const sandbox = createSandboxPayments(provider.db);
    const refund = async (key: string, pence: number) => {
      const { refund: recorded, created } = await provider.db.transaction((tx) =>
        recordRefund(tx, 1, { intentId: paymentIntentId, bookingId: null, amountPence: pence, currency: 'gbp', reason: 'cancellation', idempotencyKey: key }),
      );
      return { created, sent: await sendRefund(provider.db, sandbox, 1, recorded) };
    };
    const first = await refund('cancel:1', 1000);
    expect(first).toMatchObject({ created: true, sent: { status: 'succeeded', amountPence: 1000, providerRefundId: expect.stringMatching(/^re_sandbox_/) } });
    expect(await refund('cancel:1', 1000)).toEqual({ created: false, sent: first.sent });
    await expect(refund('cancel:2', amount)).rejects.toBeInstanceOf(RefundExceedsPayment);
    expect((await refund('cancel:3', amount - 1000)).sent.status).toBe('succeeded');
    const payment = await provider.db.query<{ refunded_pence: number }>('SELECT refunded_pence FROM payments WHERE intent_id = $1', [paymentIntentId]);
    expect(payment.rows[0].refunded_pence).toBe(amount);
    const atProcessor = await provider.db.query<{ amount_refunded: number; n: string }>(
      'SELECT i.amount_refunded, (SELECT count(*)::text FROM sandbox_refunds r WHERE r.intent_id = i.id) AS n FROM sandbox_intents i WHERE i.id = $1',
      [paymentIntentId],
    );
    expect(atProcessor.rows[0]).toEqual({ amount_refunded: amount, n: '2' });
    // The database itself refuses a payment refunded beyond its amount and a second refund row with one key.
    await expect(provider.db.query('UPDATE payments SET refunded_pence = amount_pence + 1 WHERE intent_id = $1', [paymentIntentId])).rejects.toThrow(/payments_refund_within_amount/);
    await expect(
      provider.db.query("INSERT INTO refunds (site_id, intent_id, amount_pence, currency, reason, idempotency_key) VALUES (1, $1, 1, 'gbp', 'operator', 'cancel:1')", [paymentIntentId]),
    ).rejects.toThrow(/duplicate key/);
  });

  it("a Saloon booked with 20 luggage and 20 hand luggage is refused with the spec's capacity message: no booking, no intent", async () => {
    const { form, row } = await quoteFor(provider);
    expect(row.vehicle_type).toBe('Saloon');
    const heavy = { ...form, luggages: 20, hand_luggages: 20 };
    const message = `Sorry we don't have any vehicle with requested options, the following limits are exceeded: Luggage exceeded by ${20 - row.luggage}, Hand Luggage exceeded by ${20 - row.small_luggage}.`;
    const [bookings, intents, payments] = [await countRows(provider, 'bookings'), await countRows(provider, 'sandbox_intents'), await countRows(provider, 'payments')];

    const inCar = await post(provider, 'booking', bookingPayload(heavy, row));
    expect(inCar.statusCode).toBe(422);
    expect(inCar.json()).toEqual({ success: false, message, code: 'capacity' });
    const byCard = await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: Math.round(row.final_price * 100), booking: bookingPayload(heavy, row, { payment_method: 'card' }) });
    expect(byCard.statusCode).toBe(422);
    expect(byCard.json()).toEqual({ success: false, message, code: 'capacity' });
    expect([await countRows(provider, 'bookings'), await countRows(provider, 'sandbox_intents'), await countRows(provider, 'payments')]).toEqual([bookings, intents, payments]);
  });

  it("the return leg's luggage is checked too", async () => {
    const returnForm = { select_option: 'return', return_date: weekdayAhead(5), return_hour: '6pm', return_min: '00' };
    const { form, row } = await quoteFor(provider, returnForm);
    const response = await post(provider, 'booking', bookingPayload({ ...form, return_luggages: row.luggage + 3 }, row));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ success: false, message: "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Luggage exceeded by 3.", code: 'capacity' });
    expect((await post(provider, 'booking', bookingPayload({ ...form, return_luggages: row.luggage }, row))).statusCode).toBe(200);
  });
});

describe(`one charge per booking when Stripe reports the successes on ${testDatabaseKind}`, () => {
  let provider: Provider;
  const stripe = offlineStripe();
  beforeAll(async () => {
    provider = await startTestProvider({ payments: stripe });
  });
  afterAll(() => provider.dispose());

  const deliver = (intentId: string, eventId: string) => {
    const { payload, signature } = signedSucceededEvent(intentId, eventId);
    return provider.fastify.inject({ method: 'POST', url: '/api/v1/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  };

  /** Two intents for one submission, both paid at Stripe (the browser confirmed them itself, in two tabs). */
  async function paidTwice(email: string) {
    const { booking, amount } = await cardBooking(provider, { email });
    const first = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_first', amount, booking, idempotencyKey: 'tab-1' })).json().paymentIntentId as string;
    const second = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_second', amount, booking, idempotencyKey: 'tab-2' })).json().paymentIntentId as string;
    for (const id of [first, second]) stripe.intents.set(id, { ...stripe.intents.get(id)!, status: 'succeeded' });
    return { booking, amount, intents: [first, second] };
  }

  const refundsOf = async (intents: string[]) =>
    (
      await provider.db.query<Record<string, unknown>>(
        'SELECT intent_id, amount_pence, reason, status, provider_refund_id FROM refunds WHERE intent_id = ANY($1::text[]) ORDER BY id',
        [intents],
      )
    ).rows;

  it('two intents paid at Stripe, webhooks raced and replayed 20 times: one booking, the other charge refunded once, the operator told once', async () => {
    const email = 'two.tabs@example.test';
    const { amount, intents } = await paidTwice(email);
    const warn = vi.spyOn(provider.fastify.log, 'warn');
    const raced = await Promise.all(Array.from({ length: 20 }, (_, index) => deliver(intents[index % 2], `evt_race_${index % 6}`)));
    expect(raced.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    for (const id of intents) expect((await deliver(id, `evt_late_${id}`)).statusCode).toBe(200);

    const [booking] = await bookingsOf(provider, email);
    expect(await bookingsOf(provider, email)).toHaveLength(1);
    const winner = booking.payment_intent_id;
    const loser = intents.find((id) => id !== winner)!;
    expect(await refundsOf(intents)).toEqual([{ intent_id: loser, amount_pence: amount, reason: 'duplicate_charge', status: 'succeeded', provider_refund_id: expect.stringMatching(/^re_offline_/) }]);
    expect([...stripe.refunds.values()].filter((refund) => intents.includes(refund.intentId))).toEqual([{ id: expect.any(String), intentId: loser, amount }]);
    const charges = await provider.db.query<{ intent_id: string; charge: string; refunded_pence: number }>('SELECT intent_id, charge, refunded_pence FROM payments WHERE intent_id = ANY($1::text[]) ORDER BY charge', [intents]);
    expect(charges.rows).toEqual([
      { intent_id: loser, charge: 'duplicate', refunded_pence: amount },
      { intent_id: winner, charge: 'succeeded', refunded_pence: 0 },
    ]);
    const mails = await provider.db.query<{ to_address: string; subject: string; text_body: string }>("SELECT to_address, subject, text_body FROM mail_outbox WHERE kind = 'duplicate_charge_refunded'");
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0].to_address).toBe('bookings@westwaycars.test');
    expect(mails.rows[0].subject).toContain(booking.booking_number);
    expect(mails.rows[0].text_body).toContain(loser);
    const logged = warn.mock.calls.filter(([, message]) => message === 'second charge for one booking refunded');
    expect(logged).toEqual([[{ site: 1, booking: booking.booking_number, intent: loser, paidIntent: winner, amount }, 'second charge for one booking refunded']]);
    expect(JSON.stringify(warn.mock.calls)).not.toMatch(/pm_(first|second)/);
    warn.mockRestore();

    // The browser of the refunded tab asking again is told the booking is paid.
    const confirm = await post(provider, 'confirm-payment-intent', { paymentIntentId: loser });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({ success: false, message: ALREADY_PAID, booking_number: booking.booking_number, code: 'conflict' });
  });

  it('a refund Stripe cannot make now is made by the next delivery, once', async () => {
    const email = 'refund.retry@example.test';
    const { intents } = await paidTwice(email);
    expect((await deliver(intents[0], 'evt_retry_first')).statusCode).toBe(200);
    stripe.failRefunds = 1;
    const failed = await deliver(intents[1], 'evt_retry_second');
    expect(failed.statusCode).toBe(503);
    expect(await refundsOf(intents)).toEqual([{ intent_id: intents[1], amount_pence: expect.any(Number), reason: 'duplicate_charge', status: 'failed', provider_refund_id: null }]);
    expect((await deliver(intents[1], 'evt_retry_second')).statusCode).toBe(200);
    expect(await refundsOf(intents)).toEqual([{ intent_id: intents[1], amount_pence: expect.any(Number), reason: 'duplicate_charge', status: 'succeeded', provider_refund_id: expect.stringMatching(/^re_offline_/) }]);
    const mails = await provider.db.query("SELECT id FROM mail_outbox WHERE kind = 'duplicate_charge_refunded' AND text_body LIKE $1", [`%${intents[1]}%`]);
    expect(mails.rows).toHaveLength(1);
  });

  it('a decline Stripe throws frees the payment for another card', async () => {
    const { booking, amount } = await cardBooking(provider, { email: 'declined.at.stripe@example.test' });
    stripe.declines.add('pm_declined');
    const declined = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_declined', amount, booking, idempotencyKey: 'declined' })).json().paymentIntentId;
    const refused = await post(provider, 'confirm-payment-intent', { paymentIntentId: declined });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe('Your card was declined.');
    const other = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_other', amount, booking, idempotencyKey: 'other' })).json().paymentIntentId;
    expect((await post(provider, 'confirm-payment-intent', { paymentIntentId: other })).json().status).toBe('requires_action');
  });

  it('a claim whose confirm never came back is freed after two minutes, not before', async () => {
    const { booking, amount } = await cardBooking(provider, { email: 'lost.confirm@example.test' });
    const lost = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_lost', amount, booking, idempotencyKey: 'lost' })).json().paymentIntentId;
    // The process stopped after claiming the slot, before Stripe was asked: the intent still waits for confirmation.
    await provider.db.query("UPDATE payments SET charge = 'claimed' WHERE intent_id = $1", [lost]);
    const next = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_next', amount, booking, idempotencyKey: 'next' })).json().paymentIntentId;
    const early = await post(provider, 'confirm-payment-intent', { paymentIntentId: next });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ success: false, message: IN_PROGRESS, code: 'conflict' });
    await provider.db.query("UPDATE payments SET updated_at = now() - interval '121 seconds' WHERE intent_id = $1", [lost]);
    expect((await post(provider, 'confirm-payment-intent', { paymentIntentId: next })).json().status).toBe('requires_action');
    const charges = await provider.db.query<{ intent_id: string; charge: string }>('SELECT intent_id, charge FROM payments WHERE intent_id = ANY($1::text[]) ORDER BY charge', [[lost, next]]);
    expect(charges.rows).toEqual([
      { intent_id: next, charge: 'claimed' },
      { intent_id: lost, charge: 'failed' },
    ]);
  });

  it('the first success wins: a card the browser confirmed itself books, the card then passing 3-D Secure is refunded', async () => {
    const email = 'first.success@example.test';
    const { booking, amount } = await cardBooking(provider, { email });
    const secure = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_secure', amount, booking, idempotencyKey: 'secure' })).json().paymentIntentId as string;
    expect((await post(provider, 'confirm-payment-intent', { paymentIntentId: secure })).json().status).toBe('requires_action');
    const direct = (await post(provider, 'create-payment-intent', { paymentMethodId: 'pm_direct', amount, booking, idempotencyKey: 'direct' })).json().paymentIntentId as string;
    stripe.intents.set(direct, { ...stripe.intents.get(direct)!, status: 'succeeded' });
    expect((await deliver(direct, 'evt_direct')).statusCode).toBe(200);
    const [made] = await bookingsOf(provider, email);
    expect(made.payment_intent_id).toBe(direct);

    stripe.intents.set(secure, { ...stripe.intents.get(secure)!, status: 'succeeded' });
    const late = await post(provider, 'confirm-payment-intent', { paymentIntentId: secure });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, message: ALREADY_PAID, booking_number: made.booking_number, code: 'conflict' });
    expect(await refundsOf([secure, direct])).toEqual([{ intent_id: secure, amount_pence: amount, reason: 'duplicate_charge', status: 'succeeded', provider_refund_id: expect.any(String) }]);
    expect(await bookingsOf(provider, email)).toHaveLength(1);
  });
});
