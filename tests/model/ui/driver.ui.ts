/**
 * The driver's app (/driver, issue 32) in Chromium at 375 × 812 with the position granted and emulated, against the
 * real server: each path has its own driver (invited, password set) and vehicle, and, when it gets an offer, its own
 * booking accepted by the office; the offer is made with the console's API and reaches the open app through the
 * driver's stream (SSE). The stream's news is held by the page (an init script) and handed to the app when the path's
 * `work.changed` step comes, so the app reads its work when the path says, never in between. Without signal is the
 * browser's `offline` / `online` events with every call made meanwhile unanswered (aborted at its gate): the stream
 * stays open, so its reopening does not read the work again behind the path's back. Failures of the office are
 * answered by the gates (503, 409, 403), as in the other suites.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { DRIVER_JOB_STATE_LABELS, DRIVER_STEP_LABELS } from '../../../contract/dispatch.ts';
import { DRIVER_MESSAGES } from '../../../contract/driver.ts';
import { PAID_IN_CAR_LABELS } from '../../../contract/jobCompletionRules.ts';
import { DRIVER_TEXT, shownJob, type DriverContext } from '../../../machines/driver/index.ts';
import { publishBookingEvent } from '../../../server/domain/dispatch/events.ts';
import { consoleOf } from '../../helpers/console.ts';
import { DRIVER_PASSWORD, driverAppOf } from '../../helpers/driver.ts';
import { gone, visible } from './common.ts';
import { ARRANGING_RETRIES, eventually, type GateAnswer, type UiRun } from './harness.ts';
import type { StepContext, UiExecutor, UiMachine } from './types.ts';

const ctx = (s: AnyMachineSnapshot) => s.context as DriverContext;
const MINUTE = 60_000;
const PICKUP = { latitude: 51.4706, longitude: -0.4619 };

const CALLS = {
  loadSession: 'GET **/api/driver/session',
  signIn: 'POST **/api/driver/session',
  signOut: 'DELETE **/api/driver/session',
  setPassword: 'POST **/api/driver/set-password',
  loadVehicles: 'GET **/api/driver/vehicles',
  startShift: 'POST **/api/driver/shift',
  endShift: 'DELETE **/api/driver/shift',
  // The work is two reads side by side (offers and jobs): the gate holds the offers.
  loadWork: 'GET **/api/driver/offers',
  acceptOffer: 'POST **/api/driver/offers/*/accept',
  declineOffer: 'POST **/api/driver/offers/*/decline',
  step: 'POST **/api/driver/jobs/*/steps',
  loadEarnings: 'GET **/api/driver/earnings',
} as const;

/** The actor whose call an outcome variant answers, by the variant's prefix. */
const SRC_OF: Record<string, keyof typeof CALLS> = {
  checking: 'loadSession',
  confirm: 'loadSession',
  signIn: 'signIn',
  setPassword: 'setPassword',
  loadVehicles: 'loadVehicles',
  startShift: 'startShift',
  loadWork: 'loadWork',
  probe: 'loadWork',
  acceptOffer: 'acceptOffer',
  declineOffer: 'declineOffer',
  endShift: 'endShift',
  loadEarnings: 'loadEarnings',
  signOut: 'signOut',
  tap: 'step',
};
/** A call's method and address as a regular expression (`**` any path, `*` one segment). */
function callMatcher(pattern: string): { method: string; url: RegExp } {
  const [method, glob] = pattern.split(' ');
  const source = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/?]*').replace(/\u0000/g, '.*');
  return { method, url: new RegExp(`^${source}(\\?.*)?$`) };
}
/**
 * The step's held call goes (answered as its gate says), and the step waits until the page has its answer, so the
 * next step never races it (a tap's answer arriving after the signal went would undo what the path says).
 */
