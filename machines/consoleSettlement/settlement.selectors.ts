import type { SnapshotFrom } from 'xstate';
import type { SettlementMachine } from './settlement.machine.ts';

type Snapshot = SnapshotFrom<SettlementMachine>;

export type SettlementStage = 'loading' | 'failed' | 'list' | 'detail';

/** What the page shows: the list (while a driver's week opens, too) or the open week (busy while it saves). */
export function selectSettlementStage(s: Snapshot): SettlementStage {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('list') || s.matches('opening')) return 'list';
  return 'detail';
}

export const selectSettlementBusy = (s: Snapshot) => s.matches('adjusting') || s.matches('settling') || s.matches('refreshing') || s.matches('opening');
