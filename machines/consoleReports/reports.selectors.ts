import type { SnapshotFrom } from 'xstate';
import type { ReportsMachine } from './reports.machine.ts';

type Snapshot = SnapshotFrom<ReportsMachine>;

export type ReportsStage = 'loading' | 'ready' | 'failed';

export const selectReportsStage = (s: Snapshot): ReportsStage => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready');
/** The report on show: the last one loaded, kept (dimmed by the view) while the next range loads. */
export const selectReport = (s: Snapshot) => s.context.report;
/** Whether the report on show is of the chosen range (not the previous choice's, while loading or after a refusal). */
export const selectReportIsCurrent = (s: Snapshot) => s.matches('ready') && s.context.report !== null;
