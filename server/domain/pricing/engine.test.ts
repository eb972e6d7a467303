import { describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES, type BookingFormInput } from '../../../contract/booking.ts';
import { priceHourlyQuote, priceQuote, priceSelectedVehicle } from './engine.ts';
import { catalog, form, hourlyForm, leg, NOW, P, settings, simpleTariff } from './testKit.ts';
import type { PricedRow, PricingCatalog, QuoteOutcome, TripRoutes } from './types.ts';

const oneWay = (points = [P.oxford, P.reading], miles = 12.5): TripRoutes => ({ outbound: leg(points, miles), return: null });

function rows(outcome: QuoteOutcome): PricedRow[] {
  if (!outcome.ok) throw new Error(`expected prices, got ${outcome.error.message}`);
  return outcome.rows;
}

const row = (outcome: QuoteOutcome, companyId = 1, vehicleId = 1) => {
  const found = rows(outcome).find((candidate) => candidate.company_id === companyId && candidate.vehicle_id === vehicleId);
  if (!found) throw new Error(`no row ${companyId}/${vehicleId}`);
  return found;
};

/** code → pence, summed per code (labels aside), for compact expectations. */
const linesOf = (priced: PricedRow) => priced.breakdown.lines.map((line) => [line.code, line.leg, line.amount_pence] as const);

const quote = (changes: Partial<BookingFormInput> = {}, trip = oneWay(), pricing: PricingCatalog = catalog(), now = NOW) => priceQuote(form(changes), trip, pricing, now);

describe('fare: bands, minimum fare, stops', () => {
  it.each([
    // miles, stops, expected lines (code, pence), final pence
    [4, 0, [['base_fare', 500], ['mileage', 800], ['minimum_fare', 200]], 1500],
    [5, 0, [['base_fare', 500], ['mileage', 1000]], 1500],
    [10, 0, [['base_fare', 500], ['mileage', 2000]], 2500],
    [12.5, 0, [['base_fare', 500], ['mileage', 2000], ['mileage', 375]], 2875],
    [42.25, 0, [['base_fare', 500], ['mileage', 2000], ['mileage', 3000], ['mileage', 1225]], 6725],
    [12.5, 2, [['base_fare', 500], ['mileage', 2000], ['mileage', 375], ['extra_stops', 600]], 3475],
    [0.5, 1, [['base_fare', 500], ['mileage', 100], ['extra_stops', 300], ['minimum_fare', 600]], 1500],
  ] as const)('%s miles with %s stops', (miles, stops, expected, final) => {
    const points = [P.oxford, ...Array.from({ length: stops }, () => P.wokingham), P.reading];
    const priced = row(quote({}, oneWay(points, miles)));
    expect(priced.breakdown.lines.map((line) => [line.code, line.amount_pence])).toEqual(expected);
    expect(priced.breakdown.final_price_pence).toBe(final);
    expect(priced.final_price).toBe(final / 100);
    expect(priced.price).toBe(final / 100);
  });

  it('labels the mile bands', () => {
    const labels = row(quote({}, oneWay([P.oxford, P.reading], 42.25))).breakdown.lines.map((line) => line.label);
    expect(labels).toEqual(['Base fare', '10 mi (first 10 miles) at £2.00/mile', '20 mi (miles 10–30) at £1.50/mile', '12.25 mi (miles over 30) at £1.00/mile']);
  });

  it('uses the tariff valid on the pickup date', () => {
    const pricing = catalog({ tariffs: [simpleTariff(1, 1), simpleTariff(1, 1, { valid_from: '2026-06-10', base_fare_pence: 900 })] });
    expect(row(quote({ pickup_date: '2026-06-09' }, oneWay(), pricing)).breakdown.lines[0].amount_pence).toBe(500);
    expect(row(quote({ pickup_date: '2026-06-10' }, oneWay(), pricing)).breakdown.lines[0].amount_pence).toBe(900);
  });
});

