/** Narrow selectors for the manage page (STYLE: views select one thing each). */
import type { SnapshotFrom } from 'xstate';
import type { ManageBookingMachine } from './manageBooking.machine.ts';
import { canCancel, canChange } from './manageBooking.types.ts';

type Snapshot = SnapshotFrom<ManageBookingMachine>;

export type ManageStage =
  | 'loading'
  | 'loadFailed'
  | 'refused'
  | 'viewing'
  | 'confirmingCancel'
  | 'cancelling'
  | 'cancelled'
  | 'editing'
  | 'previewing'
  | 'confirmingChange'
  | 'applying'
  | 'paying'
  | 'changed'
  | 'payingExtras';

const CHANGE_STAGES = [
  ['editing', 'editing'],
  ['previewing', 'previewing'],
  ['confirming', 'confirmingChange'],
  ['applying', 'applying'],
  ['paying', 'paying'],
] as const;

/** The one screen the page shows. */
export function selectStage(s: Snapshot): ManageStage {
  if (s.matches('refused')) return 'refused';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches({ ready: { booking: 'cancelled' } })) return 'cancelled';
  if (s.matches({ ready: { booking: 'cancelling' } })) return 'cancelling';
  if (s.matches({ ready: { booking: 'confirmingCancel' } })) return 'confirmingCancel';
  if (s.matches({ ready: { booking: 'changed' } })) return 'changed';
  if (s.matches({ ready: { booking: 'payingExtras' } })) return 'payingExtras';
  for (const [state, stage] of CHANGE_STAGES) if (s.matches({ ready: { booking: { changing: state } } })) return stage;
  if (s.matches('ready')) return 'viewing';
  return 'loading';
}

export const selectView = (s: Snapshot) => s.context.view;
export const selectRefusal = (s: Snapshot) => s.context.refusal;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectError = (s: Snapshot) => s.context.error;
export const selectCalendarBusy = (s: Snapshot) => s.matches({ ready: { calendar: 'downloading' } });
export const selectCalendarError = (s: Snapshot) => s.context.calendarError;
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectPreview = (s: Snapshot) => s.context.preview;
export const selectChangeResult = (s: Snapshot) => s.context.changeResult;
/** The card form may be sent (not while a payment is under way). */
export const selectCanPay = (s: Snapshot) => s.matches({ ready: { booking: { changing: { paying: 'form' } } } }) || s.matches({ ready: { booking: { payingExtras: 'form' } } });
export const selectPaying = (s: Snapshot) =>
  (s.matches({ ready: { booking: { changing: 'paying' } } }) && !s.matches({ ready: { booking: { changing: { paying: 'form' } } } }) && !s.matches({ ready: { booking: { changing: { paying: 'loadingKey' } } } })) ||
  (s.matches({ ready: { booking: 'payingExtras' } }) && !s.matches({ ready: { booking: { payingExtras: 'form' } } }) && !s.matches({ ready: { booking: { payingExtras: 'loadingKey' } } }));
/** The processor's publishable key: null until known (the card form waits). */
export const selectPublishableKey = (s: Snapshot) =>
  s.matches({ ready: { booking: { changing: { paying: 'loadingKey' } } } }) || s.matches({ ready: { booking: { payingExtras: 'loadingKey' } } }) ? null : s.context.publishableKey;
/** The driver's extras owing (issue 32): the page offers to pay them (what the `owesExtras` guard reads). */
export const selectExtras = (s: Snapshot) => s.context.view?.extras ?? null;

/** The operator's terms allow cancelling online now: what the `canCancel` guard reads (the panel shows it in every stage). */
export const selectCancelAllowed = (s: Snapshot) => canCancel(s.context.view);

/** The operator's terms allow changing online now: what the `canChange` guard reads. */
export const selectChangeAllowed = (s: Snapshot) => canChange(s.context.view);
