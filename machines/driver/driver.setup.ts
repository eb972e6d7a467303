/**
 * The driver machine's setup (types, effects as placeholders, guards, delays) and the helpers its states share; the
 * states are in driver.machine.ts and driver.sync.ts (the taps on their way), split only to keep each file short.
 */
import { assign, setup } from 'xstate';
import type { DriverJob, DriverOffer, DriverSession, DriverShift } from '../../contract/driver.ts';
import { DRIVER_MESSAGES } from '../../contract/driverRules.ts';
import type { DriverStep } from '../../contract/dispatch.ts';
import type { DriverWeek } from '../../contract/settlement.ts';
import { driverActors, type DriverVehicle, type Work } from './driver.actors.ts';
import { jobInHand, shownJob, type DriverMemory, type QueuedTap } from './driver.queue.ts';
import { COMPLETION_MESSAGES, priceExtras, type ExtrasInput, type PaidInCar } from '../../contract/jobCompletionRules.ts';

export const DRIVER_TEXT = {
  sessionEnded: 'Your session has ended. Sign in again to carry on.',
  unreachable: 'The office could not be reached. Check your signal and try again.',
  linkMissing: DRIVER_MESSAGES.linkInvalid,
  noVehicles: 'No vehicle can be driven today. Ask the office.',
  earningsFailed: 'Your earnings could not be loaded. Check your signal and try again.',
  tapsWaiting: 'Your waiting taps must reach the office before you go off duty.',
} as const;

/** The notice of the taps dropped after a refusal: "Not sent, as the job changed: Passenger on board, Completed." */
export const tapsDroppedText = (names: string) => `Not sent, as the job changed: ${names}.`;

export interface DriverInput {
  path: string;
  linkToken: string | null;
  /** A fresh UUID per tap (crypto.randomUUID in the app). */
  newKey?: () => string;
  /** What the phone kept (localStorage in the app): a driver's memory by id, or the last signed-in driver's (null). */
  recall?: (driverId: number | null) => DriverMemory | null;
  /** The clock: when a tap was made, when the work was last read. */
  now?: () => Date;
}

export interface Notice {
  tone: 'info' | 'success' | 'warning';
  text: string;
}

/** Why the office is out of reach: no answer at all (no signal), or the office's own fault (5xx, too many calls). */
export type Offline = 'signal' | 'office';

export interface DriverContext {
  session: Pick<DriverSession, 'driver' | 'site'> | null;
  shift: DriverShift | null;
  vehicles: DriverVehicle[];
  offer: DriverOffer | null;
  /** The job in hand as the office last answered it; the screen shows it with the waiting taps applied (`shownJob`). */
  job: DriverJob | null;
  linkToken: string | null;
  atLink: boolean;
  notice: Notice | null;
  error: string | null;
  /** The key of the last tap (kept for its display and tests). */
  tapKey: string | null;
  /** The status taps waiting for the office, in the order tapped (kept on the phone). */
  queue: QueuedTap[];
  /** Set while the last call got no answer; cleared by the next answer. */
  offline: Offline | null;
  /** The work shown was not read from the office since the signal went (read again once it is back). */
  stale: boolean;
  /** When the office last answered with the work (ISO). */
  knownAt: string | null;
  /** The session was checked with the office in this run (its CSRF token handed over); false when restored from the phone. */
  confirmed: boolean;
  newKey: () => string;
  recall: (driverId: number | null) => DriverMemory | null;
  now: () => Date;
  /** The driver's weeks as the Earnings screen last read them (issue 35), newest first. */
  earnings: DriverWeek[] | null;
  /** The completion form (issue 32) while open: the extras typed so far and how a pay-in-car passenger paid. */
  completion: CompletionDraft | null;
}

export interface CompletionDraft {
  waitingMin: number;
  parkingPence: number;
  tollsPence: number;
  paidInCar: PaidInCar | null;
}
export const EMPTY_COMPLETION: CompletionDraft = { waitingMin: 0, parkingPence: 0, tollsPence: 0, paidInCar: null };

/** The draft's extras as the server takes them (only those over zero). */
export const extrasOfDraft = (draft: CompletionDraft): ExtrasInput => ({
  ...(draft.waitingMin > 0 ? { waiting_min: draft.waitingMin } : {}),
  ...(draft.parkingPence > 0 ? { parking_pence: draft.parkingPence } : {}),
  ...(draft.tollsPence > 0 ? { tolls_pence: draft.tollsPence } : {}),
});

/**
 * The completion form's preview and its first problem (null when it may be sent): the extras priced by the server's
 * own function from the job's allowed extras (the server prices them again), and a pay-in-car job's payment chosen.
 */