describe('time surcharges (London time)', () => {
  it.each([
    // date, hour, minute, expected surcharge [code, pence] or null
    ['2026-06-10', '11pm', '00', ['night', 719]], // 25% of 2875 = 718.75
    ['2026-06-10', '10pm', '00', ['night', 719]],
    ['2026-06-10', '9pm', '55', null],
    ['2026-06-11', '5am', '55', ['night', 719]],
    ['2026-06-11', '6am', '00', null],
    ['2026-06-11', '12am', '00', ['night', 719]], // midnight
    ['2026-08-31', '12pm', '00', ['bank_holiday', 1438]], // Summer bank holiday: 50%
    ['2026-08-31', '11pm', '00', ['bank_holiday', 1438]], // night and bank holiday: the higher only
    ['2026-12-28', '10am', '00', ['bank_holiday', 1438]], // Boxing Day substitute
  ] as const)('%s %s:%s', (date, hour, minute, expected) => {
    const priced = row(quote({ pickup_date: date, pickup_hour: hour, pickup_min: minute }));
    const surcharges = priced.breakdown.lines.filter((line) => line.group === 'surcharge').map((line) => [line.code, line.amount_pence]);
    expect(surcharges).toEqual(expected ? [expected] : []);
  });

  it('reads the night window in London time on both sides of the clock changes', () => {
    // 29 March 2026: clocks go forward. 10pm BST is 21:00 UTC and is night.
    expect(row(quote({ pickup_date: '2026-03-29', pickup_hour: '10pm' }, oneWay(), catalog(), new Date('2026-03-01T00:00:00Z'))).breakdown.lines.some((line) => line.code === 'night')).toBe(true);
    // 24 October 2026 (BST) 9pm is 20:00 UTC: not night. 25 October (GMT) 10pm is 22:00 UTC: night.
    const early = new Date('2026-10-01T00:00:00Z');
    expect(row(quote({ pickup_date: '2026-10-24', pickup_hour: '9pm' }, oneWay(), catalog(), early)).breakdown.lines.some((line) => line.code === 'night')).toBe(false);
    expect(row(quote({ pickup_date: '2026-10-25', pickup_hour: '10pm' }, oneWay(), catalog(), early)).breakdown.lines.some((line) => line.code === 'night')).toBe(true);
    expect(row(quote({ pickup_date: '2026-10-25', pickup_hour: '10pm' }, oneWay(), catalog(), early)).breakdown.pickup_at).toBe('2026-10-25T22:00:00.000Z');
  });
});

