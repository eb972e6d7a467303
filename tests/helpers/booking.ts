import type { PriceDetail } from '../../contract/booking.ts';
import { KEY_HEADERS, type TestProvider } from './provider.ts';
import { oneWayForm } from './forms.ts';

export const guestRegistration = {
  firstName: 'Jane',
  surname: 'Doe',
  number: '+44 7700 900456',
  email: 'jane.doe@example.test',
  passengerDetails: 'no',
  passengerName: '',
  passengerEmail: '',
  passengerPhone: '',
  additionalInfo: 'Two children',
  return_additionalInfo: '',
};

/** Prices a one-way trip through the API and returns the form with the chosen row (Westway Cars' saloon). */
export async function quoteFor(provider: TestProvider, overrides: Record<string, unknown> = {}, pick = { company_id: 1, vehicle_id: 1 }) {
  const form = oneWayForm(overrides);
  const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/calculate-distance-price', headers: KEY_HEADERS, payload: form });
  if (response.statusCode !== 200) throw new Error(`quote failed: ${response.body}`);
  const rows = response.json().price_details as PriceDetail[];
  const row = rows.find((candidate) => candidate.company_id === pick.company_id && candidate.vehicle_id === pick.vehicle_id)!;
  return { form, row, rows };
}

export function bookingPayload(form: Record<string, unknown>, row: PriceDetail, overrides: Record<string, unknown> = {}) {
  return {
    selectedVehicleData: row,
    selectedVehicle: 1,
    bookingType: 'milleage',
    bookingForm: form,
    hourlyRateForm: null,
    registrationData: guestRegistration,
    payment_method: 'car',
    selected_passenger: 'guest_login',
    stripe_session_id: null,
    paymentId: null,
    ...overrides,
  };
}

export const countRows = async (provider: TestProvider, table: string) => Number((await provider.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0].n);
