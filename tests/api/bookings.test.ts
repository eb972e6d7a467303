import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../contract/bookings.ts';
import { DEMO_CORPORATE } from '../../server/db/seed/demo.ts';
import { bookingPayload, countRows, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

describe(`POST /api/v1/booking on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const book = (payload: unknown) => provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: payload as object });

  it('books a guest who pays in the car, stores what an operator must record and answers the spec shape', async () => {
    const { form, row } = await quoteFor(provider, { pickup_fight_number: 'BA117', stops: [{ street_name: 'Praed Street', number: '', postcode: 'W2 1HB' }] });
    const response = await book(bookingPayload(form, row));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      data: {
        booking: {
          booking_number: expect.stringMatching(/^CF-[2-9A-Z]{8}$/),
          ride_type: 'Q',
          pick_up_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
          drop_off_address: 'The Savoy, Strand, London WC2R 0EZ',
          pick_up_date: form.pickup_date,
          pick_up_time: '2:30pm',
          return_date: null,
          payment_method: 'car',
          total_booking_amount: row.final_price,
        },
        bookingStops: [{ id: 1, stop_address: 'Praed Street, W2 1HB', stop_post_code: 'W2 1HB' }],
        passengerDetails: { passenger_id: null, passenger_name: 'Jane Doe', passenger_email: 'jane.doe@example.test', passenger_contact_no: '+44 7700 900456', additional_info: 'Two children', total_passengers: 2 },
      },
    });
    const { rows } = await provider.db.query<Record<string, unknown>>('SELECT * FROM bookings WHERE booking_number = $1', [body.data.booking.booking_number]);
    expect(rows[0]).toMatchObject({
      company_name: 'Westway Cars',
      vehicle_category: 'Saloon',
      vehicle_qty: 1,
      flight_no: 'BA117',
      payment_status: 'due_to_driver',
      total_pence: Math.round(row.final_price * 100),
      driver_name: null,
      vehicle_registration: null,
    });
    expect(rows[0].created_at).toBeTruthy();
    const mails = await provider.db.query<{ kind: string }>("SELECT kind FROM mail_outbox WHERE kind LIKE 'booking_%' ORDER BY kind");
    expect(mails.rows.map((mail) => mail.kind)).toEqual(['booking_confirmation', 'booking_notice']);
  });

  it('books a guest who gives only what spec §5 requires (email and mobile): no name, the mails greet without one', async () => {
    const { form, row } = await quoteFor(provider);
    const registrationData = { ...guestRegistration, firstName: '', surname: '  ', email: 'no.name@example.test' };
    const response = await book(bookingPayload(form, row, { registrationData }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.passengerDetails).toMatchObject({ passenger_name: '', passenger_email: 'no.name@example.test', passenger_contact_no: '+44 7700 900456' });
    const { rows } = await provider.db.query<{ passenger_name: string }>('SELECT passenger_name FROM bookings WHERE booking_number = $1', [response.json().data.booking.booking_number]);
    expect(rows).toEqual([{ passenger_name: '' }]);
    const mail = await provider.db.query<{ to_address: string; text_body: string }>("SELECT to_address, text_body FROM mail_outbox WHERE kind = 'booking_confirmation' AND to_address = 'no.name@example.test'");
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].text_body).toContain('Hello there,');
    expect(mail.rows[0].text_body).toMatch(/^Passenger: +\+44 7700 900456$/m);
    // Without a mobile the guest is still refused, with nothing written.
    const before = await countRows(provider, 'bookings');
    const noMobile = await book(bookingPayload(form, row, { registrationData: { ...registrationData, number: ' ' } }));
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json().message).toBe('Enter a mobile number so the driver can reach you');
    expect(await countRows(provider, 'bookings')).toBe(before);
  });

  it('refuses a tampered price with a 409 message and writes nothing', async () => {
    const { form, row } = await quoteFor(provider);
    const before = await countRows(provider, 'bookings');
    const response = await book(bookingPayload(form, { ...row, final_price: 1, price: 1 }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The price of this vehicle has changed. Please check the new price and try again.');
    expect(await countRows(provider, 'bookings')).toBe(before);
  });

  it('prices the options of the submitted form itself', async () => {
    const { form, row } = await quoteFor(provider);
    const withMeet = { ...form, meet_and_greet: 'yes' };
    expect((await book(bookingPayload(withMeet, row))).statusCode).toBe(409);
    const response = await book(bookingPayload(withMeet, { ...row, final_price: row.final_price + 12 }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.booking.total_booking_amount).toBe(Math.round((row.final_price + 12) * 100) / 100);
  });

  it('the wheelchair option only on a wheelchair-accessible vehicle: re-pricing and booking a saloon with it are refused, nothing written', async () => {
    const price = (payload: object) => provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-selected-vehicle-price', headers: KEY_HEADERS, payload });
    const refusal = { success: false, message: BOOKING_MESSAGES.noWheelchairAccess, code: 'unprocessable' };
    const saloon = await quoteFor(provider, { select_option: 'return', return_date: weekdayAhead(5), return_hour: '6pm', return_min: '00', return_passengers: 2 });
    for (const options of [{ wheel_chair: 'yes' }, { return_wheel_chair: 'yes' }]) {
      const refused = await price({ vehicle: saloon.row, ...options });
      expect([refused.statusCode, refused.json()], JSON.stringify(options)).toEqual([422, refusal]);
    }
    const before = await countRows(provider, 'bookings');
    const booked = await book(bookingPayload({ ...saloon.form, wheel_chair: 'yes' }, saloon.row));
    expect([booked.statusCode, booked.json()]).toEqual([422, refusal]);
    expect(await countRows(provider, 'bookings')).toBe(before);

    const accessible = await quoteFor(provider, {}, { company_id: 1, vehicle_id: 6 });
    const priced = await price({ vehicle: accessible.row, wheel_chair: 'yes' });
    expect(priced.statusCode, priced.body).toBe(200);
    const made = await book(bookingPayload({ ...accessible.form, wheel_chair: 'yes' }, accessible.row));
    expect(made.statusCode, made.body).toBe(200);
  });

  it('charges the quantity of vehicles, or one when the selection kind is lowest', async () => {
    const { form, row } = await quoteFor(provider);
    const response = await book(bookingPayload(form, row, { selectedVehicle: 3 }));
    expect(response.json().data.booking.total_booking_amount).toBe(Math.round(row.final_price * 300) / 100);
  });

  it('twenty identical submissions at once make one booking', async () => {
    const { form, row } = await quoteFor(provider);
    const payload = bookingPayload(form, row, { registrationData: { ...guestRegistration, email: 'burst@example.test' } });
    const responses = await Promise.all(Array.from({ length: 20 }, () => book(payload)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => response.json().data.booking.booking_number)).size).toBe(1);
    const { rows } = await provider.db.query<{ n: string }>("SELECT count(*)::text AS n FROM bookings WHERE passenger_email = 'burst@example.test'");
    expect(rows[0].n).toBe('1');
  });

  it('a new client gets an account (argon2id) with the booking; the same e-mail with another password is refused', async () => {
    const { form, row } = await quoteFor(provider);
    const registration = { ...guestRegistration, email: 'new.client@example.test', password: 'Sup3r-Secret!', privacyAccepted: true, termsAccepted: true };
    const response = await book(bookingPayload(form, row, { selected_passenger: 'new_client', registrationData: registration }));
    expect(response.statusCode).toBe(200);
    const account = await provider.db.query<{ id: string; password_hash: string }>("SELECT id, password_hash FROM passengers WHERE email = 'new.client@example.test'");
    expect(account.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(response.json().data.passengerDetails.passenger_id).toBe(Number(account.rows[0].id));
    const again = await quoteFor(provider);
    const refused = await book(bookingPayload(again.form, again.row, { selected_passenger: 'new_client', registrationData: { ...registration, password: 'Another-Pass-1' } }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('An account with this email already exists. Choose "Existing client" and sign in, or use another email.');
  });

  it('new client checks run in the spec order', async () => {
    const { form, row } = await quoteFor(provider);
    const base = { ...guestRegistration, email: 'order@example.test' };
    const attempt = async (registration: Record<string, unknown>) => (await book(bookingPayload(form, row, { selected_passenger: 'new_client', registrationData: registration }))).json().message;
    expect(await attempt({ ...base, email: '' })).toBe('Enter Passenger Email to receive booking details');
    expect(await attempt({ ...base })).toBe('Enter Password for booking');
    expect(await attempt({ ...base, password: 'Long-enough-1' })).toBe('Please Accept Our Privacy Policies');
    expect(await attempt({ ...base, password: 'Long-enough-1', privacyAccepted: true })).toBe('Please Accept Our Term and Conditions');
  });

  it('an existing client books with the right password and is linked to the account', async () => {
    const { form, row } = await quoteFor(provider);
    const registration = { ...guestRegistration, email: DEMO_CORPORATE.email, password: 'wrong-password' };
    const wrong = await book(bookingPayload(form, row, { selected_passenger: 'existing_client', registrationData: registration }));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Email not found in the system, Enter new email inside new client or try with another email');
    const right = await book(bookingPayload(form, row, { selected_passenger: 'existing_client', registrationData: { ...registration, password: DEMO_CORPORATE.password } }));
    expect(right.statusCode).toBe(200);
    expect(right.json().data.passengerDetails).toMatchObject({ passenger_name: DEMO_CORPORATE.name, passenger_email: DEMO_CORPORATE.email });
  });

  it('a card booking without a paid intent is refused', async () => {
    const { form, row } = await quoteFor(provider);
    const response = await book(bookingPayload(form, row, { payment_method: 'card', paymentId: 'pi_forged_123' }));
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('The card payment for this booking has not been completed.');
  });

  it.each([
    ['no registration data', { registrationData: undefined }],
    ['an unknown payment method', { payment_method: 'cash' }],
    ['seven vehicles', { selectedVehicle: 7 }],
    ['an unknown quote', { selectedVehicleData: { quote_id: 'q_nope', vehicle_id: 1, company_id: 1 } }],
    ['a vehicle not in the quote', { selectedVehicleData: { vehicle_id: 99 } }],
  ])('refuses %s with a 4xx JSON message', async (_label, overrides) => {
    const { form, row } = await quoteFor(provider);
    const payload = bookingPayload(form, row, overrides);
    if ((overrides as { selectedVehicleData?: { vehicle_id: number } }).selectedVehicleData?.vehicle_id === 99) payload.selectedVehicleData = { ...row, vehicle_id: 99 };
    const before = await countRows(provider, 'bookings');
    const response = await book(payload);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(await countRows(provider, 'bookings')).toBe(before);
  });
});
