/** A phone booking taken by payment link (issue 34) through the console's API, as the signed-in staff member of the path. */
import { weekdayAhead } from './common.ts';
import { staffCall } from './consoleSession.ts';
import type { UiRun } from './harness.ts';

let serial = 0;

/** Takes the booking (held, its link mailed): its number and the token of the mailed link, in run.scratch. */
export async function takeByLink(run: UiRun): Promise<{ bookingNumber: string; token: string }> {
  const trip = { pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA', dropoff: 'The Savoy, Strand, London WC2R 0EZ', pickup_date: weekdayAhead(), pickup_time: '14:30', passengers: 2, luggages: 1 };
  const priced = await staffCall(run, 'POST', '/api/admin/phone-bookings/price', trip);
  if (priced.status() !== 200) throw new Error(`the path's trip was not priced: ${await priced.text()}`);
  const { quote_id, options } = await priced.json();
  serial += 1;
  const booked = await staffCall(run, 'POST', '/api/admin/phone-bookings', {
    quote_id,
    vehicle_id: options[0].vehicle_id,
    company_id: options[0].company_id,
    passenger: { name: 'Lena Link', email: `pay.paths.${Date.now().toString(36)}.${serial}@example.test`, phone: '07700 900123' },
    payment: 'link',
    booking_key: `pay-paths-${Date.now()}-${serial}`,
  });
  if (booked.status() !== 201) throw new Error(`the path's booking was not taken: ${await booked.text()}`);
  const bookingNumber = (await booked.json()).booking_number as string;
  const { rows } = await run.env.provider.db.query<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE kind = 'booking_pay_link' AND subject LIKE '%' || $1 || '%' ORDER BY id DESC LIMIT 1", [bookingNumber]);
  const token = /#token=([A-Za-z0-9_-]{43})/.exec(rows[0].text_body)![1];
  run.scratch.bookingNumber = bookingNumber;
  run.scratch.token = token;
  return { bookingNumber, token };
}