async function releaseAnswered(run: UiRun, { index, step }: StepContext) {
  const { method, url } = callMatcher(CALLS[SRC_OF[step.variant.split(':')[0]]]);
  const matches = (request: { method(): string; url(): string }) => request.method() === method && url.test(request.url());
  const finished = Promise.race([
    run.page.waitForEvent('requestfinished', { predicate: matches, timeout: 20_000 }),
    run.page.waitForEvent('requestfailed', { predicate: matches, timeout: 20_000 }),
  ]);
  await run.releaseGate(index);
  await finished;
  // The answer handled: a couple of the page's turns.
  await run.page.evaluate(() => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0)));
}
const fail = (status: number, message: string, extra: Record<string, unknown> = {}): UiExecutor => ({
  answer: () => ({ kind: 'fulfil', status, body: { success: false, message, ...extra } }),
  run: releaseAnswered,
});
const real = (before?: (run: UiRun, step: StepContext) => Promise<void>): UiExecutor => ({
  answer: (run, step): GateAnswer => ({ kind: 'continue', before: before && (() => before(run, step)) }),
  run: releaseAnswered,
});
const noSignal: UiExecutor = { answer: () => ({ kind: 'abort' }), run: releaseAnswered };
const click = (name: string | RegExp, exact = true): UiExecutor => ({ run: async (run) => run.page.getByRole('button', { name, exact: typeof name === 'string' ? exact : undefined }).click() });
const heading = (run: UiRun, name: string | RegExp) => visible(run.page.getByRole('heading', { level: 1, name }));
const pathHas = (run: UiRun, variant: string) => run.path.steps.some((step) => step.variant === variant);

/** The path's driver, vehicle and (when it gets an offer) booking, made before the page opens. */
async function arrange(run: UiRun) {
  if (run.scratch.driver) return;
  const api = consoleOf(run.env.provider);
  const app = driverAppOf(run.env.provider, api);
  const dispatcher = await api.dispatcher();
  run.scratch.dispatcher = dispatcher;
  const driver = await app.newDriver(dispatcher, 'Paths Driver');
  run.scratch.driver = driver;
  const vehicleId = await app.newVehicle(dispatcher);
  run.scratch.registration = (await api.sql<{ registration: string }>('SELECT registration FROM vehicles WHERE id = $1', [vehicleId]))[0].registration;
  if (pathHas(run, 'loadWork:offer')) {
    const template = await api.bookInCar(`paths.driver.${driver.driverId}@example.test`);
    const number = `CF-PD${String(driver.driverId).padStart(6, '0')}`;
    await api.copyBooking(template, { number, pickupAt: new Date(Date.now() + 30 * MINUTE) });
    const accepted = await api.as(dispatcher, 'POST', `bookings/${number}/dispatch`, { event: 'accept' });
    if (accepted.statusCode !== 200) throw new Error(`the office could not accept ${number}: ${accepted.body}`);
    run.scratch.booking = number;
  }
}

/** The office offers the path's booking to the path's driver (console API), unless it is open already: the stream tells the open app. */
async function makeOffer(run: UiRun) {
  const { rows } = await run.env.provider.db.query("SELECT 1 FROM driver_offers WHERE driver_id = $1 AND state = 'open'", [run.scratch.driver.driverId]);
  if (rows.length > 0) return;
  run.scratch.offered = true;
  const offered = await consoleOf(run.env.provider).as(run.scratch.dispatcher, 'POST', `bookings/${run.scratch.booking}/offers`, { driver_id: run.scratch.driver.driverId });
  if (offered.statusCode !== 201) throw new Error(`the office could not offer ${run.scratch.booking}: ${offered.body}`);
}

/** The office takes back any offer still open to the driver (one the app let go of without an answer the server saw). */
async function withdrawOffers(run: UiRun) {
  await run.env.provider.db.query("UPDATE driver_offers SET state = 'withdrawn', answered_at = now() WHERE driver_id = $1 AND state = 'open'", [run.scratch.driver.driverId]);
}

/** Whether the path's offer times out on the phone (its countdown is then made short). */
const timesOut = (path: UiRun['path'], from: number) => path.steps.slice(from + 1).some((step) => step.variant === 'offerTimeout');

/** Whether the next read of the work in the path finds an offer. */
function nextReadHasOffer(path: UiRun['path'], from: number): boolean {
  const next = path.steps.slice(from + 1).find((step) => step.variant.startsWith('loadWork:'));
  return next?.variant === 'loadWork:offer';
}