describe('place surcharges', () => {
  it('charges the airport pick-up and drop-off fees of the airport at each end', () => {
    const fromHeathrow = row(quote({}, oneWay([P.heathrow, P.oxford], 45)));
    expect(linesOf(fromHeathrow).filter(([code]) => code.startsWith('airport'))).toEqual([['airport_pickup', 'outbound', 1000]]);
    const toHeathrow = row(quote({}, oneWay([P.oxford, P.heathrow], 45)));
    expect(linesOf(toHeathrow).filter(([code]) => code.startsWith('airport'))).toEqual([['airport_dropoff', 'outbound', 600]]);
    const notAnAirport = row(quote({}, oneWay([P.oxford, { ...P.heathrow, kind: 'hotel', iata: null }], 45)));
    expect(linesOf(notAnAirport).filter(([code]) => code.startsWith('airport'))).toEqual([]);
  });

  it.each([
    // date, hour, minute, from, expected congestion charge pence (0: none)
    ['2026-06-10', '9am', '00', 'Wednesday in hours', 1800],
    ['2026-06-10', '6am', '50', 'Wednesday, arriving after 07:00', 1800],
    ['2026-06-10', '6am', '00', 'Wednesday, before 07:00', 0],
    ['2026-06-10', '6pm', '00', 'Wednesday at 18:00', 0],
    ['2026-06-13', '9am', '00', 'Saturday morning', 0],
    ['2026-06-13', '12pm', '30', 'Saturday afternoon', 1800],
    ['2026-08-31', '9am', '00', 'bank holiday morning', 0],
    ['2026-08-31', '1pm', '00', 'bank holiday afternoon', 1800],
    ['2026-12-29', '10am', '00', 'between Christmas and New Year', 0],
    ['2027-01-01', '1pm', '00', "New Year's Day", 0],
    ['2026-01-01', '1pm', '00', "New Year's Day 2026", 0],
    ['2026-01-02', '10am', '00', '2 January 2026, the new £18 charge', 1800],
    ['2025-12-23', '10am', '00', 'December 2025, still £15', 1500],
  ] as const)('Congestion Charge into the zone: %s %s:%s (%s)', (date, hour, minute, _why, pence) => {
    const priced = row(quote({ pickup_date: date, pickup_hour: hour, pickup_min: minute }, oneWay([P.hammersmith, P.savoy], 5.5), catalog(), new Date('2025-12-01T00:00:00Z')));
    const charge = priced.breakdown.lines.filter((line) => line.code === 'congestion_charge').map((line) => line.amount_pence);
    expect(charge).toEqual(pence ? [pence] : []);
  });

  it('does not charge the Congestion Charge outside the zone nor to an exempt (wheelchair-accessible) vehicle', () => {
    expect(row(quote({ pickup_hour: '9am' }, oneWay([P.hammersmith, P.heathrow], 9))).breakdown.lines.some((line) => line.code === 'congestion_charge')).toBe(false);
    expect(row(quote({ pickup_hour: '9am' }, oneWay([P.hammersmith, P.savoy], 5.5)), 1, 6).breakdown.lines.some((line) => line.code === 'congestion_charge')).toBe(false);
  });

  it('charges the daily Congestion Charge once for two legs on one day, twice on two days', () => {
    const trip = (returnDate: string) =>
      quote(
        { select_option: 'return', pickup_hour: '9am', return_date: returnDate, return_hour: '5pm', return_min: '00' },
        { outbound: leg([P.hammersmith, P.savoy], 5.5), return: leg([P.savoy, P.hammersmith], 5.5) },
      );
    expect(linesOf(row(trip('2026-06-10'))).filter(([code]) => code === 'congestion_charge')).toEqual([['congestion_charge', 'outbound', 1800]]);
    expect(linesOf(row(trip('2026-06-11'))).filter(([code]) => code === 'congestion_charge')).toEqual([
      ['congestion_charge', 'outbound', 1800],
      ['congestion_charge', 'return', 1800],
    ]);
  });

  it('charges ULEZ to a non-compliant vehicle entering London, any hour, except on Christmas Day', () => {
    const ulez = (priced: PricedRow) => priced.breakdown.lines.filter((line) => line.code === 'ulez').map((line) => line.amount_pence);
    expect(ulez(row(quote({ pickup_hour: '3am' }, oneWay([P.reading, P.hammersmith], 40)), 1, 5))).toEqual([1250]);
    expect(ulez(row(quote({ pickup_hour: '3am' }, oneWay([P.reading, P.hammersmith], 40)), 1, 1))).toEqual([]);
    expect(ulez(row(quote({}, oneWay([P.oxford, P.reading], 25)), 1, 5))).toEqual([]);
    expect(ulez(row(quote({ pickup_date: '2026-12-25' }, oneWay([P.reading, P.hammersmith], 40)), 1, 5))).toEqual([]);
    // A straight leg across London enters the zone even though both ends are outside it.
    expect(ulez(row(quote({}, oneWay([P.reading, { ...P.oxford, lat: 51.45, lon: 0.3 }], 70)), 1, 5))).toEqual([1250]);
  });
});

