import { describe, expect, it } from 'vitest';
import type { PriceDetail } from '../../../machines/booking/index.ts';
import { decodeBase64, type KeyValueStorage } from '../../storage/codec.ts';
import { decodeTripCookie, renderedTripInput } from '../../../contract/tripCookie.ts';
import { clearStoredFlow, CONFIRMED_BOOKING_KEY, persistForms, persistPriceDetails, persistPromo, persistQuantities, persistRegistration, persistSelection, restoreBookingInput, writeTripCookie } from './bookingStorage.ts';

function memory(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    key: (index) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
}

const row = { vehicle_id: 1, company_id: 2, price: 50, final_price: 55, quote_id: 'q1', vehicle_type: 'Saloon' } as unknown as PriceDetail;
const form = { pickup: 'The Savoy', dropoff: 'Paddington', stops: [] } as never;

describe('booking storage (spec §3 keys)', () => {
  it('writes the spec keys with their encodings and restores them as the machine input', () => {
    const local = memory();
    const session = memory();
    persistForms({ bookingType: 'milleage', bookingForm: form, hourlyRateForm: null }, local);
    persistPriceDetails({ priceDetails: [row] }, local);
    persistSelection({ selectedVehicle: row, selectionKind: 'lowest' }, local);
    persistQuantities({ quantities: { '1-2': 3 } }, local);
    persistRegistration({ registrationData: { email: 'ada@example.com' } as never, passengerMode: 'new_client' }, local);
    const promo = {
      code: 'WELCOME10',
      label: 'Promo code WELCOME10 (10% off)',
      discount_pence: 450,
      total_before_pence: 4500,
      total_pence: 4050,
      total: 40.5,
      line: { code: 'promo', label: 'Promo code WELCOME10 (10% off)', leg: 'trip', group: 'adjustment', amount: -4.5, amount_pence: -450 },
    } as const;
    persistPromo({ promo }, local);

    expect(JSON.parse(decodeBase64(local.getItem('BookingType')!))).toBe('milleage');
    expect(JSON.parse(decodeBase64(local.getItem('PromoCode')!))).toEqual(promo);
    expect(JSON.parse(local.getItem('BookingForm')!)).toEqual(form);
    expect(local.getItem('HourlyRateForm')).toBeNull();
    expect(JSON.parse(decodeBase64(local.getItem('PriceDetails')!))).toEqual([row]);
    expect(JSON.parse(local.getItem('SelectedVehicle')!)).toEqual({ vehicle_id: 1 });
    expect(JSON.parse(decodeBase64(local.getItem('registrationData')!))).toEqual({ email: 'ada@example.com' });

    expect(restoreBookingInput(local, session)).toEqual({
      bookingType: 'milleage',
      bookingForm: form,
      hourlyRateForm: null,
      priceDetails: [row],
      selectedVehicle: row,
      selectionKind: 'lowest',
      quantities: { '1-2': 3 },
      registrationData: { email: 'ada@example.com' },
      passengerMode: 'new_client',
      promo,
      booking: null,
    });
    persistPromo({ promo: null }, local);
    expect(local.getItem('PromoCode')).toBeNull();
    expect(restoreBookingInput(local, session).promo).toBeNull();
  });

  it("the server's rendered trip has every field the browser restores, so a step it rendered can be hydrated as is", () => {
    const rendered = renderedTripInput({ bookingType: 'milleage', bookingForm: null, hourlyRateForm: null, quoteId: 'q1', selected: null, selectionKind: null, quantities: {}, passengerMode: null } as never, []);
    expect(Object.keys(rendered!).sort()).toEqual(Object.keys(restoreBookingInput(memory(), memory())).sort());
  });

  it('removes the price list and the selection when they are cleared', () => {
    const local = memory();
    persistPriceDetails({ priceDetails: [row] }, local);
    persistSelection({ selectedVehicle: row, selectionKind: 'selection' }, local);
    persistPriceDetails({ priceDetails: null }, local);
    persistSelection({ selectedVehicle: null, selectionKind: null }, local);
    expect([...local.data.keys()]).toEqual([]);
  });

  it('ignores corrupt or foreign entries, and a selection without a price list', () => {
    const local = memory();
    local.setItem('PriceDetails', 'not base64 json');
    local.setItem('BookingType', 'eA==');
    local.setItem('selectedPassenger', '"admin"');
    persistSelection({ selectedVehicle: row, selectionKind: 'selection' }, local);
    const input = restoreBookingInput(local, memory());
    expect(input).toMatchObject({ bookingType: null, priceDetails: null, selectedVehicle: null, passengerMode: null });
  });

  it('clears everything but appSettings on confirmation and keeps the booking for this tab', () => {
    const local = memory();
    const session = memory();
    local.setItem('appSettings', 'x');
    persistForms({ bookingType: 'hourly', bookingForm: null, hourlyRateForm: { pickup: 'The Savoy' } as never }, local);
    const booking = { success: true, data: { booking: { booking_number: 'CF-1' } } } as never;
    clearStoredFlow({ booking }, local, session);
    expect([...local.data.keys()]).toEqual(['appSettings']);
    expect(JSON.parse(session.getItem(CONFIRMED_BOOKING_KEY)!)).toEqual(booking);
    expect(restoreBookingInput(local, session).booking).toEqual(booking);
  });

  it('forgets the confirmed booking when a new search starts', () => {
    const local = memory();
    const session = memory();
    clearStoredFlow({ booking: { success: true, data: { booking: { booking_number: 'CF-1' } } } as never }, local, session);
    persistForms({ bookingType: 'hourly', bookingForm: null, hourlyRateForm: { pickup: 'The Savoy' } as never }, local, session);
    expect(session.getItem(CONFIRMED_BOOKING_KEY)).toBeNull();
    expect(restoreBookingInput(local, session).booking).toBeNull();
  });

  it('keeps a trip cookie per rendered step path while the trip is as quoted, and removes it when it no longer is', () => {
    const local = memory();
    const writes: string[] = [];
    const doc = {
      set cookie(value: string) {
        writes.push(value);
      },
      get cookie() {
        return '';
      },
    };
    persistForms({ bookingType: 'milleage', bookingForm: form, hourlyRateForm: null }, local);
    persistPriceDetails({ priceDetails: [row] }, local);
    persistSelection({ selectedVehicle: row, selectionKind: 'selection' }, local);
    writeTripCookie(local, null, doc);
    expect(writes.map((cookie) => cookie.replace(/=[\w-]+;/, '=…;'))).toEqual([
      'cabflow_trip=…; Path=/quotationview; Max-Age=1800; SameSite=Lax',
      'cabflow_trip=…; Path=/personalDetailView; Max-Age=1800; SameSite=Lax',
    ]);
    expect(decodeTripCookie(/=([\w-]+);/.exec(writes[0])![1])).toEqual({
      bookingType: 'milleage',
      bookingForm: form,
      hourlyRateForm: null,
      quoteId: 'q1',
      selected: { vehicle_id: 1, company_id: 2 },
      selectionKind: 'selection',
      quantities: null,
      passengerMode: null,
    });

    // Typed personal details never go into a cookie: the steps then render in the browser.
    writes.length = 0;
    persistRegistration({ registrationData: { email: 'ada@example.com' } as never, passengerMode: 'new_client' }, local);
    writeTripCookie(local, null, doc);
    expect(writes).toEqual(['cabflow_trip=; Path=/quotationview; Max-Age=0; SameSite=Lax', 'cabflow_trip=; Path=/personalDetailView; Max-Age=0; SameSite=Lax']);
  });
});
