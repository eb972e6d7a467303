import type { SnapshotFrom } from 'xstate';
import { csvRange, type BoardMachine } from './board.machine.ts';

export type BoardSnapshot = SnapshotFrom<BoardMachine>;

export type BoardListStage = 'loading' | 'failed' | 'empty' | 'rows';

export function selectListStage(s: BoardSnapshot): BoardListStage {
  if (s.matches({ list: 'loading' })) return 'loading';
  if (s.matches({ list: 'failed' })) return 'failed';
  return s.context.rows.length === 0 ? 'empty' : 'rows';
}

export const selectRows = (s: BoardSnapshot) => s.context.rows;
export const selectFilters = (s: BoardSnapshot) => s.context.filters;
export const selectRange = (s: BoardSnapshot) => s.context.range;
export const selectHasMore = (s: BoardSnapshot) => s.context.nextCursor !== null;
export const selectLoadingMore = (s: BoardSnapshot) => s.matches({ list: 'loadingMore' });
export const selectRefreshing = (s: BoardSnapshot) => s.matches({ list: 'refreshing' });
export const selectError = (s: BoardSnapshot) => s.context.error;
export const selectMoreError = (s: BoardSnapshot) => s.context.moreError;
export const selectUnseen = (s: BoardSnapshot) => s.context.unseen;
export const selectNeedsAction = (s: BoardSnapshot) => s.context.needsAction;
export const selectFresh = (s: BoardSnapshot) => s.context.fresh;
export const selectMuted = (s: BoardSnapshot) => s.context.muted;
export const selectLive = (s: BoardSnapshot): 'connecting' | 'open' | 'reconnecting' | 'off' =>
  s.matches({ live: 'open' }) ? 'open' : s.matches({ live: 'reconnecting' }) ? 'reconnecting' : s.matches({ live: 'off' }) ? 'off' : 'connecting';
export const selectLiveOff = (s: BoardSnapshot) => s.context.liveOff;
export const selectCsvBusy = (s: BoardSnapshot) => s.matches({ csv: 'downloading' });
export const selectCsvError = (s: BoardSnapshot) => s.context.csvError;
export const selectCsvRange = (s: BoardSnapshot) => csvRange(s.context);
export const selectChoices = (s: BoardSnapshot) => s.context.choices;