/** In the page, before its scripts: the driver's stream, its news held until the path hands it over. */
const HELD_STREAM = `(() => {
  const Native = window.EventSource;
  const held = [];
  const sources = [];
  window.__driverStream = {
    held: () => held.length,
    open: () => sources.filter((source) => source.readyState === 1).length,
    release() { const due = held.splice(0); for (const deliver of due) deliver(); return due.length; },
    synthetic() { for (const source of sources) for (const listener of source.__booking) listener.call(source, new MessageEvent('booking', { data: '{}' })); return 0; },
  };
  window.EventSource = class extends Native {
    constructor(...args) { super(...args); this.__booking = []; this.__opened = false; sources.push(this); }
    // The first opening goes through; a reopening (the browser reconnects after a drop) is news like the rest.
    set onopen(handler) {
      super.onopen = handler && ((event) => {
        if (!this.__opened) { this.__opened = true; return handler.call(this, event); }
        held.push(() => handler.call(this, event));
      });
    }
    get onopen() { return super.onopen; }
    addEventListener(type, listener, options) {
      if (type !== 'booking' && type !== 'resync') return super.addEventListener(type, listener, options);
      if (type === 'booking') this.__booking.push(listener);
      return super.addEventListener(type, (event) => { held.push(() => listener.call(this, event)); }, options);
    }
  };
})();`;

type StreamCall = 'held' | 'open' | 'release' | 'synthetic';
/** One of the held stream's hooks in the page (see HELD_STREAM). */
const stream = (run: UiRun, call: StreamCall) =>
  run.page.evaluate((name) => (window as unknown as { __driverStream: Record<StreamCall, () => number> }).__driverStream[name](), call);

