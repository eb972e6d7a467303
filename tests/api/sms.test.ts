import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueBookingText, textSiteOf, type TextKind } from '../../server/domain/texts/texts.ts';
import { textWhen } from '../../server/domain/texts/bodies.ts';
import { runRetentionForAllSites } from '../../server/domain/retention/retention.ts';
import { countSegments } from '../../server/adapters/sms/index.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { startFakeTwilio, TWILIO_ERRORS, type FakeTwilio } from '../helpers/twilio.ts';

/**
 * Issue 33, text messages: the passenger's six texts reach a local fake of Twilio's Messages API (path, Basic auth,
 * form fields checked) with their exact words, each once however often or concurrently its event is processed;
 * Twilio's 5xx is retried and delivered once, its 4xx is a failure the console shows with the booking intact; a
 * number that is not a UK mobile gets nothing; the outbox adapter writes files; reminders go once across two
 * server processes and a restart on PostgreSQL.
 */
const HOUR = 3_600_000;
const TOKEN_LINK = /(http:\/\/localhost:8080\/manage-booking\?token=([A-Za-z0-9_-]{43}))$/;

describe(`text messages through Twilio on ${testDatabaseKind}`, () => {
  let twilio: FakeTwilio;
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let dispatcher: Signed;
  let template: string;
  let clock = Date.now();

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    provider = await startTestProvider({ env: twilio.env, now: () => new Date(clock) });
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    dispatcher = await api.dispatcher();
    template = await api.bookInCar('sms.template@example.test');
  });
  afterAll(async () => {
    await provider?.dispose();
    await twilio?.close();
  });

  const textsTo = (to: string) => twilio.delivered.filter((text) => text.to === to);
  const rowsOf = (bookingNumber: string) =>
    api.sql<{ kind: string; event_key: string; to_number: string; body: string; status: string; attempts: number; last_error: string | null; transport: string | null; provider_id: string | null }>(
      'SELECT o.kind, o.event_key, o.to_number, o.body, o.status, o.attempts, o.last_error, o.transport, o.provider_id FROM sms_outbox o JOIN bookings b ON b.site_id = o.site_id AND b.id = o.booking_id WHERE b.booking_number = $1 ORDER BY o.id',
      [bookingNumber],
    );
  const bookingOf = async (bookingNumber: string) => (await api.sql<{ id: string; status: string; pick_up_at: Date; site_id: number }>('SELECT id, status, pick_up_at, site_id FROM bookings WHERE booking_number = $1', [bookingNumber]))[0];
  /** The event processed again, straight through the domain: it must queue nothing. */
  async function replay(bookingNumber: string, kind: TextKind) {
    const booking = await bookingOf(bookingNumber);
    const site = (await provider.cache.sites()).find((candidate) => candidate.id === booking.site_id)!;
    const text = await textSiteOf(provider.cache, site, provider.config.publicUrl);
    return provider.db.transaction((tx) => queueBookingText(tx, text, Number(booking.id), kind));
  }
  let copies = 0;
  /** A copy of the template for `phone`, picked up at `pickupAt`. */
  async function copyFor(phone: string, pickupAt = new Date(clock + 2 * HOUR)): Promise<string> {
    const number = `CF-SMS${String(++copies).padStart(4, '0')}`;
    await api.copyBooking(template, { number, pickupAt, phone });
    return number;
  }
  async function onDuty(name: string): Promise<SignedDriver> {
    const driver = await app.newDriver(dispatcher, name);
    const vehicle = await app.newVehicle(dispatcher);
    expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle })).statusCode).toBe(200);
    return driver;
  }
  const step = (driver: Signed, number: string, name: string, key = randomUUID()) => app.as(driver, 'POST', `jobs/${number}/steps`, { step: name, idempotency_key: key });

  it('booking confirmed: one text with the manage link, to Twilio as a form with Basic auth; 20 identical submissions at once make one booking and one text', async () => {
    const { form, row } = await quoteFor(provider);
    const payload = bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'sms.confirmed@example.test', number: '07700 900101' } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: payload as object })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const numbers = new Set(answers.map((answer) => answer.json().data.booking.booking_number as string));
    expect(numbers.size).toBe(1);
    const [bookingNumber] = [...numbers];
    await provider.sms.flush();

    const booking = await bookingOf(bookingNumber);
    const texts = textsTo('+447700900101');
    expect(texts).toHaveLength(1);
    expect(texts[0].from).toBe(twilio.from);
    const link = TOKEN_LINK.exec(texts[0].body);
    expect(link, texts[0].body).not.toBeNull();
    expect(texts[0].body).toBe(`Westway Cars: booking ${bookingNumber} is confirmed for ${textWhen(new Date(booking.pick_up_at))} from Heathrow Airport Terminal 5, Hounslow TW6 2GA. Manage or cancel: ${link![1]}`);
    // The texted link is the mail's: it opens the booking.
    const mail = (await api.sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE '%sms.confirmed@%'"))[0];
    expect(mail.text_body).toContain(link![1]);
    expect((await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking', headers: KEY_HEADERS, payload: { token: link![2] } })).statusCode).toBe(200);

    // Exactly what went over the wire: the documented path, Basic auth and form fields.
    const request = twilio.requests.find((candidate) => candidate.form.To === '+447700900101')!;
    expect(request).toEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
      form: { To: '+447700900101', From: twilio.from, Body: texts[0].body },
    });
    expect(await rowsOf(bookingNumber)).toEqual([
      { kind: 'booking_confirmed', event_key: 'booking_confirmed', to_number: '+447700900101', body: texts[0].body, status: 'sent', attempts: 1, last_error: null, transport: 'twilio', provider_id: texts[0].sid },
    ]);
    expect(await replay(bookingNumber, 'booking_confirmed')).toBeNull();
    expect(countSegments(texts[0].body).segments).toBeLessThanOrEqual(2);
  });

  it('a landline, a foreign number or garbage gets no text; the booking and its mail are made as usual', async () => {
    for (const [email, number] of [
      ['sms.landline@example.test', '020 7946 0321'],
      ['sms.france@example.test', '+33 6 12 34 56 78'],
      ['sms.garbage@example.test', 'call me maybe'],
    ]) {
      const { form, row } = await quoteFor(provider);
      const answer = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row, { registrationData: { ...guestRegistration, email, number } }) as object });
      expect(answer.statusCode, answer.body).toBe(200);
      const bookingNumber = answer.json().data.booking.booking_number as string;
      expect(await rowsOf(bookingNumber)).toEqual([]);
      expect((await bookingOf(bookingNumber)).status).toBe('confirmed');
      expect(await api.sql("SELECT 1 FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`])).toHaveLength(1);
      // The driver's texts later: nothing either, and the dispatch goes through.
      expect((await api.as(dispatcher, 'POST', `bookings/${bookingNumber}/dispatch`, { event: 'cancel', reason: 'passenger_request' })).statusCode).toBe(200);
      expect(await rowsOf(bookingNumber)).toEqual([]);
    }
  });

  it('driver assigned, on the way (tracking link, ETA) and arrived: each once, whatever the replays and 20 concurrent taps; a new driver is a new assignment', async () => {
    const driver = await onDuty('Mohammed Khan');
    const number = await copyFor('+44 7700 900202');
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
    const offer = (await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId })).json().offer;
    const accepts = await Promise.all(Array.from({ length: 20 }, () => app.as(driver, 'POST', `offers/${offer.id}/accept`, app.tapBody())));
    expect(accepts.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    await provider.sms.flush();
    const vehicle = (await api.sql<{ assigned_vehicle: { registration: string } }>('SELECT assigned_vehicle FROM bookings WHERE booking_number = $1', [number]))[0].assigned_vehicle;
    const registration = (typeof vehicle === 'string' ? JSON.parse(vehicle) : vehicle).registration as string;
    const when = textWhen((await bookingOf(number)).pick_up_at);
    expect(textsTo('+447700900202').map((text) => text.body)).toEqual([`Westway Cars: your driver for booking ${number} at ${when} is Mohammed, Silver Toyota Prius, registration ${registration}.`]);

    // On the way from an hour before the pick-up, with the driver a few miles off: the ETA and a working tracking link.
    clock += HOUR + 60_000;
    expect((await app.as(driver, 'POST', 'positions', { lat: 51.481, lng: -0.4, accuracy_m: 10, recorded_at: new Date(clock).toISOString() })).json()).toMatchObject({ success: true });
    const key = randomUUID();
    const taps = await Promise.all(Array.from({ length: 20 }, (_, index) => step(driver, number, 'on_the_way', index < 10 ? key : randomUUID())));
    expect(taps.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    // The replay of that key answers as its first tap did (200 if it won, else the refusal: a tap with another key may win).
    expect(taps.slice(0, 10).map((answer) => answer.statusCode)).toContain((await step(driver, number, 'on_the_way', key)).statusCode);
    await provider.sms.flush();
    const onTheWay = textsTo('+447700900202').slice(1);
    expect(onTheWay).toHaveLength(1);
    const tracking = TOKEN_LINK.exec(onTheWay[0].body);
    expect(onTheWay[0].body).toMatch(new RegExp(`^Westway Cars: Mohammed is on the way in a Silver Toyota Prius, ${registration}, about \\d+ min away\\. Track your driver: http://localhost:8080/manage-booking\\?token=[A-Za-z0-9_-]{43}$`));
    const view = await provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking', headers: KEY_HEADERS, payload: { token: tracking![2] } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.body).toContain(number);

    const arrivals = await Promise.all(Array.from({ length: 20 }, () => step(driver, number, 'arrived')));
    expect(arrivals.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    await provider.sms.flush();
    expect(textsTo('+447700900202').slice(2).map((text) => text.body)).toEqual([`Westway Cars: Mohammed has arrived at Heathrow Airport Terminal 5, Hounslow TW6 2GA in a Silver Toyota Prius, ${registration}.`]);

    // Each event processed again queues nothing.
    for (const kind of ['driver_assigned', 'driver_on_the_way', 'driver_arrived'] as const) expect(await replay(number, kind)).toBeNull();
    expect((await rowsOf(number)).map((row) => [row.kind, row.status])).toEqual([
      ['driver_assigned', 'sent'],
      ['driver_on_the_way', 'sent'],
      ['driver_arrived', 'sent'],
    ]);

    // The office gives the job to another driver: that assignment is texted (and only once).
    const other = await app.newDriver(dispatcher, 'Aisha Patel');
    const otherVehicle = await app.newVehicle(dispatcher);
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'unassign' })).statusCode).toBe(200);
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'assign', driver_id: other.driverId, vehicle_id: otherVehicle })).statusCode).toBe(200);
    await provider.sms.flush();
    expect(textsTo('+447700900202').slice(3).map((text) => text.body)).toEqual([expect.stringMatching(new RegExp(`^Westway Cars: your driver for booking ${number} at ${when} is Aisha, Silver Toyota Prius, registration [A-Z0-9]+\\.$`))]);
    expect(await replay(number, 'driver_assigned')).toBeNull();
  });

  it('cancelled by the operator (20 clicks) or by the passenger through the texted link (20 taps): one text each', async () => {
    const byOffice = await copyFor('07700 900303', new Date(clock + 5 * HOUR));
    const clicks = await Promise.all(Array.from({ length: 20 }, () => api.as(dispatcher, 'POST', `bookings/${byOffice}/dispatch`, { event: 'cancel', reason: 'passenger_request' })));
    expect(clicks.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    await provider.sms.flush();
    const when = textWhen((await bookingOf(byOffice)).pick_up_at);
    expect(textsTo('+447700900303').map((text) => text.body)).toEqual([`Westway Cars: booking ${byOffice} for ${when} is cancelled. Questions? Call 020 7946 0321.`]);
    expect(await replay(byOffice, 'booking_cancelled')).toBeNull();

    const { form, row } = await quoteFor(provider);
    const made = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/booking',
      headers: KEY_HEADERS,
      payload: bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'sms.cancel@example.test', number: '+44 (0)7700 900304' } }) as object,
    });
    const bookingNumber = made.json().data.booking.booking_number as string;
    await provider.sms.flush();
    const token = TOKEN_LINK.exec(textsTo('+447700900304')[0].body)![2];
    const taps = await Promise.all(Array.from({ length: 20 }, () => provider.fastify.inject({ method: 'POST', url: '/api/v1/manage-booking/cancel', headers: KEY_HEADERS, payload: { token } })));
    expect(taps.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    await provider.sms.flush();
    expect(textsTo('+447700900304').map((text) => text.body.replace(/Manage or cancel: .*$/, '…'))).toEqual([
      expect.stringContaining(`booking ${bookingNumber} is confirmed`),
      `Westway Cars: booking ${bookingNumber} for ${textWhen((await bookingOf(bookingNumber)).pick_up_at)} is cancelled. Questions? Call 020 7946 0321.`,
    ]);
  });

  it('reminder: an hour before a pre-booked pick-up, once across 20 concurrent sweeps; not for a booking made late, cancelled, past, or switched off', async () => {
    const number = await copyFor('07700 900404', new Date(clock + 3 * HOUR));
    const late = await copyFor('07700 900405', new Date(clock + 3 * HOUR));
    await api.sql("UPDATE bookings SET created_at = pick_up_at - interval '30 minutes' WHERE booking_number = $1", [late]);
    const cancelled = await copyFor('07700 900406', new Date(clock + 3 * HOUR));
    expect((await api.as(dispatcher, 'POST', `bookings/${cancelled}/dispatch`, { event: 'cancel', reason: 'passenger_request' })).statusCode).toBe(200);

    const reminders = async () => (await api.sql<{ n: number }>("SELECT count(*)::int AS n FROM sms_outbox WHERE kind = 'reminder'"))[0].n;
    await provider.reminders.sweep();
    expect((await rowsOf(number)).map((row) => row.kind)).toEqual([]); // three hours ahead: not yet
    clock += 2 * HOUR + 60_000; // 59 minutes before the pick-up
    const before = await reminders();
    const sweeps = await Promise.all(Array.from({ length: 20 }, () => provider.reminders.sweep()));
    // Every reminder the 20 sweeps queued is a row of its own booking: none twice.
    expect(sweeps.reduce((sum, sweep) => sum + sweep.queued, 0)).toBe((await reminders()) - before);
    expect((await rowsOf(number)).map((row) => row.kind)).toEqual(['reminder']);
    expect((await rowsOf(late)).map((row) => row.kind)).toEqual([]);
    await provider.sms.flush();
    const reminder = textsTo('+447700900404');
    expect(reminder).toHaveLength(1);
    expect(reminder[0].body).toMatch(new RegExp(`^Westway Cars: reminder of your pick-up at ${textWhen((await bookingOf(number)).pick_up_at)} from Heathrow Airport Terminal 5, Hounslow TW6 2GA \\(booking ${number}\\)\\. Manage: http://localhost:8080/manage-booking\\?token=[A-Za-z0-9_-]{43}$`));
    expect(textsTo('+447700900405')).toEqual([]);
    expect(textsTo('+447700900406').map((text) => text.body)).toEqual([expect.stringContaining('is cancelled')]);
    expect(await replay(number, 'reminder')).toBeNull();

    // The owner's switch: off, no reminder; and none once the pick-up has passed.
    const owner = await api.owner();
    expect((await api.as(owner, 'PUT', 'settings', { SMS_REMINDER: 'disable' })).statusCode).toBe(200);
    const switchedOff = await copyFor('07700 900407', new Date(clock + 30 * 60_000));
    await api.sql("UPDATE bookings SET created_at = now() - interval '1 day' WHERE booking_number = $1", [switchedOff]);
    await provider.reminders.sweep();
    expect(await rowsOf(switchedOff)).toEqual([]);
    expect((await api.as(owner, 'PUT', 'settings', { SMS_REMINDER: 'enable' })).statusCode).toBe(200);
    clock += HOUR;
    await provider.reminders.sweep();
    expect(await rowsOf(switchedOff)).toEqual([]);
    await provider.sms.flush();
    expect(textsTo('+447700900407')).toEqual([]);
    clock -= HOUR;
  });

  it('each text is the owner’s to switch off', async () => {
    const owner = await api.owner();
    expect((await api.as(owner, 'PUT', 'settings', { SMS_BOOKING_CONFIRMED: 'disable', SMS_BOOKING_CANCELLED: 'disable' })).statusCode).toBe(200);
    const { form, row } = await quoteFor(provider);
    const made = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'sms.off@example.test', number: '07700 900505' } }) as object });
    const bookingNumber = made.json().data.booking.booking_number as string;
    expect((await api.as(dispatcher, 'POST', `bookings/${bookingNumber}/dispatch`, { event: 'cancel', reason: 'passenger_request' })).statusCode).toBe(200);
    expect(await rowsOf(bookingNumber)).toEqual([]);
    expect((await api.as(owner, 'PUT', 'settings', { SMS_BOOKING_CONFIRMED: 'enable', SMS_BOOKING_CANCELLED: 'enable' })).statusCode).toBe(200);
    const bad = await api.as(owner, 'PUT', 'settings', { SMS_REMINDER_MINUTES: '5' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'SMS_REMINDER_MINUTES: whole minutes from 10 to 1440']);
  });

  it('Twilio 500: kept, retried later and delivered once; Twilio 400 (invalid number): failed at once, shown in the console, the booking intact', async () => {
    let refusedOnce = false;
    twilio.answer = (request) => {
      if (request.form.To === '+447700900606' && !refusedOnce) {
        refusedOnce = true;
        return TWILIO_ERRORS.serverError();
      }
      if (request.form.To === '+447700900607') return TWILIO_ERRORS.invalidTo('+447700900607');
      return null;
    };
    const flaky = await copyFor('07700 900606', new Date(clock + 5 * HOUR));
    const invalid = await copyFor('07700 900607', new Date(clock + 5 * HOUR));
    for (const number of [flaky, invalid]) expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'cancel', reason: 'passenger_request' })).statusCode).toBe(200);
    await provider.sms.flush();

    expect(await rowsOf(flaky)).toEqual([expect.objectContaining({ status: 'queued', attempts: 1, last_error: 'Twilio 500 error 20500: An internal server error has occurred', transport: 'twilio' })]);
    expect(await rowsOf(invalid)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, last_error: "Twilio 400 error 21211: The 'To' number +447700900607 is not a valid phone number.", transport: 'twilio' })]);
    // Not due again yet: a flush now sends nothing.
    expect(await provider.sms.flush()).toEqual({ sent: 0, failed: 0 });
    // Its backoff has passed.
    await api.sql("UPDATE sms_outbox SET next_attempt_at = now() WHERE status = 'queued'");
    await provider.sms.flush();
    expect(await rowsOf(flaky)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, last_error: null })]);
    expect(twilio.requests.filter((request) => request.form.To === '+447700900606')).toHaveLength(2);
    expect(textsTo('+447700900606')).toHaveLength(1);
    expect(await rowsOf(invalid)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })]);
    expect(textsTo('+447700900607')).toEqual([]);
    expect((await bookingOf(invalid)).status).toBe('cancelled');

    // The console's message log: to, kind, state, error, attempts, newest first; failures by filter.
    const failed = await api.as(dispatcher, 'GET', 'texts?status=failed');
    expect(failed.statusCode).toBe(200);
    expect(failed.json().texts).toEqual([
      {
        id: expect.any(Number),
        kind: 'booking_cancelled',
        to: '+447700900607',
        booking_number: invalid,
        body: expect.stringContaining(`booking ${invalid} for`),
        status: 'failed',
        attempts: 1,
        error: "Twilio 400 error 21211: The 'To' number +447700900607 is not a valid phone number.",
        created_at: expect.any(String),
        sent_at: null,
        transport: 'twilio',
      },
    ]);
    const all = (await api.as(dispatcher, 'GET', 'texts?limit=2')).json();
    expect(all.texts.map((text: { to: string }) => text.to)).toEqual(['+447700900607', '+447700900606']);
    expect(all.next).toEqual(expect.any(String));
    expect((await api.as(dispatcher, 'GET', `texts?after=${all.next}&limit=1`)).json().texts[0].id).toBeLessThan(all.texts[1].id);
    expect((await api.as(dispatcher, 'GET', 'texts?after=1%3B2')).statusCode).toBe(400);
    expect((await api.as(dispatcher, 'GET', 'texts?status=lost')).statusCode).toBe(400);
    twilio.answer = () => null;
  });

  it('the retention job removes the texts of the bookings it anonymises (their phone numbers and addresses)', async () => {
    const number = await copyFor('07700 900909', new Date(clock + 5 * HOUR));
    expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'cancel', reason: 'passenger_request' })).statusCode).toBe(200);
    await provider.sms.flush();
    expect(await rowsOf(number)).toHaveLength(1);
    await runRetentionForAllSites(provider.db, new Date(clock + 3 * 365 * 24 * HOUR));
    expect(await rowsOf(number)).toEqual([]);
    expect((await bookingOf(number)).status).toBe('cancelled');
  });

  it("another site's members never see this site's texts; without a session the log is closed", async () => {
    const other = await api.otherSite('Texting Cars');
    const theirs = await api.as(other.owner, 'GET', 'texts', undefined, other.headers);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().texts).toEqual([]);
    expect((await api.raw('GET', 'texts', {})).statusCode).toBe(401);
  });
});

