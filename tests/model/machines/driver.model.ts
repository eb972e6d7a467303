/**
 * The driver's app model (machines/driver, issue 32): the set-password link, sign-in, off duty with a vehicle, on duty
 * with an offer arriving on the stream (`work.changed`), accepted, declined or timed out, the job's steps (on my way,
 * arrived, passenger on board, completed with extras, no-show), off duty again, taps made without signal kept and sent
 * once it is back, the session ended; and the phone that opens with no signal as the driver it last knew.
 *
 * Two regions run side by side (`screen` and `sync`), so `offer` keeps the traversal finite: a tap queue of at most
 * two, the stream's news and the signal's loss only while nothing is in flight in `sync`, a tap's answer only the one
 * its first queued step gets from the office.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { allowedDriverSteps, driverJobState, type DriverStep } from '../../../contract/dispatch.ts';
import { DRIVER_MESSAGES, STEP_MESSAGES, type DriverJob, type DriverOffer, type DriverSession, type DriverShift } from '../../../contract/driver.ts';
import { DRIVER_TEXT, driverMachine, selectStage, shownJob, type DriverContext, type DriverInput, type DriverMemory, type DriverVehicle } from '../../../machines/driver/index.ts';
import { machineInvokes } from '../graph.ts';
import type { EventVariant, MachineModel } from '../types.ts';
import { httpError, variant } from './helpers.ts';

const m = driverMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as DriverContext;

/** The outcome event of the invoke in `state` (loadWork and loadSession are invoked in two states each). */
function outcomeIn(state: string, kind: 'done' | 'error'): string {
  const invoke = machineInvokes(m).find((i) => i.state === state);
  if (!invoke) throw new Error(`driver invokes nothing in ${state}`);
  return `xstate.${kind}.actor.${invoke.id}`;
}
const S = {
  checking: 'checking',
  signIn: 'signedOut.submitting',
  setPassword: 'settingPassword.submitting',
  vehicles: 'signedIn.screen.offDuty.loadingVehicles',
  starting: 'signedIn.screen.offDuty.starting',
  work: 'signedIn.screen.onDuty.loading',
  accepting: 'signedIn.screen.onDuty.offered.accepting',
  declining: 'signedIn.screen.onDuty.offered.declining',
  ending: 'signedIn.screen.onDuty.ending',
  earnings: 'signedIn.screen.earnings.loading',
  signingOut: 'signedIn.screen.signingOut',
  confirming: 'signedIn.sync.confirming',
  sending: 'signedIn.sync.sending',
  probing: 'signedIn.sync.probing',
} as const;
const done = (state: keyof typeof S) => outcomeIn(S[state], 'done');
const failed = (state: keyof typeof S) => outcomeIn(S[state], 'error');

export const DRIVER_LINK_TOKEN = 'D'.repeat(43);
export const TAP_KEY = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2026-12-02T09:00:00.000Z');
export const MODEL_BOOKING = 'CF-PATHS1';

export const VEHICLE: DriverVehicle = { id: 7, registration: 'PA7HS01', make: 'Toyota', model: 'Prius', colour: 'Silver', category_name: 'Saloon' };
const SHIFT: DriverShift = { id: 3, vehicle: VEHICLE, started_at: '2026-12-02T08:00:00.000Z' } as DriverShift;
const DRIVER = { id: 1, name: 'Paths Driver', email: 'paths.driver@example.test' };
const session = (driverId = DRIVER.id): DriverSession =>
  ({ success: true, driver: { ...DRIVER, id: driverId }, site: { id: 1, name: 'cabflow' }, csrf_token: 'csrf-1', expires_at: '2026-12-03T08:00:00.000Z', idle_minutes: 720, shift: null }) as DriverSession;
const fare = { currency: '£', total_pence: 4500, payment: 'car' as const, collect_pence: 4500 };
export const OFFER: DriverOffer = {
  id: 11,
  booking_number: MODEL_BOOKING,
  expires_at: '2026-12-02T09:00:30.000Z',
  seconds_left: 30,
  pickup_at: '2026-12-02T10:00:00.000Z',
  pickup_area: 'TW6',
  dropoff_area: 'WC2R',
  vehicle_category: 'Saloon',
  fare,
};
type Stage = 'on_the_way' | 'arrived' | 'on_board' | null;
const jobAt = (stage: Stage, status: 'driver_assigned' | 'completed' | 'no_show' = 'driver_assigned'): DriverJob =>
  ({
    booking_number: MODEL_BOOKING,
    revision: 2,
    status,
    stage,
    state: driverJobState(status, stage),
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
    allowed_steps: allowedDriverSteps(status, stage),
    not_before: { on_the_way: '', complete: '', no_show: '' },
    on_the_way_at: null,
    arrived_at: null,
    on_board_at: null,
    extras_allowed: { waiting: { max_minutes: 60, per_five_pence: 250 }, parking_max_pence: 2000, tolls_max_pence: 2000 },
  }) as DriverJob;
