/**
 * Issue 32 for the manage page's model paths: a card booking completed on the driver's app with £9.90 of waiting time
 * and tolls, whose off-session charge the bank sent to 3-D Secure, so its extras are owing; the token of the manage
 * link the passenger was mailed. Made through the API as tests/api/manage-extras.test.ts does (the console, the
 * driver's app, SQL for the times); one dispatcher, driver and vehicle per server, made the first time.
 */
import { randomUUID } from 'node:crypto';
import { consoleOf, type Signed } from '../../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../../helpers/driver.ts';
import { deliveredMail } from '../../helpers/mail.ts';
import type { TestProvider } from '../../helpers/provider.ts';
import { uniqueEmail } from './common.ts';

const HOUR = 3_600_000;
const crews = new WeakMap<TestProvider, Promise<{ dispatcher: Signed; driver: SignedDriver }>>();

function crewOf(provider: TestProvider) {
  if (!crews.has(provider)) {
    crews.set(
      provider,
      (async () => {
        const api = consoleOf(provider);
        const app = driverAppOf(provider, api);
        const dispatcher = await api.dispatcher();
        const driver = await app.newDriver(dispatcher);
        const shift = await app.as(driver, 'POST', 'shift', { vehicle_id: await app.newVehicle(dispatcher) });
        if (shift.statusCode !== 200) throw new Error(`the driver's shift did not start: ${shift.body}`);
        return { dispatcher, driver };
      })(),
    );
  }
  return crews.get(provider)!;
}

export async function bookOwingExtras(provider: TestProvider): Promise<{ token: string; bookingNumber: string }> {
  const api = consoleOf(provider);
  const app = driverAppOf(provider, api);
  const { dispatcher, driver } = await crewOf(provider);
  const email = uniqueEmail('extras');
  const paid = await api.bookByCard(email);
  await api.sql("UPDATE sandbox_intents SET payment_method_id = 'pm_card_authenticationRequired' WHERE id = $1", [paid.intentId]);
  const number = paid.bookingNumber;
  const ok = (what: string, response: { statusCode: number; body: string }) => {
    if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    return response;
  };
  ok('accept', await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' }));
  await api.sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [number, new Date(Date.now() + HOUR)]);
  const offered = ok('offer', await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId }));
  ok("the driver's accept", await app.as(driver, 'POST', `offers/${JSON.parse(offered.body).offer.id}/accept`, app.tapBody()));
  const past = new Date(Date.now() - HOUR);
  await api.sql("UPDATE bookings SET pick_up_at = $2, job_stage = 'on_board', on_the_way_at = $2, arrived_at = $2, on_board_at = $2, assigned_at = $2 WHERE booking_number = $1", [number, past]);
  const done = ok('complete', await app.as(driver, 'POST', `jobs/${number}/steps`, { step: 'complete', idempotency_key: randomUUID(), extras: { waiting_min: 12, tolls_pence: 240 } }));
  if (JSON.parse(done.body).job.completion.extras_charge !== 'requires_action') throw new Error(`the extras were not left owing: ${done.body}`);
  const token = /manage-booking\?token=([A-Za-z0-9_-]{43})/.exec((await deliveredMail(provider, 'driver_extras_owing', email)).text)?.[1];
  if (!token) throw new Error('no manage link in the extras mail');
  return { token, bookingNumber: number };
}
