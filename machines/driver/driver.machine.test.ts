import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { DRIVER_MESSAGES, STEP_MESSAGES, type DriverJob, type DriverOffer, type DriverSession, type TapResponse } from '../../contract/driver.ts';
import { COMPLETION_MESSAGES } from '../../contract/jobCompletionRules.ts';
import { allowedDriverSteps, driverJobState, nextDriverStage, type DriverStep } from '../../contract/dispatch.ts';
import {
  driverMachine,
  DRIVER_TEXT,
  readMemory,
  completionCheck,
  selectBusy,
  selectCompleting,
  selectCompletion,
  selectSettling,
  selectShownJob,
  selectStage,
  selectWaitingTaps,
  tapsDroppedText,
  type DriverMemory,
  type Work,
} from './index.ts';

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

const earningsWeek = { driver_id: 1, driver_name: 'Dan Driver', week_start: '2026-11-23', week_end: '2026-11-29', jobs: 2, fares_pence: 9000, driver_collected_pence: 4500, operator_collected_pence: 4500, commission_pence: 1350, adjustments_pence: 0, balance_pence: 3150, settled_at: null };

function start(options: { signedOut?: boolean; onShift?: boolean; work?: () => Work; earnings?: () => Promise<unknown>; step?: (input: { step: DriverStep; key: string }) => Promise<TapResponse>; accept?: () => Promise<TapResponse>; path?: string; token?: string | null; now?: () => Date } = {}) {
  const calls: { name: string; input: unknown }[] = [];
  /** The offers the phone was asked to ring for. */
  const alerts: (number | null)[] = [];
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
      loadEarnings: record('loadEarnings', options.earnings ?? (async () => [earningsWeek])),
    },
    actions: { alertOffer: (_, { offerId }) => void alerts.push(offerId) },
    // A double tap's pause (600 ms) is its own test's.
    delays: { settle: 1 },
  });
  const actor = createActor(machine, { input: { path: options.path ?? '/driver', linkToken: options.token ?? null, newKey: () => `key-${++keys}`, ...(options.now ? { now: options.now } : {}) } }).start();
  return { actor, calls, alerts };
}

