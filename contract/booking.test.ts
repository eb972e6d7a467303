import { describe, expect, it } from 'vitest';
import {
  bookingFormSchema,
  capacityMessage,
  formatHour12,
  HOURS_12,
  hourlyRateFormSchema,
  parseHour,
  placesQuerySchema,
  selectedVehiclePriceBodySchema,
} from './booking.ts';

const base = { pickup: 'Heathrow Terminal 5', dropoff: 'Oxford', pickup_date: '2026-06-10', pickup_hour: '3pm', pickup_min: '05' };

describe('BookingForm', () => {
  it('reads the strings the browser keeps and fills the defaults', () => {
    const form = bookingFormSchema.parse({ ...base, passengers: '3', luggages: '', baby_seats: '2', meet_and_greet: true, waiting_min: '15', modal: false, unknown: 'ignored' });
    expect(form).toMatchObject({ passengers: 3, luggages: 0, baby_seats: 2, meet_and_greet: 'yes', waiting_min: 15, select_option: 'one_way', return_date: null, pickup_fight_number: '' });
    expect(form.return_passengers).toBe(3);
    expect('unknown' in form).toBe(false);
  });

  it.each([
    ['3pm', '3pm'], ['3 PM', '3pm'], ['03pm', '3pm'], ['12am', '12am'], ['12pm', '12pm'], ['0', '12am'], ['15', '3pm'], [15, '3pm'],
  ])('reads the hour %s as %s', (hour, expected) => {
    expect(bookingFormSchema.parse({ ...base, pickup_hour: hour }).pickup_hour).toBe(expected);
  });

  it('knows midnight and noon (CLARIFICATIONS 2)', () => {
    expect(parseHour('12am')).toBe(0);
    expect(parseHour('12pm')).toBe(12);
    expect(parseHour('11pm')).toBe(23);
    expect(parseHour('13pm')).toBeNull();
    expect(formatHour12(0)).toBe('12am');
    expect(HOURS_12.slice(0, 2)).toEqual(['12am', '1am']);
    expect(HOURS_12[12]).toBe('12pm');
  });

  it.each([
    ['passengers', -1], ['passengers', 51], ['luggages', 21], ['hand_luggages', 21], ['baby_seats', 16], ['special_luggage', 16],
    ['waiting_min', 7], ['waiting_min', 105], ['pickup_min', '07'], ['pickup_hour', '13pm'], ['pickup_date', '2026-02-30'],
    ['pickup_date', '10-06-2026'], ['select_option', 'both'], ['meet_and_greet', 'maybe'], ['pickup', ''], ['pickup', 'x'.repeat(301)],
    ['passengers', 'two'], ['stops', Array.from({ length: 11 }, () => ({ street_name: 'High Street' }))],
  ])('refuses %s = %j', (field, value) => {
    expect(bookingFormSchema.safeParse({ ...base, [field]: value }).success).toBe(false);
  });

  it('drops empty stop rows and keeps up to ten', () => {
    const stops = [{ street_name: '', number: '', postcode: '' }, { street_name: 'High Street', number: '1', postcode: 'TW9 1AA' }];
    expect(bookingFormSchema.parse({ ...base, stops }).stops).toEqual([{ street_name: 'High Street', number: '1', postcode: 'TW9 1AA' }]);
    expect(bookingFormSchema.safeParse({ ...base, stops: Array.from({ length: 10 }, () => ({ postcode: 'W6' })) }).success).toBe(true);
  });

  it('needs the return date and time for a return trip', () => {
    const refused = bookingFormSchema.safeParse({ ...base, select_option: 'return' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path[0])).toEqual(['return_date', 'return_hour', 'return_min']);
    expect(bookingFormSchema.safeParse({ ...base, select_option: 'return', return_date: '2026-06-12', return_hour: '6pm', return_min: '30' }).success).toBe(true);
  });
});

describe('HourlyRateForm', () => {
  it('reads the duration and drops an unusable position', () => {
    const form = hourlyRateFormSchema.parse({ pickup_date: '2026-06-10', pickup_duration: 6, pickup_hour: '12am', pickup_min: 0, pickup: 'Savoy', userLocation: { lat: 'x' } });
    expect(form).toMatchObject({ pickup_duration: '6hour', pickup_min: '00', userLocation: null });
    expect(hourlyRateFormSchema.parse({ ...form, pickup_duration: undefined, userLocation: { lat: '51.5', lon: '-0.1' } })).toMatchObject({ pickup_duration: '4hour', userLocation: { lat: 51.5, lon: -0.1 } });
    expect(hourlyRateFormSchema.safeParse({ ...form, pickup_duration: '3hour' }).success).toBe(false);
    expect(hourlyRateFormSchema.safeParse({ ...form, pickup_duration: '25hour' }).success).toBe(false);
  });
});

describe('calculate-selected-vehicle-price body', () => {
  it('takes the vehicle nested or flat, and only the options sent', () => {
    const nested = selectedVehiclePriceBodySchema.parse({ vehicle: { quote_id: 'q1', vehicle_id: 2, company_id: '1', price: 999 }, baby_seats: '2', meet_and_greet: 'yes' });
    expect(nested).toEqual({ quote_id: 'q1', vehicle_id: 2, company_id: 1, quantity: 1, promo_code: undefined, options: { baby_seats: 2, meet_and_greet: 'yes' } });
    const flat = selectedVehiclePriceBodySchema.parse({ quote_id: 'q1', vehicle_id: 2, company_id: 1, wheel_chair: 'no', waiting_min: 0, promo_code: ' welcome10 ', selectedVehicle: 3 });
    expect(flat).toMatchObject({ quantity: 3, options: { wheel_chair: 'no', waiting_min: 0 } });
    expect(flat.promo_code).toBe('WELCOME10');
  });

  it('refuses a body without the vehicle or with options out of limits', () => {
    expect(selectedVehiclePriceBodySchema.safeParse({ baby_seats: 1 }).success).toBe(false);
    expect(selectedVehiclePriceBodySchema.safeParse({ vehicle: { quote_id: 'q', vehicle_id: 1, company_id: 1 }, baby_seats: 16 }).success).toBe(false);
  });
});

describe('messages and the places query', () => {
  it('writes the capacity message exactly as the spec', () => {
    expect(capacityMessage({ passengers: 2, luggage: 0, handLuggage: 1 })).toBe(
      "Sorry we don't have any vehicle with requested options, the following limits are exceeded: Passengers exceeded by 2, Hand Luggage exceeded by 1.",
    );
  });

  it('reads the places query', () => {
    expect(placesQuerySchema.parse({ q: ' rich ', limit: '5' })).toEqual({ q: 'rich', limit: 5 });
    expect(placesQuerySchema.parse({ q: 'rich' }).limit).toBe(8);
    expect(placesQuerySchema.safeParse({ q: '' }).success).toBe(false);
  });
});
