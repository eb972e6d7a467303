import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceDetail } from '../../contract/booking.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { hourlyForm } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 18: address changes on the manage page where the owner allows them (MANAGE_ADDRESS_CHANGES). The new trip is
 * placed and routed by the maps port (the offline gazetteer here) and priced exactly as the booking flow's quote
 * prices it; nothing about the trip comes from the browser. Off, an address change is refused whatever is sent.
 */

const TOKEN_IN_MAIL = /Manage your booking: +http:\/\/localhost:8080\/manage-booking\?token=([A-Za-z0-9_-]{43})\n/;
const BY_PHONE = 'Addresses cannot be changed online.';
const PADDINGTON = 'Paddington Station, Praed Street, London W2 1HB';
const MUSEUM = 'British Museum, Great Russell Street, London WC1B 3DG';
const GATWICK = 'Gatwick Airport South Terminal, Crawley RH6 0NP';
const STOP = { street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' };

describe(`address changes on the manage page on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let siteId: number;
  beforeAll(async () => {
    provider = await startTestProvider();
    siteId = Number((await sql<{ id: number }>('SELECT min(id) AS id FROM sites'))[0].id);
  });
  afterAll(() => provider.dispose());

  let address = 0;
  /** Each call from an address of its own: the manage calls' rate limit is not this file's subject. */
  const post = (url: string, payload: unknown) =>
    provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object, remoteAddress: `198.51.100.${(address++ % 200) + 1}` });
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);

  async function tokenOf(email: string) {
    const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address LIKE $1", [`%<${email}>`]);
    return TOKEN_IN_MAIL.exec(mail.text_body)![1];
  }

  async function bookInCar(email: string) {
    const { form, row } = await quoteFor(provider);
    const response = await post('booking', bookingPayload(form, row, { registrationData: { ...guestRegistration, email } }));
    expect(response.statusCode).toBe(200);
    return { bookingNumber: response.json().data.booking.booking_number as string, pence: Math.round(row.final_price * 100), token: await tokenOf(email) };
  }

  async function bookByCard(email: string) {
    const { form, row } = await quoteFor(provider);
    const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
    const amount = Math.round(row.final_price * 100);
    const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
    const confirmed = (await post('confirm-payment-intent', { paymentIntentId })).json();
    expect(confirmed.status).toBe('succeeded');
    return { bookingNumber: confirmed.booking_number as string, amount, token: await tokenOf(email) };
  }

  /** The owner's setting, written as the console writes it; the manage resource shows it once the site cache has it. */
  async function allowAddressChanges(value: 'enable' | 'disable', token: string) {
    await sql(
      `INSERT INTO settings (site_id, setting_name, setting_value) VALUES ($1, 'MANAGE_ADDRESS_CHANGES', $2)
       ON CONFLICT (site_id, setting_name) DO UPDATE SET setting_value = EXCLUDED.setting_value`,
      [siteId, value],
    );
    await expect.poll(async () => (await post('manage-booking', { token })).json().change.addresses, { timeout: 3000, interval: 20 }).toBe(value === 'enable');
  }

  const bookingRow = async (bookingNumber: string) =>
    (
      await sql<{ id: string; revision: number; quote_id: string; pick_up_address: string; drop_off_address: string; distance_miles: number; duration_seconds: number; total_pence: number }>(
        'SELECT id, revision, quote_id, pick_up_address, drop_off_address, distance_miles::float8 AS distance_miles, duration_seconds, total_pence FROM bookings WHERE booking_number = $1',
        [bookingNumber],
      )
    )[0];
  const stopsOf = (bookingNumber: string) =>
    sql('SELECT s.position, s.stop_address, s.stop_post_code, s.stop_street_number FROM booking_stops s JOIN bookings b ON b.id = s.booking_id WHERE b.booking_number = $1 ORDER BY s.position', [bookingNumber]);
  const changesOf = (bookingNumber: string) =>
    sql<{ status: string; difference_pence: number }>('SELECT c.status, c.difference_pence FROM booking_changes c JOIN bookings b ON b.id = c.booking_id WHERE b.booking_number = $1 ORDER BY c.id', [bookingNumber]);

  const refused = async (token: string, changes: Record<string, unknown>, status: number, message: string) => {
    for (const call of ['manage-booking/change/preview', 'manage-booking/change']) {
      const response = await post(call, { token, revision: 0, changes });
      expect(response.statusCode, `${call} ${JSON.stringify(changes).slice(0, 80)}`).toBe(status);
      expect(response.json()).toMatchObject({ success: false, message });
    }
  };

  it('off: the addresses are shown read-only and a change of them is refused whatever the browser sends', async () => {
    const { bookingNumber, token } = await bookInCar('address.off@example.test');
    await allowAddressChanges('disable', token);
    expect((await post('manage-booking', { token })).json().change).toMatchObject({ addresses: false, trip_options: true, current: expect.objectContaining({ pickup: expect.stringContaining('Heathrow'), stops: [] }) });
    await refused(token, { dropoff: PADDINGTON }, 422, BY_PHONE);
    await refused(token, { pickup: MUSEUM }, 422, BY_PHONE);
    await refused(token, { stops: [STOP] }, 422, BY_PHONE);
    expect((await post('manage-booking/change/preview', { token, changes: { dropoff: PADDINGTON } })).json()).toEqual({ success: false, message: BY_PHONE, code: 'change_refused' });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 0, drop_off_address: 'The Savoy, Strand, London WC2R 0EZ' });
    expect(await changesOf(bookingNumber)).toEqual([]);
  });

  it('on: a new stop and drop-off are routed and priced as a fresh quote for the same trip gives (golden), old and new price shown, applied once (3 at once); the next change prices from the new route', async () => {
    const { bookingNumber, pence, token } = await bookInCar('address.on@example.test');
    await allowAddressChanges('enable', token);
    const before = await bookingRow(bookingNumber);
    const changes = { stops: [STOP, { street_name: '', number: '', postcode: '' }], dropoff: PADDINGTON };

    const preview = await post('manage-booking/change/preview', { token, changes });
    expect(preview.statusCode).toBe(200);
    // The booking flow's quote for the same trip: its engine, the maps port, the operator's tariffs.
    const { row: fresh } = await quoteFor(provider, { stops: [STOP], dropoff: PADDINGTON });
    const distance = (await post('calculate-distance', { pickup: before.pick_up_address, dropoff: PADDINGTON, stops: [STOP] })).json();
    expect(fresh.breakdown.distance_miles).toBe(distance.via_miles);
    expect(preview.json()).toEqual({
      success: true,
      revision: 0,
      currency: '£',
      old_price: pence / 100,
      new_price: fresh.final_price,
      difference: Math.round(fresh.final_price * 100 - pence) / 100,
      outcome: fresh.final_price * 100 === pence ? 'none' : 'pay_driver',
      message: `The new price is £${fresh.final_price.toFixed(2)}, paid to the driver.`,
      summary: ['Stops: — → 221B Baker Street, NW1 6XE', `Drop-off: The Savoy, Strand, London WC2R 0EZ → ${PADDINGTON}`],
      discount: null,
    });
    expect(await bookingRow(bookingNumber)).toEqual(before);

    const applied = await Promise.all(Array.from({ length: 3 }, () => post('manage-booking/change', { token, revision: 0, changes })));
    expect(applied.map((response) => `${response.statusCode} ${response.json().result} ${response.json().revision}`)).toEqual(Array(3).fill('200 applied 1'));
    expect(applied[0].json().data.booking).toMatchObject({ drop_off_address: PADDINGTON, total_booking_amount: fresh.final_price });
    expect(applied[0].json().data.bookingStops).toEqual([{ id: 1, stop_address: '221B Baker Street, NW1 6XE', stop_post_code: 'NW1 6XE' }]);
    expect(applied[0].json().change.current).toMatchObject({ stops: [STOP], dropoff: PADDINGTON });
    const after = await bookingRow(bookingNumber);
    expect(after).toMatchObject({ revision: 1, drop_off_address: PADDINGTON, distance_miles: fresh.breakdown.distance_miles, duration_seconds: fresh.breakdown.duration_seconds, total_pence: Math.round(fresh.final_price * 100) });
    expect(after.quote_id).not.toBe(before.quote_id);
    expect(await stopsOf(bookingNumber)).toEqual([{ position: 1, stop_address: '221B Baker Street, NW1 6XE', stop_post_code: 'NW1 6XE', stop_street_number: '221B' }]);
    expect(await changesOf(bookingNumber)).toEqual([{ status: 'applied', difference_pence: Math.round(fresh.final_price * 100) - pence }]);
    const [mail] = await sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_changed' AND subject LIKE $1", [`%${bookingNumber}%`]);
    expect(mail.text_body).toContain(`Drop-off: The Savoy, Strand, London WC2R 0EZ → ${PADDINGTON}`);

    // A later change is priced from the trip as changed, again as a fresh quote prices it.
    const { row: later } = await quoteFor(provider, { stops: [STOP], dropoff: PADDINGTON, passengers: 3 });
    expect((await post('manage-booking/change/preview', { token, changes: { passengers: 3 } })).json()).toMatchObject({ revision: 1, new_price: later.final_price });
  });

  it("refuses with the booking flow's messages: a banned address, the grace time, an unknown place, zero miles; a NUL byte, a huge body, too many stops", async () => {
    const { bookingNumber, token } = await bookInCar('address.rules@example.test');
    await allowAddressChanges('enable', token);
    await sql("INSERT INTO banned_addresses (site_id, id, pattern) VALUES ($1, 9201, 'Kensington Palace')", [siteId]);
    await expect
      .poll(async () => (await post('manage-booking/change/preview', { token, changes: { dropoff: 'Kensington Palace, London W8 4PX' } })).json().message, { timeout: 3000, interval: 20 })
      .toBe('Address is banned');
    await refused(token, { dropoff: 'Kensington Palace, London W8 4PX' }, 422, 'Address is banned');
    await refused(token, { stops: [{ street_name: 'Kensington Palace', number: '', postcode: 'W8 4PX' }] }, 422, 'Address is banned');
    await sql('DELETE FROM banned_addresses WHERE id = 9201');

    const soon = new Date(Date.now() + 60 * 60_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
        .formatToParts(soon)
        .map((part) => [part.type, part.value]),
    );
    const hour = Number(parts.hour);
    const grace = { pickup_date: `${parts.year}-${parts.month}-${parts.day}`, pickup_hour: `${hour % 12 || 12}${hour < 12 ? 'am' : 'pm'}`, pickup_min: String(Math.floor(Number(parts.minute) / 5) * 5).padStart(2, '0') };
    await refused(token, { ...grace, dropoff: PADDINGTON }, 422, 'Pickup time is within the grace period');
    await refused(token, { dropoff: 'Zqxv Nowhere Lane' }, 422, 'We could not find "Zqxv Nowhere Lane". Please choose a suggested address or add a UK postcode.');
    await refused(token, { dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' }, 422, 'The calculated distance is zero miles. Please check your pickup and dropoff locations.');

    const nul = await post('manage-booking/change/preview', { token, changes: { dropoff: `Paddington\u0000Station` } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().success).toBe(false);
    const long = await post('manage-booking/change/preview', { token, changes: { dropoff: 'x'.repeat(301) } });
    expect(long.statusCode).toBe(400);
    const many = await post('manage-booking/change/preview', { token, changes: { stops: Array.from({ length: 11 }, () => STOP) } });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('At most 10 stops');
    const huge = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/manage-booking/change/preview',
      headers: { ...KEY_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify({ token, changes: { dropoff: 'x'.repeat(300 * 1024) } }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 0, drop_off_address: 'The Savoy, Strand, London WC2R 0EZ' });
    expect(await changesOf(bookingNumber)).toEqual([]);
  });

  it('a card booking pays a longer trip once for 20 concurrent identical applies; with a driver assigned an address change is a request', async () => {
    const { bookingNumber, amount, token } = await bookByCard('address.card@example.test');
    await allowAddressChanges('enable', token);
    const changes = { dropoff: GATWICK };
    const preview = (await post('manage-booking/change/preview', { token, changes })).json();
    const { row: fresh } = await quoteFor(provider, { dropoff: GATWICK });
    expect(preview).toMatchObject({ old_price: amount / 100, new_price: fresh.final_price, outcome: 'charge' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('manage-booking/change', { token, revision: 0, changes, payment_method_id: 'pm_card_visa' })));
    expect(answers.map((response) => `${response.statusCode} ${response.json().message}`)).toEqual(Array(20).fill('200 Your booking has been changed.'));
    const difference = Math.round(fresh.final_price * 100) - amount;
    expect(await changesOf(bookingNumber)).toEqual([{ status: 'applied', difference_pence: difference }]);
    const charges = await sql<{ amount_pence: number; charge: string }>(
      "SELECT p.amount_pence, p.charge FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.booking_number = $1 AND p.request_key LIKE 'booking\\_change:%'",
      [bookingNumber],
    );
    expect(charges).toEqual([{ amount_pence: difference, charge: 'succeeded' }]);
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, drop_off_address: GATWICK, total_pence: amount + difference });

    await sql("UPDATE bookings SET status = 'driver_assigned', driver_name = 'Tomasz Nowak' WHERE booking_number = $1", [bookingNumber]);
    const asked = await post('manage-booking/change', { token, revision: 1, changes: { dropoff: PADDINGTON } });
    expect(asked.json()).toMatchObject({ result: 'requested', outcome: 'request', change_requests: [{ summary: [`Drop-off: ${GATWICK} → ${PADDINGTON}`] }] });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, drop_off_address: GATWICK });
  });

  it('an hourly hire changes its pick-up only, priced again as the hourly quote prices it', async () => {
    const quote = await post('calculate-hourly-price', hourlyForm());
    const row = (quote.json().price_details as PriceDetail[]).find((candidate) => candidate.company_id === 1 && candidate.vehicle_id === 1)!;
    const booked = await post('booking', { ...bookingPayload({}, row, { registrationData: { ...guestRegistration, email: 'address.hourly@example.test' } }), bookingType: 'hourly', bookingForm: null, hourlyRateForm: hourlyForm() });
    expect(booked.statusCode).toBe(200);
    const bookingNumber = booked.json().data.booking.booking_number as string;
    const token = await tokenOf('address.hourly@example.test');
    await allowAddressChanges('enable', token);
    await refused(token, { dropoff: MUSEUM }, 422, 'An hourly hire has only a pick-up address to change.');
    await refused(token, { stops: [STOP] }, 422, 'An hourly hire has only a pick-up address to change.');
    const fresh = (await post('calculate-hourly-price', hourlyForm({ pickup: MUSEUM }))).json().price_details.find((candidate: PriceDetail) => candidate.company_id === 1 && candidate.vehicle_id === 1) as PriceDetail;
    const preview = await post('manage-booking/change/preview', { token, changes: { pickup: MUSEUM } });
    expect(preview.json()).toMatchObject({ new_price: fresh.final_price, summary: [`Pick-up: ${PADDINGTON} → ${MUSEUM}`] });
    const applied = await post('manage-booking/change', { token, revision: 0, changes: { pickup: MUSEUM } });
    expect(applied.json()).toMatchObject({ result: 'applied', revision: 1, data: { booking: { pick_up_address: MUSEUM } } });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1, pick_up_address: MUSEUM, drop_off_address: '' });
  });

  it("the booking flow's sandbox 3-D Secure answer refuses a change's intent before answering it; the manage call answers it", async () => {
    const { bookingNumber, token } = await bookByCard('address.3ds@example.test');
    const asked = (await post('manage-booking/change', { token, revision: 0, changes: { meet_and_greet: 'yes' }, payment_method_id: 'pm_card_authenticationRequired' })).json();
    expect(asked.result).toBe('requires_action');
    const wrongDoor = await post('sandbox/authenticate', { paymentIntentId: asked.payment_intent_id, outcome: 'complete' });
    expect(wrongDoor.statusCode).toBe(409);
    expect(wrongDoor.json()).toEqual({ success: false, message: "This payment is for a change to a booking: answer your bank's check on the booking's manage page.", code: 'change_intent' });
    expect((await provider.payments.retrieveIntent(siteId, asked.payment_intent_id)).status).toBe('requires_action');
    const answered = await post('manage-booking/change/authenticate', { token, payment_intent_id: asked.payment_intent_id, outcome: 'complete' });
    expect(answered.json()).toMatchObject({ success: true, status: 'succeeded', booking_number: bookingNumber });
    expect(await bookingRow(bookingNumber)).toMatchObject({ revision: 1 });
  });
});