describe('the driver app machine', () => {
  it('Earnings (issue 35): opens off duty with the weeks, a failed read offers a retry, Back returns off duty; on duty an offer leaves it for the work', async () => {
    let fail = true;
    const off = start({ earnings: async () => (fail ? Promise.reject(new Error('fetch failed')) : [earningsWeek]) });
    await waitFor(off.actor, (s) => s.matches({ signedIn: { screen: { offDuty: 'choosing' } } }));
    off.actor.send({ type: 'earnings.open' });
    await waitFor(off.actor, (s) => s.matches({ signedIn: { screen: { earnings: 'failed' } } }));
    expect([selectStage(off.actor.getSnapshot()), off.actor.getSnapshot().context.error]).toEqual(['earnings', DRIVER_TEXT.earningsFailed]);
    fail = false;
    off.actor.send({ type: 'earnings.retry' });
    await waitFor(off.actor, (s) => s.matches({ signedIn: { screen: { earnings: 'list' } } }));
    expect([off.actor.getSnapshot().context.earnings, off.actor.getSnapshot().context.error]).toEqual([[earningsWeek], null]);
    off.actor.send({ type: 'earnings.close' });
    await waitFor(off.actor, (s) => s.matches({ signedIn: { screen: { offDuty: 'choosing' } } }));

    let work: Work = { offers: [], jobs: [] };
    const on = start({ onShift: true, work: () => work });
    await waitFor(on.actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }));
    on.actor.send({ type: 'earnings.open' });
    await waitFor(on.actor, (s) => s.matches({ signedIn: { screen: { earnings: 'list' } } }));
    work = { offers: [offer], jobs: [] };
    on.actor.send({ type: 'work.changed' });
    await waitFor(on.actor, (s) => selectStage(s) === 'offered');
    expect(on.calls.filter((call) => call.name === 'loadEarnings')).toHaveLength(1);
  });

  it('signs in, picks the vehicle, goes on duty and waits for work', async () => {
    const { actor, calls } = start({ signedOut: true });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'signIn.submit', email: 'dan@example.test', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { offDuty: 'choosing' } } }));
    expect(actor.getSnapshot().context.vehicles).toEqual([vehicle]);
    actor.send({ type: 'shift.start', vehicleId: 7 });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }));
    expect(calls.find((call) => call.name === 'startShift')?.input).toEqual({ vehicleId: 7 });
    expect(actor.getSnapshot().context.notice).toEqual({ tone: 'success', text: DRIVER_MESSAGES.onDuty });
    actor.send({ type: 'shift.end' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { offDuty: 'choosing' } } }));
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
    const { actor, calls, alerts } = start({
      onShift: true,
      work: () => work,
      step: async ({ step }) => {
        const [to, allowed] = next[step];
        state = to;
        return { success: true as const, message: step, job: job(state, allowed) };
      },
    });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }));
    work = { offers: [offer], jobs: [] };
    actor.send({ type: 'work.changed' });
    await waitFor(actor, (s) => selectStage(s) === 'offered');
    expect(actor.getSnapshot().context.offer).toEqual(offer);
    // The phone rings for the offer as it comes on screen (not while it only waited).
    expect(alerts).toEqual([offer.id]);
    actor.send({ type: 'offer.accept' });
    await waitFor(actor, (s) => selectStage(s) === 'job' && s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }));
    expect(calls.find((call) => call.name === 'acceptOffer')?.input).toEqual({ offerId: 11, key: 'key-1' });
    expect(actor.getSnapshot().context.job?.state).toBe('assigned');
    work = { offers: [], jobs: [] };
    for (const step of ['on_the_way', 'arrived', 'on_board'] as const) {
      actor.send({ type: 'step', step });
      await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }) && s.context.job?.state === step);
    }
    actor.send({ type: 'step', step: 'complete' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }));
    expect(calls.filter((call) => call.name === 'step').map((call) => call.input)).toEqual([
      { bookingNumber: 'CF-1', step: 'on_the_way', key: 'key-2', tappedAt: expect.any(String) },
      { bookingNumber: 'CF-1', step: 'arrived', key: 'key-3', tappedAt: expect.any(String) },
      { bookingNumber: 'CF-1', step: 'on_board', key: 'key-4', tappedAt: expect.any(String) },
      { bookingNumber: 'CF-1', step: 'complete', key: 'key-5', tappedAt: expect.any(String) },
    ]);
    expect(actor.getSnapshot().context.notice?.text).toBe('complete');
  });

  it('a refused tap shows the server message and the job as it now is; a job taken away goes back to waiting', async () => {
    let answer: () => Promise<TapResponse> = () => Promise.reject(refusal(422, 'Too early: not before 09:00', { job: job('assigned', ['on_the_way']) }));
    const { actor } = start({ onShift: true, work: () => ({ offers: [], jobs: [job('assigned', ['on_the_way'])] }), step: () => answer() });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }));
    actor.send({ type: 'step', step: 'on_the_way' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }) && s.context.error !== null);
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
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }));
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
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }));
    actor.send({ type: 'work.changed' });
    expect(actor.getSnapshot().matches({ signedIn: { screen: { onDuty: 'loading' } } })).toBe(true);
    expect(selectStage(actor.getSnapshot())).toBe('job');
    expect(selectBusy(actor.getSnapshot())).toBe(true);
    release({ offers: [], jobs: [job('on_the_way', ['arrived'])] });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }));
    expect(actor.getSnapshot().context.job?.state).toBe('on_the_way');
  });
});