export const ASSIGNED = jobAt(null);
const AFTER_STEP: Record<DriverStep, DriverJob> = {
  on_the_way: jobAt('on_the_way'),
  arrived: jobAt('arrived'),
  on_board: jobAt('on_board'),
  complete: jobAt('on_board', 'completed'),
  no_show: jobAt('arrived', 'no_show'),
};

/** What the phone kept: on duty, the job on its way, an 'Arrived' tapped without signal and still waiting. */
export const PHONE_MEMORY: DriverMemory = {
  driver: DRIVER,
  site: { id: 1, name: 'cabflow' },
  shift: SHIFT,
  job: AFTER_STEP.on_the_way,
  knownAt: '2026-12-02T08:55:00.000Z',
  queue: [{ key: TAP_KEY, bookingNumber: MODEL_BOOKING, step: 'arrived', at: '2026-12-02T08:56:00.000Z' }],
};

const input = (path: string, linkToken: string | null, memory: DriverMemory | null = null): DriverInput => ({
  path,
  linkToken,
  newKey: () => TAP_KEY,
  // The phone's memory as the app opens (the driver last signed in); a later sign-in finds nothing kept.
  recall: (driverId) => (driverId === null ? memory : null),
  now: () => NOW,
});

const noSignal = () => new TypeError('Failed to fetch');
const STEPS: DriverStep[] = ['on_the_way', 'arrived', 'on_board', 'no_show', 'complete'];
const STEP_LABELS: Record<DriverStep, string> = { on_the_way: 'On my way', arrived: 'Arrived', on_board: 'Passenger on board', complete: 'Completed (a bare step)', no_show: 'No-show' };