export function completionCheck(job: DriverJob | null, draft: CompletionDraft | null): { problem: string | null; extrasPence: number } {
  if (!job || !draft) return { problem: null, extrasPence: 0 };
  const allowed = job.extras_allowed;
  const priced = priceExtras(extrasOfDraft(draft), {
    waitingMaxMinutes: allowed?.waiting?.max_minutes ?? 0,
    waitingPerFivePence: allowed?.waiting?.per_five_pence ?? 0,
    parkingMaxPence: allowed?.parking_max_pence ?? 0,
    tollsMaxPence: allowed?.tolls_max_pence ?? 0,
  });
  if ('problem' in priced) return { problem: priced.problem, extrasPence: 0 };
  if (job.fare.payment === 'car' && draft.paidInCar === null) return { problem: COMPLETION_MESSAGES.paidInCarRequired, extrasPence: priced.totalPence };
  return { problem: null, extrasPence: priced.totalPence };
}

export type DriverEvent =
  | { type: 'signIn.submit'; email: string; password: string }
  | { type: 'setPassword.submit'; password: string }
  | { type: 'signIn.open' }
  | { type: 'signOut' }
  | { type: 'session.lost'; message: string }
  | { type: 'shift.start'; vehicleId: number }
  | { type: 'shift.end' }
  | { type: 'work.changed' }
  | { type: 'offer.accept' }
  | { type: 'offer.decline' }
  | { type: 'step'; step: DriverStep }
  /** The completion form (issue 32): open it from the job, change what is typed, leave it, send it (a 'complete' tap). */
  | { type: 'complete.open' }
  | { type: 'complete.edit'; waitingMin?: number; parkingPence?: number; tollsPence?: number; paidInCar?: PaidInCar }
  | { type: 'complete.cancel' }
  | { type: 'complete.submit' }
  | { type: 'notice.dismiss' }
  /** The Earnings screen (issue 35): open it (off duty, or on duty with no job or offer on screen), read again, leave. */
  | { type: 'earnings.open' }
  | { type: 'earnings.retry' }
  | { type: 'earnings.close' }
  /** The browser says the signal went (offline event). */
  | { type: 'connection.lost' }
  /** The signal may be back (online event, the stream reopened). */
  | { type: 'connection.back' }
  /** Internal: the `sync` region changed the job or offer shown (the screen decides again). */
  | { type: 'job.updated' };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const FINISHED = new Set<DriverJob['state']>(['completed', 'no_show', 'cancelled']);

export const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
/** No answer worth keeping a tap from: none at all (no signal, a timeout), the office's own fault, or too many calls. */
export const transient = (error: unknown) => {
  const status = statusOf(error);
  return typeof status !== 'number' || status >= 500 || status === 429;
};
/** The server's message; the fallback when there was no answer (the client's own words are not for drivers). */
export const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof statusOf(error) === 'number' && typeof message === 'string' && message !== '' ? message : fallback;
};
/** The job a refused tap's answer carries (409 job_changed, 422 too_early): the job as it now is, null when gone. */
export const jobOfRefusal = (error: unknown): DriverJob | null | undefined => {
  const body = (error as { body?: unknown } | null)?.body as { job?: DriverJob | null } | null | undefined;
  return body && typeof body === 'object' && 'job' in body ? (body.job ?? null) : undefined;
};
export const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/** What the phone keeps of this context (null before anyone signed in). */
export const memoryOf = (context: DriverContext): DriverMemory | null =>
  context.session && { driver: context.session.driver, site: context.session.site, shift: context.shift, job: context.job, knownAt: context.knownAt, queue: context.queue };
export const rememberIt = { type: 'remember', params: ({ context }: { context: DriverContext }) => ({ memory: memoryOf(context) }) } as const;

/** The session the office answered, with what the phone kept of this driver (their waiting taps, the job last known). */
export const signedInAs = (context: DriverContext, session: DriverSession): Partial<DriverContext> => {
  const kept = context.recall(session.driver.id);
  return {
    session: { driver: session.driver, site: session.site },
    shift: session.shift,
    confirmed: true,
    offline: null,
    stale: false,
    queue: kept?.queue ?? [],
    job: kept?.job ?? null,
    knownAt: kept?.knownAt ?? null,
  };
};

export const randomKey = () => globalThis.crypto.randomUUID();

