import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { consoleOf, type Signed } from './console.ts';
import { driverAppOf, type SignedDriver } from './driver.ts';
import type { TestProvider } from './provider.ts';

/**
 * Issue 32's set-up, one copy (review finding D1): a dispatcher and a driver on shift, a paid card booking driven to
 * passenger on board by that driver, then completed on the driver's app with waiting time and extras. How the card was
 * paid (the sandbox, the Stripe double) is the caller's; this drives the job through the console and the driver's app
 * as they are, with SQL only to move the times into the past.
 */

const HOUR = 3_600_000;

export interface ExtrasCrew {
  provider: TestProvider;
  api: ReturnType<typeof consoleOf>;
  app: ReturnType<typeof driverAppOf>;
  dispatcher: Signed;
  driver: SignedDriver;
}

/** A signed-in dispatcher and a driver on shift in a vehicle of their own. */
export async function startExtrasCrew(provider: TestProvider): Promise<ExtrasCrew> {
  const api = consoleOf(provider);
  const app = driverAppOf(provider, api);
  const dispatcher = await api.dispatcher();
  const driver = await app.newDriver(dispatcher);
  const vehicle = await app.newVehicle(dispatcher);
  expect((await app.as(driver, 'POST', 'shift', { vehicle_id: vehicle })).statusCode).toBe(200);
  return { provider, api, app, dispatcher, driver };
}

/** The booking accepted, offered to the crew's driver, accepted by them and driven to passenger on board; its id. */
export async function driveOnBoard(crew: ExtrasCrew, number: string): Promise<number> {
  const { api, app, dispatcher, driver } = crew;
  expect((await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' })).statusCode).toBe(200);
  await api.sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [number, new Date(Date.now() + HOUR)]);
  const offered = await api.as(dispatcher, 'POST', `bookings/${number}/offers`, { driver_id: driver.driverId });
  expect(offered.statusCode, offered.body).toBe(201);
  expect((await app.as(driver, 'POST', `offers/${offered.json().offer.id}/accept`, app.tapBody())).statusCode).toBe(200);
  const past = new Date(Date.now() - HOUR);
  await api.sql("UPDATE bookings SET pick_up_at = $2, job_stage = 'on_board', on_the_way_at = $2, arrived_at = $2, on_board_at = $2, assigned_at = $2 WHERE booking_number = $1", [number, past]);
  return (await api.sql<{ id: number }>('SELECT id::int AS id FROM bookings WHERE booking_number = $1', [number]))[0].id;
}

/** The driver completes the job with these extras (the raw answer: the caller asserts what it expects of it). */
export const completeWithExtras = (crew: ExtrasCrew, number: string, extras: Record<string, number>) =>
  crew.app.as(crew.driver, 'POST', `jobs/${number}/steps`, { step: 'complete', idempotency_key: randomUUID(), extras });

/** Driven on board and completed with £7.50 of waiting time (12 min) and £2.40 of tolls, left owing (3-D Secure); its id. */
export async function completeOwing(crew: ExtrasCrew, number: string): Promise<number> {
  const id = await driveOnBoard(crew, number);
  const done = await completeWithExtras(crew, number, { waiting_min: 12, tolls_pence: 240 });
  expect(done.json().job.completion.extras_charge, done.body).toBe('requires_action');
  return id;
}
