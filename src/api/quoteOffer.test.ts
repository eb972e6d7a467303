import { describe, expect, it } from 'vitest';
import { ApiCallError } from './apiError.ts';
import { asOpenedOffer } from './quoteOffer.ts';

const breakdown = {
  currency: 'GBP',
  lines: [],
  fare: 58,
  surcharges: 0,
  extras: 3.5,
  rounding: 0,
  final_price: 61.5,
  final_price_pence: 6150,
  price_pence: 5800,
  booking_type: 'milleage',
  distance_miles: 15.2,
  duration_seconds: 2400,
  return_distance_miles: null,
  return_duration_seconds: null,
  hours: null,
  pickup_at: '2030-06-14T13:30:00.000Z',
  return_at: null,
  estimated: true,
  notes: [],
};
const vehicle = { vehicle_id: 3, company_id: 1, company_name: 'Westway Cars', vehicle_image: '/v/3.png', vehicle_type: 'Executive', max_seat: 4, luggage: 3, small_luggage: 2, price: 58, final_price: 61.5, rating: 5, breakdown, quote_id: 'q_offer', estimated: true };
const answer = { success: true, booking_type: 'milleage', booking_form: { pickup: 'Paddington Station', dropoff: 'Heathrow Terminal 5' }, vehicle, expires_at: '2030-06-10T12:00:00.000Z' };

describe('POST /api/v1/quote-offer answer', () => {
  it('is read as the trip, the vehicle row of the contract and the expiry', () => {
    expect(asOpenedOffer(answer)).toEqual({ booking_type: 'milleage', booking_form: answer.booking_form, vehicle, expires_at: answer.expires_at });
  });

  it('is refused (an ApiCallError, never a half trip) when any part is missing or of another shape', () => {
    const broken = [
      null,
      { ...answer, success: false },
      { ...answer, booking_type: 'daily' },
      { ...answer, booking_form: null },
      { ...answer, booking_form: { dropoff: 'Heathrow' } },
      { ...answer, vehicle: { ...vehicle, final_price: '61.50' } },
      { ...answer, vehicle: undefined },
      { ...answer, expires_at: undefined },
    ];
    for (const body of broken) expect(() => asOpenedOffer(body), JSON.stringify(body)).toThrow(ApiCallError);
  });
});