describe('working without signal (issue 32, installable)', () => {
  const NO_ANSWER = () => Object.assign(new Error('<no response> Failed to fetch'), { status: null });
  const jobAt = (status: DriverJob['status'], stage: DriverJob['stage']): DriverJob => {
    const state = driverJobState(status, stage);
    return { ...job(state, allowedDriverSteps(status, stage)), status, stage };
  };

  /** The office: applies each tap key once (a replay gets the first answer), and has no signal when told. */
  function office(start: DriverJob) {
    const state = { signal: true, job: start as DriverJob | null, loseNextAnswer: false, refuse: null as null | (() => Error) };
    const answers = new Map<string, TapResponse>();
    const applied: { step: DriverStep; key: string }[] = [];
    const calls: { step: DriverStep; key: string }[] = [];
    const step = async ({ step, key }: { step: DriverStep; key: string }): Promise<TapResponse> => {
      calls.push({ step, key });
      if (!state.signal) throw NO_ANSWER();
      const first = answers.get(key);
      if (first) return first;
      if (state.refuse) throw state.refuse();
      const current = state.job!;
      const to = nextDriverStage(current.status, current.stage, step);
      if (to === null) throw refusal(409, 'illegal', { job: current });
      state.job = to === 'completed' || to === 'no_show' ? jobAt(to, current.stage) : jobAt(current.status, to);
      applied.push({ step, key });
      const answer = { success: true as const, message: STEP_MESSAGES[step], job: state.job };
      answers.set(key, answer);
      if (state.loseNextAnswer) {
        state.loseNextAnswer = false;
        throw NO_ANSWER();
      }
      return answer;
    };
    const work = async (): Promise<Work> => {
      if (!state.signal) throw NO_ANSWER();
      return { offers: [], jobs: state.job && !['completed', 'no_show', 'cancelled'].includes(state.job.state) ? [state.job] : [] };
    };
    const session = async () => {
      if (!state.signal) throw NO_ANSWER();
      return { ...session0(true), csrf_token: 'csrf-2' };
    };
    return { state, step, work, session, calls, applied };
  }
  const session0 = session;

  /** The phone's storage, as the app keeps it: one JSON entry per driver and the last signed in (localStorage). */
  function phone() {
    const entries = new Map<number, string>();
    let last: number | null = null;
    return {
      entries,
      recall: (driverId: number | null): DriverMemory | null => {
        const id = driverId ?? last;
        const text = id === null ? undefined : entries.get(id);
        return text ? readMemory(JSON.parse(text)) : null;
      },
      remember: (memory: DriverMemory | null) => {
        if (!memory) return;
        entries.set(memory.driver.id, JSON.stringify(memory));
        last = memory.driver.id;
      },
      forget: (driverId: number | null) => {
        if (driverId === last) last = null;
        const kept = driverId === null ? undefined : entries.get(driverId);
        if (kept) entries.set(driverId!, JSON.stringify({ ...JSON.parse(kept), job: null, knownAt: null }));
      },
    };
  }

  let clock = Date.parse('2026-12-02T09:05:00.000Z');
  function app(desk: ReturnType<typeof office>, store: ReturnType<typeof phone>, options: { settle?: number } = {}) {
    const calls: string[] = [];
    const tokens: (string | null)[] = [];
    let keys = 0;
    const machine = driverMachine.provide({
      actors: {
        loadSession: fromPromise(async () => {
          calls.push('loadSession');
          return desk.session();
        }),
        loadWork: fromPromise(async () => {
          calls.push('loadWork');
          return desk.work();
        }),
        step: fromPromise(async ({ input }) => {
          calls.push(`step ${input.step} ${input.key}`);
          return desk.step(input);
        }),
        endShift: fromPromise(async (): Promise<unknown> => ({})),
        loadVehicles: fromPromise(async () => [vehicle]),
        signOut: fromPromise(async (): Promise<unknown> => ({})),
      },
      actions: {
        remember: (_, { memory }) => store.remember(memory),
        forget: (_, { driverId }) => store.forget(driverId),
        useCsrfToken: (_, { token }) => {
          tokens.push(token);
          calls.push(`csrf ${token}`);
        },
      },
      delays: { settle: options.settle ?? 1 },
    });
    const actor = createActor(machine, {
      input: { path: '/driver', linkToken: null, newKey: () => `key-${++keys}`, recall: store.recall, now: () => new Date(clock) },
    }).start();
    return { actor, calls, tokens };
  }
  const ready = (s: SnapshotFrom<typeof driverMachine>) => s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } });
  const idleSync = (s: SnapshotFrom<typeof driverMachine>) => s.matches({ signedIn: { sync: 'idle' } });

  it('a tap made without signal is kept with its key, shown as tapped and as waiting; back online the taps go in order, each applied once', async () => {
    const desk = office(jobAt('driver_assigned', null));
    const store = phone();
    const { actor } = app(desk, store);
    await waitFor(actor, ready);
    desk.state.signal = false;

    actor.send({ type: 'step', step: 'on_the_way' });
    // No answer: the tap waits, the job moves on as tapped, and nothing reads as an error.
    await waitFor(actor, (s) => s.matches({ signedIn: { sync: 'held' } }));
    expect(selectShownJob(actor.getSnapshot())?.state).toBe('on_the_way');
    expect(actor.getSnapshot().context.job?.state).toBe('assigned');
    expect(actor.getSnapshot().context.offline).toBe('signal');
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, ready);
    actor.send({ type: 'step', step: 'arrived' });
    expect(selectShownJob(actor.getSnapshot())?.state).toBe('arrived');
    expect(selectShownJob(actor.getSnapshot())?.allowed_steps).toEqual(['on_board', 'no_show']);
    expect(selectWaitingTaps(actor.getSnapshot()).map((tap) => [tap.step, tap.key, tap.bookingNumber, tap.at])).toEqual([
      ['on_the_way', 'key-1', 'CF-1', '2026-12-02T09:05:00.000Z'],
      ['arrived', 'key-2', 'CF-1', '2026-12-02T09:05:00.000Z'],
    ]);
    // Kept on the phone as tapped, in order.
    expect(store.recall(1)?.queue.map((tap) => [tap.step, tap.key])).toEqual([
      ['on_the_way', 'key-1'],
      ['arrived', 'key-2'],
    ]);
    expect(desk.calls).toEqual([{ step: 'on_the_way', key: 'key-1' }]);

    // The signal returns, but the first answer is lost on the way back: the tap goes again with its key, applied once.
    desk.state.signal = true;
    desk.state.loseNextAnswer = true;
    actor.send({ type: 'connection.back' });
    await waitFor(actor, (s) => s.matches({ signedIn: { sync: 'held' } }) && desk.applied.length === 1);
    actor.send({ type: 'connection.back' });
    await waitFor(actor, (s) => s.context.queue.length === 0 && idleSync(s));
    expect(desk.calls).toEqual([
      { step: 'on_the_way', key: 'key-1' },
      { step: 'on_the_way', key: 'key-1' },
      { step: 'on_the_way', key: 'key-1' },
      { step: 'arrived', key: 'key-2' },
    ]);
    expect(desk.applied).toEqual([
      { step: 'on_the_way', key: 'key-1' },
      { step: 'arrived', key: 'key-2' },
    ]);
    const { context } = actor.getSnapshot();
    expect([context.job?.state, context.offline, context.error, context.notice?.text]).toEqual(['arrived', null, null, STEP_MESSAGES.arrived]);
    expect(selectWaitingTaps(actor.getSnapshot())).toEqual([]);
    expect(store.recall(1)?.queue).toEqual([]);
  });

  it('opened again without signal (a reload): the job last known, marked as such, and its waiting taps; they go with their keys once the session is confirmed', async () => {
    const desk = office(jobAt('driver_assigned', null));
    const store = phone();
    const first = app(desk, store);
    await waitFor(first.actor, ready);
    desk.state.signal = false;
    first.actor.send({ type: 'connection.lost' });
    first.actor.send({ type: 'step', step: 'on_the_way' });
    expect(first.actor.getSnapshot().matches({ signedIn: { sync: 'held' } })).toBe(true);
    first.actor.stop();
    expect(desk.calls).toEqual([]);

    clock += 20 * 60_000;
    const { actor, calls, tokens } = app(desk, store);
    await waitFor(actor, ready);
    const opened = actor.getSnapshot();
    expect(selectStage(opened)).toBe('job');
    expect(selectShownJob(opened)?.state).toBe('on_the_way');
    expect([opened.context.session?.driver.name, opened.context.shift?.vehicle.registration, opened.context.offline, opened.context.knownAt, opened.context.error]).toEqual([
      'Dan Driver',
      'DR01ABC',
      'signal',
      '2026-12-02T09:05:00.000Z',
      null,
    ]);
    expect(selectWaitingTaps(opened).map((tap) => tap.key)).toEqual(['key-1']);
    expect(tokens).toEqual([]);

    desk.state.signal = true;
    actor.send({ type: 'connection.back' });
    await waitFor(actor, (s) => s.context.queue.length === 0 && idleSync(s) && !s.context.stale);
    // The session first (its CSRF token), then the tap with the key it was given before the reload, then the work.
    expect(calls.slice(2)).toEqual(['loadSession', 'csrf csrf-2', 'step on_the_way key-1', 'loadWork']);
    expect(desk.applied).toEqual([{ step: 'on_the_way', key: 'key-1' }]);
    expect([actor.getSnapshot().context.job?.state, actor.getSnapshot().context.offline, actor.getSnapshot().context.knownAt]).toEqual(['on_the_way', null, '2026-12-02T09:25:00.000Z']);
  });

  it('a waiting tap the office refuses: its message and the job as it now is; the taps after it for that job are dropped with a notice', async () => {
    const desk = office(jobAt('driver_assigned', null));
    const store = phone();
    const { actor, calls } = app(desk, store);
    await waitFor(actor, ready);
    desk.state.signal = false;
    for (const step of ['on_the_way', 'arrived', 'on_board'] as const) {
      actor.send({ type: 'step', step });
      await waitFor(actor, ready);
    }
    expect(actor.getSnapshot().context.queue.map((tap) => tap.step)).toEqual(['on_the_way', 'arrived', 'on_board']);
    // Meanwhile the passenger cancelled.
    desk.state.job = jobAt('cancelled', null);
    desk.state.refuse = () => refusal(409, DRIVER_MESSAGES.jobCancelled, { job: jobAt('cancelled', null) });
    desk.state.signal = true;
    actor.send({ type: 'connection.back' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }) && idleSync(s));
    const { context } = actor.getSnapshot();
    expect([context.error, context.notice, context.queue, context.job]).toEqual([DRIVER_MESSAGES.jobCancelled, { tone: 'warning', text: tapsDroppedText('Arrived, Passenger on board') }, [], null]);
    expect(calls.filter((call) => call.startsWith('step'))).toEqual(['step on_the_way key-1', 'step on_the_way key-1']);
    expect(store.recall(1)?.queue).toEqual([]);
  });

  it('a job completed without signal leaves the screen; going off duty waits until its tap is sent', async () => {
    const desk = office(jobAt('driver_assigned', 'on_board'));
    const store = phone();
    const { actor } = app(desk, store);
    await waitFor(actor, ready);
    desk.state.signal = false;
    actor.send({ type: 'step', step: 'complete' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }) && s.matches({ signedIn: { sync: 'held' } }));
    expect(selectShownJob(actor.getSnapshot())).toBeNull();
    expect(selectWaitingTaps(actor.getSnapshot()).map((tap) => tap.step)).toEqual(['complete']);
    actor.send({ type: 'shift.end' });
    expect(actor.getSnapshot().context.error).toBe(DRIVER_TEXT.tapsWaiting);
    expect(actor.getSnapshot().matches({ signedIn: { screen: { onDuty: 'waiting' } } })).toBe(true);

    desk.state.signal = true;
    actor.send({ type: 'connection.back' });
    await waitFor(actor, (s) => s.context.queue.length === 0 && s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }));
    expect(desk.applied).toEqual([{ step: 'complete', key: 'key-1' }]);
    expect(actor.getSnapshot().context.notice?.text).toBe(STEP_MESSAGES.complete);
    actor.send({ type: 'shift.end' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { offDuty: 'choosing' } } }));
    // Signed out: the phone forgets the driver and their work.
    actor.send({ type: 'signOut' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(store.recall(null)).toBeNull();
    expect(store.recall(1)?.job).toBeNull();
  });

  it('a double tap is one step: the next tap counts once the job has settled', async () => {
    const desk = office(jobAt('driver_assigned', null));
    const { actor } = app(desk, phone(), { settle: 600 });
    await waitFor(actor, ready);
    actor.send({ type: 'step', step: 'on_the_way' });
    actor.send({ type: 'step', step: 'on_the_way' });
    actor.send({ type: 'step', step: 'arrived' });
    expect(selectSettling(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => ready(s) && s.context.queue.length === 0);
    expect(desk.applied).toEqual([{ step: 'on_the_way', key: 'key-1' }]);
    actor.send({ type: 'step', step: 'arrived' });
    await waitFor(actor, (s) => s.context.job?.state === 'arrived');
  });

  describe('the retry timer', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    it('a held tap goes again after 10 s without news of the signal, and the work is read again', async () => {
      const desk = office(jobAt('driver_assigned', null));
      const { actor } = app(desk, phone());
      await vi.waitFor(() => expect(ready(actor.getSnapshot())).toBe(true));
      desk.state.signal = false;
      actor.send({ type: 'step', step: 'on_the_way' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ signedIn: { sync: 'held' } })).toBe(true));
      desk.state.signal = true;
      await vi.advanceTimersByTimeAsync(9_900);
      expect(desk.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      await vi.waitFor(() => expect(idleSync(actor.getSnapshot()) && actor.getSnapshot().context.queue.length === 0).toBe(true));
      expect(desk.applied).toEqual([{ step: 'on_the_way', key: 'key-1' }]);
      expect(actor.getSnapshot().context.offline).toBeNull();
    });
  });
});

