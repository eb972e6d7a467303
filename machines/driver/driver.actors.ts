/**
 * The driver app's effects, as placeholders: src/app/driver/driverLogic.ts gives them the real calls (src/api/driver.ts).
 * Each rejects with the API client's error (its `message`, `status` and JSON `body`).
 */
import { fromPromise } from 'xstate';
import type { DriverJob, DriverOffer, DriverSession, DriverShift, TapResponse } from '../../contract/driver.ts';
import type { DriverStep } from '../../contract/dispatch.ts';
import type { DriverWeek } from '../../contract/settlement.ts';
import type { ExtrasInput, PaidInCar } from '../../contract/jobCompletionRules.ts';

export interface DriverVehicle {
  id: number;
  registration: string;
  make: string;
  model: string;
  colour: string;
  category_name: string;
}
export interface SignInInput {
  email: string;
  password: string;
}
export interface StepInput {
  bookingNumber: string;
  step: DriverStep;
  key: string;
  tappedAt?: string;
  extras?: ExtrasInput;
  paidInCar?: PaidInCar;
}
export interface Work {
  offers: DriverOffer[];
  jobs: DriverJob[];
}

const missing = (name: string) => () => Promise.reject(new Error(`driver actor ${name} not provided`));

export const driverActors = {
  loadSession: fromPromise<DriverSession>(missing('loadSession')),
  signIn: fromPromise<DriverSession, SignInInput>(missing('signIn')),
  signOut: fromPromise<unknown>(missing('signOut')),
  setPassword: fromPromise<unknown, { token: string; password: string }>(missing('setPassword')),
  loadVehicles: fromPromise<DriverVehicle[]>(missing('loadVehicles')),
  startShift: fromPromise<DriverShift | null, { vehicleId: number }>(missing('startShift')),
  endShift: fromPromise<unknown>(missing('endShift')),
  loadWork: fromPromise<Work>(missing('loadWork')),
  acceptOffer: fromPromise<TapResponse, { offerId: number; key: string }>(missing('acceptOffer')),
  declineOffer: fromPromise<TapResponse, { offerId: number; key: string }>(missing('declineOffer')),
  /** A status tap: its own time (the phone's clock when tapped) and, with 'complete', the extras and how the passenger paid. */
  step: fromPromise<TapResponse, StepInput>(missing('step')),
  /** The driver's own weeks (issue 35), newest first. */
  loadEarnings: fromPromise<DriverWeek[]>(missing('loadEarnings')),
};
