import { DEMO_KEYS } from '../../server/config.ts';
import { guestRegistration } from '../../tests/helpers/booking.ts';
import { oneWayForm } from '../../tests/helpers/forms.ts';

export const KEY_HEADERS = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey, 'content-type': 'application/json' };

/** Prices one trip and returns a function making the body of the n-th distinct guest booking (pay in car) for it. */
export async function bookingBodies(baseUrl: string) {
  const form = oneWayForm();
  const response = await fetch(`${baseUrl}/api/v1/calculate-distance-price`, { method: 'POST', headers: KEY_HEADERS, body: JSON.stringify(form) });
  if (!response.ok) throw new Error(`quote failed: ${await response.text()}`);
  const rows = (await response.json()).price_details as { company_id: number; vehicle_id: number }[];
  const row = rows.find((candidate) => candidate.company_id === 1 && candidate.vehicle_id === 1)!;
  return (n: number, tag = 'load') =>
    JSON.stringify({
      selectedVehicleData: row,
      selectedVehicle: 1,
      bookingType: 'milleage',
      bookingForm: form,
      hourlyRateForm: null,
      registrationData: { ...guestRegistration, email: `${tag}.${n}@example.test` },
      payment_method: 'car',
      selected_passenger: 'guest_login',
    });
}
