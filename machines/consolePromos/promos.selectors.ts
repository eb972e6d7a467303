import type { SnapshotFrom } from 'xstate';
import type { PromosMachine } from './promos.machine.ts';

type Snapshot = SnapshotFrom<PromosMachine>;

export type PromosStage = 'loading' | 'failed' | 'browsing' | 'form' | 'saving';

/** What the page shows: the form stays open (busy) while its change is saved. */
export function selectPromosStage(s: Snapshot): PromosStage {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('saving')) return s.context.from === 'form' ? 'form' : 'saving';
  if (s.matches({ ready: 'form' })) return 'form';
  return 'browsing';
}

export const selectSaving = (s: Snapshot) => s.matches('saving');
/** The row being switched from the list: its id, while saving. */
export const selectSavingRow = (s: Snapshot) => {
  const change = s.context.change;
  return s.matches('saving') && change?.kind === 'update' && s.context.from === 'browsing' ? change.id : null;
};