export const driverModel: MachineModel = {
  id: 'driver',
  title: "driver's app",
  machine: m,
  origins: [
    { id: 'app', label: '/driver on a phone nobody signed in on', input: input('/driver', null) },
    { id: 'link', label: 'the invitation link /driver/set-password#token=…', input: input('/driver/set-password', DRIVER_LINK_TOKEN) },
    { id: 'badLink', label: '/driver/set-password without a token', input: input('/driver/set-password', null) },
    { id: 'phone', label: '/driver on the phone of a driver on duty, opened with no signal', input: input('/driver', null, PHONE_MEMORY) },
  ],
  variants: [
    // The driver's own taps and typing.
    variant('signIn.submit', { type: 'signIn.submit', email: DRIVER.email, password: 'Cab-Driver-Heron-52' }, 'Sign in'),
    variant('setPassword.submit', { type: 'setPassword.submit', password: 'Cab-Driver-Heron-52' }, 'Set password'),
    variant('signIn.open', { type: 'signIn.open' }, 'Go to sign in'),
    variant('signOut', { type: 'signOut' }, 'Sign out'),
    variant('shift.start', { type: 'shift.start', vehicleId: VEHICLE.id }, 'Go on duty in the vehicle'),
    variant('shift.end', { type: 'shift.end' }, 'Go off duty'),
    variant('offer.accept', { type: 'offer.accept' }, 'Accept'),
    variant('offer.decline', { type: 'offer.decline' }, 'Decline'),
    ...STEPS.map((step) => variant(`step:${step}`, { type: 'step', step }, STEP_LABELS[step])),
    variant('complete.open', { type: 'complete.open' }, 'Completed (opens the form)'),
    variant('complete.edit:waiting', { type: 'complete.edit', waitingMin: 12 }, '12 minutes of waiting'),
    variant('complete.edit:cash', { type: 'complete.edit', paidInCar: 'cash' }, 'paid in cash'),
    variant('complete.cancel', { type: 'complete.cancel' }, 'Back to the job'),
    variant('complete.submit', { type: 'complete.submit' }, 'Complete the job'),
    variant('notice.dismiss', { type: 'notice.dismiss' }, 'the notice is dismissed'),
    variant('earnings.open', { type: 'earnings.open' }, 'Earnings'),
    variant('earnings.retry', { type: 'earnings.retry' }, 'Try again (earnings)'),
    variant('earnings.close', { type: 'earnings.close' }, 'Back from earnings'),
    // The browser's and the stream's news.
    variant('work.changed', { type: 'work.changed' }, 'the stream says the work changed'),
    variant('session.lost', { type: 'session.lost', message: DRIVER_TEXT.sessionEnded }, 'a call answers 401 (the session ended)'),
    variant('connection.lost', { type: 'connection.lost' }, 'the signal goes'),
    variant('connection.back', { type: 'connection.back' }, 'the signal is back'),
    variant('job.updated', { type: 'job.updated' }, '(raised by sync) the job changed'),
    // The office's answers.
    variant('checking:signedOut', { type: failed('checking'), error: httpError(401, DRIVER_MESSAGES.notSignedIn) }, 'no session (401)'),
    variant('checking:offDuty', { type: done('checking'), output: session() }, 'a session, off duty'),
    variant('checking:noSignal', { type: failed('checking'), error: noSignal() }, 'no answer to the session check'),
    variant('signIn:done', { type: done('signIn'), output: session() }, 'signed in'),
    variant('signIn:refused', { type: failed('signIn'), error: httpError(401, DRIVER_MESSAGES.invalidCredentials) }, 'wrong password'),
    variant('setPassword:done', { type: done('setPassword'), output: { success: true, message: DRIVER_MESSAGES.passwordSet } }, 'password set'),
    variant('setPassword:refused', { type: failed('setPassword'), error: httpError(410, DRIVER_MESSAGES.linkUsed) }, 'the link was used'),
    variant('loadVehicles:done', { type: done('vehicles'), output: [VEHICLE] }, "today's vehicle"),
    variant('loadVehicles:noSignal', { type: failed('vehicles'), error: noSignal() }, 'no answer for the vehicles'),
    variant('loadVehicles:refused', { type: failed('vehicles'), error: httpError(403, DRIVER_MESSAGES.licenceExpired) }, 'the vehicles refused (403)'),
    variant('startShift:done', { type: done('starting'), output: SHIFT }, 'on duty'),
    variant('startShift:refused', { type: failed('starting'), error: httpError(409, DRIVER_MESSAGES.vehicleInUse) }, 'the vehicle is in use (409)'),
    variant('loadWork:empty', { type: done('work'), output: { offers: [], jobs: [] } }, 'no offer, no job'),
    variant('loadWork:offer', { type: done('work'), output: { offers: [OFFER], jobs: [] } }, 'an offer is open'),
    variant('loadWork:job', { type: done('work'), output: { offers: [], jobs: [ASSIGNED] } }, 'the job in hand'),
    variant('loadWork:noSignal', { type: failed('work'), error: noSignal() }, 'no answer for the work'),
    variant('loadWork:refused', { type: failed('work'), error: httpError(409, DRIVER_MESSAGES.notOnDuty) }, 'the work refused (409)'),
    variant('acceptOffer:done', { type: done('accepting'), output: { success: true, message: DRIVER_MESSAGES.offerAccepted, job: ASSIGNED } }, 'the job is yours'),
    variant('acceptOffer:noSignal', { type: failed('accepting'), error: noSignal() }, 'no answer to Accept'),
    variant('acceptOffer:refused', { type: failed('accepting'), error: httpError(409, DRIVER_MESSAGES.offerTaken) }, 'the offer went to another driver (409)'),
    variant('declineOffer:done', { type: done('declining'), output: { success: true, message: DRIVER_MESSAGES.declined, job: null } }, 'declined'),
    variant('declineOffer:noSignal', { type: failed('declining'), error: noSignal() }, 'no answer to Decline'),
    variant('declineOffer:refused', { type: failed('declining'), error: httpError(409, DRIVER_MESSAGES.offerWithdrawn) }, 'the offer was withdrawn (409)'),
    variant('endShift:done', { type: done('ending'), output: { success: true } }, 'off duty'),
    variant('endShift:noSignal', { type: failed('ending'), error: noSignal() }, 'no answer to Go off duty'),
    variant('endShift:refused', { type: failed('ending'), error: httpError(409, DRIVER_MESSAGES.jobInProgress) }, 'a job in progress (409)'),
    variant('loadEarnings:done', { type: done('earnings'), output: [] }, 'the weeks (none yet)'),
    variant('loadEarnings:failed', { type: failed('earnings'), error: httpError(503, 'Service unavailable') }, 'the earnings fail'),
    variant('signOut:done', { type: done('signingOut'), output: { success: true } }, 'signed out'),
    variant('signOut:noSignal', { type: failed('signingOut'), error: noSignal() }, 'no answer to Sign out'),
    variant('confirm:same', { type: done('confirming'), output: { ...session(), shift: SHIFT } }, 'the office confirms the session'),
    variant('confirm:other', { type: done('confirming'), output: session(2) }, "the office's session is another driver's"),
    variant('confirm:unauthorised', { type: failed('confirming'), error: httpError(401, DRIVER_MESSAGES.notSignedIn) }, 'the session ended (401)'),
    variant('confirm:noSignal', { type: failed('confirming'), error: noSignal() }, 'no answer to the session check'),
    variant('confirm:refused', { type: failed('confirming'), error: httpError(403, 'Forbidden') }, 'the session check refused (403)'),
    ...STEPS.map((step) =>
      variant(`tap:${step}`, { type: done('sending'), output: { success: true, message: STEP_MESSAGES[step], job: AFTER_STEP[step] } }, `the office takes '${STEP_LABELS[step]}'`),
    ),
    variant('tap:unauthorised', { type: failed('sending'), error: httpError(401, DRIVER_MESSAGES.notSignedIn) }, 'the tap answers 401'),
    variant('tap:noSignal', { type: failed('sending'), error: noSignal() }, 'no answer to the tap'),
    variant('tap:refused', { type: failed('sending'), error: Object.assign(httpError(409, 'This job was cancelled.'), { body: { job: null } }) }, 'the tap refused: the job was cancelled (409)'),
    variant('probe:empty', { type: done('probing'), output: { offers: [], jobs: [] } }, 'the work read again: none'),
    variant('probe:job', { type: done('probing'), output: { offers: [], jobs: [ASSIGNED] } }, 'the work read again: the job'),
    variant('probe:noSignal', { type: failed('probing'), error: noSignal() }, 'no answer to reading the work again'),
    variant('probe:refused', { type: failed('probing'), error: httpError(409, DRIVER_MESSAGES.notOnDuty) }, 'reading the work again refused (409)'),
    // The machine's timers.
    variant('offerTimeout', { type: 'xstate.after.offerTimeout.driver.signedIn.screen.onDuty.offered.open' }, 'the offer times out'),
    variant('retry', { type: 'xstate.after.retry.driver.signedIn.sync.held' }, 'the retry timer fires'),
    variant('settle', { type: 'xstate.after.settle.driver.signedIn.screen.onDuty.job.settling' }, 'the double-tap pause ends'),
  ],
  abstract: (s) => {
    const c = ctx(s);
    return {
      session: c.session?.driver.id ?? null,
      shift: c.shift !== null,
      offer: c.offer !== null,
      job: c.job?.state ?? null,
      queue: c.queue.map((tap) => tap.step),
      offline: c.offline,
      stale: c.stale,
      confirmed: c.confirmed,
      completion: c.completion && [c.completion.waitingMin > 0, c.completion.paidInCar],
      link: c.linkToken !== null,
    };
  },
  offer: (s, v) => offered(s, v),
  limit: 8000,
  isGoal: (s) => s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }) && ctx(s).queue.length === 0 && ctx(s).job === null && ctx(s).shift !== null,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    start: ({ snapshot }) => expect(ctx(snapshot).session).toBeNull(),
    // Also when the office's session turned out to be another driver's: the app starts again as them.
    checking: ({ snapshot }) => expect(selectStage(snapshot as never)).toBe('checking'),
    // The sign-in form (a session the office refused after the phone restored it stays in the context, unused).
    'signedOut.idle': ({ snapshot }) => expect(selectStage(snapshot as never)).toBe('signIn'),
    'signedOut.submitting': ({ snapshot, invocations }) => {
      expect(ctx(snapshot).error).toBeNull();
      expect(invocations.signIn?.at(-1)).toEqual({ email: DRIVER.email, password: 'Cab-Driver-Heron-52' });
    },
    'settingPassword.checkLink': () => {},
    'settingPassword.invalid': ({ snapshot }) => expect(ctx(snapshot).error).toBe(DRIVER_TEXT.linkMissing),
    'settingPassword.editing': ({ snapshot }) => expect(ctx(snapshot).linkToken).toBe(DRIVER_LINK_TOKEN),
    'settingPassword.submitting': ({ invocations }) => expect(invocations.setPassword?.at(-1)).toEqual({ token: DRIVER_LINK_TOKEN, password: 'Cab-Driver-Heron-52' }),
    'signedIn.screen.route': () => {},
    'signedIn.screen.offDuty.loadingVehicles': ({ snapshot }) => expect(ctx(snapshot).shift).toBeNull(),
    'signedIn.screen.offDuty.choosing': ({ snapshot }) => expect(ctx(snapshot).shift).toBeNull(),
    'signedIn.screen.offDuty.starting': ({ invocations }) => expect(invocations.startShift?.at(-1)).toEqual({ vehicleId: VEHICLE.id }),
    'signedIn.screen.onDuty.loading': ({ snapshot }) => expect(ctx(snapshot).shift).not.toBeNull(),
    'signedIn.screen.onDuty.deciding': () => {},
    // Also after a refused read of the work: the screen says so and waits for the stream (what it knew stays).
    'signedIn.screen.onDuty.waiting': ({ snapshot }) => {
      expect(ctx(snapshot).shift).not.toBeNull();
      expect(selectStage(snapshot as never)).toBe('waiting');
    },
    'signedIn.screen.onDuty.offered.open': ({ snapshot }) => expect(ctx(snapshot).offer).toEqual(OFFER),
    'signedIn.screen.onDuty.offered.accepting': ({ invocations }) => expect(invocations.acceptOffer?.at(-1)).toEqual({ offerId: OFFER.id, key: TAP_KEY }),
    'signedIn.screen.onDuty.offered.declining': ({ invocations }) => expect(invocations.declineOffer?.at(-1)).toEqual({ offerId: OFFER.id, key: TAP_KEY }),
    'signedIn.screen.onDuty.job.ready': ({ snapshot }) => expect(shown(snapshot)).not.toBeNull(),
    'signedIn.screen.onDuty.job.completing': ({ snapshot }) => {
      expect(shown(snapshot)?.allowed_steps).toContain('complete');
      expect(ctx(snapshot).completion).not.toBeNull();
    },
    'signedIn.screen.onDuty.job.settling': ({ snapshot }) => expect(shown(snapshot)).not.toBeNull(),
    'signedIn.screen.onDuty.ending': ({ snapshot }) => expect(ctx(snapshot).queue).toEqual([]),
    'signedIn.screen.earnings.loading': () => {},
    'signedIn.screen.earnings.list': ({ snapshot }) => expect(ctx(snapshot).earnings).toEqual([]),
    'signedIn.screen.earnings.failed': ({ snapshot }) => expect(ctx(snapshot).error).toBe('Service unavailable'),
    'signedIn.screen.signingOut': ({ snapshot }) => expect(ctx(snapshot).session).not.toBeNull(),
    'signedIn.sync.idle': ({ snapshot }) => expect(ctx(snapshot).offline).toBeNull(),
    'signedIn.sync.held': ({ snapshot }) => expect(ctx(snapshot).session).not.toBeNull(),
    'signedIn.sync.trying': () => {},
    'signedIn.sync.confirming': ({ snapshot }) => expect(ctx(snapshot).confirmed).toBe(false),
    'signedIn.sync.sending': ({ snapshot, invocations }) => {
      const [tap] = ctx(snapshot).queue;
      expect(invocations.step?.at(-1)).toMatchObject({ bookingNumber: tap.bookingNumber, step: tap.step, key: tap.key, tappedAt: tap.at });
    },
    'signedIn.sync.probing': () => {},
  },
  guardChecks: [
    {
      label: 'Go off duty is refused while taps wait to be sent',
      event: { type: 'shift.end' },
      expected: (s) =>
        s.matches({ signedIn: { screen: { onDuty: 'waiting' } } }) && ctx(s).queue.length > 0 ? { can: true, next: activeWith(s, 'signedIn.screen.onDuty.waiting') } : undefined,
    },
    {
      label: 'Completed opens the form only on a passenger on board',
      event: { type: 'complete.open' },
      expected: (s) => (s.matches({ signedIn: { screen: { onDuty: { job: 'ready' } } } }) ? { can: shown(s)?.state === 'on_board' } : undefined),
    },
    {
      label: 'the completion form is sent only once a pay-in-car passenger’s payment is chosen',
      event: { type: 'complete.submit' },
      expected: (s) => (s.matches({ signedIn: { screen: { onDuty: { job: 'completing' } } } }) ? { can: ctx(s).completion?.paidInCar !== null } : undefined),
    },
  ],
  unreachable: {
    'signedIn.sync.idle||1':
      'a session restored from the phone always opens without signal (`offline` set, so `idle` goes to `held` first), and `sync` comes back to `idle` only through `confirming`, which confirms it',
  },
};