describe('extras from settings', () => {
  const options = { meet_and_greet: 'yes', baby_seats: 2, booster_seats: 1, special_luggage: 3, waiting_min: 15, wheel_chair: 'yes' } as const;

  it('prices each option from its setting and never charges a wheelchair', () => {
    const priced = row(quote(options));
    expect(linesOf(priced).filter((_line, index) => priced.breakdown.lines[index].group === 'extra')).toEqual([
      ['meet_and_greet', 'outbound', 1200],
      ['baby_seats', 'outbound', 1000],
      ['booster_seats', 'outbound', 500],
      ['special_luggage', 'outbound', 3000],
      ['waiting', 'outbound', 750],
      ['wheel_chair', 'outbound', 0],
    ]);
    expect(priced.breakdown.extras).toBe(64.5);
    expect(priced.price).toBe(28.75);
    expect(priced.final_price).toBe(28.75 + 64.5);
  });

  it('ignores an option whose setting is not over zero (the option is not offered)', () => {
    const pricing = catalog({ settings: settings({ MEET_AND_GREET: '0', BABY_PRICE_PER_SEAT: null, WHEEL_CHAIR: '0' }) });
    const codes = row(quote(options, oneWay(), pricing)).breakdown.lines.map((line) => line.code);
    expect(codes).not.toContain('meet_and_greet');
    expect(codes).not.toContain('baby_seats');
    expect(codes).not.toContain('wheel_chair');
    expect(codes).toContain('booster_seats');
  });
});

describe('return trips', () => {
  it('prices both legs, each with its own options, passengers and minimum fare', () => {
    const outcome = quote(
      {
        select_option: 'return',
        return_date: '2026-06-12',
        return_hour: '11pm',
        return_min: '00',
        meet_and_greet: 'yes',
        return_baby_seats: 1,
        passengers: 2,
        return_passengers: 3,
      },
      { outbound: leg([P.oxford, P.wokingham, P.reading], 12.5), return: leg([P.reading, P.oxford], 4) },
    );
    expect(linesOf(row(outcome))).toEqual([
      ['base_fare', 'outbound', 500],
      ['mileage', 'outbound', 2000],
      ['mileage', 'outbound', 375],
      ['extra_stops', 'outbound', 300],
      ['meet_and_greet', 'outbound', 1200],
      ['base_fare', 'return', 500],
      ['mileage', 'return', 800],
      ['minimum_fare', 'return', 200],
      ['night', 'return', 375],
      ['baby_seats', 'return', 500],
    ]);
    const priced = row(outcome);
    expect(priced.breakdown.lines.filter((line) => line.leg === 'return').every((line) => line.label.startsWith('Return: '))).toBe(true);
    expect(priced.breakdown.return_distance_miles).toBe(4);
    expect(priced.breakdown.return_at).toBe('2026-06-12T22:00:00.000Z');
    expect(priced.final_price).toBe(67.5);
  });

  it('refuses a return before the pickup', () => {
    const outcome = quote(
      { select_option: 'return', return_date: '2026-06-10', return_hour: '11am', return_min: '00' },
      { outbound: leg([P.oxford, P.reading], 12.5), return: leg([P.reading, P.oxford], 12.5) },
    );
    expect(outcome).toEqual({ ok: false, error: { code: 'return_before_pickup', message: QUOTE_MESSAGES.returnBeforePickup } });
  });
});

describe('ROUND_OFF', () => {
  it.each([
    [12.5, 'no', 2875, 0],
    [12.5, 'yes', 2900, 25],
    [42.25, 'yes', 6700, -25],
    [13, 'yes', 3000, 50], // 2950 → halves up
    [10, 'yes', 2500, 0],
  ] as const)('%s miles, ROUND_OFF %s → %s pence', (miles, roundOff, final, adjustment) => {
    const priced = row(quote({}, oneWay([P.oxford, P.reading], miles), catalog({ settings: settings({ ROUND_OFF: roundOff }) })));
    expect(priced.breakdown.final_price_pence).toBe(final);
    expect(priced.breakdown.rounding).toBe(adjustment / 100);
    expect(priced.breakdown.lines.filter((line) => line.code === 'rounding').map((line) => line.amount_pence)).toEqual(adjustment ? [adjustment] : []);
  });
});

