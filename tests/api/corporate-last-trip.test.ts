import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopText } from '../../contract/booking.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { hourlyForm } from '../helpers/forms.ts';
import { ADMIN_TOKEN, KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

const SIGN_IN_AGAIN = { success: false, message: 'Please sign in again', code: 'unauthenticated' };
const STOP = { street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' };

/**
 * Issue 37: GET /api/v1/corporate/last-trip, "Same trip as last time" for a signed-in corporate passenger: the trip of
 * their own newest booking on this site that is not cancelled, in the home form's shape; nothing for anyone else.
 */
describe(`a corporate passenger's last trip on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let nextAddress = 1;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const v1 = (method: 'GET' | 'POST', url: string, options: { payload?: unknown; token?: string; headers?: Record<string, string> } = {}) =>
    provider.fastify.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...KEY_HEADERS, ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }), ...options.headers },
      remoteAddress: `198.51.100.${nextAddress++ % 250}`,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const lastTrip = (token?: string, headers?: Record<string, string>) => v1('GET', 'corporate/last-trip', { token, headers });
  const signIn = async (email: string, password: string) => {
    const response = await v1('POST', 'check-passenger-login', { payload: { email, password } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().access_token as string;
  };
  let nextPassenger = 1;
  async function createPassenger() {
    const email = `last.trip.${nextPassenger++}@example.test`;
    const password = 'Passenger-Pass-1';
    await provider.db.query('INSERT INTO passengers (site_id, name, email, phone, password_hash, is_corporate) VALUES (1, $1, $2, $3, $4, true)', ['Other Passenger', email, '+44 7700 900999', await hashPassword(password)]);
    return { email, token: await signIn(email, password) };
  }
  /** Books a one-way trip in the car, signed in with `token` (or as a guest without). */
  async function bookOneWay(email: string, overrides: Record<string, unknown> = {}, token?: string) {
    const { form, row } = await quoteFor(provider, overrides);
    const response = await v1('POST', 'booking', { payload: bookingPayload(form, row, { selected_passenger: token ? 'existing_client' : 'guest_login', registrationData: { ...guestRegistration, email } }), token });
    expect(response.statusCode, response.body).toBe(200);
    return { form, number: response.json().data.booking.booking_number as string };
  }

  it('none before the first booking; then the newest booking\'s trip in the home form\'s shape (stops as typed), an hourly hire by its hours', async () => {
    const token = await signIn(DEMO_CORPORATE.email, DEMO_CORPORATE.password);
    const empty = await lastTrip(token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, trip: null });
    expect(empty.headers['cache-control']).toBe('no-store');

    const { form } = await bookOneWay(DEMO_CORPORATE.email, { stops: [STOP] }, token);
    const answer = await lastTrip(token);
    expect(answer.json()).toEqual({ success: true, trip: { bookingType: 'milleage', pickup: form.pickup, dropoff: form.dropoff, stops: [STOP], pickup_duration: '' } });
    // The stop as stored is the line the form's stop makes.
    const [stored] = (await provider.db.query<{ stop_address: string }>("SELECT s.stop_address FROM booking_stops s JOIN bookings b ON b.site_id = s.site_id AND b.id = s.booking_id WHERE b.passenger_email = $1", [DEMO_CORPORATE.email])).rows;
    expect(stored.stop_address).toBe(stopText(STOP));

    const hourly = hourlyForm({ pickup_duration: '6hour' });
    const quote = await v1('POST', 'calculate-hourly-price', { payload: hourly });
    expect(quote.statusCode, quote.body).toBe(200);
    const row = quote.json().price_details[0];
    const booked = await v1('POST', 'booking', { payload: bookingPayload(null as never, row, { bookingType: 'hourly', bookingForm: null, hourlyRateForm: hourly, selected_passenger: 'existing_client', registrationData: { ...guestRegistration, email: DEMO_CORPORATE.email } }), token });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await lastTrip(token)).json()).toEqual({ success: true, trip: { bookingType: 'hourly', pickup: hourly.pickup, dropoff: '', stops: [], pickup_duration: '6hour' } });

    // Cancelled, the newest no longer counts: the one before it does.
    const cancelled = await v1('POST', 'manage-booking/cancel', { payload: { booking_number: booked.json().data.booking.booking_number }, token });
    expect(cancelled.json().message, cancelled.body).toBe('Your booking has been cancelled.');
    expect((await lastTrip(token)).json().trip).toMatchObject({ bookingType: 'milleage', stops: [STOP] });
  });

  it("only the passenger's own bookings: not another passenger's, not a guest's booking under their e-mail", async () => {
    const ada = await createPassenger();
    const bob = await createPassenger();
    await bookOneWay(bob.email, { pickup: 'Paddington Station, Praed Street, London W2 1HB' }, bob.token);
    // A guest booking with Ada's e-mail is not hers to repeat (no session made it).
    await bookOneWay(ada.email, { pickup: 'Paddington Station, Praed Street, London W2 1HB' });
    expect((await lastTrip(ada.token)).json()).toEqual({ success: true, trip: null });
    expect((await lastTrip(bob.token)).json().trip).toMatchObject({ pickup: 'Paddington Station, Praed Street, London W2 1HB' });

    const { form } = await bookOneWay(ada.email, {}, ada.token);
    expect((await lastTrip(ada.token)).json().trip).toMatchObject({ pickup: form.pickup, dropoff: form.dropoff, stops: [] });
    expect((await lastTrip(bob.token)).json().trip).toMatchObject({ pickup: 'Paddington Station, Praed Street, London W2 1HB' });
  });

  it('no token, a made-up, revoked or expired one, a NUL byte, or another site\'s key pair: 401 "Please sign in again"', async () => {
    const passenger = await createPassenger();
    await bookOneWay(passenger.email, {}, passenger.token);
    expect((await lastTrip(passenger.token)).statusCode).toBe(200);

    const none = await v1('GET', 'corporate/last-trip');
    expect([none.statusCode, none.json()]).toEqual([401, SIGN_IN_AGAIN]);
    for (const token of ['A'.repeat(43), 'x'.repeat(5_000)]) {
      const refused = await lastTrip(token);
      expect(refused.statusCode, token.slice(0, 10)).toBe(401);
      expect(refused.json()).toEqual(SIGN_IN_AGAIN);
    }
    const nulInToken = await lastTrip(`${passenger.token.slice(0, -1)}\u0000`);
    expect([nulInToken.statusCode, nulInToken.json()]).toEqual([400, { success: false, message: 'headers.authorization: Text must not contain NUL characters or unpaired UTF-16 surrogates', code: 'invalid_input' }]);
    const nulInQuery = await v1('GET', 'corporate/last-trip?x=%00', { token: passenger.token });
    expect(nulInQuery.statusCode).toBe(400);
    expect(nulInQuery.json()).toMatchObject({ success: false, message: expect.any(String) });

    const created = await provider.fastify.inject({ method: 'POST', url: '/api/admin/sites', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { name: 'Other Cabs Last Trip' } });
    const site = created.json().site;
    const otherSite = await lastTrip(passenger.token, { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key });
    expect([otherSite.statusCode, otherSite.json()]).toEqual([401, SIGN_IN_AGAIN]);

    const expiring = await signIn(passenger.email, 'Passenger-Pass-1');
    await provider.db.query("UPDATE passenger_sessions SET expires_at = now() - interval '1 second' WHERE site_id = 1 AND token_hash = (SELECT token_hash FROM passenger_sessions WHERE site_id = 1 ORDER BY id DESC LIMIT 1)");
    expect((await lastTrip(expiring)).json()).toEqual(SIGN_IN_AGAIN);

    expect((await v1('POST', 'passenger/logout', { token: passenger.token })).statusCode).toBe(200);
    expect((await lastTrip(passenger.token)).json()).toEqual(SIGN_IN_AGAIN);
  });

  it('twenty at once: the same answer twenty times, nothing written', async () => {
    const passenger = await createPassenger();
    const { form } = await bookOneWay(passenger.email, {}, passenger.token);
    const count = async () => (await provider.db.query<{ n: string }>('SELECT (SELECT count(*) FROM bookings) + (SELECT count(*) FROM booking_stops) AS n')).rows[0].n;
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 20 }, () => lastTrip(passenger.token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.json()).toEqual({ success: true, trip: { bookingType: 'milleage', pickup: form.pickup, dropoff: form.dropoff, stops: [], pickup_duration: '' } });
    expect(await count()).toBe(before);
  });
});
