import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceDetail } from '../../contract/booking.ts';
import { BOOKING_MESSAGES } from '../../contract/bookings.ts';
import { PROMO_MESSAGES } from '../../contract/promoCodes.ts';
import { UNSTORABLE_TEXT_MESSAGE } from '../../server/plugins/inputRules.ts';
import { bookingPayload, guestRegistration, quoteFor } from '../helpers/booking.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 19, promo codes: the owner's calls (owners only, per site, audited), the discount priced by the server from the
 * stored quote, and the caps held by the database when bookings and card payments take their uses.
 */
describe(`promo codes on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let other: Awaited<ReturnType<ReturnType<typeof consoleOf>['otherSite']>>;
  let trip: { form: Record<string, unknown>; row: PriceDetail };
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    [owner, dispatcher, other] = await Promise.all([api.owner(), api.dispatcher(), api.otherSite()]);
    trip = await quoteFor(provider);
  });
  afterAll(() => provider.dispose());

  const post = (url: string, payload: unknown) => provider.fastify.inject({ method: 'POST', url: `/api/v1/${url}`, headers: KEY_HEADERS, payload: payload as object });
  const create = async (body: Record<string, unknown>) => {
    const response = await api.as(owner, 'POST', 'promos', { kind: 'percent', percent: 10, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().promo as { id: number; code: string };
  };
  const fare = () => Math.round(trip.row.final_price * 100);
  const booking = (email: string, overrides: Record<string, unknown> = {}) =>
    bookingPayload(trip.form, trip.row, { registrationData: { ...guestRegistration, email }, ...overrides });
  const usesOf = (id: number) =>
    api.sql<{ uses: number; rows: string; used: string }>(
      `SELECT uses, (SELECT count(*)::text FROM promo_code_uses WHERE promo_id = p.id) AS rows, (SELECT count(*)::text FROM promo_code_uses WHERE promo_id = p.id AND state = 'used') AS used
         FROM promo_codes p WHERE id = $1`,
      [id],
    ).then((rows) => rows[0]);
  const bookingsOf = (email: string) => api.sql<{ total_pence: number }>('SELECT total_pence FROM bookings WHERE passenger_email = $1', [email]);

  it('an owner creates a code (stored upper case, unique ignoring case), lists it with its uses, edits and switches it off, each audited', async () => {
    const created = await api.as(owner, 'POST', 'promos', { code: ' summer10 ', kind: 'percent', percent: 10, valid_from: '2026-01-01', valid_to: '2099-12-31', total_cap: 100, per_passenger_cap: 1, min_fare_pence: 2000, categories: [1, 2] });
    expect(created.statusCode, created.body).toBe(201);
    const promo = created.json().promo;
    expect(promo).toEqual({
      id: expect.any(Number),
      code: 'SUMMER10',
      kind: 'percent',
      percent: 10,
      amount_pence: null,
      valid_from: '2026-01-01',
      valid_to: '2099-12-31',
      total_cap: 100,
      per_passenger_cap: 1,
      min_fare_pence: 2000,
      categories: [1, 2],
      active: true,
      uses: 0,
      bookings: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const twice = await api.as(owner, 'POST', 'promos', { code: 'Summer10', kind: 'fixed', amount_pence: 500 });
    expect([twice.statusCode, twice.json()]).toEqual([409, { success: false, message: PROMO_MESSAGES.codeTaken, code: 'conflict' }]);

    const edited = await api.as(owner, 'PATCH', `promos/${promo.id}`, { percent: 15, categories: [1, 2] });
    expect(edited.json().promo).toMatchObject({ percent: 15, categories: [1, 2] });
    const off = await api.as(owner, 'PATCH', `promos/${promo.id}`, { active: false });
    expect(off.json().promo.active).toBe(false);
    expect((await api.as(owner, 'GET', 'promos')).json().promos).toContainEqual({ ...promo, percent: 15, active: false, updated_at: expect.any(String) });
    expect(await api.sql('SELECT action, before, after FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY id', ['promo_code', String(promo.id)])).toEqual([
      { action: 'promo.create', before: null, after: promo },
      { action: 'promo.update', before: { percent: 10 }, after: { percent: 15 } },
      { action: 'promo.switch_off', before: { active: true }, after: { active: false } },
    ]);
    const refused = await post('calculate-selected-vehicle-price', { vehicle: trip.row, promo_code: 'summer10' });
    expect([refused.statusCode, refused.json()]).toEqual([422, { success: false, message: PROMO_MESSAGES.invalid, code: 'promo' }]);
  });

  it('20 identical creates make one code; the rest are 409', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => api.as(owner, 'POST', 'promos', { code: 'BURST', kind: 'fixed', amount_pence: 100 })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await api.sql("SELECT 1 FROM audit_log WHERE action = 'promo.create' AND after->>'code' = 'BURST'")).toHaveLength(1);
  });

  it('refuses bad input with a 400 JSON message: formats, kinds, dates, caps, unknown categories and fields, NUL bytes, huge bodies', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', 'promos', { code: 'ab', kind: 'percent', percent: 5 }, `code: ${PROMO_MESSAGES.codeFormat}`],
      ['POST', 'promos', { code: 'TEN OFF', kind: 'percent', percent: 5 }, `code: ${PROMO_MESSAGES.codeFormat}`],
      ['POST', 'promos', { code: 'BAD\u0000CODE', kind: 'percent', percent: 5 }, `code: ${UNSTORABLE_TEXT_MESSAGE}`],
      ['POST', 'promos', { code: 'ZERO', kind: 'percent', percent: 0 }, `percent: ${PROMO_MESSAGES.percent}`],
      ['POST', 'promos', { code: 'HALF', kind: 'percent', percent: 10.5 }, `percent: ${PROMO_MESSAGES.percent}`],
      ['POST', 'promos', { code: 'NOVALUE', kind: 'fixed' }, PROMO_MESSAGES.kindValue],
      ['POST', 'promos', { code: 'BOTH', kind: 'fixed', amount_pence: 100, percent: 10 }, PROMO_MESSAGES.kindValue],
      ['POST', 'promos', { code: 'DATES', kind: 'fixed', amount_pence: 100, valid_from: '2026-12-02', valid_to: '2026-12-01' }, PROMO_MESSAGES.dates],
      ['POST', 'promos', { code: 'BADDATE', kind: 'fixed', amount_pence: 100, valid_from: '2026-02-30' }, 'valid_from: Dates are written YYYY-MM-DD'],
      ['POST', 'promos', { code: 'CAP', kind: 'fixed', amount_pence: 100, total_cap: 0 }, `total_cap: ${PROMO_MESSAGES.cap}`],
      ['POST', 'promos', { code: 'CATEGORY', kind: 'fixed', amount_pence: 100, categories: [999] }, 'No such vehicle category on this site: 999'],
      // Ids past the integer[] column: the schema's 400, never a database error.
      ['POST', 'promos', { code: 'BIGCATEGORY', kind: 'fixed', amount_pence: 100, categories: [1, 2 ** 31] }, 'categories.1: categories must be a list of vehicle category ids'],
      ['PATCH', 'promos/1', { categories: [1e15] }, 'categories.0: categories must be a list of vehicle category ids'],
      ['POST', 'promos', { code: 'EXTRA', kind: 'fixed', amount_pence: 100, uses: 5 }, 'Unrecognized key: "uses"'],
      ['PATCH', 'promos/1', {}, PROMO_MESSAGES.nothingToChange],
      ['PATCH', 'promos/1', { code: 'RENAMED' }, 'Unrecognized key: "code"'],
      ['PATCH', 'promos/abc', { active: false }, 'id: id must be a number'],
    ];
    for (const [method, url, body, message] of cases) {
      const response = await api.as(owner, method as 'POST', url, body);
      expect([response.statusCode, response.json()], `${method} ${url} ${JSON.stringify(body)}`).toEqual([400, { success: false, message, code: 'invalid_input' }]);
    }
    const fixed = await create({ code: 'FIVER', kind: 'fixed', percent: null, amount_pence: 500 });
    const switched = await api.as(owner, 'PATCH', `promos/${fixed.id}`, { kind: 'percent' });
    expect([switched.statusCode, switched.json()]).toEqual([400, { success: false, message: PROMO_MESSAGES.kindValue, code: 'invalid_input' }]);
    const tooLarge = await api.as(owner, 'POST', 'promos', { code: 'HUGE', kind: 'percent', percent: 5, categories: Array(300_000).fill(1) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect((await api.as(owner, 'PATCH', 'promos/99999999', { active: false })).json()).toEqual({ success: false, message: PROMO_MESSAGES.notFound, code: 'not_found' });
    expect(await api.sql("SELECT code FROM promo_codes WHERE code IN ('AB', 'ZERO', 'HALF', 'NOVALUE', 'BOTH', 'DATES', 'CAP', 'CATEGORY', 'BIGCATEGORY', 'EXTRA', 'HUGE')")).toEqual([]);
  });

  it('refuses a dispatcher every call (403) and keeps each site to its own codes', async () => {
    const mine = await create({ code: 'MINEONLY' });
    for (const [method, url] of [['GET', 'promos'], ['POST', 'promos'], ['PATCH', `promos/${mine.id}`]] as const) {
      const refused = await api.as(dispatcher, method, url, method === 'GET' ? undefined : { code: 'DISPATCH', kind: 'percent', percent: 5, active: false });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    const theirs = await api.as(other.owner, 'GET', 'promos', undefined, other.headers);
    expect(theirs.json()).toEqual({ success: true, promos: [] });
    const patched = await api.as(other.owner, 'PATCH', `promos/${mine.id}`, { active: false }, other.headers);
    expect([patched.statusCode, patched.json()]).toEqual([404, { success: false, message: PROMO_MESSAGES.notFound, code: 'not_found' }]);
    expect((await api.as(other.owner, 'POST', 'promos', { code: 'mineonly', kind: 'percent', percent: 50 }, other.headers)).statusCode).toBe(201);
    // The other site's own code is not ours: a visitor of this site cannot use it.
    await api.as(owner, 'PATCH', `promos/${mine.id}`, { active: false });
    const priced = await post('calculate-selected-vehicle-price', { vehicle: trip.row, promo_code: 'MINEONLY' });
    expect(priced.json().message).toBe(PROMO_MESSAGES.invalid);
  });

  it('prices a code on calculate-selected-vehicle-price as a negative line with the totals, or refuses it with the message', async () => {
    await create({ code: 'TENPC' });
    await create({ code: 'OLD', valid_to: '2020-12-31' });
    await create({ code: 'LATER', valid_from: '2099-01-01' });
    await create({ code: 'VANONLY', categories: [2] });
    await create({ code: 'BIGFARE', min_fare_pence: fare() * 2 + 1 });
    const priced = await post('calculate-selected-vehicle-price', { vehicle: trip.row, promo_code: ' tenpc', selectedVehicle: 2 });
    expect(priced.statusCode, priced.body).toBe(200);
    const discount = Math.round((fare() * 2) / 10);
    expect(priced.json()).toMatchObject({ final_price: trip.row.final_price, promo: {
      code: 'TENPC',
      label: 'Promo code TENPC (10% off)',
      discount_pence: discount,
      total_before_pence: fare() * 2,
      total_pence: fare() * 2 - discount,
      total: (fare() * 2 - discount) / 100,
      line: { code: 'promo', label: 'Promo code TENPC (10% off)', leg: 'trip', group: 'adjustment', amount: -discount / 100, amount_pence: -discount },
    } });
    for (const [code, status, message] of [
      ['NOSUCH', 422, PROMO_MESSAGES.invalid],
      ['OLD', 422, PROMO_MESSAGES.expired],
      ['LATER', 422, PROMO_MESSAGES.notYetValid],
      ['VANONLY', 422, PROMO_MESSAGES.category],
      ['BIGFARE', 422, PROMO_MESSAGES.minimumFare(fare() * 2 + 1)],
    ] as const) {
      const refused = await post('calculate-selected-vehicle-price', { vehicle: trip.row, promo_code: code, selectedVehicle: 2 });
      expect([refused.statusCode, refused.json()], code).toEqual([status, { success: false, message, code: 'promo' }]);
    }
    expect((await post('calculate-selected-vehicle-price', { vehicle: trip.row, promo_code: '' })).json().promo).toBeUndefined();
  });

  it('a pay-in-car booking with a code stores the discounted total, the line and its use; the mails show it; a re-sent submission takes no second use', async () => {
    const promo = await create({ code: 'CARFIVER', kind: 'fixed', percent: null, amount_pence: 500, per_passenger_cap: 1 });
    const payload = booking('car.promo@example.test', { promo_code: 'carfiver' });
    const [first, again] = await Promise.all([post('booking', payload), post('booking', payload)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data.booking.booking_number).toBe(first.json().data.booking.booking_number);
    expect(first.json().data.booking.total_booking_amount).toBe((fare() - 500) / 100);
    expect(await bookingsOf('car.promo@example.test')).toEqual([{ total_pence: fare() - 500 }]);
    const [stored] = await api.sql<{ promo: unknown }>("SELECT breakdown->'promo' AS promo FROM bookings WHERE passenger_email = 'car.promo@example.test'");
    expect(stored.promo).toEqual({ code: 'promo', label: 'Promo code CARFIVER (£5.00 off)', leg: 'trip', group: 'adjustment', amount: -5, amount_pence: -500 });
    expect(await usesOf(promo.id)).toEqual({ uses: 1, rows: '1', used: '1' });
    const mails = await api.sql<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE text_body LIKE '%car.promo@example.test%' OR text_body LIKE '%Promo code CARFIVER%'");
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text_body).toMatch(/Promo code CARFIVER \(£5\.00 off\):? +-£5\.00/);

    // The same passenger (e-mail in another case) again: refused by the per-passenger cap, nothing written.
    const secondTime = await post('booking', booking('Car.Promo@Example.test', { promo_code: 'CARFIVER', registrationData: { ...guestRegistration, email: 'Car.Promo@Example.test', additionalInfo: 'again' } }));
    expect([secondTime.statusCode, secondTime.json()]).toEqual([409, { success: false, message: PROMO_MESSAGES.usedByPassenger, code: 'promo' }]);
    expect(await usesOf(promo.id)).toEqual({ uses: 1, rows: '1', used: '1' });
    expect((await post('booking', booking('someone.else@example.test', { promo_code: 'CARFIVER' }))).statusCode).toBe(200);
  });

  it('the per-passenger cap counts one passenger whatever +tag, case or (Gmail) dots the address carries', async () => {
    const promo = await create({ code: 'ONEEACH', per_passenger_cap: 1 });
    expect((await post('booking', booking('jane@example.test', { promo_code: 'ONEEACH' }))).statusCode).toBe(200);
    for (const email of ['jane+1@example.test', 'JANE+promo@Example.test']) {
      const again = await post('booking', booking(email, { promo_code: 'ONEEACH' }));
      expect([again.statusCode, again.json()], email).toEqual([409, { success: false, message: PROMO_MESSAGES.usedByPassenger, code: 'promo' }]);
    }
    expect((await post('booking', booking('j.a.n.e.doe@gmail.com', { promo_code: 'ONEEACH' }))).statusCode).toBe(200);
    const gmail = await post('booking', booking('JaneDoe+2@googlemail.com', { promo_code: 'ONEEACH' }));
    expect([gmail.statusCode, gmail.json().message]).toEqual([409, PROMO_MESSAGES.usedByPassenger]);
    // Dots are folded only for Gmail: elsewhere j.ane and jane are two mailboxes.
    expect((await post('booking', booking('j.ane@example.test', { promo_code: 'ONEEACH' }))).statusCode).toBe(200);
    expect(await api.sql('SELECT passenger_email FROM promo_code_uses WHERE promo_id = $1 ORDER BY id', [promo.id])).toEqual([
      { passenger_email: 'jane@example.test' },
      { passenger_email: 'janedoe@gmail.com' },
      { passenger_email: 'j.ane@example.test' },
    ]);
    expect(await usesOf(promo.id)).toEqual({ uses: 3, rows: '3', used: '3' });
  });

  it('a code that makes the booking free: "Nothing to pay" books it without a card, takes one use and says so in both mails', async () => {
    const full = await create({ code: 'ALLFREE', kind: 'percent', percent: 100 });
    await create({ code: 'BIGFIXED', kind: 'fixed', percent: null, amount_pence: fare() + 1000 });
    const priced = (await post('calculate-selected-vehicle-price', { vehicle: trip.row, promo_code: 'ALLFREE' })).json();
    expect(priced.promo).toMatchObject({ total_pence: 0, total: 0, discount_pence: fare() });
    expect((await post('calculate-selected-vehicle-price', { vehicle: trip.row, promo_code: 'BIGFIXED' })).json().promo).toMatchObject({ total_pence: 0, discount_pence: fare() });

    // A card cannot pay £0: the intent is refused with a message (no processor call), whatever amount is sent.
    const card = booking('free.card@example.test', { payment_method: 'card', promo_code: 'ALLFREE' });
    const intent = await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: 1, booking: card });
    expect([intent.statusCode, intent.json()]).toEqual([409, { success: false, message: BOOKING_MESSAGES.nothingToPayByCard, code: 'conflict' }]);
    expect(await api.sql('SELECT 1 FROM payments WHERE request_key IN (SELECT request_key FROM promo_code_uses WHERE promo_id = $1)', [full.id])).toEqual([]);

    // "Nothing to pay" on a booking the server prices above £0 is refused: nothing written.
    await create({ code: 'NOTFREE10' });
    const notFree = await post('booking', booking('not.free@example.test', { promo_code: 'NOTFREE10', nothing_to_pay: true }));
    expect([notFree.statusCode, notFree.json()]).toEqual([409, { success: false, message: BOOKING_MESSAGES.notFree, code: 'conflict', amount: fare() - Math.round(fare() / 10) }]);
    expect(await bookingsOf('not.free@example.test')).toEqual([]);

    // Booked in one call, sent twice: one booking, one use; recorded as nothing to pay.
    const payload = booking('free.ride@example.test', { promo_code: 'allfree', nothing_to_pay: true });
    const [first, again] = await Promise.all([post('booking', payload), post('booking', payload)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data.booking.booking_number).toBe(first.json().data.booking.booking_number);
    expect(first.json().data.booking).toMatchObject({ payment_method: 'car', total_booking_amount: 0 });
    expect(await api.sql("SELECT payment_method, payment_status, total_pence, payment_intent_id FROM bookings WHERE passenger_email = 'free.ride@example.test'")).toEqual([
      { payment_method: 'car', payment_status: 'nothing_to_pay', total_pence: 0, payment_intent_id: null },
    ]);
    expect(await usesOf(full.id)).toEqual({ uses: 1, rows: '1', used: '1' });
    const mails = await api.sql<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE text_body LIKE $1', [`%${first.json().data.booking.booking_number}%`]);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text_body).toMatch(/Payment:? +Nothing to pay/);
      expect(mail.text_body).not.toContain('Pay to driver');
    }

    // With Pay in Car switched off, a free booking is still made (it is paid neither way).
    await api.as(owner, 'PUT', 'settings', { SHOWPAYINCAR: 'no' });
    try {
      const fixed = await post('booking', booking('free.fixed@example.test', { promo_code: 'BIGFIXED', nothing_to_pay: true }));
      expect([fixed.statusCode, fixed.json().data?.booking.total_booking_amount], fixed.body).toEqual([200, 0]);
    } finally {
      await api.as(owner, 'PUT', 'settings', { SHOWPAYINCAR: 'yes' });
    }
  });

  it('a code used up between pricing and booking is refused with the message and nothing is written', async () => {
    const promo = await create({ code: 'ONCEONLY', total_cap: 1 });
    expect((await post('calculate-selected-vehicle-price', { vehicle: trip.row, promo_code: 'ONCEONLY' })).statusCode).toBe(200);
    expect((await post('booking', booking('first.once@example.test', { promo_code: 'ONCEONLY' }))).statusCode).toBe(200);
    const late = await post('booking', booking('late.once@example.test', { promo_code: 'ONCEONLY' }));
    expect([late.statusCode, late.json()]).toEqual([409, { success: false, message: PROMO_MESSAGES.usedUp, code: 'promo' }]);
    expect(await bookingsOf('late.once@example.test')).toEqual([]);
    expect(await api.sql("SELECT 1 FROM mail_outbox WHERE text_body LIKE '%late.once@example.test%'")).toEqual([]);
    expect(await usesOf(promo.id)).toEqual({ uses: 1, rows: '1', used: '1' });
  });

  it('20 concurrent bookings with a code capped at 1: exactly one has the discount, the others get 409 and write nothing', async () => {
    const promo = await create({ code: 'RACE', total_cap: 1 });
    const emails = Array.from({ length: 20 }, (_, index) => `race.${index}@example.test`);
    const responses = await Promise.all(emails.map((email) => post('booking', booking(email, { promo_code: 'RACE' }))));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) expect(refused.json().message).toBe(PROMO_MESSAGES.usedUp);
    expect(await usesOf(promo.id)).toEqual({ uses: 1, rows: '1', used: '1' });
    expect(await api.sql("SELECT count(*)::int AS n FROM bookings WHERE passenger_email LIKE 'race.%'")).toEqual([{ n: 1 }]);
  });

  it('card: the intent is for the discounted amount and reserves the use; others are refused before paying; the payment books it; a declined card gives it back', async () => {
    const promo = await create({ code: 'CARDTEN', total_cap: 1 });
    const amount = fare() - Math.round(fare() / 10);
    const payload = booking('card.promo@example.test', { payment_method: 'card', promo_code: 'CARDTEN' });
    const wrong = await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount: fare(), booking: payload });
    expect([wrong.statusCode, wrong.json().amount]).toEqual([409, amount]);

    const declined = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa_chargeDeclined', amount, booking: payload })).json();
    expect(await usesOf(promo.id)).toEqual({ uses: 1, rows: '1', used: '0' });
    const blocked = await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking: booking('other.card@example.test', { payment_method: 'card', promo_code: 'CARDTEN' }) });
    expect([blocked.statusCode, blocked.json().message]).toEqual([409, PROMO_MESSAGES.usedUp]);
    expect((await post('confirm-payment-intent', { paymentIntentId: declined.paymentIntentId })).json().status).toBe('failed');
    expect(await usesOf(promo.id)).toEqual({ uses: 0, rows: '0', used: '0' });

    const paid = (await post('create-payment-intent', { paymentMethodId: 'pm_card_visa', amount, booking: payload })).json();
    expect(paid.amount).toBe(amount);
    const confirmed = (await post('confirm-payment-intent', { paymentIntentId: paid.paymentIntentId })).json();
    expect(confirmed).toMatchObject({ status: 'succeeded', booking_number: expect.stringMatching(/^CF-/) });
    const viaBrowser = await post('booking', { ...payload, paymentId: paid.paymentIntentId });
    expect(viaBrowser.json().data.booking).toMatchObject({ booking_number: confirmed.booking_number, total_booking_amount: amount / 100 });
    expect(await usesOf(promo.id)).toEqual({ uses: 1, rows: '1', used: '1' });
    expect(await api.sql('SELECT b.booking_number FROM promo_code_uses u JOIN bookings b ON b.site_id = u.site_id AND b.id = u.booking_id WHERE u.promo_id = $1', [promo.id])).toEqual([{ booking_number: confirmed.booking_number }]);
    // A declined intent confirmed again after the code went: refused before the processor is asked to charge.
    const lateConfirm = await post('confirm-payment-intent', { paymentIntentId: declined.paymentIntentId });
    expect([lateConfirm.statusCode, lateConfirm.json().message]).toEqual([409, 'This booking has already been paid for.']);
  });
});