const shown = (s: AnyMachineSnapshot) => shownJob(ctx(s).job, ctx(s).queue);

/** The snapshot's atomic states with `screen` at `key` (the sync region as it is). */
const activeWith = (s: AnyMachineSnapshot, key: string) => [key, `signedIn.sync.${(s.value as { signedIn: { sync: string } }).signedIn.sync}`].sort();

/** Which variants the traversal offers where (see the file's comment). */
function offered(s: AnyMachineSnapshot, v: EventVariant): boolean {
  const c = ctx(s);
  const inSync = (state: string) => s.matches({ signedIn: { sync: state } });
  const onScreen = (value: unknown) => s.matches({ signedIn: { screen: value } } as never);
  const key = v.key;
  const answer = key.includes(':') && !key.startsWith('step:') && !key.startsWith('complete.');
  if (key === 'job.updated') return false;
  // From the link the sign-in form opens as from /driver (its paths are the app's).
  if (key === 'signIn.submit') return !c.atLink;
  // A session restored from the phone: only its confirmation, the work read (or not) and the signal's news.
  if (c.session !== null && !c.confirmed) return answer || ['connection.back', 'retry', 'settle'].includes(key);
  if (key.startsWith('tap:') && !['tap:unauthorised', 'tap:noSignal', 'tap:refused'].includes(key)) return c.queue[0]?.step === key.slice(4);
  if (key === 'loadWork:job' || key === 'probe:job') return c.job?.state === 'assigned' && c.queue.length === 0;
  // No answer from the office for a screen's call: only where there is no job in hand (the taps' own are `tap:noSignal`).
  if (key.endsWith(':noSignal') && !['tap:noSignal', 'probe:noSignal', 'confirm:noSignal', 'checking:noSignal'].includes(key)) return c.job === null && c.queue.length === 0;
  // A delay only where no other timer of the machine runs (the clock moves on for all of them).
  if (key === 'offerTimeout') return !inSync('held');
  if (key === 'retry') return !onScreen({ onDuty: 'offered' }) && !onScreen({ onDuty: { job: 'settling' } });
  if (answer || !s.matches('signedIn')) return true;
  // Without signal (or reading the work again after it): the timers, the signal's return and the job's steps only.
  if (c.offline !== null || !inSync('idle')) {
    if (['connection.back', 'retry', 'settle', 'offerTimeout'].includes(key)) return true;
    // Go off duty with a tap still waiting (refused until it is sent).
    if (key === 'shift.end') return c.queue.length > 0;
    return key.startsWith('step:') && c.offline !== null && c.queue.length < 2;
  }
  if (key.startsWith('step:')) return c.queue.length === 0;
  // The signal goes with the driver on the way to the pick-up (as in the issue's own walk-through).
  if (key === 'connection.lost') return c.job?.state === 'on_the_way' && c.queue.length === 0 && onScreen({ onDuty: { job: 'ready' } });
  // Sign out off duty: on duty the server keeps the shift open, and the model's sign-in answer (off duty) would then
  // be wrong (the transition is the same from every screen).
  if (key === 'signOut') return c.queue.length === 0 && onScreen({ offDuty: 'choosing' });
  if (key === 'work.changed' || key === 'session.lost') return c.queue.length === 0 && (key === 'work.changed' || onScreen({ onDuty: 'waiting' }) || onScreen({ offDuty: 'choosing' }));
  if (key === 'notice.dismiss') return c.notice !== null;
  if (key.startsWith('complete.edit')) return c.completion !== null && (key === 'complete.edit:cash' ? c.completion.paidInCar === null : c.completion.waitingMin === 0);
  return true;
}