describe('text messages without Twilio: the outbox adapter', () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider?.dispose());

  it('writes each text as a file in DATA_DIR/outbox beside the mails, and the console lists it', async () => {
    expect(provider.sms.transport).toBe('outbox');
    const api = consoleOf(provider);
    const { form, row } = await quoteFor(provider);
    const made = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'sms.outbox@example.test', number: '07700 900808' } }) as object });
    const bookingNumber = made.json().data.booking.booking_number as string;
    await provider.sms.flush();
    const [queued] = await api.sql<{ id: string; site_id: number; body: string; status: string; provider_id: string }>("SELECT id, site_id, body, status, provider_id FROM sms_outbox WHERE to_number = '+447700900808'");
    expect(queued.status).toBe('sent');
    const outbox = path.join(provider.config.dataDir, 'outbox');
    const file = `${queued.site_id}-${String(queued.id).padStart(6, '0')}-sms-booking_confirmed.txt`;
    expect(readdirSync(outbox)).toContain(file);
    expect(queued.provider_id).toBe(path.join(outbox, file));
    const text = readFileSync(path.join(outbox, file), 'utf8');
    expect(text).toMatch(/^To: \+447700900808\nFrom: \(TWILIO_FROM not set\)\nKind: booking_confirmed\nDate: \d{4}-\d\d-\d\dT[\d:.]+Z\n\n/);
    expect(text.endsWith(`\n\n${queued.body}\n`)).toBe(true);
    expect(queued.body).toContain(`booking ${bookingNumber} is confirmed`);
    const listed = (await api.as(await api.dispatcher(), 'GET', 'texts')).json().texts;
    expect(listed[0]).toMatchObject({ to: '+447700900808', kind: 'booking_confirmed', status: 'sent', transport: 'outbox', booking_number: bookingNumber });
  });
});