describe('completing a job with extras (issue 32)', () => {
  const allowed = { waiting: { max_minutes: 60, per_five_pence: 250 }, parking_max_pence: 2000, tolls_max_pence: null };
  const onBoard = (payment: 'car' | 'card'): DriverJob => ({ ...job('on_board', ['complete']), fare: { ...fare, payment, collect_pence: payment === 'car' ? 4500 : 0 }, extras_allowed: allowed });
  const tappedAt = new Date('2026-12-02T10:40:00.000Z');

  it("'Completed' opens the form; a pay-in-car job needs how it was paid, over-limit extras are refused on the phone; the tap carries the extras, the payment and its own time", async () => {
    const { actor, calls } = start({ onShift: true, work: () => ({ offers: [], jobs: [onBoard('car')] }), now: () => tappedAt, step: async () => ({ success: true as const, message: STEP_MESSAGES.complete, job: null }) });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }));
    actor.send({ type: 'complete.open' });
    expect(selectCompleting(actor.getSnapshot())).toBe(true);
    expect(completionCheck(selectShownJob(actor.getSnapshot()), selectCompletion(actor.getSnapshot()))).toEqual({ problem: COMPLETION_MESSAGES.paidInCarRequired, extrasPence: 0 });
    actor.send({ type: 'complete.submit' });
    expect(selectCompleting(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'complete.edit', waitingMin: 61, paidInCar: 'cash' });
    expect(completionCheck(selectShownJob(actor.getSnapshot()), selectCompletion(actor.getSnapshot())).problem).toBe(COMPLETION_MESSAGES.waitingOverLimit(60));
    actor.send({ type: 'complete.submit' });
    expect(selectCompleting(actor.getSnapshot())).toBe(true);
    // Tolls are not offered by this owner.
    actor.send({ type: 'complete.edit', waitingMin: 12, tollsPence: 300 });
    expect(completionCheck(selectShownJob(actor.getSnapshot()), selectCompletion(actor.getSnapshot())).problem).toBe(COMPLETION_MESSAGES.tollsNotAllowed);
    actor.send({ type: 'complete.edit', tollsPence: 0, parkingPence: 350 });
    expect(completionCheck(selectShownJob(actor.getSnapshot()), selectCompletion(actor.getSnapshot()))).toEqual({ problem: null, extrasPence: 1100 });
    // Back to the job forgets the form; opened again it starts empty.
    actor.send({ type: 'complete.cancel' });
    expect(actor.getSnapshot().matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } })).toBe(true);
    actor.send({ type: 'complete.open' });
    expect(selectCompletion(actor.getSnapshot())).toEqual({ waitingMin: 0, parkingPence: 0, tollsPence: 0, paidInCar: null });
    actor.send({ type: 'complete.edit', waitingMin: 12, parkingPence: 350, paidInCar: 'cash' });
    actor.send({ type: 'complete.submit' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }));
    expect(calls.filter((call) => call.name === 'step').map((call) => call.input)).toEqual([
      { bookingNumber: 'CF-1', step: 'complete', key: 'key-1', tappedAt: tappedAt.toISOString(), extras: { waiting_min: 12, parking_pence: 350 }, paidInCar: 'cash' },
    ]);
    expect(actor.getSnapshot().context.completion).toBeNull();
  });

  it('a card job: no payment to record, the extras go to the card (the server charges them)', async () => {
    const { actor, calls } = start({ onShift: true, work: () => ({ offers: [], jobs: [onBoard('card')] }), now: () => tappedAt, step: async () => ({ success: true as const, message: STEP_MESSAGES.complete, job: null }) });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }));
    actor.send({ type: 'complete.open' });
    expect(completionCheck(selectShownJob(actor.getSnapshot()), selectCompletion(actor.getSnapshot()))).toEqual({ problem: null, extrasPence: 0 });
    actor.send({ type: 'complete.edit', waitingMin: 5, paidInCar: 'cash' });
    actor.send({ type: 'complete.submit' });
    await waitFor(actor, (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }));
    expect(calls.filter((call) => call.name === 'step').map((call) => call.input)).toEqual([{ bookingNumber: 'CF-1', step: 'complete', key: 'key-1', tappedAt: tappedAt.toISOString(), extras: { waiting_min: 5 } }]);
  });
});
