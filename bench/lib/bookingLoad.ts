import autocannon from 'autocannon';
import { DEMO_KEYS } from '../../server/config.ts';
import { guestRegistration } from '../../tests/helpers/booking.ts';
import { oneWayForm } from '../../tests/helpers/forms.ts';
import { visitorAddress, type LoadResult } from '../lib.ts';

export const KEY_HEADERS = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey, 'content-type': 'application/json' };

/** Prices one trip: the form and the row (Westway Cars' saloon) every booking of a load books. */
async function pricedTrip(baseUrl: string) {
  const form = oneWayForm();
  const response = await fetch(`${baseUrl}/api/v1/calculate-distance-price`, { method: 'POST', headers: KEY_HEADERS, body: JSON.stringify(form) });
  if (!response.ok) throw new Error(`quote failed: ${await response.text()}`);
  const rows = (await response.json()).price_details as { company_id: number; vehicle_id: number; final_price: number }[];
  return { form, row: rows.find((candidate) => candidate.company_id === 1 && candidate.vehicle_id === 1)! };
}

/** The n-th distinct guest booking of a priced trip (its own e-mail, so its own submission). */
const guestBooking = (trip: Awaited<ReturnType<typeof pricedTrip>>, n: number, tag: string, paymentMethod: 'car' | 'card') => ({
  selectedVehicleData: trip.row,
  selectedVehicle: 1,
  bookingType: 'milleage',
  bookingForm: trip.form,
  hourlyRateForm: null,
  registrationData: { ...guestRegistration, email: `${tag}.${n}@example.test` },
  payment_method: paymentMethod,
  selected_passenger: 'guest_login',
});

/** Prices one trip and returns a function making the body of the n-th distinct guest booking (pay in car) for it. */
export async function bookingBodies(baseUrl: string) {
  const trip = await pricedTrip(baseUrl);
  return (n: number, tag = 'load') => JSON.stringify(guestBooking(trip, n, tag, 'car'));
}

/** Prices one trip and returns the n-th distinct card booking (a guest paying by card) for it, and its amount in pence. */
export async function cardBookings(baseUrl: string) {
  const trip = await pricedTrip(baseUrl);
  return { amount: Math.round(trip.row.final_price * 100), booking: (n: number, tag: string) => guestBooking(trip, n, tag, 'card') };
}

/** autocannon POSTing a different guest booking (pay in car) each request, each from the next visitor's address; `ok` counts the 2xx answers. */
export async function bookingLoad(url: string, options: { connections?: number; duration?: number; tag?: string } = {}): Promise<LoadResult & { ok: number }> {
  const body = await bookingBodies(url);
  const tag = options.tag ?? `bench${Date.now()}`;
  let n = 0;
  const result = await autocannon({
    url: `${url}/api/v1/booking`,
    connections: options.connections ?? 20,
    duration: options.duration ?? 5,
    // Each booking from the next visitor's address (X-Forwarded-For, trusted from loopback), as many customers would.
    requests: [{ method: 'POST', headers: KEY_HEADERS, setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': visitorAddress(n) }, body: body(n++, tag) }) }],
  });
  return {
    path: '/api/v1/booking',
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    ok: result['2xx'],
  };
}