// Several processes share one database only on PostgreSQL: the PostgreSQL pass of npm test runs it (as auto-offers').
describe.runIf(testDatabaseKind === 'postgres')('reminders across two server processes and a restart (PostgreSQL)', () => {
  let twilio: FakeTwilio;
  const started: TestProvider[] = [];
  let clock = Date.now();

  beforeAll(async () => {
    twilio = await startFakeTwilio();
  });
  afterAll(async () => {
    for (const provider of started) await provider.dispose().catch(() => undefined);
    await twilio?.close();
  });

  const start = async (databaseUrl?: string) => {
    const provider = await startTestProvider({ env: twilio.env, now: () => new Date(clock), ...(databaseUrl ? { databaseUrl } : {}) });
    started.push(provider);
    return provider;
  };

  it('two processes sweeping at once queue one reminder; a process started after a restart sends the one due meanwhile, and never the first again', async () => {
    const first = await start();
    expect(first.db.kind).toBe('postgres');
    const second = await start(first.config.databaseUrl!);
    const api = consoleOf(first);
    const template = await api.bookInCar('sms.pg@example.test');
    await api.copyBooking(template, { number: 'CF-PGREM1', pickupAt: new Date(clock + 3 * HOUR), phone: '07700 900901' });
    await api.copyBooking(template, { number: 'CF-PGREM2', pickupAt: new Date(clock + 4 * HOUR), phone: '07700 900902' });

    clock += 2 * HOUR + 60_000;
    const sweeps = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? second : first).reminders.sweep()));
    expect(sweeps.reduce((sum, sweep) => sum + sweep.queued, 0)).toBe(1);
    await Promise.all([first.sms.flush(), second.sms.flush(), first.sms.flush(), second.sms.flush()]);
    expect(twilio.delivered.filter((text) => text.to === '+447700900901').map((text) => text.body)).toEqual([expect.stringContaining('reminder of your pick-up')]);

    // Both processes stop; an hour later a new one starts: it sweeps at start and sends the second booking's reminder.
    const firstIndex = started.indexOf(first);
    await second.dispose();
    await first.close();
    started.splice(firstIndex, 1);
    started.splice(started.indexOf(second), 1);
    clock += HOUR;
    const restarted = await start(first.config.databaseUrl!);
    await restarted.reminders.sweep();
    await restarted.sms.flush();
    expect(twilio.delivered.filter((text) => text.to === '+447700900902').map((text) => text.body)).toEqual([expect.stringContaining('(booking CF-PGREM2)')]);
    expect(twilio.delivered.filter((text) => text.to === '+447700900901')).toHaveLength(1);
    expect((await consoleOf(restarted).sql<{ n: number }>("SELECT count(*)::int AS n FROM sms_outbox WHERE kind = 'reminder'"))[0].n).toBe(2);
  }, 180_000);
});
