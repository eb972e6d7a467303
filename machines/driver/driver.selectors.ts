/** What the driver's views read from the machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { DriverMachine } from './driver.machine.ts';
import { shownJob, type QueuedTap } from './driver.queue.ts';

type Snapshot = SnapshotFrom<DriverMachine>;

export type DriverStage = 'checking' | 'signIn' | 'setPassword' | 'offDuty' | 'waiting' | 'offered' | 'job' | 'earnings' | 'busy';

const onDutyIn = (snapshot: Snapshot, state: 'loading' | 'waiting' | 'offered' | 'job' | 'ending') => snapshot.matches({ signedIn: { screen: { onDuty: state } } });

/** The job the screen shows: the office's last word with the driver's waiting taps applied. */
export const selectShownJob = (snapshot: Snapshot) => shownJob(snapshot.context.job, snapshot.context.queue);

export function selectStage(snapshot: Snapshot): DriverStage {
  if (snapshot.matches('checking') || snapshot.matches('start')) return 'checking';
  if (snapshot.matches('signedOut')) return 'signIn';
  if (snapshot.matches('settingPassword')) return 'setPassword';
  if (snapshot.matches({ signedIn: { screen: 'offDuty' } })) return 'offDuty';
  if (snapshot.matches({ signedIn: { screen: 'earnings' } })) return 'earnings';
  if (onDutyIn(snapshot, 'offered')) return 'offered';
  if (onDutyIn(snapshot, 'job')) return 'job';
  if (onDutyIn(snapshot, 'waiting')) return 'waiting';
  // Reading the work again (the stream's news): the screen stays on what it showed, its buttons busy.
  if (onDutyIn(snapshot, 'loading')) {
    if (snapshot.context.offer) return 'offered';
    if (selectShownJob(snapshot)) return 'job';
  }
  return 'busy';
}
/** On duty: on the work screens, or reading Earnings with a shift open (the stream and position reports go on). */
export const selectOnDuty = (snapshot: Snapshot) =>
  snapshot.matches({ signedIn: { screen: 'onDuty' } }) || (snapshot.matches({ signedIn: { screen: 'earnings' } }) && snapshot.context.shift !== null);
/** The Earnings screen's weeks, and whether they are being read. */
export const selectEarnings = (snapshot: Snapshot) => snapshot.context.earnings;
export const selectEarningsLoading = (snapshot: Snapshot) => snapshot.matches({ signedIn: { screen: { earnings: 'loading' } } });
export const selectBusy = (snapshot: Snapshot) =>
  snapshot.matches({ signedOut: 'submitting' }) ||
  snapshot.matches({ settingPassword: 'submitting' }) ||
  snapshot.matches({ signedIn: { screen: { offDuty: 'starting' } } }) ||
  snapshot.matches({ signedIn: { screen: { offDuty: 'loadingVehicles' } } }) ||
  snapshot.matches({ signedIn: { screen: { onDuty: { offered: 'accepting' } } } }) ||
  snapshot.matches({ signedIn: { screen: { onDuty: { offered: 'declining' } } } }) ||
  onDutyIn(snapshot, 'loading') ||
  onDutyIn(snapshot, 'ending') ||
  snapshot.matches({ signedIn: { screen: 'signingOut' } });
/** Just tapped a step: the job's buttons wait a moment, so a double tap is one step. */
/** The completion form is open (issue 32), and what is typed in it. */
export const selectCompleting = (snapshot: Snapshot) => snapshot.matches({ signedIn: { screen: { onDuty: { job: 'completing' } } } });
export const selectCompletion = (snapshot: Snapshot) => snapshot.context.completion;
export const selectSettling = (snapshot: Snapshot) => snapshot.matches({ signedIn: { screen: { onDuty: { job: 'settling' } } } });
export const selectSetPasswordDone = (snapshot: Snapshot) => snapshot.matches({ settingPassword: 'invalid' });
export const selectContext = (snapshot: Snapshot) => snapshot.context;

/** Why the office is out of reach (null: it answered last), and when the work shown was last read from it. */
export const selectSignal = (snapshot: Snapshot) => ({ offline: snapshot.context.offline, knownAt: snapshot.context.knownAt });

/**
 * The status taps waiting for the office, in order: every queued tap but the one on its way while the office answers
 * (a tap sent with signal is not "waiting").
 */
export function selectWaitingTaps(snapshot: Snapshot): QueuedTap[] {
  const { queue, offline } = snapshot.context;
  const inFlight = offline === null && snapshot.matches({ signedIn: { sync: 'sending' } });
  return inFlight ? queue.slice(1) : queue;
}
