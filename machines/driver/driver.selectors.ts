/** What the driver's views read from the machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { DriverMachine } from './driver.machine.ts';

type Snapshot = SnapshotFrom<DriverMachine>;

export type DriverStage = 'checking' | 'signIn' | 'setPassword' | 'offDuty' | 'waiting' | 'offered' | 'job' | 'busy';

export function selectStage(snapshot: Snapshot): DriverStage {
  if (snapshot.matches('checking') || snapshot.matches('start')) return 'checking';
  if (snapshot.matches('signedOut')) return 'signIn';
  if (snapshot.matches('settingPassword')) return 'setPassword';
  if (snapshot.matches({ signedIn: 'offDuty' })) return 'offDuty';
  if (snapshot.matches({ signedIn: { onDuty: 'offered' } })) return 'offered';
  if (snapshot.matches({ signedIn: { onDuty: 'job' } })) return 'job';
  if (snapshot.matches({ signedIn: { onDuty: 'waiting' } })) return 'waiting';
  // Reading the work again (the stream's news): the screen stays on what it showed, its buttons busy.
  if (snapshot.matches({ signedIn: { onDuty: 'loading' } })) {
    if (snapshot.context.offer) return 'offered';
    if (snapshot.context.job) return 'job';
  }
  return 'busy';
}
export const selectOnDuty = (snapshot: Snapshot) => snapshot.matches({ signedIn: 'onDuty' });
export const selectBusy = (snapshot: Snapshot) =>
  snapshot.matches({ signedOut: 'submitting' }) ||
  snapshot.matches({ settingPassword: 'submitting' }) ||
  snapshot.matches({ signedIn: { offDuty: 'starting' } }) ||
  snapshot.matches({ signedIn: { offDuty: 'loadingVehicles' } }) ||
  snapshot.matches({ signedIn: { onDuty: { offered: 'accepting' } } }) ||
  snapshot.matches({ signedIn: { onDuty: { offered: 'declining' } } }) ||
  snapshot.matches({ signedIn: { onDuty: { job: 'stepping' } } }) ||
  snapshot.matches({ signedIn: { onDuty: 'loading' } }) ||
  snapshot.matches({ signedIn: { onDuty: 'ending' } }) ||
  snapshot.matches({ signedIn: 'signingOut' });
export const selectSetPasswordDone = (snapshot: Snapshot) => snapshot.matches({ settingPassword: 'invalid' });
export const selectContext = (snapshot: Snapshot) => snapshot.context;
