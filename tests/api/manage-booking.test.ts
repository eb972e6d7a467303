import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { bookingPayload, countRows, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 18, first part: who gets in to manage a booking (a mailed link, or a corporate passenger's own booking),
 * cancelling before the owner's cut-off with exactly one refund, and the calendar file.
 */

const PHONE = '020 7946 0321';
const CALL = `Please call Westway Cars on ${PHONE}.`;
const LINK_INVALID = 'This link is not valid. Please open the link in your confirmation e-mail again.';
const TOKEN_IN_MAIL = /Manage your booking: +(http:\/\/localhost:8080\/manage-booking\?token=([A-Za-z0-9_-]{43}))\n/;
const DAY_MS = 86_400_000;

type Provider = TestProvider;

const londonWallClock = (at: Date) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const hour = Number(parts.hour);
  return { dmy: `${parts.day}-${parts.month}-${parts.year}`, ymd: `${parts.year}-${parts.month}-${parts.day}`, time12: `${hour % 12 || 12}:${parts.minute}${hour < 12 ? 'am' : 'pm'}`, compact: `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}00` };
};

describe(`managing a booking on ${testDatabaseKind}`, () => {
  let provider: Provider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown, headers: Record<string, string> = KEY_HEADERS) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload: payload as object });
  const admin = (method: 'POST' | 'PUT', url: string, payload?: unknown) =>
    provider.fastify.inject({ method, url: `/api/admin/${url}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);

  /** The passenger's confirmation mail, and the manage link's address and token in it. */
  async function confirmationOf(email: string) {
    const [mail] = await sql<{ id: string; text_body: string; html_body: string; attachments: unknown }>(
      "SELECT id, text_body, html_body, attachments FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1",
      [`%<${email}>`],
    );
    const match = TOKEN_IN_MAIL.exec(mail.text_body);
    if (!match) throw new Error(`no manage link in: ${mail.text_body}`);
    return { mail, url: match[1], token: match[2] };
  }

  async function bookInCar(email: string, form: Record<string, unknown> = {}) {
    const { form: trip, row } = await quoteFor(provider, form);
    const response = await post('booking', bookingPayload(trip, row, { registrationData: { ...guestRegistration, email } }));
    expect(response.statusCode).toBe(200);
    return { booking: response.json(), ...(await confirmationOf(email)) };
  }

  async function bookByCard(email: string) {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
    const amount = Math.round(row.final_price * 100);
    const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
    const confirmed = (await post('confirm-payment-intent', { paymentIntentId })).json();
    expect(confirmed.status).toBe('succeeded');
    return { bookingNumber: confirmed.booking_number as string, amount, intentId: paymentIntentId as string, ...(await confirmationOf(email)) };
  }

  const bookingRow = async (bookingNumber: string) =>
    (await sql<{ id: string; status: string; revision: number; cancelled_by: string | null; cancellation_fee_pence: number | null }>(
      'SELECT id, status, revision, cancelled_by, cancellation_fee_pence FROM bookings WHERE booking_number = $1',
      [bookingNumber],
    ))[0];
  const refundsOf = (intentId: string) => sql<{ amount_pence: number; reason: string; status: string }>('SELECT amount_pence, reason, status FROM refunds WHERE intent_id = $1', [intentId]);
  const sandboxRefunded = async (intentId: string) => ({
    refunds: (await sql('SELECT amount FROM sandbox_refunds WHERE intent_id = $1', [intentId])).map((row) => Number(row.amount)),
    amountRefunded: Number((await sql<{ amount_refunded: number }>('SELECT amount_refunded FROM sandbox_intents WHERE id = $1', [intentId]))[0].amount_refunded),
  });
  const cancellationMailsOf = (bookingNumber: string) =>
    sql<{ kind: string; to_address: string; text_body: string }>("SELECT kind, to_address, text_body FROM mail_outbox WHERE kind LIKE 'booking_cancelled%' AND subject LIKE $1 ORDER BY kind", [
      `%${bookingNumber}%`,
    ]);

  it('the confirmation mail carries a "Manage your booking" link and the .ics; the link opens the booking as the confirmation shows it', async () => {
    const { booking, mail, url, token } = await bookInCar('manage.view@example.test');
    expect(url).toBe(`http://localhost:8080/manage-booking?token=${token}`);
    expect(mail.html_body).toContain(url);
    const bookingNumber = booking.data.booking.booking_number;
    expect(mail.attachments).toEqual([
      { filename: `booking-${bookingNumber}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: expect.stringContaining(`UID:${bookingNumber}-pickup@cabflow\r\n`) },
    ]);
    // As delivered (the outbox adapter's .eml): the calendar file is an attachment of the message.
    await provider.mail.flush();
    const outbox = path.join(provider.config.dataDir, 'outbox');
    const eml = readFileSync(path.join(outbox, readdirSync(outbox).find((name) => name.startsWith(`1-${String(mail.id).padStart(6, '0')}-booking_confirmation`))!), 'utf8');
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH;?\s+name=booking-CF-\w{8}\.ics/);
    expect(eml).toMatch(new RegExp(`Content-Disposition: attachment;\\s+filename=booking-${bookingNumber}\\.ics`));
    // The operator's notice has no link: it is the passenger's.
    const [notice] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_notice' AND subject LIKE $1", [`%${bookingNumber}%`]);
    expect(notice.text_body).not.toContain('manage-booking');

    const response = await post('manage-booking', { token });
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.data).toEqual(booking.data);
    const [stored] = await sql<{ pick_up_at: Date }>('SELECT pick_up_at FROM bookings WHERE booking_number = $1', [bookingNumber]);
    const pickupAt = new Date(stored.pick_up_at);
    const cutoff = londonWallClock(new Date(pickupAt.getTime() - 120 * 60_000));
    expect(view).toEqual({
      success: true,
      data: booking.data,
      status: 'confirmed',
      status_label: 'Confirmed',
      driver: null,
      flight: null,
      // Issue 33: no live view before a driver is on the way.
      live: null,
      // Issue 32: no waiting time or extras before the driver completes the job with some.
      extras: null,
      revision: 0,
      cancellation: {
        allowed: true,
        refusal: null,
        cutoff_minutes: 120,
        cutoff_at: new Date(pickupAt.getTime() - 120 * 60_000).toISOString(),
        cutoff_date: cutoff.ymd,
        cutoff_time: cutoff.time12,
        fee: 0,
        refund: null,
      },
      cancelled: null,
      operator_phone: PHONE,
      link_expires_at: new Date(pickupAt.getTime() + 14 * DAY_MS).toISOString(),
      change: { allowed: true, refusal: null, as_request: false, addresses: false, trip_options: true, current: expect.objectContaining({ passengers: 2 }) },
      change_requests: [],
    });
    // Only the token's SHA-256 is kept.
    const links = await sql<{ token_hash: Uint8Array }>('SELECT l.token_hash FROM booking_manage_links l JOIN bookings b ON b.id = l.booking_id WHERE b.booking_number = $1', [bookingNumber]);
    expect(links).toHaveLength(1);
    expect(Buffer.from(links[0].token_hash).toString('hex')).toHaveLength(64);
    expect(JSON.stringify(await sql('SELECT * FROM booking_manage_links'))).not.toContain(token);
  });

  it("shows the status from the operator's side: accepted, driver assigned (first name and vehicle), completed", async () => {
    const { booking, token } = await bookInCar('manage.status@example.test');
    const bookingNumber = booking.data.booking.booking_number;
    const statusNow = async () => {
      const view = (await post('manage-booking', { token })).json();
      return { status: view.status, status_label: view.status_label, driver: view.driver };
    };
    await sql("UPDATE bookings SET status = 'accepted' WHERE booking_number = $1", [bookingNumber]);
    expect(await statusNow()).toEqual({ status: 'accepted', status_label: 'Accepted by the operator', driver: null });
    await sql("UPDATE bookings SET status = 'driver_assigned', driver_name = 'Tomasz Nowak-Smith', vehicle_registration = 'LX71 ABC' WHERE booking_number = $1", [bookingNumber]);
    expect(await statusNow()).toEqual({ status: 'driver_assigned', status_label: 'Driver assigned', driver: { first_name: 'Tomasz', vehicle_registration: 'LX71 ABC', vehicle: null } });
    await sql("UPDATE bookings SET status = 'completed' WHERE booking_number = $1", [bookingNumber]);
    expect(await statusNow()).toEqual({ status: 'completed', status_label: 'Completed', driver: { first_name: 'Tomasz', vehicle_registration: 'LX71 ABC', vehicle: null } });

    const refused = await post('manage-booking/cancel', { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: `This booking has been completed and can no longer be cancelled. ${CALL}`, code: 'not_cancellable', operator_phone: PHONE });
    expect((await bookingRow(bookingNumber)).status).toBe('completed');
  });

  it("refuses a link for another booking, another site's key pair, a forged token and a malformed one", async () => {
    const first = await bookInCar('manage.first@example.test');
    const second = await bookInCar('manage.second@example.test');
    const secondNumber = second.booking.data.booking.booking_number;

    const wrongBooking = await post('manage-booking/cancel', { token: first.token, booking_number: secondNumber });
    expect(wrongBooking.statusCode).toBe(403);
    expect(wrongBooking.json()).toEqual({ success: false, message: 'This link is for another booking.', code: 'wrong_booking', operator_phone: PHONE });
    expect((await post('manage-booking', { token: first.token, booking_number: first.booking.data.booking.booking_number })).statusCode).toBe(200);

    const created = await admin('POST', 'sites', { name: 'Northern Cabs', hosts: ['book.northerncabs.test'] });
    const site = created.json().site;
    const otherSite = await post('manage-booking', { token: first.token }, { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key });
    expect(otherSite.statusCode).toBe(401);
    expect(otherSite.json()).toEqual({ success: false, message: LINK_INVALID, code: 'link_invalid', operator_phone: null });

    const flipped = `${first.token.slice(0, -1)}${first.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [flipped, 'A'.repeat(43), 'aGVsbG8td29ybGQtdGhpcy1pcy1ub3QtYS10b2tlbi0']) {
      const forged = await post('manage-booking/cancel', { token });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ success: false, message: LINK_INVALID, code: 'link_invalid', operator_phone: PHONE });
    }

    const malformed = await post('manage-booking', { token: first.token.slice(0, 20) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: `token: ${LINK_INVALID}`, code: 'invalid_input' });
    const none = await post('manage-booking', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ success: false, message: 'Open the link in your confirmation e-mail, or sign in to your corporate account.', code: 'invalid_input' });
    expect(await bookingRow(first.booking.data.booking.booking_number)).toMatchObject({ status: 'confirmed', revision: 0 });
    expect(await bookingRow(secondNumber)).toMatchObject({ status: 'confirmed', revision: 0 });
  });

  it('refuses a link 14 days after the trip, with the operator\'s phone', async () => {
    const { booking, token } = await bookInCar('manage.expired@example.test');
    const bookingNumber = booking.data.booking.booking_number;
    await sql("UPDATE bookings SET pick_up_at = now() - interval '14 days' + interval '1 minute' WHERE booking_number = $1", [bookingNumber]);
    expect((await post('manage-booking', { token })).statusCode).toBe(200);
    await sql("UPDATE bookings SET pick_up_at = now() - interval '14 days' - interval '1 second' WHERE booking_number = $1", [bookingNumber]);
    for (const call of ['manage-booking', 'manage-booking/cancel', 'manage-booking/calendar']) {
      const expired = await post(call, { token });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ success: false, message: `This link has expired. ${CALL}`, code: 'link_expired', operator_phone: PHONE });
    }
    expect((await bookingRow(bookingNumber)).status).toBe('confirmed');
  });

  it("the operator revokes a booking's links (console API): they are refused from then on, and nothing else changes", async () => {
    const { booking, token } = await bookInCar('manage.revoked@example.test');
    const bookingNumber = booking.data.booking.booking_number;
    expect((await post('manage-booking', { token })).statusCode).toBe(200);

    const unauthorised = await provider.fastify.inject({ method: 'POST', url: `/api/admin/bookings/${bookingNumber}/revoke-manage-links`, headers: { authorization: 'Bearer wrong' } });
    expect(unauthorised.statusCode).toBe(401);
    expect((await post('manage-booking', { token })).statusCode).toBe(200);

    const revoked = await admin('POST', `bookings/${bookingNumber}/revoke-manage-links`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true, booking_number: bookingNumber, revoked: 1 });
    for (const call of ['manage-booking', 'manage-booking/cancel', 'manage-booking/calendar']) {
      const refused = await post(call, { token });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ success: false, message: `This link is no longer active. ${CALL}`, code: 'link_revoked', operator_phone: PHONE });
    }
    expect((await admin('POST', `bookings/${bookingNumber}/revoke-manage-links`)).json()).toEqual({ success: true, booking_number: bookingNumber, revoked: 0 });
    const unknown = await admin('POST', 'bookings/CF-NOSUCH22/revoke-manage-links');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'No booking CF-NOSUCH22 on this site', code: 'not_found' });
    expect(await bookingRow(bookingNumber)).toMatchObject({ status: 'confirmed', revision: 0 });
  });

  it('twenty cancels at once of a card booking before the cut-off: cancelled once, refunded once at the sandbox, two mails', async () => {
    const { bookingNumber, amount, intentId, token } = await bookByCard('manage.cancel.card@example.test');
    expect((await post('manage-booking', { token })).json().cancellation).toMatchObject({ allowed: true, fee: 0, refund: amount / 100 });

    const answers = await Promise.all(Array.from({ length: 20 }, () => post('manage-booking/cancel', { token })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const messages = answers.map((answer) => answer.json().message);
    expect(messages.filter((message) => message === 'Your booking has been cancelled.')).toHaveLength(1);
    expect(messages.filter((message) => message === 'This booking has already been cancelled.')).toHaveLength(19);

    expect(await bookingRow(bookingNumber)).toMatchObject({ status: 'cancelled', revision: 1, cancelled_by: 'passenger', cancellation_fee_pence: 0 });
    expect(await refundsOf(intentId)).toEqual([{ amount_pence: amount, reason: 'cancellation', status: 'succeeded' }]);
    expect(await sandboxRefunded(intentId)).toEqual({ refunds: [amount], amountRefunded: amount });
    expect((await sql<{ refunded_pence: number }>('SELECT refunded_pence FROM payments WHERE intent_id = $1', [intentId]))[0].refunded_pence).toBe(amount);

    const mails = await cancellationMailsOf(bookingNumber);
    expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ['booking_cancelled', '"Jane Doe" <manage.cancel.card@example.test>'],
      ['booking_cancelled_notice', 'bookings@westwaycars.test'],
    ]);
    expect(mails[0].text_body).toContain(`£${(amount / 100).toFixed(2)} back to the card you paid with.`);

    const view = (await post('manage-booking', { token })).json();
    expect(view).toMatchObject({
      status: 'cancelled',
      status_label: 'Cancelled',
      revision: 1,
      cancellation: { allowed: false, refusal: 'This booking has already been cancelled.' },
      cancelled: { by: 'passenger', fee: 0, refund: { amount: amount / 100, status: 'succeeded' } },
    });
    // Again later: still one refund, no new mail.
    expect((await post('manage-booking/cancel', { token })).json().message).toBe('This booking has already been cancelled.');
    expect(await sandboxRefunded(intentId)).toEqual({ refunds: [amount], amountRefunded: amount });
    expect(await cancellationMailsOf(bookingNumber)).toHaveLength(2);
  });

  it("a cancellation fee the owner sets is kept: the rest of the card payment is refunded", async () => {
    expect((await admin('PUT', 'settings', { CANCELLATION_FEE: '5' })).statusCode).toBe(200);
    try {
      const { bookingNumber, amount, intentId, token } = await bookByCard('manage.cancel.fee@example.test');
      expect((await post('manage-booking', { token })).json().cancellation).toMatchObject({ allowed: true, fee: 5, refund: (amount - 500) / 100 });
      const cancelled = await post('manage-booking/cancel', { token });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ message: 'Your booking has been cancelled.', cancelled: { by: 'passenger', fee: 5, refund: { amount: (amount - 500) / 100, status: 'succeeded' } } });
      expect(await bookingRow(bookingNumber)).toMatchObject({ status: 'cancelled', cancellation_fee_pence: 500 });
      expect(await refundsOf(intentId)).toEqual([{ amount_pence: amount - 500, reason: 'cancellation', status: 'succeeded' }]);
      expect(await sandboxRefunded(intentId)).toEqual({ refunds: [amount - 500], amountRefunded: amount - 500 });
      const [passengerMail] = await cancellationMailsOf(bookingNumber);
      expect(passengerMail.text_body).toContain(`£${((amount - 500) / 100).toFixed(2)} back to the card you paid with (a cancellation fee of £5.00 is kept).`);
    } finally {
      await admin('PUT', 'settings', { CANCELLATION_FEE: '0' });
    }
  });

  it("after the cut-off: refused with the reason and the operator's phone, and nothing changes", async () => {
    const { bookingNumber, intentId, token } = await bookByCard('manage.cutoff@example.test');
    // Pick-up in an hour: the default cut-off (two hours before) has passed.
    const pickupAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60 * 60_000);
    await sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [bookingNumber, pickupAt]);
    const cutoff = londonWallClock(new Date(pickupAt.getTime() - 120 * 60_000));
    const message = `Bookings can be cancelled online until 2 hours before pick-up (${cutoff.time12} on ${cutoff.dmy}). To cancel now, please call Westway Cars on ${PHONE}.`;
    const mailsBefore = await countRows(provider, 'mail_outbox');

    expect((await post('manage-booking', { token })).json().cancellation).toMatchObject({ allowed: false, refusal: message });
    const refused = await post('manage-booking/cancel', { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message, code: 'cutoff_passed', operator_phone: PHONE });
    expect(await bookingRow(bookingNumber)).toMatchObject({ status: 'confirmed', revision: 0, cancelled_by: null });
    expect(await refundsOf(intentId)).toEqual([]);
    expect(await sandboxRefunded(intentId)).toEqual({ refunds: [], amountRefunded: 0 });
    expect(await countRows(provider, 'mail_outbox')).toBe(mailsBefore);
  });

  it('a pay-in-car booking is cancelled with nothing to refund', async () => {
    const { booking, token } = await bookInCar('manage.cancel.car@example.test');
    const bookingNumber = booking.data.booking.booking_number;
    const refundsBefore = await countRows(provider, 'refunds');
    const cancelled = await post('manage-booking/cancel', { token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Your booking has been cancelled.', status: 'cancelled', cancelled: { by: 'passenger', fee: 0, refund: null } });
    expect(await countRows(provider, 'refunds')).toBe(refundsBefore);
    const mails = await cancellationMailsOf(bookingNumber);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking_cancelled', 'booking_cancelled_notice']);
    expect(mails[0].text_body).toContain('Nothing to refund: the fare was to be paid to the driver.');
  });

  it('the .ics: a Europe/London pick-up at 08:00 in July opens at 08:00 London time', async () => {
    const { booking, token } = await bookInCar('manage.calendar@example.test', { pickup_date: '2027-07-15', pickup_hour: '8am', pickup_min: '00' });
    const bookingNumber = booking.data.booking.booking_number;
    const [stored] = await sql<{ pick_up_at: Date }>('SELECT pick_up_at FROM bookings WHERE booking_number = $1', [bookingNumber]);
    expect(new Date(stored.pick_up_at).toISOString()).toBe('2027-07-15T07:00:00.000Z');

    const response = await post('manage-booking/calendar', { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="booking-${bookingNumber}.ics"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(lines.filter((line) => line.startsWith('DTSTART'))).toEqual(['DTSTART:19700329T010000', 'DTSTART:19701025T020000', 'DTSTART;TZID=Europe/London:20270715T080000']);
    expect(`DTSTART;TZID=Europe/London:${londonWallClock(new Date(stored.pick_up_at)).compact}`).toBe('DTSTART;TZID=Europe/London:20270715T080000');
    expect(response.body).toContain('\r\nBEGIN:DAYLIGHT\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0100\r\nTZNAME:BST\r\nDTSTART:19700329T010000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n');
    expect(response.body).toContain(`\r\nUID:${bookingNumber}-pickup@cabflow\r\nSEQUENCE:0\r\n`);
    expect(response.body).toContain('\r\nSUMMARY:Taxi to The Savoy\\, Strand\\, London WC2R 0EZ (Westway Cars)\r\n');
    expect(response.body).toContain('\r\nLOCATION:Heathrow Airport Terminal 5\\, Hounslow TW6 2GA\r\n');
    expect(response.body).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(response.body).not.toContain(token);
    // The mailed file is the same event.
    const { mail } = await confirmationOf('manage.calendar@example.test');
    const mailed = (mail.attachments as { content: string }[])[0].content;
    expect(mailed.replace(/DTSTAMP:\w+/, '')).toBe(response.body.replace(/DTSTAMP:\w+/, ''));

    await post('manage-booking/cancel', { token });
    const cancelled = (await post('manage-booking/calendar', { token })).body;
    expect(cancelled).toContain(`\r\nUID:${bookingNumber}-pickup@cabflow\r\nSEQUENCE:1\r\n`);
    expect(cancelled).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it('a signed-in corporate passenger manages their own bookings by number, and no one else\'s', async () => {
    const login = (await post('check-passenger-login', { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password })).json();
    const bearer = { ...KEY_HEADERS, authorization: `Bearer ${login.access_token}` };
    const { form, row } = await quoteFor(provider);
    const own = await post('booking', bookingPayload(form, row, { selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } }));
    const ownNumber = own.json().data.booking.booking_number;
    const someoneElse = await bookInCar('manage.not.corporate@example.test');

    const view = await post('manage-booking', { booking_number: ownNumber }, bearer);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: 'confirmed', link_expires_at: null, data: { booking: { booking_number: ownNumber } } });

    const theirs = await post('manage-booking/cancel', { booking_number: someoneElse.booking.data.booking.booking_number }, bearer);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: 'This booking is not in your account.', code: 'not_your_booking', operator_phone: PHONE });
    const signedOut = await post('manage-booking', { booking_number: ownNumber }, { ...KEY_HEADERS, authorization: 'Bearer not-a-session-token-at-all' });
    expect(signedOut.statusCode).toBe(401);
    expect((await post('manage-booking', { booking_number: ownNumber })).statusCode).toBe(400);

    const cancelled = await post('manage-booking/cancel', { booking_number: ownNumber }, bearer);
    expect(cancelled.json()).toMatchObject({ message: 'Your booking has been cancelled.', status: 'cancelled' });
    expect((await bookingRow(someoneElse.booking.data.booking.booking_number)).status).toBe('confirmed');
  });

  it('a NUL byte or a huge body is refused with a 4xx and changes nothing', async () => {
    const { booking, token } = await bookInCar('manage.hostile@example.test');
    const withNul = await post('manage-booking/cancel', { token: `${token.slice(0, 20)}\u0000${token.slice(21)}` });
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json().success).toBe(false);
    const nulNumber = await post('manage-booking/cancel', { token, booking_number: 'CF-\u0000' });
    expect(nulNumber.statusCode).toBe(400);
    const huge = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/manage-booking/cancel',
      headers: { ...KEY_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify({ token, padding: 'x'.repeat(300 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    const notJson = await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking/cancel', headers: { ...KEY_HEADERS, 'content-type': 'application/json' }, payload: '{"token":' });
    expect(notJson.statusCode).toBe(400);
    const wrongType = await post('manage-booking/cancel', { token: [token] });
    expect(wrongType.statusCode).toBe(400);
    expect((await bookingRow(booking.data.booking.booking_number)).status).toBe('confirmed');
    const noKeys = await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking/cancel', payload: { token } });
    expect(noKeys.statusCode).toBe(401);
    expect((await bookingRow(booking.data.booking.booking_number)).status).toBe('confirmed');
  });
});