describe('rules and their exact messages', () => {
  it('refuses a banned address anywhere in the trip', () => {
    const banned = { ok: false, error: { code: 'banned_address', message: 'Address is banned' } };
    expect(quote({ pickup: '7 Unpaid Fares Close, London W12 0AA' })).toEqual(banned);
    expect(quote({ dropoff: '7 UNPAID FARES CLOSE' })).toEqual(banned);
    expect(quote({ stops: [{ street_name: 'Unpaid Fares Close', number: '7', postcode: 'W12' }] })).toEqual(banned);
    expect(quote({ pickup: 'Unpaid Fares Closed Road' }).ok).toBe(true);
  });

  it.each([
    // now (UTC), pickup date, hour, minute, refused
    ['2026-06-01T08:00:00Z', '2026-06-01', '10am', '55', true], // 09:55 UTC, under 2 hours ahead
    ['2026-06-01T08:00:00Z', '2026-06-01', '11am', '00', false], // exactly 2 hours
    ['2026-06-01T08:00:00Z', '2026-05-31', '11am', '00', true], // in the past
    // 29 March 2026, clocks forward at 01:00 UTC. Now 00:30 GMT; 3am BST is 02:00 UTC, only 1 h 30 ahead.
    ['2026-03-29T00:30:00Z', '2026-03-29', '3am', '00', true],
    ['2026-03-29T00:30:00Z', '2026-03-29', '3am', '30', false],
    // 25 October 2026, clocks back at 01:00 UTC. Now 01:00 BST (00:00 UTC); 2am GMT is 02:00 UTC, 2 h ahead.
    ['2026-10-25T00:00:00Z', '2026-10-25', '2am', '00', false],
    ['2026-10-25T00:00:00Z', '2026-10-25', '1am', '55', true],
  ] as const)('now %s, pickup %s %s:%s → within the grace period: %s', (now, date, hour, minute, refused) => {
    const outcome = quote({ pickup_date: date, pickup_hour: hour, pickup_min: minute }, oneWay(), catalog(), new Date(now));
    expect(outcome.ok ? null : outcome.error.message).toBe(refused ? 'Pickup time is within the grace period' : null);
  });

  it('refuses zero miles', () => {
    expect(quote({ dropoff: 'Oxford' }, oneWay([P.oxford, P.oxford], 0))).toEqual({
      ok: false,
      error: { code: 'zero_distance', message: 'The calculated distance is zero miles. Please check your pickup and dropoff locations.' },
    });
  });

  it.each([
    // passengers, luggages, hand luggages, message
    [10, 10, 3, "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Passengers exceeded by 2, Luggage exceeded by 2."],
    [1, 0, 9, "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Hand Luggage exceeded by 1."],
    [50, 20, 20, "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Passengers exceeded by 42, Luggage exceeded by 12, Hand Luggage exceeded by 12."],
  ] as const)('capacity: %s passengers, %s luggage, %s hand luggage', (passengers, luggages, hand_luggages, message) => {
    expect(quote({ passengers, luggages, hand_luggages })).toEqual({ ok: false, error: { code: 'capacity', message } });
  });

  it("checks the return leg's party too", () => {
    const outcome = quote(
      { select_option: 'return', return_date: '2026-06-11', return_hour: '12pm', return_min: '00', return_passengers: 9 },
      { outbound: leg([P.oxford, P.reading], 12.5), return: leg([P.reading, P.oxford], 12.5) },
    );
    expect(outcome.ok ? '' : outcome.error.message).toBe(
      "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Passengers exceeded by 1.",
    );
  });

  it('keeps only the vehicles that fit every count', () => {
    const fits = (changes: Partial<BookingFormInput>) => [...new Set(rows(quote(changes)).map((priced) => priced.vehicle_type))].sort();
    expect(fits({ passengers: 5 })).toEqual(['MPV 6-seat', 'Minibus 8-seat']);
    expect(fits({ passengers: 1, luggages: 3 })).toEqual(['Estate', 'MPV 6-seat', 'Minibus 8-seat']);
    expect(fits({ passengers: 4, luggages: 2, hand_luggages: 2 })).toEqual(['Estate', 'MPV 6-seat', 'Minibus 8-seat', 'Saloon', 'Wheelchair-accessible']);
  });
});

