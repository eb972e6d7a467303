import type { SnapshotFrom } from 'xstate';
import type { PricesMachine } from './prices.machine.ts';
import { zoneAreaProblem } from './zoneArea.ts';

type Snapshot = SnapshotFrom<PricesMachine>;

export type PricesStage = 'loading' | 'failed' | 'ready';
export type EditorStage = 'closed' | 'open' | 'saving' | 'removing';
export type PreviewStage = 'debouncing' | 'pricing' | 'shown' | 'failed';

export const selectStage = (snapshot: Snapshot): PricesStage => (snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready');
export const selectEditorStage = (snapshot: Snapshot): EditorStage =>
  snapshot.matches({ ready: { editor: 'open' } }) ? 'open' : snapshot.matches({ ready: { editor: 'saving' } }) ? 'saving' : snapshot.matches({ ready: { editor: 'removing' } }) ? 'removing' : 'closed';
export const selectPreviewStage = (snapshot: Snapshot): PreviewStage | null =>
  snapshot.matches({ ready: { preview: 'debouncing' } })
    ? 'debouncing'
    : snapshot.matches({ ready: { preview: 'pricing' } })
      ? 'pricing'
      : snapshot.matches({ ready: { preview: 'shown' } })
        ? 'shown'
        : snapshot.matches({ ready: { preview: 'failed' } })
          ? 'failed'
          : null;
export const selectData = (snapshot: Snapshot) => snapshot.context.data;
export const selectEdit = (snapshot: Snapshot) => snapshot.context.edit;
export const selectTrip = (snapshot: Snapshot) => snapshot.context.trip;
export const selectPreview = (snapshot: Snapshot) => snapshot.context.preview;
export const selectPreviewError = (snapshot: Snapshot) => snapshot.context.previewError;
export const selectNotice = (snapshot: Snapshot) => snapshot.context.notice;
export const selectError = (snapshot: Snapshot) => snapshot.context.error;
/** What is wrong with the polygon zone being edited (contract polygonProblem), shown under the map picker. */
export const selectZoneProblem = (snapshot: Snapshot) => (snapshot.context.edit?.entity === 'zone' ? zoneAreaProblem(snapshot.context.edit.values) : null);
