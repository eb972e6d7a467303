import { describe, expect, it } from 'vitest';
import { cookieValue, decodeTripCookie, encodeTripCookie, renderedTripInput, sameJson, type TripCookie } from './tripCookie.ts';

const trip: TripCookie = {
  bookingType: 'milleage',
  bookingForm: { pickup: 'Café Rouge, £5 Lane', dropoff: 'The Savoy', stops: [] },
  hourlyRateForm: null,
  quoteId: 'q-1',
  selected: { vehicle_id: 3, company_id: 1 },
  selectionKind: 'lowest',
  quantities: { '3-1': 2 },
  passengerMode: 'guest_login',
};

describe('the trip cookie', () => {
  it('round-trips a trip (any text) as a cookie-safe base64url value', () => {
    const value = encodeTripCookie(trip);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeTripCookie(value)).toEqual(trip);
  });

  it('refuses anything that is not a trip', () => {
    const bad: unknown[] = [
      { ...trip, bookingType: 'daily' },
      { ...trip, quoteId: '' },
      { ...trip, quoteId: 7 },
      { ...trip, bookingForm: { pickup: 5 } },
      { ...trip, bookingForm: [] },
      { ...trip, selected: { vehicle_id: '3', company_id: 1 } },
      { ...trip, selectionKind: 'best' },
      { ...trip, quantities: { '3-1': 'two' } },
      { ...trip, passengerMode: 'admin' },
      [trip],
    ];
    for (const value of bad) expect(decodeTripCookie(Buffer.from(JSON.stringify(value)).toString('base64url')), JSON.stringify(value)).toBeNull();
    for (const value of ['', 'a b', '%7B%7D', 'A'.repeat(4000), Buffer.from('not json').toString('base64url'), Buffer.from([0xff, 0xfe]).toString('base64url')]) {
      expect(decodeTripCookie(value), value.slice(0, 20)).toBeNull();
    }
    expect(decodeTripCookie(undefined)).toBeNull();
  });

  it('reads one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; cabflow_trip=abc; b=2', 'cabflow_trip')).toBe('abc');
    expect(cookieValue('xcabflow_trip=abc', 'cabflow_trip')).toBeNull();
    expect(cookieValue(undefined, 'cabflow_trip')).toBeNull();
  });

  it('gives the server the input the browser restores: the quote rows and the chosen one among them', () => {
    const rows = [
      { vehicle_id: 3, company_id: 1, price: 10 },
      { vehicle_id: 4, company_id: 1, price: 12 },
    ];
    expect(renderedTripInput(trip, rows)).toMatchObject({ priceDetails: rows, selectedVehicle: rows[0], registrationData: null, booking: null });
    expect(renderedTripInput({ ...trip, selected: { vehicle_id: 9, company_id: 1 } }, rows)).toBeNull();
  });

  it('compares JSON values whatever the key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: null }] }, { b: [1, { d: null, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson({ a: null }, {})).toBe(false);
  });
});
