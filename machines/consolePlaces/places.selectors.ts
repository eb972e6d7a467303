import type { SnapshotFrom } from 'xstate';
import type { PlacesMachine } from './places.machine.ts';

type Snapshot = SnapshotFrom<PlacesMachine>;

export type PlacesStage = 'loading' | 'failed' | 'browsing' | 'address' | 'ban' | 'saving';

/** What the page shows: a form stays open (busy) while its change is saved. */
export function selectPlacesStage(s: Snapshot): PlacesStage {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('saving')) return s.context.from === 'browsing' ? 'saving' : s.context.from;
  if (s.matches({ ready: 'address' })) return 'address';
  if (s.matches({ ready: 'ban' })) return 'ban';
  return 'browsing';
}

export const selectSaving = (s: Snapshot) => s.matches('saving');
export const selectLocating = (s: Snapshot) => s.matches({ ready: { address: 'locating' } });
export const selectChecking = (s: Snapshot) => s.matches({ ready: { ban: 'checking' } });
/** The row and change being saved from the list (popular, remove): `address.update:4`, `address.delete:4`, `ban.delete:2`. */
export const selectSavingRow = (s: Snapshot) => {
  const change = s.context.change;
  if (!s.matches('saving') || !change || change.id === undefined) return null;
  return `${change.kind}:${change.id}`;
};
