import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTRAS_MESSAGES } from '../../contract/manageExtras.ts';
import { receiptDocument } from '../../server/domain/receipts/receipt.ts';
import { loadReceiptBooking } from '../../server/domain/receipts/repository.ts';
import { issuerOf } from '../../server/domain/receipts/index.ts';
import { completeWithExtras, driveOnBoard, startExtrasCrew, type ExtrasCrew } from '../helpers/extrasJob.ts';
import { deliveredMail } from '../helpers/mail.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 32, the last of the extras' money: the passenger pays on the manage page the waiting time and extras the bank
 * wanted 3-D Secure for (one charge, whatever arrives at once; paid already says so; the receipt then has it), and the
 * server's sweep settles an extras charge a crash left 'charging' (succeeded → recorded once, refused → failed,
 * 3-D Secure → owing with one mail, never received → charged now), on PGlite and PostgreSQL.
 */

const PHONE = '020 7946 0321';
const TOKEN_IN_OWING_MAIL = /manage-booking\?token=([A-Za-z0-9_-]{43})/;

describe(`the driver's extras owing, paid on the manage page, on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let crew: ExtrasCrew;
  let api: ExtrasCrew['api'];
  let dispatcher: ExtrasCrew['dispatcher'];
  beforeAll(async () => {
    provider = await startTestProvider();
    crew = await startExtrasCrew(provider);
    ({ api, dispatcher } = crew);
  });
  afterAll(() => provider.dispose());

  let address = 0;
  /** From an address of its own per call group: the manage calls' limit is not this file's subject. */
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = `10.9.0.${(address % 250) + 1}`) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...KEY_HEADERS, ...headers }, payload: payload as object, remoteAddress });
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => api.sql<Row>(text, params);

  /** A card booking whose saved card is `method`, driven to passenger on board by the driver. */
  async function onBoard(email: string, method = 'pm_card_visa') {
    const paid = await api.bookByCard(email);
    await sql('UPDATE sandbox_intents SET payment_method_id = $2 WHERE id = $1', [paid.intentId, method]);
    const number = paid.bookingNumber;
    const id = await driveOnBoard(crew, number);
    return { number, id };
  }
  const complete = (number: string, extras: Record<string, number>) => completeWithExtras(crew, number, extras);

  /** A card job completed with £7.50 of waiting time and £2.40 of tolls whose bank wants 3-D Secure: owing, and the mailed link's token. */
  async function owing(email: string) {
    const job = await onBoard(email, 'pm_card_authenticationRequired');
    const done = await complete(job.number, { waiting_min: 12, tolls_pence: 240 });
    expect(done.json().job.completion.extras_charge).toBe('requires_action');
    // As delivered: the mail holds a link, so its copy in the table is blanked once the dispatcher sends it.
    const mail = await deliveredMail(provider, 'driver_extras_owing', email);
    return { ...job, token: TOKEN_IN_OWING_MAIL.exec(mail.text)![1] };
  }
  const extrasState = async (id: number) => (await sql<{ extras_charge: string; extras_intent_id: string | null }>('SELECT extras_charge, extras_intent_id FROM job_completions WHERE booking_id = $1', [id]))[0];
  const extrasPayments = (id: number) => sql<{ amount_pence: number; charge: string }>('SELECT amount_pence, charge FROM payments WHERE request_key = $1 ORDER BY charge', [`booking_extras:${id}`]);
  /** What the processor charged for the booking's extras (the passenger's payments and the off-session charge). */
  const charged = async (id: number) =>
    (
      await sql<{ amount: number }>(
        `SELECT amount FROM sandbox_intents WHERE status = 'succeeded' AND (metadata ->> 'booking_extras' = $1 OR idempotency_key = $2)`,
        [String(id), `extras:1:${id}`],
      )
    ).map((row) => Number(row.amount));
  /** The off-session charge's status at the (sandbox) processor. */
  const offSessionStatus = async (id: number) => (await sql<{ status: string }>('SELECT status FROM sandbox_intents WHERE idempotency_key = $1', [`extras:1:${id}`]))[0]?.status;
  const offSessionId = async (id: number) => (await sql<{ id: string }>('SELECT id FROM sandbox_intents WHERE idempotency_key = $1', [`extras:1:${id}`]))[0].id;
  const receipt = async (id: number) => {
    const settings = await sql<{ setting_name: string; setting_value: string }>('SELECT setting_name, setting_value FROM settings WHERE site_id = 1');
    return JSON.stringify(receiptDocument((await loadReceiptBooking(provider.db, 1, id))!, issuerOf('Westway', settings), null, new Date()));
  };

  it('shows what is owing; 20 payments at once with one card charge it once; paid already says so; the receipt has it', async () => {
    const job = await owing('extras.owing@example.test');
    address += 1;
    const view = (await post('manage-booking', { token: job.token })).json();
    expect(view.extras).toEqual({
      lines: [
        { label: 'Waiting time 12 min (added by the driver)', amount: 7.5 },
        { label: 'Tolls (added by the driver)', amount: 2.4 },
      ],
      total: 9.9,
      status: 'owing',
      message: '£9.90 to pay: your bank asked you to confirm this payment, so it could not be taken from your card.',
    });

    const answers = await Promise.all(Array.from({ length: 20 }, () => post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' })));
    // Each the same answer, paid; or (a request whose turn came after the payment was recorded) paid already, before any money moves.
    const PAID_ALREADY = { success: false, message: EXTRAS_MESSAGES.alreadyPaid, code: 'extras_paid', operator_phone: PHONE };
    for (const answer of answers) if (answer.statusCode !== 200) expect([answer.statusCode, answer.json()], answer.body).toEqual([409, PAID_ALREADY]);
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid.length).toBeGreaterThan(0);
    expect(paid[0].json()).toMatchObject({ result: 'paid', message: 'Thank you: £9.90 of waiting time and extras paid.', client_secret: null, extras: { status: 'paid', message: '£9.90 paid by card.' } });
    expect(await charged(job.id)).toEqual([990]);
    // The off-session charge was cancelled at the processor before the card was charged, and its claim released.
    expect(await extrasPayments(job.id)).toEqual([
      { amount_pence: 990, charge: 'failed' },
      { amount_pence: 990, charge: 'succeeded' },
    ]);
    expect(await offSessionStatus(job.id)).toBe('canceled');
    expect((await extrasState(job.id)).extras_charge).toBe('succeeded');

    const again = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_mastercard' });
    expect([again.statusCode, again.json()]).toEqual([409, { success: false, message: EXTRAS_MESSAGES.alreadyPaid, code: 'extras_paid', operator_phone: PHONE }]);
    expect(await charged(job.id)).toEqual([990]);
    // The console's booking page: the driver's lines and the charge.
    const detail = (await api.as(dispatcher, 'GET', `bookings/${job.number}`)).json().booking;
    expect(detail.completion).toMatchObject({ extras_pence: 990, extras_charge: 'succeeded', extras: [{ label: 'Waiting time 12 min (added by the driver)', amount_pence: 750 }, { label: 'Tolls (added by the driver)', amount_pence: 240 }] });
    // Paid: the fare paid at booking and the extras the passenger paid here; a refund gives back only the fare's payment.
    const [fare] = await sql<{ amount_pence: number }>("SELECT p.amount_pence FROM payments p JOIN bookings b ON b.payment_intent_id = p.intent_id WHERE b.id = $1", [job.id]);
    expect(detail.payment).toMatchObject({ paid_pence: Number(fare.amount_pence) + 990, extras_paid_pence: 990, refunded_pence: 0, refundable_pence: Number(fare.amount_pence) });
    const document = await receipt(job.id);
    expect(document).toContain('Waiting time 12 min (added by the driver)');
    expect(document).toContain("the driver's extras");
  });

  it('two cards at once: one charge; a declined card charges nothing and another card then pays', async () => {
    const job = await owing('extras.twocards@example.test');
    address += 1;
    const declined = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ success: false, code: 'payment_failed', message: expect.stringContaining(EXTRAS_MESSAGES.paymentFailed) });
    expect(await charged(job.id)).toEqual([]);
    expect((await extrasState(job.id)).extras_charge).toBe('requires_action');

    const cards = ['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex'];
    const answers = await Promise.all(Array.from({ length: 21 }, (_, index) => post('manage-booking/extras/pay', { token: job.token, payment_method_id: cards[index % 3] })));
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'paid' : answer.json().code));
    expect(codes).toContain('paid');
    for (const code of codes) expect(['paid', 'payment_in_progress', 'extras_paid']).toContain(code);
    expect(await charged(job.id)).toEqual([990]);
    expect((await extrasPayments(job.id)).filter((row) => row.charge === 'succeeded')).toHaveLength(1);
  });

  it('a card that wants 3-D Secure: the challenge, then the same call with the intent records it once', async () => {
    const job = await owing('extras.threeds@example.test');
    address += 1;
    const started = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_authenticationRequired' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ result: 'requires_action', client_secret: expect.any(String), extras: { status: 'owing' } });
    const intentId = started.json().payment_intent_id as string;
    // Another booking's token cannot answer or read this intent.
    const other = await owing('extras.threeds.other@example.test');
    expect((await post('manage-booking/extras/pay', { token: other.token, payment_intent_id: intentId })).statusCode).toBe(404);
    expect((await post('manage-booking/extras/authenticate', { token: other.token, payment_intent_id: intentId, outcome: 'complete' })).statusCode).toBe(404);

    const challenge = await post('manage-booking/extras/authenticate', { token: job.token, payment_intent_id: intentId, outcome: 'complete' });
    expect(challenge.json()).toMatchObject({ status: 'succeeded' });
    const finished = await post('manage-booking/extras/pay', { token: job.token, payment_intent_id: intentId });
    expect(finished.json()).toMatchObject({ result: 'paid', extras: { status: 'paid' } });
    expect(await charged(job.id)).toEqual([990]);
    expect(await extrasPayments(job.id)).toEqual([
      { amount_pence: 990, charge: 'failed' },
      { amount_pence: 990, charge: 'succeeded' },
    ]);
    expect(await offSessionStatus(job.id)).toBe('canceled');
  });

  it('refuses: nothing owing, another site, a forged token, a NUL byte, a huge body, no card; nothing is written', async () => {
    const paidJob = await onBoard('extras.nothing@example.test');
    expect((await complete(paidJob.number, { parking_pence: 300 })).json().job.completion.extras_charge).toBe('succeeded');
    const job = await owing('extras.refusals@example.test');
    address += 1;
    const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE '%<extras.nothing@example.test>'");
    const paidToken = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
    const paidAlready = await post('manage-booking/extras/pay', { token: paidToken, payment_method_id: 'pm_card_visa' });
    expect([paidAlready.statusCode, paidAlready.json().code]).toEqual([409, 'extras_paid']);
    expect((await post('manage-booking', { token: paidToken })).json().extras).toMatchObject({ status: 'paid', total: 3, message: '£3.00 paid by card.' });
    // Charged off-session at completion: in the console's Paid figure too.
    const charged300 = (await api.as(dispatcher, 'GET', `bookings/${paidJob.number}`)).json().booking.payment;
    expect(charged300.extras_paid_pence).toBe(300);
    expect(charged300.paid_pence - charged300.refundable_pence).toBe(300);
    // Owing: nothing of the extras counts as paid.
    expect((await api.as(dispatcher, 'GET', `bookings/${job.number}`)).json().booking.payment.extras_paid_pence).toBe(0);

    const created = await provider.fastify.inject({ method: 'POST', url: '/api/admin/sites', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Extras Cabs', hosts: ['book.extrascabs.test'] } });
    const site = created.json().site;
    const otherSite = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' }, { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key });
    expect([otherSite.statusCode, otherSite.json().code]).toEqual([401, 'link_invalid']);
    const forged = await post('manage-booking/extras/pay', { token: 'b'.repeat(43), payment_method_id: 'pm_card_visa' });
    expect([forged.statusCode, forged.json().code]).toEqual([401, 'link_invalid']);
    const nul = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa\u0000' });
    expect([nul.statusCode, nul.json().success]).toEqual([400, false]);
    const noCard = await post('manage-booking/extras/pay', { token: job.token });
    expect([noCard.statusCode, noCard.json().message]).toEqual([400, 'payment_method_id is required']);
    const extra = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa', amount: 1 });
    expect(extra.statusCode).toBe(400);
    const huge = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa', pad: 'x'.repeat(300 * 1024) });
    expect([huge.statusCode, huge.json().success]).toEqual([413, false]);
    expect(await charged(job.id)).toEqual([]);
    // Only the off-session charge waiting for 3-D Secure, still holding the extras' one charge, still open at the processor.
    expect(await extrasPayments(job.id)).toEqual([{ amount_pence: 990, charge: 'claimed' }]);
    expect(await offSessionStatus(job.id)).toBe('requires_action');
    expect((await extrasState(job.id)).extras_charge).toBe('requires_action');
  });

  describe('the off-session charge waiting for 3-D Secure is never a second charge', () => {
    it('holds the one charge in the database: no other payment of the extras can be claimed while it is open', async () => {
      const job = await owing('extras.hold@example.test');
      await expect(
        sql("INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status, charge, booking_id) VALUES (1, 'pi_forged_second', 'sandbox', 990, 'gbp', $1, '{}', 'requires_confirmation', 'claimed', $2)", [
          `booking_extras:${job.id}`,
          job.id,
        ]),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('paid by another card: the first charge is cancelled at the processor, so answering the bank later charges nothing', async () => {
      const job = await owing('extras.cancelled@example.test');
      address += 1;
      const paid = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_mastercard' });
      expect([paid.statusCode, paid.json().result]).toEqual([200, 'paid']);
      expect(await offSessionStatus(job.id)).toBe('canceled');
      // The passenger then answers the bank's challenge for the first charge: too late, nothing is taken.
      const late = await post('manage-booking/extras/authenticate', { token: job.token, payment_intent_id: await offSessionId(job.id), outcome: 'complete' });
      expect(late.json()).toMatchObject({ status: 'failed', booking_number: null });
      expect(await charged(job.id)).toEqual([990]);
      expect(await extrasPayments(job.id)).toEqual([
        { amount_pence: 990, charge: 'failed' },
        { amount_pence: 990, charge: 'succeeded' },
      ]);
    });

    it('confirmed from the bank before the passenger pays: recorded as the one charge, the card not charged', async () => {
      const job = await owing('extras.bankfirst@example.test');
      address += 1;
      const answered = await post('manage-booking/extras/authenticate', { token: job.token, payment_intent_id: await offSessionId(job.id), outcome: 'complete' });
      expect(answered.json()).toMatchObject({ status: 'succeeded' });
      const again = await post('manage-booking/extras/pay', { token: job.token, payment_method_id: 'pm_card_visa' });
      expect([again.statusCode, again.json()]).toEqual([409, { success: false, message: EXTRAS_MESSAGES.alreadyPaid, code: 'extras_paid', operator_phone: PHONE }]);
      expect(await charged(job.id)).toEqual([990]);
      expect(await extrasPayments(job.id)).toEqual([{ amount_pence: 990, charge: 'succeeded' }]);
      expect(await extrasState(job.id)).toEqual({ extras_charge: 'succeeded', extras_intent_id: await offSessionId(job.id) });
    });

    it('the bank answered while the recording was lost: the next payment records it and takes nothing', async () => {
      const job = await owing('extras.banklost@example.test');
      address += 1;
      // Succeeded at the processor, nothing recorded here (a webhook not yet arrived).
      await sql("UPDATE sandbox_intents SET status = 'succeeded' WHERE idempotency_key = $1", [`extras:1:${job.id}`]);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => post('manage-booking/extras/pay', { token: job.token, payment_method_id: index % 2 ? 'pm_card_visa' : 'pm_card_amex' })));
      for (const answer of answers) expect([answer.statusCode, answer.json().code]).toEqual([409, 'extras_paid']);
      expect(await charged(job.id)).toEqual([990]);
      expect(await sql("SELECT 1 FROM sandbox_intents WHERE metadata ->> 'booking_extras' = $1", [String(job.id)])).toEqual([]);
      expect(await extrasPayments(job.id)).toEqual([{ amount_pence: 990, charge: 'succeeded' }]);
      expect((await extrasState(job.id)).extras_charge).toBe('succeeded');
    });

    it('the bank answered at the same moment as 20 payments with two cards: one charge, whichever wins', async () => {
      const winners: string[] = [];
      // The bank's answer sent before, amid and after the payments.
      for (const [round, bankAt] of [0, 10, 20].entries()) {
        const job = await owing(`extras.race${round}@example.test`);
        address += 1;
        const first = await offSessionId(job.id);
        const calls: (() => ReturnType<typeof post>)[] = Array.from({ length: 20 }, (_, index) => () => post('manage-booking/extras/pay', { token: job.token, payment_method_id: index % 2 ? 'pm_card_visa' : 'pm_card_mastercard' }));
        calls.splice(bankAt, 0, () => post('manage-booking/extras/authenticate', { token: job.token, payment_intent_id: first, outcome: 'complete' }));
        const all = await Promise.all(calls.map((call) => call()));
        const [bankAnswer] = all.splice(bankAt, 1);
        const answers = all;
        for (const answer of answers) if (answer.statusCode !== 200) expect(['payment_in_progress', 'extras_paid']).toContain(answer.json().code);
        expect(await charged(job.id)).toEqual([990]);
        expect((await extrasPayments(job.id)).filter((row) => row.charge === 'succeeded')).toEqual([{ amount_pence: 990, charge: 'succeeded' }]);
        const state = await extrasState(job.id);
        expect(state.extras_charge).toBe('succeeded');
        // The one recorded as paid is the one the processor charged.
        const [winner] = await sql<{ id: string }>("SELECT id FROM sandbox_intents WHERE status = 'succeeded' AND (metadata ->> 'booking_extras' = $1 OR id = $2)", [String(job.id), first]);
        expect(state.extras_intent_id).toBe(winner.id);
        expect(bankAnswer.json().status).toBe(winner.id === first ? 'succeeded' : 'failed');
        winners.push(winner.id === first ? 'bank' : 'card');
      }
      console.info(`one charge each time; won by: ${winners.join(', ')}`);
    });
  });

  describe("the sweep settles a charge a crash left 'charging'", () => {
    /** The half-done state: the claim taken ('charging') three minutes ago and nothing of the outcome recorded. */
    async function crashed(id: number, { processorGotIt }: { processorGotIt: boolean }) {
      await sql('DELETE FROM payments WHERE request_key = $1', [`booking_extras:${id}`]);
      if (!processorGotIt) await sql('DELETE FROM sandbox_intents WHERE idempotency_key = $1', [`extras:1:${id}`]);
      await sql("UPDATE job_completions SET extras_charge = 'charging', extras_intent_id = NULL, updated_at = now() - interval '3 minutes' WHERE booking_id = $1", [id]);
    }
    const owingMails = async (email: string) => (await sql("SELECT 1 FROM mail_outbox WHERE kind = 'driver_extras_owing' AND to_address LIKE $1", [`%<${email}>`])).length;

    it('charged before the crash: recorded once (a second sweep and a fresh claim change nothing)', async () => {
      const job = await onBoard('sweep.charged@example.test');
      await complete(job.number, { waiting_min: 5 });
      await crashed(job.id, { processorGotIt: true });
      // A claim not yet abandoned is left alone.
      await sql("UPDATE job_completions SET updated_at = now() WHERE booking_id = $1", [job.id]);
      await provider.extrasSweep.runOnce();
      expect((await extrasState(job.id)).extras_charge).toBe('charging');
      await sql("UPDATE job_completions SET updated_at = now() - interval '3 minutes' WHERE booking_id = $1", [job.id]);

      const sweeps = await Promise.all(Array.from({ length: 5 }, () => provider.extrasSweep.runOnce()));
      expect(sweeps.reduce((sum, sweep) => sum + sweep.settled, 0)).toBe(1);
      await provider.extrasSweep.runOnce();
      expect(await extrasState(job.id)).toEqual({ extras_charge: 'succeeded', extras_intent_id: expect.stringMatching(/^pi_sandbox_/) });
      expect(await extrasPayments(job.id)).toEqual([{ amount_pence: 250, charge: 'succeeded' }]);
      expect(await charged(job.id)).toEqual([250]);
    });

    it('never reached the processor: charged now, once', async () => {
      const job = await onBoard('sweep.never@example.test');
      await complete(job.number, { parking_pence: 450 });
      await crashed(job.id, { processorGotIt: false });
      expect(await charged(job.id)).toEqual([]);
      await provider.extrasSweep.runOnce();
      await provider.extrasSweep.runOnce();
      expect((await extrasState(job.id)).extras_charge).toBe('succeeded');
      expect(await extrasPayments(job.id)).toEqual([{ amount_pence: 450, charge: 'succeeded' }]);
      expect(await charged(job.id)).toEqual([450]);
    });

    it('3-D Secure wanted: owing, and the passenger mailed once', async () => {
      const email = 'sweep.threeds@example.test';
      const job = await owing(email);
      await sql("DELETE FROM mail_outbox WHERE kind = 'driver_extras_owing' AND to_address LIKE $1", [`%<${email}>`]);
      await crashed(job.id, { processorGotIt: true });
      await Promise.all([provider.extrasSweep.runOnce(), provider.extrasSweep.runOnce()]);
      await provider.extrasSweep.runOnce();
      expect((await extrasState(job.id)).extras_charge).toBe('requires_action');
      expect(await owingMails(email)).toBe(1);
      expect(await extrasPayments(job.id)).toEqual([{ amount_pence: 990, charge: 'claimed' }]);
    });

    it('a held charge confirmed at the bank (no webhook in the sandbox): re-read after 5 minutes, recorded once; the page says paid', async () => {
      const job = await owing('sweep.held@example.test');
      address += 1;
      await sql("UPDATE sandbox_intents SET status = 'succeeded' WHERE idempotency_key = $1", [`extras:1:${job.id}`]);
      await provider.extrasSweep.runOnce();
      expect((await extrasState(job.id)).extras_charge).toBe('requires_action');
      await sql("UPDATE job_completions SET updated_at = now() - interval '6 minutes' WHERE booking_id = $1", [job.id]);
      const sweeps = await Promise.all(Array.from({ length: 5 }, () => provider.extrasSweep.runOnce()));
      expect(sweeps.reduce((sum, sweep) => sum + sweep.settled, 0)).toBe(1);
      expect(await extrasState(job.id)).toEqual({ extras_charge: 'succeeded', extras_intent_id: await offSessionId(job.id) });
      expect(await extrasPayments(job.id)).toEqual([{ amount_pence: 990, charge: 'succeeded' }]);
      expect(await charged(job.id)).toEqual([990]);
      expect((await post('manage-booking', { token: job.token })).json().extras).toMatchObject({ status: 'paid', message: '£9.90 paid by card.' });
    });

    it('refused by the bank: failed, nothing recorded as paid', async () => {
      const job = await onBoard('sweep.declined@example.test', 'pm_card_visa_chargeDeclined');
      await complete(job.number, { tolls_pence: 120 });
      expect((await extrasState(job.id)).extras_charge).toBe('failed');
      await crashed(job.id, { processorGotIt: true });
      await provider.extrasSweep.runOnce();
      expect((await extrasState(job.id)).extras_charge).toBe('failed');
      expect(await extrasPayments(job.id)).toEqual([]);
      expect(await charged(job.id)).toEqual([]);
    });
  });
});
