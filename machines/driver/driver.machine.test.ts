import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DRIVER_MESSAGES, type DriverJob, type DriverOffer, type DriverSession, type TapResponse } from '../../contract/driver.ts';
import type { DriverStep } from '../../contract/dispatch.ts';
import { driverMachine, DRIVER_TEXT, selectBusy, selectStage, type Work } from './index.ts';

const vehicle = { id: 7, registration: 'DR01ABC', make: 'Toyota', model: 'Prius', colour: 'Silver', category_name: 'Saloon' };
const shift = { id: 3, vehicle, started_at: '2026-12-02T08:00:00.000Z' };
const session = (onShift: boolean): DriverSession => ({
  success: true,
  driver: { id: 1, name: 'Dan Driver', email: 'dan@example.test' },
  site: { id: 1, name: 'cabflow' },
  csrf_token: 'csrf-1',
  expires_at: '2026-12-03T08:00:00.000Z',
  idle_minutes: 720,
  shift: onShift ? shift : null,
});
const fare = { currency: '£', total_pence: 4500, payment: 'car' as const, collect_pence: 4500 };
const offer: DriverOffer = { id: 11, booking_number: 'CF-1', expires_at: '2026-12-02T09:00:30.000Z', seconds_left: 30, pickup_at: '2026-12-02T10:00:00.000Z', pickup_area: 'TW6', dropoff_area: 'WC2R', vehicle_category: 'Saloon', fare };
const job = (state: DriverJob['state'], allowed: DriverStep[]): DriverJob => ({
  booking_number: 'CF-1',
  revision: 2,
  status: state === 'completed' ? 'completed' : 'driver_assigned',
  stage: state === 'on_the_way' || state === 'arrived' || state === 'on_board' ? state : null,
  state,
  pickup_at: '2026-12-02T10:00:00.000Z',
  pickup_address: 'Heathrow Terminal 5',
  stops: [],
  dropoff_address: 'Somerset House',
  passenger_name: 'Jane Doe',
  passenger_phone: '+447700900123',
  passengers: 1,
  flight_no: 'BA123',
  notes: '',
  options: {},
  vehicle_category: 'Saloon',
  fare,
  allowed_steps: allowed,
  not_before: { on_the_way: '', complete: '', no_show: '' },
  on_the_way_at: null,
  arrived_at: null,
  on_board_at: null,
});
const refusal = (status: number, message: string, body: unknown) => Object.assign(new Error(message), { status, body });

function start(options: { signedOut?: boolean; onShift?: boolean; work?: () => Work; step?: (input: { step: DriverStep; key: string }) => Promise<TapResponse>; accept?: () => Promise<TapResponse>; path?: string; token?: string | null } = {}) {
  const calls: { name: string; input: unknown }[] = [];
  let keys = 0;
  // Each stub answers its own actor's types: loosely typed here.
  const record = (name: string, answer: (input: any) => Promise<any>) =>
    fromPromise<any, any>(({ input }) => {
      calls.push({ name, input });
      return answer(input);
    });
  const machine = driverMachine.provide({
    actors: {
      loadSession: record('loadSession', async () => {
        if (options.signedOut) throw refusal(401, DRIVER_MESSAGES.notSignedIn, null);
        return session(options.onShift ?? false);
      }),
      signIn: record('signIn', async () => session(false)),
      signOut: record('signOut', async () => ({})),
      setPassword: record('setPassword', async () => ({})),
      loadVehicles: record('loadVehicles', async () => [vehicle]),
      startShift: record('startShift', async () => shift),
      endShift: record('endShift', async () => ({})),
      loadWork: record('loadWork', async () => (options.work ? options.work() : { offers: [], jobs: [] })),
      acceptOffer: record('acceptOffer', options.accept ?? (async () => ({ success: true as const, message: DRIVER_MESSAGES.offerAccepted, job: job('assigned', ['on_the_way']) }))),
      declineOffer: record('declineOffer', async () => ({ success: true as const, message: DRIVER_MESSAGES.declined, job: null })),
      step: record('step', options.step ?? (async () => ({ success: true as const, message: '', job: null }))),
    },
  });
  const actor = createActor(machine, { input: { path: options.path ?? '/driver', linkToken: options.token ?? null, newKey: () => `key-${++keys}` } }).start();
  return { actor, calls };
}

