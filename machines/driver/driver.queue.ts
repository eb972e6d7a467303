/**
 * The driver's status taps kept on the phone until the office has answered them (issue 32, working without signal):
 * each tap is queued with its idempotency key and sent in order; the job shown is the office's last word with the
 * taps still waiting applied by the same table the server enforces (contract/dispatch.ts). What the phone keeps per
 * driver (DriverMemory) is written by the app (src/app/driver/driverMemory.ts, localStorage).
 */
import { allowedDriverSteps, DRIVER_STEP_LABELS, driverJobState, nextDriverStage, type DriverStep } from '../../contract/dispatch.ts';
import type { DriverJob, DriverSession, DriverShift } from '../../contract/driver.ts';
import type { ExtrasInput, PaidInCar } from '../../contract/jobCompletionRules.ts';

/** A status tap waiting for the office's answer: its key (a UUID), the job, the step and when it was tapped (ISO). */
export interface QueuedTap {
  key: string;
  bookingNumber: string;
  step: DriverStep;
  at: string;
  /** With 'complete' (issue 32): the extras the driver added and how a pay-in-car passenger paid. */
  extras?: ExtrasInput;
  paidInCar?: PaidInCar;
}

/** What the phone keeps for one driver: who, the shift, the job as the office last answered it, when, and the waiting taps. */
export interface DriverMemory {
  driver: DriverSession['driver'];
  site: DriverSession['site'];
  shift: DriverShift | null;
  /** The job in hand as the office last answered it (the waiting taps not applied). */
  job: DriverJob | null;
  /** When the office last answered with the work (ISO); null when it never did. */
  knownAt: string | null;
  queue: QueuedTap[];
}

const IN_HAND = new Set<DriverJob['state']>(['assigned', 'on_the_way', 'arrived', 'on_board']);
export const isInHand = (job: DriverJob | null): job is DriverJob => job !== null && IN_HAND.has(job.state);

/**
 * The job with the waiting taps for it applied, in order. A tap the table does not allow from where the job stands
 * is passed over: it is already applied (the office's answer overtook the queue) or the office will refuse it.
 */
export function projectJob(job: DriverJob | null, queue: readonly QueuedTap[]): DriverJob | null {
  if (!job) return null;
  let { status, stage } = job;
  let changed = false;
  for (const tap of queue) {
    if (tap.bookingNumber !== job.booking_number) continue;
    const to = nextDriverStage(status, stage, tap.step);
    if (to === null) continue;
    changed = true;
    if (to === 'completed' || to === 'no_show') status = to;
    else stage = to;
  }
  if (!changed) return job;
  return { ...job, status, stage, state: driverJobState(status, stage), allowed_steps: allowedDriverSteps(status, stage) };
}

/** The job the screen shows: the job with its waiting taps applied; none once the driver's own waiting tap finished it. */
export function shownJob(job: DriverJob | null, queue: readonly QueuedTap[]): DriverJob | null {
  const projected = projectJob(job, queue);
  if (projected && projected !== job && !isInHand(projected)) return null;
  return projected;
}

/** The job in hand: the first of the driver's jobs (in pick-up order) still to run once the waiting taps are applied. */
export function jobInHand(jobs: readonly DriverJob[], queue: readonly QueuedTap[] = []): DriverJob | null {
  return jobs.find((job) => isInHand(projectJob(job, queue))) ?? null;
}

/** The taps after a refusal of the first: every tap of its job goes (the first, and the ones queued after it). */
export function afterRefusal(queue: readonly QueuedTap[]): { kept: QueuedTap[]; dropped: QueuedTap[] } {
  const [refused] = queue;
  if (!refused) return { kept: [], dropped: [] };
  return {
    kept: queue.filter((tap) => tap.bookingNumber !== refused.bookingNumber),
    dropped: queue.slice(1).filter((tap) => tap.bookingNumber === refused.bookingNumber),
  };
}

/** "Passenger on board, Completed". */
export const stepNames = (taps: readonly QueuedTap[]) => taps.map((tap) => DRIVER_STEP_LABELS[tap.step]).join(', ');

/** A memory as the app keeps it, or null when it is not one (another version's, edited by hand): never trusted blindly. */
export function readMemory(value: unknown): DriverMemory | null {
  const memory = value as Partial<DriverMemory> | null;
  if (!memory || typeof memory !== 'object') return null;
  if (typeof memory.driver?.id !== 'number' || typeof memory.driver.name !== 'string' || typeof memory.site?.id !== 'number') return null;
  if (!Array.isArray(memory.queue)) return null;
  const queue = memory.queue.filter(
    (tap): tap is QueuedTap => !!tap && typeof tap.key === 'string' && typeof tap.bookingNumber === 'string' && typeof tap.step === 'string' && typeof tap.at === 'string' && tap.step in DRIVER_STEP_LABELS,
  );
  const job = memory.job && typeof memory.job === 'object' && typeof memory.job.booking_number === 'string' ? memory.job : null;
  return {
    driver: memory.driver,
    site: memory.site,
    shift: memory.shift && typeof memory.shift === 'object' ? memory.shift : null,
    job,
    knownAt: typeof memory.knownAt === 'string' ? memory.knownAt : null,
    queue,
  };
}
