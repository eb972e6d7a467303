import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../contract/bookings.ts';
import { COMPANY_ACCOUNT_MESSAGES } from '../../contract/companyAccounts.ts';
import { QUOTE_OFFER_ROUTE } from '../../contract/consoleEnquiries.ts';
import { PHONE_BOOKING_MESSAGES } from '../../contract/consolePhoneBookings.ts';
import { STAFF_PRICE_MESSAGES } from '../../contract/staffPrices.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { hashPassword } from '../../server/domain/accounts/passwords.ts';
import { AGREED_PRICE_CODE } from '../../server/domain/pricing/agreedPrice.ts';
import { bookingPayload, countRows, guestRegistration } from '../helpers/booking.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf } from '../helpers/driver.ts';
import { weekdayAhead } from '../helpers/forms.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 34, "Bookings the office takes": a dispatcher's phone booking (the site's engine, the passenger found or typed,
 * pay in car or on account within the credit limit, an override with its reason audited, source 'console', the board
 * and the confirmation as any booking), who may not take one, and a QUOTE NOW offer at the dispatcher's own price,
 * booked exactly once.
 */
describe(`phone bookings and staff prices on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let dispatcher: Signed;
  let owner: Signed;
  let serial = 0;
  const key = () => `phone-key-${Date.now()}-${++serial}`;
  const trip = { pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', dropoff: 'The Savoy, Strand, London WC2R 0EZ', pickup_date: weekdayAhead(), pickup_time: '14:30', passengers: 2, luggages: 1 };

  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    [dispatcher, owner] = await Promise.all([api.dispatcher(), api.owner()]);
  });
  afterAll(() => provider?.dispose());

  async function price(who: Signed = dispatcher) {
    const priced = await api.as(who, 'POST', 'phone-bookings/price', trip);
    expect(priced.statusCode, priced.body).toBe(200);
    const answer = priced.json() as { quote_id: string; options: { vehicle_id: number; company_id: number; final_price: number; vehicle_type: string }[] };
    return { quote_id: answer.quote_id, choice: answer.options[0] };
  }

  /** A passenger who is a member of a new company account with this credit limit (pence). */
  async function accountMember(email: string, limitPence: number) {
    const created = await api.as(owner, 'POST', 'company-accounts', { name: `Phone Co ${++serial}`, billing_email: 'ap@phone.test', credit_limit_pence: limitPence });
    expect(created.statusCode, created.body).toBe(201);
    const accountId = created.json().account.id as number;
    const [{ id }] = await api.sql<{ id: string }>("INSERT INTO passengers (site_id, name, email, phone, password_hash) VALUES (1, 'Priya Patel', $1, '+44 7700 900777', $2) RETURNING id", [email, await hashPassword('Priya-Own-Pass-77')]);
    await api.sql("INSERT INTO company_account_members (site_id, account_id, passenger_id, role) VALUES (1, $1, $2, 'booker')", [accountId, id]);
    return { accountId, passengerId: Number(id) };
  }

  it('a dispatcher takes a pay-in-car booking by phone for a typed-in caller: the engine price, source console, the confirmation, the board; the same key books once', async () => {
    const { quote_id, choice } = await price();
    expect(choice.final_price).toBeGreaterThan(0);
    const before = await countRows(provider, 'bookings');
    const body = {
      quote_id,
      vehicle_id: choice.vehicle_id,
      company_id: choice.company_id,
      passenger: { name: 'Tom Caller', email: 'tom.caller@example.test', phone: '07700 900555' },
      payment: 'car',
      notes: 'Meet at arrivals',
      booking_key: key(),
      // Only staff may set a price, and only with price_override: a browser's price field is never read.
      final_price: 1,
      total: 1,
    };
    const booked = await api.as(dispatcher, 'POST', 'phone-bookings', body);
    expect(booked.statusCode, booked.body).toBe(201);
    const answer = booked.json();
    expect(answer).toEqual({
      success: true,
      message: PHONE_BOOKING_MESSAGES.booked(answer.booking_number),
      booking_number: expect.stringMatching(/^CF-[2-9A-Z]{8}$/),
      total: choice.final_price,
      tariff_total: choice.final_price,
      payment_method: 'car',
      payment_status: 'due_to_driver',
      created: true,
    });
    const [row] = await api.sql<Record<string, unknown>>(
      'SELECT source, total_pence, passenger_name, passenger_email, passenger_phone, additional_info, price_override_reason, passenger_id FROM bookings WHERE booking_number = $1',
      [answer.booking_number],
    );
    expect(row).toEqual({
      source: 'console',
      total_pence: Math.round(choice.final_price * 100),
      passenger_name: 'Tom Caller',
      passenger_email: 'tom.caller@example.test',
      passenger_phone: '07700 900555',
      additional_info: 'Meet at arrivals',
      price_override_reason: null,
      passenger_id: null,
    });
    const mails = await api.sql<{ kind: string; to_address: string; subject: string }>(
      "SELECT kind, to_address, subject FROM mail_outbox WHERE kind = 'booking_confirmation' AND subject LIKE '%' || $1 || '%'",
      [answer.booking_number],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toContain('tom.caller@example.test');
    const board = await api.as(dispatcher, 'GET', `bookings/${answer.booking_number}`);
    expect(board.statusCode, board.body).toBe(200);
    const audit = await api.sql<{ action: string; after: Record<string, unknown> }>("SELECT action, after FROM audit_log WHERE entity_type = 'booking' AND entity_id = $1", [answer.booking_number]);
    expect(audit).toEqual([{ action: 'booking.phone_booking', after: { source: 'console', payment: 'car', total_pence: row.total_pence, passenger_id: null } }]);

    const again = await api.as(dispatcher, 'POST', 'phone-bookings', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ booking_number: answer.booking_number, created: false });
    expect(await countRows(provider, 'bookings')).toBe(before + 1);
  });

  it('finds the passenger by phone or e-mail with their company account, and books on account at an overridden price, audited with its reason', async () => {
    const { accountId, passengerId } = await accountMember('priya@phone.test', 100_000);
    for (const q of ['07700 900777', '+447700900777', 'PRIYA@phone', 'priya@phone.test']) {
      const found = await api.as(dispatcher, 'GET', `phone-bookings/passengers?q=${encodeURIComponent(q)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().passengers, q).toEqual([
        { id: passengerId, name: 'Priya Patel', email: 'priya@phone.test', phone: '+44 7700 900777', account: { id: accountId, name: expect.stringMatching(/^Phone Co/), active: true, po_required: false, cost_centre_required: false } },
      ]);
    }
    expect((await api.as(dispatcher, 'GET', 'phone-bookings/passengers?q=%25')).json()).toMatchObject({ success: false, code: 'invalid_input' });
    expect((await api.as(dispatcher, 'GET', 'phone-bookings/passengers?q=%25%25%25')).json().passengers).toEqual([]);

    const { quote_id, choice } = await price();
    const body = {
      quote_id,
      vehicle_id: choice.vehicle_id,
      company_id: choice.company_id,
      passenger: { id: passengerId, name: 'Priya Patel', email: 'priya@phone.test', phone: '+44 7700 900777' },
      payment: 'account',
      po_number: 'PO-77',
      price_override: { price: 42.5, reason: 'Regular customer rate agreed by phone' },
      booking_key: key(),
    };
    const noReason = await api.as(dispatcher, 'POST', 'phone-bookings', { ...body, price_override: { price: 42.5, reason: '' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(STAFF_PRICE_MESSAGES.reason);
    const fraction = await api.as(dispatcher, 'POST', 'phone-bookings', { ...body, price_override: { price: 42.505, reason: 'Regular rate' } });
    expect(fraction.statusCode).toBe(400);

    const booked = await api.as(dispatcher, 'POST', 'phone-bookings', body);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ total: 42.5, tariff_total: choice.final_price, payment_method: 'account', payment_status: 'on_account', created: true });
    const number = booked.json().booking_number as string;
    const [row] = await api.sql<Record<string, unknown>>('SELECT source, total_pence, unit_price_pence, price_override_reason, company_account_id, po_number, passenger_id, breakdown FROM bookings WHERE booking_number = $1', [number]);
    expect(row).toMatchObject({ source: 'console', total_pence: 4250, unit_price_pence: 4250, price_override_reason: 'Regular customer rate agreed by phone', po_number: 'PO-77' });
    expect(Number(row.company_account_id)).toBe(accountId);
    expect(Number(row.passenger_id)).toBe(passengerId);
    const breakdown = (typeof row.breakdown === 'string' ? JSON.parse(row.breakdown) : row.breakdown) as { lines: { code: string; amount_pence: number }[]; final_price_pence: number };
    expect(breakdown.final_price_pence).toBe(4250);
    expect(breakdown.lines.reduce((sum, line) => sum + line.amount_pence, 0)).toBe(4250);
    expect(breakdown.lines.at(-1)).toMatchObject({ code: AGREED_PRICE_CODE, amount_pence: 4250 - Math.round(choice.final_price * 100) });
    const audit = await api.sql<{ action: string; actor_staff_id: string; before: unknown; after: unknown }>(
      "SELECT action, actor_staff_id, before, after FROM audit_log WHERE entity_type = 'booking' AND entity_id = $1 AND action = 'booking.price_override'",
      [number],
    );
    expect(audit).toEqual([{ action: 'booking.price_override', actor_staff_id: expect.anything(), before: { total_pence: Math.round(choice.final_price * 100) }, after: { total_pence: 4250, reason: 'Regular customer rate agreed by phone' } }]);
    const detail = await api.as(dispatcher, 'GET', `bookings/${number}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const timeline = await api.as(dispatcher, 'GET', `audit?entity=booking&id=${number}`);
    expect(timeline.json().entries.map((entry: { action: string }) => entry.action).sort()).toEqual(['booking.phone_booking', 'booking.price_override']);

    // On account needs a member of an account: a typed-in caller is refused.
    const typed = await api.as(dispatcher, 'POST', 'phone-bookings', { ...body, passenger: { name: 'Nobody', email: 'nobody@phone.test', phone: '07700 900000' }, booking_key: key() });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().message).toBe(PHONE_BOOKING_MESSAGES.accountNeedsMember);
    const unknown = await api.as(dispatcher, 'POST', 'phone-bookings', { ...body, passenger: { ...body.passenger, id: 999_999 }, booking_key: key() });
    expect(unknown.statusCode).toBe(404);
  });

  it('over the credit limit is refused with nothing written', async () => {
    const { passengerId } = await accountMember('olu@phone.test', 1000);
    const { quote_id, choice } = await price();
    const counts = async () => [await countRows(provider, 'bookings'), await countRows(provider, 'audit_log'), await countRows(provider, 'mail_outbox')];
    const before = await counts();
    const refused = await api.as(dispatcher, 'POST', 'phone-bookings', {
      quote_id,
      vehicle_id: choice.vehicle_id,
      company_id: choice.company_id,
      passenger: { id: passengerId, name: 'Priya Patel', email: 'olu@phone.test', phone: '+44 7700 900777' },
      payment: 'account',
      price_override: { price: 10.01, reason: 'Just over the limit' },
      booking_key: key(),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ success: false, code: 'credit_limit', message: COMPANY_ACCOUNT_MESSAGES.overLimit(1000) });
    expect(await counts()).toEqual(before);
  });

  it('refuses a passenger token, a driver cookie, another site\'s staff, a missing CSRF token, a NUL and a huge body', async () => {
    const { quote_id, choice } = await price();
    const body = { quote_id, vehicle_id: choice.vehicle_id, company_id: choice.company_id, passenger: { name: 'Eve', email: 'eve@example.test', phone: '07700 900666' }, payment: 'car', booking_key: key() };
    const before = await countRows(provider, 'bookings');

    const passenger = await provider.fastify.inject({ method: 'POST', url: '/api/v1/check-passenger-login', headers: KEY_HEADERS, payload: { email: 'priya@phone.test', password: 'Priya-Own-Pass-77' } });
    const token = passenger.json().access_token as string;
    const asPassenger = await api.raw('POST', 'phone-bookings', { authorization: `Bearer ${token}` }, body);
    expect(asPassenger.statusCode).toBe(401);

    const driver = await driverAppOf(provider, api).newDriver(owner);
    const asDriver = await api.as(driver, 'POST', 'phone-bookings', body);
    expect(asDriver.statusCode).toBe(401);
    expect(asDriver.json().success).toBe(false);

    const other = await api.otherSite('Phone Other Cars');
    const otherOwnSite = await api.as(other.owner, 'POST', 'phone-bookings', body, other.headers);
    expect(otherOwnSite.statusCode).toBe(409);
    const naming = await api.as(other.owner, 'POST', 'phone-bookings', body, KEY_HEADERS);
    expect(naming.statusCode).toBe(403);
    expect(naming.json().message).toBe(STAFF_MESSAGES.otherSite);

    const noCsrf = await api.as(dispatcher, 'POST', 'phone-bookings', body, { 'x-csrf-token': '' });
    expect(noCsrf.statusCode).toBe(403);

    const nul = await api.as(dispatcher, 'POST', 'phone-bookings', { ...body, passenger: { ...body.passenger, name: 'Eve\u0000' } });
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    expect(nul.json().success).toBe(false);
    const huge = await api.as(dispatcher, 'POST', 'phone-bookings', { ...body, notes: 'x'.repeat(40_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    const hugePrice = await api.as(dispatcher, 'POST', 'phone-bookings/price', { ...trip, pickup: 'y'.repeat(20_000) });
    expect(hugePrice.statusCode).toBe(413);
    expect(await countRows(provider, 'bookings')).toBe(before);
  });

  it('a QUOTE NOW offer at the dispatcher\'s own price books at that price, exactly once under 20 concurrent bookings', async () => {
    const request = await provider.fastify.inject({
      method: 'POST',
      url: '/api/v1/send-instant-email',
      headers: KEY_HEADERS,
      remoteAddress: '10.9.0.1',
      payload: { pickup_address: trip.pickup, dropoff_address: trip.dropoff, pickup_date: trip.pickup_date, pickup_time: '2:30pm', passenger_email: 'grace@example.test', passenger_phone: '07700 900123', passenger_name: 'Grace Hopper', passengers: 2 },
    });
    expect(request.statusCode, request.body).toBe(200);
    const enquiryId = request.json().quote_request_id as number;
    const priced = await api.as(dispatcher, 'POST', `enquiries/quote/${enquiryId}/price`, trip);
    const { quote_id, options } = priced.json();
    const choice = options[0];
    const noReason = await api.as(dispatcher, 'POST', `enquiries/quote/${enquiryId}/offer`, { quote_id, vehicle_id: choice.vehicle_id, company_id: choice.company_id, reply_key: key(), price_override: { price: 55.5 } });
    expect(noReason.statusCode).toBe(400);
    const offered = await api.as(dispatcher, 'POST', `enquiries/quote/${enquiryId}/offer`, {
      quote_id,
      vehicle_id: choice.vehicle_id,
      company_id: choice.company_id,
      text: 'Our price for you.',
      reply_key: key(),
      price_override: { price: 55.5, reason: 'Matched a competitor quote' },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const offer = offered.json().enquiry.replies.at(-1).offer;
    expect(offer).toMatchObject({ price: 55.5, vehicle_id: choice.vehicle_id });
    expect(offer.quote_id).not.toBe(quote_id);
    const [mail] = await api.sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'quote_offer' ORDER BY id DESC LIMIT 1");
    expect(mail.text_body).toContain('£55.50');
    const token = new RegExp(`${QUOTE_OFFER_ROUTE}#token=([A-Za-z0-9_-]{43})`).exec(mail.text_body)![1];
    const [audit] = await api.sql<{ after: Record<string, unknown> }>("SELECT after FROM audit_log WHERE action = 'enquiry.quote_offer' ORDER BY id DESC LIMIT 1");
    expect(audit.after.price_override).toEqual({ tariff_price_pence: Math.round(choice.final_price * 100), price_pence: 5550, reason: 'Matched a competitor quote', quote_id: offer.quote_id });
    // The tariff's own quote is untouched: another visitor of that price list pays the tariff.
    const tariff = await provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-selected-vehicle-price', headers: KEY_HEADERS, payload: { quote_id, vehicle_id: choice.vehicle_id, company_id: choice.company_id } });
    expect(tariff.json().final_price).toBe(choice.final_price);

    const opened = await provider.fastify.inject({ method: 'POST', url: '/api/v1/quote-offer', headers: KEY_HEADERS, payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const { vehicle, booking_form } = opened.json();
    expect(vehicle.final_price).toBe(55.5);
    // The visitor's price must match the server's (the staff price), as any booking's.
    const cheaper = await provider.fastify.inject({ method: 'POST', url: '/api/v1/booking', headers: KEY_HEADERS, payload: bookingPayload(booking_form, { ...vehicle, final_price: 1 }) });
    expect(cheaper.statusCode).toBe(409);
    expect(cheaper.json().message).toBe(BOOKING_MESSAGES.priceChanged);

    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        provider.fastify.inject({
          method: 'POST',
          url: '/api/v1/booking',
          headers: KEY_HEADERS,
          remoteAddress: `10.9.1.${index + 1}`,
          payload: bookingPayload(booking_form, vehicle, { registrationData: { ...guestRegistration, email: `visitor${index}@example.test` } }),
        }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const refused of attempts.filter((attempt) => attempt.statusCode === 409)) expect(refused.json().message).toBe(BOOKING_MESSAGES.offerAlreadyBooked);
    const rows = await api.sql<Record<string, unknown>>('SELECT source, total_pence, price_override_reason FROM bookings WHERE quote_id = $1', [offer.quote_id]);
    expect(rows).toEqual([{ source: 'quote_offer', total_pence: 5550, price_override_reason: 'Matched a competitor quote' }]);
  });
});