describe('the list', () => {
  it('has a row for every fitting vehicle of every company, with the spec fields and ratings, cheapest first, unpriced last', () => {
    const list = rows(quote());
    expect(list).toHaveLength(18);
    expect(list[0]).toMatchObject({ company_id: 3, company_name: 'Capital Airport Transfers', vehicle_id: 1, vehicle_type: 'Saloon', max_seat: 4, luggage: 2, small_luggage: 2, rating: 3.6, vehicle_image: 'vehicles/saloon.svg', estimated: true });
    const unpriced = list.filter((priced) => priced.price === 0);
    expect(unpriced).toHaveLength(5);
    expect(list.slice(-5)).toEqual(unpriced);
    expect(unpriced.every((priced) => priced.company_id === 3 && priced.final_price === 0 && priced.breakdown.lines.length === 0)).toBe(true);
    const priced = list.filter((candidate) => candidate.price > 0).map((candidate) => candidate.breakdown.final_price_pence);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
  });

  it('keeps only the cheapest company when MULTIPLE_PRICES and CHEAPEST_COMPANY_PRICE are both enable', () => {
    const both = catalog({ settings: settings({ MULTIPLE_PRICES: 'enable', CHEAPEST_COMPANY_PRICE: 'enable' }) });
    expect([...new Set(rows(quote({}, oneWay(), both)).map((priced) => priced.company_id))]).toEqual([3]);
    const one = catalog({ settings: settings({ MULTIPLE_PRICES: 'disable', CHEAPEST_COMPANY_PRICE: 'enable' }) });
    expect(new Set(rows(quote({}, oneWay(), one)).map((priced) => priced.company_id)).size).toBe(3);
  });

  it('sums every breakdown exactly to its final price', () => {
    const outcomes = [
      quote({ meet_and_greet: 'yes', waiting_min: 25, baby_seats: 1 }, oneWay([P.heathrow, P.savoy], 20.82)),
      quote({ pickup_hour: '11pm', special_luggage: 2 }, oneWay([P.reading, P.hammersmith], 33.3)),
      quote(
        { select_option: 'return', pickup_hour: '9am', return_date: '2026-08-31', return_hour: '1pm', return_min: '15', return_waiting_min: 10 },
        { outbound: leg([P.heathrow, P.savoy], 20.82), return: leg([P.savoy, P.heathrow], 20.82) },
        catalog({ settings: settings({ ROUND_OFF: 'yes' }) }),
      ),
    ];
    for (const outcome of outcomes) {
      for (const priced of rows(outcome)) {
        const { lines, final_price_pence, price_pence } = priced.breakdown;
        expect(lines.reduce((total, line) => total + line.amount_pence, 0)).toBe(final_price_pence);
        expect(priced.final_price).toBe(final_price_pence / 100);
        expect(priced.breakdown.final_price).toBe(priced.final_price);
        expect(priced.price).toBe(price_pence / 100);
        expect(lines.every((line) => line.amount === line.amount_pence / 100)).toBe(true);
      }
    }
  });
});

