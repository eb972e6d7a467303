import { expect } from 'vitest';
import { DEMO_STAFF } from '../../server/db/seed/demo.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { bookingPayload, guestRegistration, quoteFor } from './booking.ts';
import { ADMIN_TOKEN, KEY_HEADERS, type TestProvider } from './provider.ts';

/** The operator console's API as a signed-in member calls it (issue 17): cookie, CSRF token, same origin. */

export const CONSOLE_HOST = 'console.westwaycars.test';
export const CONSOLE_ORIGIN = `http://${CONSOLE_HOST}`;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Signed {
  cookie: string;
  csrf: string;
}

export function consoleOf(provider: TestProvider) {
  const inject = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    provider.fastify.inject({ method, url: `/api/admin/${url}`, headers: { host: CONSOLE_HOST, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => provider.db.query<Row>(text, params).then((result) => result.rows);

  async function signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<Signed> {
    const response = await inject('POST', 'session', { origin: CONSOLE_ORIGIN, ...headers }, { email, password });
    expect(response.statusCode, response.body).toBe(200);
    return { cookie: String(response.headers['set-cookie']).split(';')[0], csrf: response.json().csrf_token };
  }

  return {
    sql,
    signIn,
    owner: () => signIn(DEMO_STAFF.owner.email, DEMO_STAFF.owner.password),
    dispatcher: () => signIn(DEMO_STAFF.dispatcher.email, DEMO_STAFF.dispatcher.password),
    /** A console call: the member's cookie, CSRF token and origin (override any with `headers`). */
    as: (who: Signed, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      inject(method, url, { cookie: who.cookie, 'x-csrf-token': who.csrf, origin: CONSOLE_ORIGIN, 'sec-fetch-site': 'same-origin', ...headers }, payload),
    asAdmin: (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) => inject(method, url, { authorization: `Bearer ${ADMIN_TOKEN}`, ...headers }, payload),
    raw: inject,

    /** A pay-in-car booking through the public API (with `headers` added to the site's keys); its number. */
    async bookInCar(email = guestRegistration.email, form: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<string> {
      const { form: trip, row } = await quoteFor(provider, form);
      const response = await provider.fastify.inject({
        method: 'POST',
        url: '/api/v1/booking',
        headers: { ...KEY_HEADERS, ...headers },
        payload: bookingPayload(trip, row, { registrationData: { ...guestRegistration, email } }) as object,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.booking.booking_number as string;
    },

    /** A booking paid with the sandbox's test card; its number, amount and intent. */
    async bookByCard(email: string, headers: Record<string, string> = {}): Promise<{ bookingNumber: string; amount: number; intentId: string }> {
      const { form, row } = await quoteFor(provider);
      const booking = bookingPayload(form, row, { payment_method: 'card', registrationData: { ...guestRegistration, email } });
      const amount = Math.round(row.final_price * 100);
      const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...KEY_HEADERS, ...headers }, payload: payload as object });
      const { paymentIntentId } = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking })).json();
      const confirmed = (await post('confirm-payment-intent', { paymentIntentId })).json();
      expect(confirmed.status).toBe('succeeded');
      return { bookingNumber: confirmed.booking_number as string, amount, intentId: paymentIntentId as string };
    },

    /** A copy of a booking (another number, site or pick-up time), written straight to the table. */
    async copyBooking(fromNumber: string, changes: { number: string; siteId?: number; pickupAt?: Date; name?: string; email?: string; phone?: string }) {
      await sql(
        `INSERT INTO bookings (site_id, booking_number, request_key, status, ride_type, booking_type, quote_id, company_id, company_name, vehicle_id, vehicle_category,
           vehicle_qty, passenger_mode, passenger_name, passenger_email, passenger_phone, total_passengers, additional_info, pick_up_address, drop_off_address,
           pick_up_at, pick_up_date, pick_up_time, options, currency, unit_price_pence, total_pence, breakdown, payment_method, payment_status)
         SELECT COALESCE($3, site_id), $2, $2, 'confirmed', ride_type, booking_type, quote_id, company_id, company_name, vehicle_id, vehicle_category,
           vehicle_qty, passenger_mode, COALESCE($5, passenger_name), COALESCE($6, passenger_email), COALESCE($7, passenger_phone), total_passengers,
           additional_info, pick_up_address, drop_off_address, COALESCE($4, pick_up_at), pick_up_date, pick_up_time, options, currency, unit_price_pence,
           total_pence, breakdown, 'car', 'due_to_driver'
           FROM bookings WHERE booking_number = $1`,
        [fromNumber, changes.number, changes.siteId ?? null, changes.pickupAt ?? null, changes.name ?? null, changes.email ?? null, changes.phone ?? null],
      );
    },

    /** A second site (created by the admin token) with a signed-in owner of its own. */
    async otherSite(name = 'Other Cars'): Promise<{ siteId: number; headers: Record<string, string>; owner: Signed }> {
      const created = await inject('POST', 'sites', { authorization: `Bearer ${ADMIN_TOKEN}` }, { name, hosts: [] });
      expect(created.statusCode, created.body).toBe(201);
      const site = created.json().site as { id: number; public_key: string; secret_key: string };
      const headers = { 'api-public-key': site.public_key, 'api-secret-key': site.secret_key };
      const email = `owner@${name.toLowerCase().replace(/\W+/g, '')}.test`;
      const password = 'Other-Owner-Kestrel-41';
      await sql("INSERT INTO staff (site_id, email, name, role, password_hash) VALUES ($1, $2, 'Other Owner', 'owner', $3)", [site.id, email, await hashPassword(password)]);
      return { siteId: site.id, headers, owner: await signIn(email, password, headers) };
    },
  };
}

/** A tariff's figures as the console's price form sends them (the company, vehicle and start date are the caller's). */
export const TARIFF_FIGURES = {
  base_fare_pence: 600,
  mile_bands: [
    { up_to_miles: 10, per_mile_pence: 250 },
    { up_to_miles: null, per_mile_pence: 200 },
  ],
  minimum_fare_pence: 1500,
  per_extra_stop_pence: 500,
  hourly_rate_pence: 3200,
  hourly_included_miles_per_hour: 10,
  hourly_extra_mile_pence: 200,
};
