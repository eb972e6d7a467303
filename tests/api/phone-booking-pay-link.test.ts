import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_BOOKING_MESSAGES } from '../../contract/consolePhoneBookings.ts';
import { londonMoment } from '../../contract/dispatch.ts';
import { PAY_LINK_MESSAGES } from '../../contract/payLinks.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 34, card by payment link: a dispatcher's phone booking held for the passenger's card payment by a mailed link
 * (status awaiting_payment, in Needs action), paid exactly once on the public page (20 at once, a retry), confirmed with
 * the usual confirmation; released past its time limit once (two sweeps), a late payment refused before money moves or
 * refunded in full; the console resends the link. Wrong site, wrong or replaced token, NUL byte, huge body.
 */
describe(`card payment links of phone bookings on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let dispatcher: Signed;
  let serial = 0;
  const trip = { pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', dropoff: 'The Savoy, Strand, London WC2R 0EZ', pickup_date: weekdayAhead(), pickup_time: '14:30', passengers: 2, luggages: 1 };
  const post = (url: string, payload: unknown, headers: Record<string, string> = KEY_HEADERS) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...headers }, payload: payload as object });

  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    dispatcher = await api.dispatcher();
  });
  afterAll(() => provider?.dispose());

  /** A phone booking by payment link; its answer and the token of its mailed link. */
  async function takeByLink(email = `link.${++serial}@example.test`) {
    const priced = await api.as(dispatcher, 'POST', 'phone-bookings/price', trip);
    expect(priced.statusCode, priced.body).toBe(200);
    const choice = priced.json().options[0] as { vehicle_id: number; company_id: number; final_price: number };
    const body = {
      quote_id: priced.json().quote_id,
      vehicle_id: choice.vehicle_id,
      company_id: choice.company_id,
      passenger: { name: 'Lena Link', email, phone: '07700 900123' },
      payment: 'link',
      booking_key: `link-key-${Date.now()}-${++serial}`,
    };
    const booked = await api.as(dispatcher, 'POST', 'phone-bookings', body);
    expect(booked.statusCode, booked.body).toBe(201);
    const answer = booked.json() as { booking_number: string; total: number; pay_link_due_at: string; message: string; payment_method: string; payment_status: string };
    const token = await mailedToken(answer.booking_number);
    return { answer, token, email, body, amountPence: Math.round(choice.final_price * 100) };
  }

  async function mailedToken(bookingNumber: string): Promise<string> {
    const [mail] = await api.sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_pay_link' AND subject LIKE '%' || $1 || '%' ORDER BY id DESC LIMIT 1", [bookingNumber]);
    return /#token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
  }

  const bookingRow = async (bookingNumber: string) =>
    (await api.sql<Record<string, unknown>>('SELECT id, status, payment_status, payment_method, payment_intent_id, cancel_reason, cancel_note FROM bookings WHERE booking_number = $1', [bookingNumber]))[0];
  const charges = async (bookingId: unknown) =>
    api.sql<{ charge: string; intent_id: string; refunded_pence: number }>('SELECT charge, intent_id, refunded_pence FROM payments WHERE request_key = $1 ORDER BY intent_id', [`pay_link:${bookingId}`]);
  const sandboxCharged = async (bookingId: unknown) =>
    Number((await api.sql<{ n: string }>("SELECT count(*)::text AS n FROM sandbox_intents WHERE status = 'succeeded' AND metadata->>'pay_link_booking_id' = $1", [String(bookingId)]))[0].n);

  it('writes the booking held (not confirmed), mails the link with the exact text, and shows it on the board and in Needs action', async () => {
    const { answer, token, email, amountPence } = await takeByLink();
    const due = new Date(answer.pay_link_due_at);
    expect(answer).toMatchObject({ payment_method: 'card', payment_status: 'awaiting_payment', created: true });
    expect(answer.message).toBe(PHONE_BOOKING_MESSAGES.heldForLink(answer.booking_number, londonMoment(due)));
    // The default limit: a day from now (the pick-up is days ahead).
    expect(Math.abs(due.getTime() - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    expect(await bookingRow(answer.booking_number)).toMatchObject({ status: 'awaiting_payment', payment_status: 'awaiting_payment', payment_method: 'card', payment_intent_id: null });

    const mails = await api.sql<{ kind: string; to_address: string; subject: string; text_body: string }>('SELECT kind, to_address, subject, text_body FROM mail_outbox WHERE to_address LIKE $1 ORDER BY id', [`%<${email}>`]);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking_pay_link']);
    const [mail] = mails;
    expect(mail.subject).toBe(`Pay for booking ${answer.booking_number} — Westway Cars`);
    const [row] = await api.sql<Record<string, string>>('SELECT pick_up_address, drop_off_address, pick_up_date::text AS date, pick_up_time, vehicle_category, company_name FROM bookings WHERE booking_number = $1', [answer.booking_number]);
    const amount = `£${(amountPence / 100).toFixed(2)}`;
    expect(mail.text_body).toBe(
      [
        'Your booking is waiting for payment',
        '',
        'Hello Lena Link,',
        '',
        `Thank you for booking with us by phone. Please pay ${amount} by card to confirm it:`,
        '',
        `Booking number:       ${answer.booking_number}`,
        `Pick-up:              ${row.pick_up_address}`,
        `Drop-off:             ${row.drop_off_address}`,
        `Date and time:        ${row.date.split('-').reverse().join('-')} ${row.pick_up_time}`,
        `Vehicle:              1 × ${row.vehicle_category} (${row.company_name})`,
        'Passengers:           2',
        'Passenger:            Lena Link, 07700 900123',
        `Payment:              Pay by Card: ${amount}`,
        `Pay for your booking: ${provider.config.publicUrl}/pay-booking#token=${token}`,
        '',
        `Please pay by ${londonMoment(due)} (London time). Until then we hold the booking for you; if it is not paid by then, it is cancelled.`,
        '',
        'Once you have paid, we send your confirmation with a link to manage the booking. You can also reply to this e-mail or call us.',
        '',
        '— Westway Cars',
        '',
      ].join('\n'),
    );
    // Only the token's SHA-256 is stored.
    const [link] = await api.sql<{ token_hash: Buffer }>('SELECT token_hash FROM booking_pay_links l JOIN bookings b ON b.id = l.booking_id WHERE b.booking_number = $1', [answer.booking_number]);
    expect(Buffer.from(link.token_hash).toString('hex')).not.toContain(Buffer.from(token).toString('hex'));

    const board = await api.as(dispatcher, 'GET', `bookings/${answer.booking_number}`);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.body).toContain('awaiting_payment');
    const queue = await api.as(dispatcher, 'GET', 'needs-action');
    expect(queue.statusCode, queue.body).toBe(200);
    const item = (queue.json().items as { booking: { booking_number: string }; reasons: { code: string; text: string }[] }[]).find((entry) => entry.booking.booking_number === answer.booking_number);
    expect(item?.reasons.map((reason) => reason.code)).toEqual(['awaiting_payment']);

    const view = await post('pay-booking', { token });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ success: true, booking_number: answer.booking_number, status: 'awaiting_payment', amount: amountPence / 100, due_at: due.toISOString(), trip: { pickup: row.pick_up_address, passengers: 2, passenger_name: 'Lena Link' } });
  });

  it('20 concurrent pays and a double click charge the card once; the booking is confirmed with the usual confirmation and the board told', async () => {
    const { answer, token, email } = await takeByLink();
    const { id } = await bookingRow(answer.booking_number);
    const pays = await Promise.all(Array.from({ length: 20 }, (_, index) => post('pay-booking/pay', { token, payment_method_id: index % 2 ? 'pm_card_visa' : 'pm_card_mastercard' })));
    const statuses = pays.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 200 || status === 409), statuses.join(',')).toBe(true);
    for (const refused of pays.filter((response) => response.statusCode === 409)) expect([PAY_LINK_MESSAGES.alreadyPaid, PAY_LINK_MESSAGES.inProgress]).toContain(refused.json().message);
    expect(pays.find((response) => response.statusCode === 200)!.json()).toMatchObject({ result: 'paid', message: PAY_LINK_MESSAGES.paid(answer.booking_number) });
    expect(await sandboxCharged(id)).toBe(1);
    expect((await charges(id)).filter((payment) => payment.charge === 'succeeded')).toHaveLength(1);
    const row = await bookingRow(answer.booking_number);
    expect(row).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect((await charges(id)).find((payment) => payment.charge === 'succeeded')!.intent_id).toBe(row.payment_intent_id);

    // A retry (a lost answer, a double click) answers paid again or already paid, and charges nothing more.
    const again = await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: PAY_LINK_MESSAGES.alreadyPaid, code: 'pay_link_paid' });
    const retried = await post('pay-booking/pay', { token, payment_intent_id: row.payment_intent_id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await sandboxCharged(id)).toBe(1);

    const mails = await api.sql<{ kind: string; subject: string; text_body: string }>('SELECT kind, subject, text_body FROM mail_outbox WHERE to_address LIKE $1 ORDER BY id', [`%<${email}>`]);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking_pay_link', 'booking_confirmation']);
    expect(mails[1].subject).toBe(`Booking ${answer.booking_number} confirmed — Westway Cars`);
    expect(mails[1].text_body).toContain(`Manage your booking: ${provider.config.publicUrl}/manage-booking?token=`);
    expect(mails[1].text_body).toContain('Payment:             Pay by Card: £');
    const view = await post('pay-booking', { token });
    expect(view.json().status).toBe('paid');
  });

  it('3-D Secure: the sandbox challenge completes the payment once; a decline frees the slot for another card', async () => {
    const { answer, token } = await takeByLink();
    const { id } = await bookingRow(answer.booking_number);
    const declined = await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toMatch(/^Your card was not charged\./);
    const challenged = await post('pay-booking/pay', { token, payment_method_id: 'pm_card_authenticationRequired' });
    expect(challenged.statusCode, challenged.body).toBe(200);
    expect(challenged.json()).toMatchObject({ result: 'requires_action', client_secret: expect.any(String) });
    const intentId = challenged.json().payment_intent_id as string;
    // Another card meanwhile waits: one charge at a time.
    expect((await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa' })).statusCode).toBe(409);
    const done = await post('pay-booking/authenticate', { token, payment_intent_id: intentId, outcome: 'complete' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().result).toBe('paid');
    expect((await post('pay-booking/pay', { token, payment_intent_id: intentId })).json().result).toBe('paid');
    expect(await sandboxCharged(id)).toBe(1);
    expect(await bookingRow(answer.booking_number)).toMatchObject({ status: 'confirmed', payment_intent_id: intentId });
  });

  it('past its limit the sweep releases the booking once (two sweeps at once), mails the passenger and refuses a payment before money moves', async () => {
    const { answer, token, email } = await takeByLink();
    const { id } = await bookingRow(answer.booking_number);
    await api.sql("UPDATE booking_pay_links SET due_at = now() - interval '1 minute' WHERE booking_id = $1", [id]);
    // Before the sweep: refused already, nothing charged.
    const early = await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa' });
    expect(early.statusCode).toBe(410);
    expect(early.json().message).toBe(PAY_LINK_MESSAGES.released);
    expect((await post('pay-booking', { token })).json()).toMatchObject({ success: true, booking_number: answer.booking_number, status: 'released' });
    const released = await Promise.all([provider.payLinks.releaseDue(), provider.payLinks.releaseDue()]);
    expect(released[0] + released[1]).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(answer.booking_number)).toMatchObject({ status: 'cancelled', cancel_reason: 'payment_problem', cancel_note: 'Payment link expired unpaid' });
    const mails = await api.sql<{ kind: string; subject: string }>('SELECT kind, subject FROM mail_outbox WHERE to_address LIKE $1 ORDER BY id', [`%<${email}>`]);
    expect(mails).toEqual([
      { kind: 'booking_pay_link', subject: expect.any(String) },
      { kind: 'booking_pay_link_released', subject: `Booking ${answer.booking_number} cancelled: not paid in time — Westway Cars` },
    ]);
    const late = await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa' });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ success: false, code: 'gone', message: PAY_LINK_MESSAGES.released });
    expect(await charges(id)).toEqual([]);
    // Released: the page's view says so (not the office's general cancelled).
    const view = await post('pay-booking', { token });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ success: true, booking_number: answer.booking_number, status: 'released' });
    expect(await provider.payLinks.releaseDue()).toBe(0);
  });

  it('a charge the processor took after the release is refunded in full', async () => {
    const { answer, token } = await takeByLink();
    const { id } = await bookingRow(answer.booking_number);
    // The card is being authenticated (3-D Secure) when the limit passes and the office cancels the booking.
    const challenged = await post('pay-booking/pay', { token, payment_method_id: 'pm_card_authenticationRequired' });
    expect(challenged.json().result).toBe('requires_action');
    await api.sql("UPDATE booking_pay_links SET due_at = now() - interval '1 minute' WHERE booking_id = $1", [id]);
    // A charge under way holds the release back (the next sweep looks again).
    expect(await provider.payLinks.releaseDue()).toBe(0);
    await api.sql("UPDATE payments SET updated_at = now() - interval '10 minutes' WHERE request_key = $1", [`pay_link:${id}`]);
    expect(await provider.payLinks.releaseDue()).toBe(1);
    const done = await post('pay-booking/authenticate', { token, payment_intent_id: challenged.json().payment_intent_id, outcome: 'complete' });
    expect(done.statusCode).toBe(410);
    expect(done.json().code).toBe('pay_link_refunded');
    expect(done.json().message).toMatch(/^This booking had already been cancelled when your payment arrived: the £\d+\.\d\d is refunded to your card in full\.$/);
    const [payment] = await charges(id);
    const [sandbox] = await api.sql<{ amount: number; amount_refunded: number }>('SELECT amount, amount_refunded FROM sandbox_intents WHERE id = $1', [payment.intent_id]);
    expect(sandbox.amount_refunded).toBe(sandbox.amount);
    expect(Number(payment.refunded_pence)).toBe(sandbox.amount);
    expect(await bookingRow(answer.booking_number)).toMatchObject({ status: 'cancelled' });
  });

  it('the office may cancel a held booking (its only dispatch event); a payment after that is refused before money moves', async () => {
    const { answer, token } = await takeByLink();
    const accept = await api.as(dispatcher, 'POST', `bookings/${answer.booking_number}/dispatch`, { event: 'accept', revision: 0 });
    expect(accept.statusCode).toBe(409);
    const cancelled = await api.as(dispatcher, 'POST', `bookings/${answer.booking_number}/dispatch`, { event: 'cancel', reason: 'passenger_request', revision: 0 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: PAY_LINK_MESSAGES.cancelled, code: 'pay_link_cancelled' });
    expect((await post('pay-booking', { token })).json()).toMatchObject({ success: true, status: 'cancelled' });
    const { id } = await bookingRow(answer.booking_number);
    expect(await charges(id)).toEqual([]);
    expect((await api.as(dispatcher, 'POST', `phone-bookings/${answer.booking_number}/pay-link`)).statusCode).toBe(409);
  });

  it('the console resends the link: a new token works, the old one is dead, the same limit', async () => {
    const { answer, token } = await takeByLink();
    const resent = await api.as(dispatcher, 'POST', `phone-bookings/${answer.booking_number}/pay-link`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ success: true, message: expect.stringMatching(/^A new payment link is on its way to link\.\d+@example\.test\. The old link no longer works\.$/), due_at: answer.pay_link_due_at });
    const fresh = await mailedToken(answer.booking_number);
    expect(fresh).not.toBe(token);
    expect((await post('pay-booking', { token })).statusCode).toBe(404);
    expect((await post('pay-booking', { token: fresh })).json().status).toBe('awaiting_payment');
    const audit = await api.sql<{ action: string }>("SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id", [answer.booking_number]);
    expect(audit.map((entry) => entry.action)).toEqual(['booking.phone_booking', 'booking.pay_link_resent']);
    // Paid: nothing to resend.
    expect((await post('pay-booking/pay', { token: fresh, payment_method_id: 'pm_card_visa' })).statusCode).toBe(200);
    const paid = await api.as(dispatcher, 'POST', `phone-bookings/${answer.booking_number}/pay-link`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ message: PAY_LINK_MESSAGES.alreadyPaid, code: 'pay_link_paid' });
    expect((await api.as(dispatcher, 'POST', 'phone-bookings/CF-ZZZZZZZZ/pay-link')).statusCode).toBe(404);
  });

  it('refuses another site, a wrong or malformed token, a NUL byte, a huge body and unknown fields, writing nothing', async () => {
    const { answer, token } = await takeByLink();
    const other = await api.otherSite('Pay Link Cars');
    expect((await post('pay-booking', { token }, other.headers)).statusCode).toBe(404);
    expect((await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa' }, other.headers)).statusCode).toBe(404);
    const otherConsole = await api.as(other.owner, 'POST', `phone-bookings/${answer.booking_number}/pay-link`, undefined, other.headers);
    expect(otherConsole.statusCode).toBe(404);
    const wrong = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    const unknown = await post('pay-booking', { token: wrong });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'not_found', message: PAY_LINK_MESSAGES.unknown });
    for (const bad of [`${token.slice(0, 42)}\u0000`, 'short', `${token}x`, '']) {
      const refused = await post('pay-booking', { token: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    expect((await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa\u0000' })).statusCode).toBe(400);
    expect((await post('pay-booking/pay', { token })).statusCode).toBe(400);
    expect((await post('pay-booking/pay', { token, payment_method_id: 'pm_card_visa', payment_intent_id: 'pi_x' })).statusCode).toBe(400);
    expect((await post('pay-booking', { token, amount: 1 })).statusCode).toBe(400);
    const huge = await post('pay-booking/pay', { token, payment_method_id: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
    const strange = await post('pay-booking/pay', { token, payment_intent_id: 'pi_sandbox_not_ours' });
    expect(strange.statusCode).toBe(404);
    const { id } = await bookingRow(answer.booking_number);
    expect(await charges(id)).toEqual([]);
    expect(await bookingRow(answer.booking_number)).toMatchObject({ status: 'awaiting_payment' });
    // Without the site's keys: no answer about any booking.
    expect((await post('pay-booking', { token }, {})).statusCode).toBe(401);
  });

  it('refuses a link when the pick-up is too soon for one, writing nothing', async () => {
    await api.sql("INSERT INTO settings (site_id, setting_name, setting_value) VALUES (1, 'PAY_LINK_MINUTES', '1440') ON CONFLICT (site_id, setting_name) DO UPDATE SET setting_value = '1440'");
    const soon = new Date(Date.now() + 70 * 60_000);
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hour12: false }).format(soon);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(soon);
    const priced = await api.as(dispatcher, 'POST', 'phone-bookings/price', { ...trip, pickup_date: date, pickup_time: clock });
    if (priced.statusCode !== 200) return; // the operator's grace time refuses so near a pick-up: nothing to book then either
    const choice = priced.json().options[0];
    const before = await api.sql<{ n: string }>('SELECT count(*)::text AS n FROM bookings');
    const refused = await api.as(dispatcher, 'POST', 'phone-bookings', {
      quote_id: priced.json().quote_id,
      vehicle_id: choice.vehicle_id,
      company_id: choice.company_id,
      passenger: { name: 'Late Caller', email: 'late@example.test', phone: '07700 900124' },
      payment: 'link',
      booking_key: `link-soon-${Date.now()}`,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(PAY_LINK_MESSAGES.tooSoon);
    expect(await api.sql<{ n: string }>('SELECT count(*)::text AS n FROM bookings')).toEqual(before);
  });
});
