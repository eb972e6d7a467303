import type { SnapshotFrom } from 'xstate';
import type { QueueMachine } from './queue.machine.ts';

export type QueueSnapshot = SnapshotFrom<QueueMachine>;

export type QueueStage = 'loading' | 'failed' | 'empty' | 'items';

export function selectQueueStage(s: QueueSnapshot): QueueStage {
  if (s.matches({ list: 'loading' })) return 'loading';
  if (s.matches({ list: 'failed' })) return 'failed';
  return s.context.items.length === 0 ? 'empty' : 'items';
}

export const selectItems = (s: QueueSnapshot) => s.context.items;
export const selectCount = (s: QueueSnapshot) => s.context.count;
export const selectQueueError = (s: QueueSnapshot) => s.context.error;
export const selectNotice = (s: QueueSnapshot) => s.context.notice;
export const selectHandling = (s: QueueSnapshot) => (s.matches({ list: 'handling' }) ? s.context.handling : null);
export const selectQueueRefreshing = (s: QueueSnapshot) => s.matches({ list: 'refreshing' });
export const selectQueueLive = (s: QueueSnapshot): 'connecting' | 'open' | 'reconnecting' | 'off' =>
  s.matches({ live: 'open' }) ? 'open' : s.matches({ live: 'reconnecting' }) ? 'reconnecting' : s.matches({ live: 'off' }) ? 'off' : 'connecting';
export const selectQueueLiveOff = (s: QueueSnapshot) => s.context.liveOff;