describe('the driver app machine', () => {
  it('signs in, picks the vehicle, goes on duty and waits for work', async () => {
    const { actor, calls } = start({ signedOut: true });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'signIn.submit', email: 'dan@example.test', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ signedIn: { offDuty: 'choosing' } }));
    expect(actor.getSnapshot().context.vehicles).toEqual([vehicle]);
    actor.send({ type: 'shift.start', vehicleId: 7 });
    await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: 'waiting' } }));
    expect(calls.find((call) => call.name === 'startShift')?.input).toEqual({ vehicleId: 7 });
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', text: DRIVER_MESSAGES.onDuty });
    actor.send({ type: 'shift.end' });
    await waitFor(actor, (s) => s.matches({ signedIn: { offDuty: 'choosing' } }));
    actor.send({ type: 'signOut' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.notice?.text).toBe(DRIVER_MESSAGES.signedOut);
  });

  it('the set-password link: a malformed token is refused without a call, a good one sets the password then signs in', async () => {
    const bad = start({ path: '/driver/set-password', token: 'short' });
    expect(bad.actor.getSnapshot().matches({ settingPassword: 'invalid' })).toBe(true);
    expect(bad.actor.getSnapshot().context.error).toBe(DRIVER_TEXT.linkMissing);
    const good = start({ path: '/driver/set-password', token: 'a'.repeat(43) });
    good.actor.send({ type: 'setPassword.submit', password: 'Cab-Driver-Heron-52' });
    await waitFor(good.actor, (s) => s.matches('signedOut'));
    expect(good.calls.find((call) => call.name === 'setPassword')?.input).toEqual({ token: 'a'.repeat(43), password: 'Cab-Driver-Heron-52' });
    expect(good.actor.getSnapshot().context.notice?.text).toBe(DRIVER_MESSAGES.passwordSet);
  });

  it('an offer arrives when the stream says so, and its acceptance is a tap with a fresh key; each step carries its own key until completed', async () => {
    let work: Work = { offers: [], jobs: [] };
    let state: DriverJob['state'] = 'assigned';
    const next: Record<string, [DriverJob['state'], DriverStep[]]> = { on_the_way: ['on_the_way', ['arrived']], arrived: ['arrived', ['on_board', 'no_show']], on_board: ['on_board', ['complete']], complete: ['completed', []] };
    const { actor, calls } = start({
      onShift: true,
      work: () => work,
      step: async ({ step }) => {
        const [to, allowed] = next[step];
        state = to;
        return { success: true as const, message: step, job: job(state, allowed) };
      },
    });
    await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: 'waiting' } }));
    work = { offers: [offer], jobs: [] };
    actor.send({ type: 'work.changed' });
    await waitFor(actor, (s) => selectStage(s) === 'offered');
    expect(actor.getSnapshot().context.offer).toEqual(offer);
    actor.send({ type: 'offer.accept' });
    await waitFor(actor, (s) => selectStage(s) === 'job' && s.matches({ signedIn: { onDuty: { job: 'idle' } } }));
    expect(calls.find((call) => call.name === 'acceptOffer')?.input).toEqual({ offerId: 11, key: 'key-1' });
    expect(actor.getSnapshot().context.job?.state).toBe('assigned');
    work = { offers: [], jobs: [] };
    for (const step of ['on_the_way', 'arrived', 'on_board'] as const) {
      actor.send({ type: 'step', step });
      await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: { job: 'idle' } } }) && s.context.job?.state === step);
    }
    actor.send({ type: 'step', step: 'complete' });
    await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: 'waiting' } }));
    expect(calls.filter((call) => call.name === 'step').map((call) => call.input)).toEqual([
      { bookingNumber: 'CF-1', step: 'on_the_way', key: 'key-2' },
      { bookingNumber: 'CF-1', step: 'arrived', key: 'key-3' },
      { bookingNumber: 'CF-1', step: 'on_board', key: 'key-4' },
      { bookingNumber: 'CF-1', step: 'complete', key: 'key-5' },
    ]);
    expect(actor.getSnapshot().context.notice?.text).toBe('complete');
  });

  it('a refused tap shows the server message and the job as it now is; a job taken away goes back to waiting', async () => {
    let answer: () => Promise<TapResponse> = () => Promise.reject(refusal(422, 'Too early: not before 09:00', { job: job('assigned', ['on_the_way']) }));
    const { actor } = start({ onShift: true, work: () => ({ offers: [], jobs: [job('assigned', ['on_the_way'])] }), step: () => answer() });
    await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: { job: 'idle' } } }));
    actor.send({ type: 'step', step: 'on_the_way' });
    await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: { job: 'idle' } } }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Too early: not before 09:00');
    answer = () => Promise.reject(refusal(409, DRIVER_MESSAGES.jobReassigned, { job: null }));
    actor.send({ type: 'step', step: 'on_the_way' });
    await waitFor(actor, (s) => s.context.error === DRIVER_MESSAGES.jobReassigned && s.context.job === null);
  });

  describe('the countdown', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    it("an offer not answered in the server's seconds times out, and declining one sends it back", async () => {
      let work: Work = { offers: [{ ...offer, seconds_left: 5 }], jobs: [] };
      const { actor, calls } = start({ onShift: true, work: () => work });
      await vi.waitFor(() => expect(selectStage(actor.getSnapshot())).toBe('offered'));
      work = { offers: [], jobs: [] };
      await vi.advanceTimersByTimeAsync(4_900);
      expect(selectStage(actor.getSnapshot())).toBe('offered');
      await vi.advanceTimersByTimeAsync(200);
      await vi.waitFor(() => expect(selectStage(actor.getSnapshot())).toBe('waiting'));
      expect(actor.getSnapshot().context.notice?.text).toBe(DRIVER_MESSAGES.offerExpired);
      work = { offers: [offer], jobs: [] };
      actor.send({ type: 'work.changed' });
      await vi.waitFor(() => expect(selectStage(actor.getSnapshot())).toBe('offered'));
      work = { offers: [], jobs: [] };
      actor.send({ type: 'offer.decline' });
      await vi.waitFor(() => expect(selectStage(actor.getSnapshot())).toBe('waiting'));
      expect(calls.find((call) => call.name === 'declineOffer')?.input).toEqual({ offerId: 11, key: 'key-1' });
      expect(actor.getSnapshot().context.notice?.text).toBe(DRIVER_MESSAGES.declined);
    });
  });

  it('a lost session goes back to sign-in with why', async () => {
    const { actor } = start({ onShift: true });
    await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: 'waiting' } }));
    actor.send({ type: 'session.lost', message: '' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(DRIVER_TEXT.sessionEnded);
  });
});

describe('the screen while the work is read again', () => {
  it('keeps showing the job in hand (its buttons busy) instead of a blank loader', async () => {
    let release: (work: Work) => void = () => {};
    let calls = 0;
    const machine = driverMachine.provide({
      actors: {
        loadSession: fromPromise(async () => session(true)),
        loadWork: fromPromise(
          () =>
            new Promise<Work>((resolve) => {
              calls += 1;
              if (calls === 1) resolve({ offers: [], jobs: [job('assigned', ['on_the_way'])] });
              else release = resolve;
            }),
        ),
      },
    });
    const actor = createActor(machine, { input: { path: '/driver', linkToken: null } }).start();
    await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: { job: 'idle' } } }));
    actor.send({ type: 'work.changed' });
    expect(actor.getSnapshot().matches({ signedIn: { onDuty: 'loading' } })).toBe(true);
    expect(selectStage(actor.getSnapshot())).toBe('job');
    expect(selectBusy(actor.getSnapshot())).toBe(true);
    release({ offers: [], jobs: [job('on_the_way', ['arrived'])] });
    await waitFor(actor, (s) => s.matches({ signedIn: { onDuty: { job: 'idle' } } }));
    expect(actor.getSnapshot().context.job?.state).toBe('on_the_way');
  });
});