export const driverSetup = setup({
  types: {
    context: {} as DriverContext,
    events: {} as DriverEvent,
    input: {} as DriverInput,
  },
  actors: driverActors,
  actions: {
    useCsrfToken: (_, _params: { token: string | null }) => {},
    forgetLink: () => {},
    /** Keep the driver's memory on the phone (null: nobody to keep). */
    remember: (_, _params: { memory: DriverMemory | null }) => {},
    /** Signed out: the phone forgets the driver's work (their waiting taps stay until they sign in again). */
    forget: (_, _params: { driverId: number | null }) => {},
    /** A new offer is on screen: the phone rings and vibrates where the browser allows (issue 32). */
    alertOffer: (_, _params: { offerId: number | null }) => {},
    /** No answer: say so (`sync` holds the queue and tries again). */
    markOffline: assign(({ event }) => {
      const error = errorOf(event);
      return { offline: error !== undefined && typeof statusOf(error) === 'number' ? ('office' as const) : ('signal' as const), stale: true };
    }),
    /** A status step: queued with a fresh key, when it was tapped, and the job it is for (the one shown). */
    queueTap: assign(({ context, event }) => {
      const { step } = event as Extract<DriverEvent, { type: 'step' }>;
      const job = shownJob(context.job, context.queue);
      if (!job) return {};
      const key = context.newKey();
      return { queue: [...context.queue, { key, bookingNumber: job.booking_number, step, at: context.now().toISOString() }], tapKey: key, error: null, notice: null };
    }),
    /** The completion form's 'complete' tap: queued like a step, with the extras and how the passenger paid. */
    queueCompletion: assign(({ context }) => {
      const job = shownJob(context.job, context.queue);
      if (!job || !context.completion) return {};
      const key = context.newKey();
      const draft = context.completion;
      const tap: QueuedTap = { key, bookingNumber: job.booking_number, step: 'complete', at: context.now().toISOString(), extras: extrasOfDraft(draft) };
      if (job.fare.payment === 'car' && draft.paidInCar) tap.paidInCar = draft.paidInCar;
      return { queue: [...context.queue, tap], tapKey: key, error: null, notice: null, completion: null };
    }),
    /** Read the work: the job in hand (waiting taps applied), an open offer, when. */
    takeWork: assign(({ context }, work: Work) => ({
      job: jobInHand(work.jobs, context.queue),
      offer: work.offers.find((offer) => offer.seconds_left > 0) ?? null,
      knownAt: context.now().toISOString(),
      offline: null,
      stale: false,
    })),
  },
  guards: {
    atLink: ({ context }) => context.atLink,
    tokenShaped: ({ context }) => context.linkToken !== null && TOKEN.test(context.linkToken),
    onShift: ({ context }) => context.shift !== null,
    hasJob: ({ context }) => shownJob(context.job, context.queue) !== null,
    hasOffer: ({ context }) => context.offer !== null,
    /** The job screen must give way: an offer came, or the job is no longer in hand. */
    screenChanged: ({ context }) => context.offer !== null || shownJob(context.job, context.queue) === null,
    unauthorised: ({ event }) => statusOf(errorOf(event)) === 401,
    transient: ({ event }) => transient(errorOf(event)),
    /** No answer at start, and the phone remembers the driver last signed in. */
    remembered: ({ context, event }) => transient(errorOf(event)) && context.recall(null) !== null,
    offline: ({ context }) => context.offline !== null,
    unconfirmed: ({ context }) => !context.confirmed,
    queued: ({ context }) => context.queue.length > 0,
    stale: ({ context }) => context.stale,
    /** The step is one the shown job allows now. */
    stepAllowed: ({ context, event }) => {
      const job = shownJob(context.job, context.queue);
      return job !== null && job.allowed_steps.includes((event as Extract<DriverEvent, { type: 'step' }>).step);
    },
    /** The step is allowed and ends the job (completed, no-show). */
    stepFinishes: ({ context, event }) => {
      const { step } = event as Extract<DriverEvent, { type: 'step' }>;
      const job = shownJob(context.job, context.queue);
      return job !== null && job.allowed_steps.includes(step) && (step === 'complete' || step === 'no_show');
    },
    /** The shown job may be completed now (the form may open). */
    completeAllowed: ({ context }) => shownJob(context.job, context.queue)?.allowed_steps.includes('complete') ?? false,
    /** The completion form may be sent: the extras within the owner's limits, a pay-in-car payment chosen. */
    completionReady: ({ context }) => {
      const job = shownJob(context.job, context.queue);
      return job !== null && job.allowed_steps.includes('complete') && completionCheck(job, context.completion).problem === null;
    },
    /** The office's session is another driver's than the one the phone restored. */
    otherDriver: ({ context, event }) => context.session !== null && (event as { output?: DriverSession }).output?.driver.id !== context.session.driver.id,
  },
  delays: {
    offerTimeout: ({ context }) => Math.max(0, (context.offer?.seconds_left ?? 0) * 1000),
    /** How long a held queue waits before trying again without news of the signal. */
    retry: 10_000,
    /** After a step, the next tap counts only after this: a double tap is one step. */
    settle: 600,
  },
});
