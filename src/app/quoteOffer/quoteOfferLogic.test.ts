import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { BookingForm, PriceDetail } from '../../../contract/booking.ts';
import { bookingMachine, bookingPayload } from '../../../machines/booking/index.ts';
import { offeredTrip } from '../../../machines/quoteOffer/index.ts';
import { persistQuantities, persistRegistration, persistSelection, restoreBookingInput } from '../booking/bookingStorage.ts';
import type { KeyValueStorage } from '../../storage/codec.ts';
import { OFFER_LANDING, storeOfferedTrip } from './quoteOfferLogic.ts';

function memory(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    key: (index) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
}

const vehicle = { vehicle_id: 3, company_id: 1, quote_id: 'q_offer', price: 58, final_price: 61.5, vehicle_type: 'Executive', max_seat: 4, luggage: 3, small_luggage: 2 } as PriceDetail;
const form = { pickup: 'Paddington Station', dropoff: 'Heathrow Terminal 5', pickup_date: '2030-06-14', pickup_hour: '2pm', pickup_min: '30', passengers: 2, luggages: 1 } as BookingForm;
const trip = offeredTrip({ booking_type: 'milleage', booking_form: form, vehicle, expires_at: '2030-06-10T12:00:00.000Z' });

describe('handing a quote offer to the booking flow', () => {
  it('stores the trip so that the booking flow, started from storage as on a reload, opens the personal details step with the offered vehicle, one of it, at its price', () => {
    const storage = memory();
    // An earlier visit's choice on this browser: replaced by the offer.
    persistSelection({ selectedVehicle: { ...vehicle, vehicle_id: 9, quote_id: 'q_old' }, selectionKind: 'lowest' }, storage);
    persistQuantities({ quantities: { '3-1': 4 } }, storage);
    storeOfferedTrip(trip, storage);

    const input = restoreBookingInput(storage, null);
    expect(input).toMatchObject({ bookingType: 'milleage', bookingForm: form, priceDetails: [vehicle], selectedVehicle: vehicle, selectionKind: 'selection' });
    expect(input.quantities).toEqual({});
    const booking = createActor(bookingMachine, { input: { idempotencyKey: 'tab', settings: { SHOWPAYINCAR: 'yes' }, ...input } }).start();
    expect(OFFER_LANDING).toBe('/personalDetailView');
    booking.send({ type: 'route.enter', path: OFFER_LANDING });
    expect(booking.getSnapshot().matches('personalDetails')).toBe(true);
    // What Pay in Car will send: the offered quote's vehicle, one of it, at the server's price.
    const payload = bookingPayload(booking.getSnapshot().context, 'car');
    expect(payload).toMatchObject({ selectedVehicleData: vehicle, selectedVehicle: 1, bookingType: 'milleage', bookingForm: form, hourlyRateForm: null, idempotencyKey: 'tab:booking:q_offer' });
    // Back shows the offer alone.
    booking.send({ type: 'nav.back' });
    expect(booking.getSnapshot().matches('quotation')).toBe(true);
    expect(booking.getSnapshot().context.priceDetails).toEqual([vehicle]);
    booking.stop();
  });

  it('keeps the personal details a visitor saved earlier on this browser (as a new search does)', () => {
    const storage = memory();
    persistRegistration({ registrationData: { email: 'grace@example.test' } as never, passengerMode: 'guest_login' }, storage);
    storeOfferedTrip(trip, storage);
    expect(restoreBookingInput(storage, null).registrationData).toEqual({ email: 'grace@example.test' });
  });

  it('refuses to hand over when the browser keeps no storage for the site (the booking step would open empty)', () => {
    expect(() => storeOfferedTrip(trip, null)).toThrow('This browser keeps no local storage for this site');
  });
});
