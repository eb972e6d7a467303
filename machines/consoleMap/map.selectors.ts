import type { SnapshotFrom } from 'xstate';
import type { DispatchMapMachine } from './map.machine.ts';

export type MapSnapshot = SnapshotFrom<DispatchMapMachine>;

export type MapStage = 'loading' | 'failed' | 'ready';

export function selectMapStage(s: MapSnapshot): MapStage {
  if (s.matches({ data: 'loading' })) return 'loading';
  if (s.matches({ data: 'failed' })) return 'failed';
  return 'ready';
}

export const selectMap = (s: MapSnapshot) => s.context.map;
export const selectMapError = (s: MapSnapshot) => s.context.error;
export const selectSelection = (s: MapSnapshot) => s.context.selected;
export const selectMapRefreshing = (s: MapSnapshot) => s.matches({ data: 'refreshing' });
export const selectMapLive = (s: MapSnapshot): 'connecting' | 'open' | 'reconnecting' | 'off' =>
  s.matches({ live: 'open' }) ? 'open' : s.matches({ live: 'reconnecting' }) ? 'reconnecting' : s.matches({ live: 'off' }) ? 'off' : 'connecting';
export const selectMapLiveOff = (s: MapSnapshot) => s.context.liveOff;