const executors: Record<string, UiExecutor> = {
  'signIn.submit': {
    run: async (run) => {
      await run.page.getByLabel(/^E-mail/).fill(run.scratch.driver.email);
      await run.page.getByLabel(/^Password/).fill(DRIVER_PASSWORD);
      await run.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    },
  },
  'setPassword.submit': {
    run: async (run) => {
      await run.page.getByLabel(/^New password/).fill(DRIVER_PASSWORD);
      await run.page.getByRole('button', { name: 'Set password', exact: true }).click();
    },
  },
  'signIn.open': click('Go to sign-in'),
  signOut: click('Sign out'),
  'shift.start': { run: async (run) => run.page.getByRole('button', { name: new RegExp(`^Go on duty in ${run.scratch.registration} `) }).click() },
  'shift.end': click('Go off duty'),
  'offer.accept': click('Accept'),
  'offer.decline': click('Decline'),
  'step:on_the_way': click(DRIVER_STEP_LABELS.on_the_way),
  'step:arrived': click(DRIVER_STEP_LABELS.arrived),
  'step:on_board': click(DRIVER_STEP_LABELS.on_board),
  'step:no_show': click(DRIVER_STEP_LABELS.no_show),
  'step:complete': { unavailable: () => 'Completed opens the completion form (complete.open): the app never sends a bare complete step', run: async () => {} },
  'complete.open': click(DRIVER_STEP_LABELS.complete),
  'complete.edit:waiting': { run: async (run) => run.page.getByLabel(/^Waiting time \(minutes/).fill('12') },
  'complete.edit:cash': click(PAID_IN_CAR_LABELS.cash),
  'complete.cancel': click('Back to the job'),
  'complete.submit': click('Complete the job'),
  'notice.dismiss': { unavailable: () => 'the driver’s app shows a notice until the next one (no dismiss control)', run: async () => {} },
  'earnings.open': click('Earnings'),
  'earnings.retry': {
    unavailable: (s) => (s.matches({ signedIn: { screen: { earnings: 'list' } } }) ? 'the weeks shown have no Try again (only a failed read has one; Back and Earnings read them again)' : null),
    ...click('Try again'),
  },
  'earnings.close': click('Back'),
  'work.changed': {
    // The stream's news: an offer made by the office when the path's next read finds one, else a change to the
    // driver's booking announced on the real server; before the driver has any booking (the server would send
    // nothing), a stand-in `booking` message handed to the app's own listener.
    run: async (run, { index }) => {
      await eventually(async () => {
        if ((await stream(run, 'open')) === 0) throw new Error('the driver’s stream is not open');
      });
      if (nextReadHasOffer(run.path, index) && !run.scratch.offered) await makeOffer(run);
      else if (run.scratch.booking && run.scratch.offered) {
        const { rows } = await run.env.provider.db.query<{ site_id: number }>('SELECT site_id FROM bookings WHERE booking_number = $1', [run.scratch.booking]);
        await publishBookingEvent(run.env.provider.db, rows[0].site_id, { booking_number: run.scratch.booking, kind: 'changed' });
      } else {
        await stream(run, 'synthetic');
        return;
      }
      await eventually(async () => {
        if ((await stream(run, 'held')) === 0) throw new Error('the stream brought no news');
      });
      await stream(run, 'release');
    },
  },
  'session.lost': {
    unavailable: (s) =>
      s.matches({ signedIn: { screen: 'onDuty' } })
        ? 'runner limit: the app hears of an ended session only on duty (its next position report answers 401), and signing in again then finds the shift still open on the server, which the model’s sign-in answer (off duty) does not say'
        : 'off duty the app makes no call of its own: it hears of an ended session at the driver’s next tap',
    run: async () => {},
  },
  'connection.lost': { run: async (run) => void (await run.page.evaluate(() => window.dispatchEvent(new Event('offline')))) },
  'connection.back': { run: async (run) => void (await run.page.evaluate(() => window.dispatchEvent(new Event('online')))) },
  'job.updated': { unavailable: () => 'raised by the machine itself (the `sync` region), never sent by the page', run: async () => {} },
  // The office's answers.
  'checking:signedOut': real(),
  'checking:offDuty': {
    prepare: async (run) => {
      await arrange(run);
      const response = await run.context.request.post(run.url('/api/driver/session'), { data: { email: run.scratch.driver.email, password: DRIVER_PASSWORD }, headers: { origin: new URL(run.url('/')).origin }, ...ARRANGING_RETRIES });
      if (!response.ok()) throw new Error(`could not sign the driver in: ${response.status()}`);
    },
    ...real(),
  },
  'checking:noSignal': noSignal,
  'signIn:done': real(),
  'signIn:refused': fail(401, DRIVER_MESSAGES.invalidCredentials),
  'setPassword:done': { answer: () => ({ kind: 'fulfil', status: 200, body: { success: true, message: DRIVER_MESSAGES.passwordSet } }), run: releaseAnswered },
  'setPassword:refused': real(),
  'loadVehicles:done': real(),
  'loadVehicles:noSignal': noSignal,
  'loadVehicles:refused': fail(403, DRIVER_MESSAGES.licenceExpired),
  'startShift:done': real(),
  'startShift:refused': fail(409, DRIVER_MESSAGES.vehicleInUse),
  'loadWork:empty': {
    unavailable: (s) => (ctx(s).job !== null ? 'the office still has the driver’s job: its read shows it' : null),
    ...real(withdrawOffers),
  },
  'loadWork:offer': {
    unavailable: (s) => (ctx(s).job !== null ? 'the office gives the driver one job at a time: this path’s booking is their job already' : null),
    // An offer the path lets time out gets a short countdown (the demo site's is 30 s).
    answer: (run, { path, index }) =>
      timesOut(path, index)
        ? { kind: 'rewrite', before: () => makeOffer(run), rewrite: (body) => ({ ...body, offers: body.offers.map((offer: { seconds_left: number }) => ({ ...offer, seconds_left: 2 })) }) }
        : { kind: 'continue', before: () => makeOffer(run) },
    run: releaseAnswered,
  },
  'loadWork:job': real(),
  'loadWork:noSignal': noSignal,
  'loadWork:refused': fail(409, DRIVER_MESSAGES.notOnDuty),
  'acceptOffer:done': real(),
  'acceptOffer:noSignal': noSignal,
  'acceptOffer:refused': fail(409, DRIVER_MESSAGES.offerTaken),
  'declineOffer:done': real(),
  'declineOffer:noSignal': noSignal,
  'declineOffer:refused': fail(409, DRIVER_MESSAGES.offerWithdrawn),
  'endShift:done': {
    unavailable: (s) => (ctx(s).job !== null ? 'the office does not end a shift with the driver’s job still in progress (it answers 409: endShift:refused)' : null),
    ...real(),
  },
  'endShift:noSignal': noSignal,
  'endShift:refused': fail(409, DRIVER_MESSAGES.jobInProgress),
  'loadEarnings:done': real(),
  'loadEarnings:failed': fail(503, 'Service unavailable'),
  'signOut:done': real(),
  'signOut:noSignal': noSignal,
  'confirm:same': real(),
  'confirm:other': real(),
  'confirm:unauthorised': real(),
  'confirm:noSignal': noSignal,
  'confirm:refused': fail(403, 'Forbidden'),
  'tap:on_the_way': real(),
  'tap:arrived': real(),
  'tap:on_board': real(),
  // Completed counts once the pick-up time has come: the booking's pick-up is moved before now as the tap goes.
  'tap:complete': real(async (run) => {
    await run.env.provider.db.query("UPDATE bookings SET pick_up_at = now() - interval '5 minutes' WHERE booking_number = $1", [run.scratch.booking]);
  }),
  // No-show counts once the wait after the pick-up and the arrival has passed: both are moved back as the tap goes.
  'tap:no_show': real(async (run) => {
    await run.env.provider.db.query("UPDATE bookings SET pick_up_at = now() - interval '60 minutes', arrived_at = now() - interval '60 minutes' WHERE booking_number = $1", [run.scratch.booking]);
  }),
  'tap:unauthorised': {
    unavailable: () => 'a 401 to a tap also tells the app the session ended (session.lost) in the same moment: the path would need both as one step',
    ...fail(401, DRIVER_MESSAGES.notSignedIn),
  },
  'tap:noSignal': noSignal,
  // The office cancels the job as the tap goes: the server refuses it with the job as it now is.
  'tap:refused': real(async (run) => {
    const cancelled = await consoleOf(run.env.provider).as(run.scratch.dispatcher, 'POST', `bookings/${run.scratch.booking}/dispatch`, { event: 'cancel', reason: 'no_vehicle_available' });
    if (cancelled.statusCode !== 200) throw new Error(`the office could not cancel ${run.scratch.booking}: ${cancelled.body}`);
  }),
  'probe:empty': { unavailable: (s) => (ctx(s).job !== null ? 'the office still has the driver’s job: its read shows it' : null), ...real(withdrawOffers) },
  'probe:job': real(),
  'probe:noSignal': noSignal,
  'probe:refused': fail(409, DRIVER_MESSAGES.notOnDuty),
  // The page's own timers.
  // The countdown (made 2 s by the read that brought the offer) runs out on the phone.
  offerTimeout: { run: async () => {} },
  // The held queue's own retry timer (10 s from entering `held`): waiting that long from now, it has fired.
  retry: { run: async (run) => run.page.waitForTimeout(10_500) },
  settle: { run: async () => {} },
};

const shownState = (s: AnyMachineSnapshot) => shownJob(ctx(s).job, ctx(s).queue);
const jobState = async (run: UiRun, s: AnyMachineSnapshot) => {
  const job = shownState(s);
  if (job) await visible(run.page.getByTestId('driver-job-state').getByText(DRIVER_JOB_STATE_LABELS[job.state], { exact: true }));
};
/**
 * The refusal on screen when the machine holds one (its words are the server's: a refusal the real server makes, e.g.
 * an invitation link it does not know, words it differently from the model's stand-in), none otherwise.
 */
async function errorShown(run: UiRun, snapshot: AnyMachineSnapshot) {
  if (ctx(snapshot).error) await visible(run.page.getByTestId('driver-error'));
  else await gone(run.page.getByTestId('driver-error'));
}
/** The line saying the office is out of reach, when the machine says so. */
async function signalLine(run: UiRun, snapshot: AnyMachineSnapshot) {
  if (ctx(snapshot).offline) await visible(run.page.getByTestId('driver-offline'));
  else await gone(run.page.getByTestId('driver-offline'));
}
/** The taps the frame lists as waiting. */
async function waitingTaps(run: UiRun, expected: number) {
  await eventually(async () => {
    const count = await run.page.getByTestId('driver-waiting-taps').locator('li').count();
    if (count !== expected) throw new Error(`${count} waiting taps shown, ${expected} expected`);
  });
}
/** A signed-in screen: the frame with the driver's name and Sign out. */
const frame = async (run: UiRun) => visible(run.page.getByRole('button', { name: 'Sign out', exact: true }));

export const driverUi: UiMachine = {
  model: 'driver',
  context: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, geolocation: PICKUP, permissions: ['geolocation'], serviceWorkers: 'block' },
  unsupportedOrigins: {
    phone: 'a phone opening as the driver it remembers, with no signal, needs the app served by its service worker offline and that driver’s kept work; tests/e2e/driver-app.test.ts drives that reload',
  },
  calls: CALLS,
  runnerLimits: {
    'signedIn|session.lost|0':
      'an ended session is heard only on duty (the position report answers 401), and signing in again then finds the shift still open on the server, which the model’s sign-in answer (off duty) does not say; machines/driver/driver.machine.test.ts covers it',
  },
  prepare: async (run) => {
    await arrange(run);
    await run.page.addInitScript({ content: HELD_STREAM });
  },
  open: async (run) => {
    const target = run.path.origin === 'link' ? `/driver/set-password#token=${'D'.repeat(43)}` : run.path.origin === 'badLink' ? '/driver/set-password' : '/driver';
      await run.page.goto(run.url(target));
  },
  executors,
  assertions: {
    start: async () => {},
    checking: async (run) => visible(run.page.locator('main [role="status"][aria-label="Loading"]')),
    'signedOut.idle': async (run, { snapshot }) => {
      await heading(run, 'Sign in');
      const { error, notice } = ctx(snapshot);
      if (error) await visible(run.page.getByTestId('driver-error'));
      if (notice) await visible(run.page.getByTestId('driver-notice').getByText(notice.text));
    },
    'signedOut.submitting': async (run) => visible(run.page.getByRole('button', { name: 'Sign in' }).and(run.page.locator('[data-loading]'))),
    'settingPassword.checkLink': async () => {},
    'settingPassword.invalid': async (run) => {
      await heading(run, 'Set your password');
      await visible(run.page.getByText(DRIVER_TEXT.linkMissing));
      await gone(run.page.getByRole('button', { name: 'Set password' }));
    },
    'settingPassword.editing': async (run, { snapshot }) => {
      await heading(run, 'Set your password');
      await errorShown(run, snapshot);
      if (run.page.url().includes('token=')) throw new Error('the link’s token is still in the address');
    },
    'settingPassword.submitting': async (run) => visible(run.page.getByRole('button', { name: 'Set password' }).and(run.page.locator('[data-loading]'))),
    'signedIn.screen.route': async () => {},
    'signedIn.screen.offDuty.loadingVehicles': async (run) => heading(run, 'Off duty'),
    'signedIn.screen.offDuty.choosing': async (run, { snapshot }) => {
      await heading(run, 'Off duty');
      if (ctx(snapshot).vehicles.length > 0) await visible(run.page.getByRole('button', { name: new RegExp(`^Go on duty in ${run.scratch.registration} `) }));
      else await visible(run.page.getByText(DRIVER_TEXT.noVehicles));
      await errorShown(run, snapshot);
    },
    'signedIn.screen.offDuty.starting': async (run) => heading(run, 'Off duty'),
    'signedIn.screen.onDuty.loading': async (run) => frame(run),
    'signedIn.screen.onDuty.deciding': async () => {},
    'signedIn.screen.onDuty.waiting': async (run, { snapshot }) => {
      await heading(run, 'Waiting for a job');
      await visible(run.page.getByTestId('driver-vehicle').getByText(`On duty · ${run.scratch.registration}`));
      await errorShown(run, snapshot);
    },
    'signedIn.screen.onDuty.offered.open': async (run) => {
      await heading(run, 'New job offer');
      await visible(run.page.getByRole('timer'));
      await visible(run.page.getByRole('button', { name: 'Accept', exact: true }));
    },
    'signedIn.screen.onDuty.offered.accepting': async (run) => visible(run.page.getByRole('button', { name: 'Accept' }).and(run.page.locator('[data-loading]'))),
    'signedIn.screen.onDuty.offered.declining': async (run) => heading(run, 'New job offer'),
    'signedIn.screen.onDuty.job.ready': async (run, { snapshot }) => {
      await heading(run, run.scratch.booking);
      await jobState(run, snapshot);
      // Its steps, ready to tap (the double-tap pause is over).
      for (const step of shownState(snapshot)?.allowed_steps ?? []) {
        const button = run.page.getByRole('button', { name: DRIVER_STEP_LABELS[step], exact: true });
        await visible(button);
        await eventually(async () => {
          if (await button.isDisabled()) throw new Error(`${DRIVER_STEP_LABELS[step]} is still disabled`);
        });
      }
    },
    'signedIn.screen.onDuty.job.settling': async (run, { snapshot }) => {
      await heading(run, run.scratch.booking);
      await jobState(run, snapshot);
    },
    'signedIn.screen.onDuty.job.completing': async (run, { snapshot }) => {
      await heading(run, `Complete ${run.scratch.booking}`);
      const paid = ctx(snapshot).completion?.paidInCar;
      const submit = run.page.getByRole('button', { name: 'Complete the job' });
      await eventually(async () => {
        if ((await submit.isDisabled()) !== !paid) throw new Error(`Complete the job should be ${paid ? 'enabled' : 'disabled'}`);
      });
    },
    'signedIn.screen.onDuty.ending': async (run) => frame(run),
    'signedIn.screen.earnings.loading': async (run) => heading(run, 'Earnings'),
    'signedIn.screen.earnings.list': async (run) => {
      await heading(run, 'Earnings');
      await gone(run.page.getByRole('button', { name: 'Try again' }));
    },
    'signedIn.screen.earnings.failed': async (run) => {
      await heading(run, 'Earnings');
      await visible(run.page.getByRole('button', { name: 'Try again' }));
    },
    'signedIn.screen.signingOut': async () => {},
    // The signal and the waiting taps, as the frame shows them.
    'signedIn.sync.idle': async (run) => {
      await gone(run.page.getByTestId('driver-offline'));
      await gone(run.page.getByTestId('driver-waiting-taps'));
    },
    'signedIn.sync.held': async (run, { snapshot }) => {
      const { offline, queue } = ctx(snapshot);
      if (offline) await visible(run.page.getByTestId('driver-offline'));
      if (queue.length) await eventually(async () => {
        const count = await run.page.getByTestId('driver-waiting-taps').locator('li').count();
        if (count !== queue.length) throw new Error(`${count} waiting taps shown, ${queue.length} expected`);
      });
    },
    'signedIn.sync.trying': async () => {},
    'signedIn.sync.confirming': async () => {},
    'signedIn.sync.sending': async (run, { snapshot }) => {
      // The first tap is on its way; any queued after it are shown as waiting.
      const waiting = ctx(snapshot).offline === null ? ctx(snapshot).queue.length - 1 : ctx(snapshot).queue.length;
      await eventually(async () => {
        const count = await run.page.getByTestId('driver-waiting-taps').locator('li').count();
        if (count !== waiting) throw new Error(`${count} waiting taps shown, ${waiting} expected`);
      });
    },
    // The taps tapped meanwhile wait for the read to end.
    'signedIn.sync.probing': async (run, { snapshot }) => {
      await signalLine(run, snapshot);
      await waitingTaps(run, ctx(snapshot).queue.length);
    },
  },
};
