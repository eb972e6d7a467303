import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

describe(`GET /api/v1/get_booking/{passenger_id} on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let token: string;
  let passengerId: number;
  beforeAll(async () => {
    provider = await startTestProvider();
    const { form, row } = await quoteFor(provider, { stops: [{ street_name: 'Praed Street', number: '1', postcode: 'W2 1HB' }], pickup_fight_number: 'BA117', meet_and_greet: 'yes' });
    const booked = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/booking',
      headers: KEY_HEADERS,
      payload: bookingPayload(form, row, {
        selected_passenger: 'existing_client',
        registrationData: { ...guestRegistration, email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password },
      }),
    });
    expect(booked.statusCode).toBe(200);
    const login = await provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password } });
    token = login.json().access_token;
    passengerId = login.json().passenger.passenger_id;
  });
  afterAll(() => provider.dispose());

  const get = (id: number | string, bearer?: string) =>
    provider.fastify.inject({ method: 'GET', url: `/api/v1/get_booking/${id}`, headers: { ...KEY_HEADERS, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } });

  it("lists the token's own bookings as the spec's corporate booking list items", async () => {
    const response = await get(passengerId, token);
    expect(response.statusCode).toBe(200);
    const [item] = response.json().data;
    expect(item).toMatchObject({
      booking_number: expect.stringMatching(/^CF-/),
      status: 'confirmed',
      status_label: 'Confirmed',
      pick_up_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      drop_off_address: 'The Savoy, Strand, London WC2R 0EZ',
      pick_up_time: '2:30pm',
      fleet_category: { category_name: 'Saloon' },
      payment_method: 'car',
      ride_type: 'Q',
      return_date: null,
      flight_no: 'BA117',
      return_flight_no: '',
      passenger_detail: { passenger_name: DEMO_CORPORATE.name, passenger_email: DEMO_CORPORATE.email, total_passengers: 2 },
      booking_details: { luggages: 1, vehicle_qty: 1, meet_and_greet: 'yes', baby_seat: 0, booster_seat: 0, wheel_chair: 'no', special_luggages: 0, waiting_minutes: 0 },
      booking_stops: [{ stop_address: '1 Praed Street, W2 1HB', stop_post_code: 'W2 1HB', stop_street_number: '1' }],
    });
  });

  it('says where each booking stands, so a cancelled trip never reads as booked', async () => {
    const [{ booking_number: number }] = (await get(passengerId, token)).json().data;
    await provider.db.query("UPDATE bookings SET status = 'cancelled', cancelled_at = now() WHERE booking_number = $1", [number]);
    const [item] = (await get(passengerId, token)).json().data;
    expect(item).toMatchObject({ booking_number: number, status: 'cancelled', status_label: 'Cancelled' });
  });

  it("refuses another passenger's id with 403 and no token with 401", async () => {
    expect((await get(passengerId + 1, token)).statusCode).toBe(403);
    expect((await get(passengerId)).statusCode).toBe(401);
    expect((await get(passengerId, 'forged-token')).statusCode).toBe(401);
    expect((await get('abc', token)).statusCode).toBe(400);
  });
});