describe('hourly hire', () => {
  const pickup = { ...P.savoy };

  it('is the hourly rate × hours, with the included miles in the notes', () => {
    const outcome = priceHourlyQuote(hourlyForm({ pickup_duration: '6hour', pickup_date: '2026-06-13', pickup_hour: '9am' }), { ...P.oxford }, catalog(), NOW);
    const priced = row(outcome);
    expect(linesOf(priced)).toEqual([['hourly_hire', 'hire', 18000]]);
    expect(priced.breakdown.hours).toBe(6);
    expect(priced.breakdown.booking_type).toBe('hourly');
    expect(priced.breakdown.notes).toContain('Includes 60 miles; further miles £2.00 each, paid to the driver.');
    expect(rows(outcome)).toHaveLength(18);
  });

  it('adds the night rate, the airport pick-up fee and the Congestion Charge where they apply', () => {
    const night = row(priceHourlyQuote(hourlyForm({ pickup_duration: '4hour', pickup_hour: '11pm' }), { ...P.oxford }, catalog(), NOW));
    expect(linesOf(night)).toEqual([['hourly_hire', 'hire', 12000], ['night', 'hire', 3000]]);
    const airport = row(priceHourlyQuote(hourlyForm({ pickup_duration: '4hour', pickup_hour: '11pm' }), { ...P.heathrow }, catalog(), NOW));
    expect(linesOf(airport)).toContainEqual(['airport_pickup', 'hire', 1000]);
    // Saturday 10:00 for 4 hours overlaps the weekend charging hours from 12:00.
    const central = row(priceHourlyQuote(hourlyForm({ pickup_duration: '4hour', pickup_date: '2026-06-13', pickup_hour: '10am' }), pickup, catalog(), NOW));
    expect(linesOf(central)).toContainEqual(['congestion_charge', 'hire', 1800]);
  });

  it('follows the same rules: grace period, banned pickup, cheapest company', () => {
    expect(priceHourlyQuote(hourlyForm({ pickup_date: '2026-06-01', pickup_hour: '9am' }), pickup, catalog(), NOW)).toEqual({
      ok: false,
      error: { code: 'grace_period', message: 'Pickup time is within the grace period' },
    });
    expect(priceHourlyQuote(hourlyForm({ pickup: '7 Unpaid Fares Close' }), pickup, catalog(), NOW)).toMatchObject({ ok: false, error: { message: 'Address is banned' } });
    const both = catalog({ settings: settings({ MULTIPLE_PRICES: 'enable', CHEAPEST_COMPANY_PRICE: 'enable' }) });
    expect([...new Set(rows(priceHourlyQuote(hourlyForm(), pickup, both, NOW)).map((priced) => priced.company_id))]).toEqual([1]);
  });

  it('gives price 0 (Contact Us) to a vehicle without an hourly rate', () => {
    const pricing = catalog({ tariffs: [simpleTariff(1, 1, { hourly_rate_pence: null }), simpleTariff(1, 2)] });
    const list = rows(priceHourlyQuote(hourlyForm(), { ...P.oxford }, pricing, NOW));
    expect(list.find((priced) => priced.company_id === 1 && priced.vehicle_id === 1)?.price).toBe(0);
    expect(list.find((priced) => priced.company_id === 1 && priced.vehicle_id === 2)?.price).toBe(180);
  });
});

describe('priceSelectedVehicle (the options editor)', () => {
  it('re-prices one row with the changed options, leaving the journey price as it was', () => {
    const trip = oneWay();
    const before = row(quote());
    const result = priceSelectedVehicle({ form: form(), options: { meet_and_greet: 'yes', waiting_min: 10 }, trip, vehicle_id: 1, company_id: 1 }, catalog());
    if (!result.ok) throw new Error(result.error.message);
    expect(result.row.price).toBe(before.price);
    expect(result.row.final_price).toBe(before.final_price + 12 + 5);
    expect(result.form.meet_and_greet).toBe('yes');
    expect(result.form.waiting_min).toBe(10);
    expect(result.form.baby_seats).toBe(0);
  });

  it('refuses a vehicle or company the catalogue no longer has', () => {
    const result = priceSelectedVehicle({ form: form(), options: {}, trip: oneWay(), vehicle_id: 99, company_id: 1 }, catalog());
    expect(result.ok).toBe(false);
  });
});
