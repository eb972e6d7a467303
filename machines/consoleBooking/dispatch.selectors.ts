import type { SnapshotFrom } from 'xstate';
import { allowedEvents, type DispatchEvent } from '../../contract/dispatch.ts';
import type { DispatchMachine } from './dispatch.machine.ts';

export type DispatchSnapshot = SnapshotFrom<DispatchMachine>;

export type DispatchStage = 'loading' | 'failed' | 'notFound' | 'idle' | 'assigning' | 'offering' | 'cancelling' | 'confirmingNoShow' | 'submitting';

export function selectStage(s: DispatchSnapshot): DispatchStage {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('notFound')) return 'notFound';
  if (s.matches({ ready: 'assigning' })) return 'assigning';
  if (s.matches({ ready: 'offering' })) return 'offering';
  if (s.matches({ ready: 'cancelling' })) return 'cancelling';
  if (s.matches({ ready: 'confirmingNoShow' })) return 'confirmingNoShow';
  if (s.matches({ ready: 'submitting' })) return 'submitting';
  return 'idle';
}

export const selectBooking = (s: DispatchSnapshot) => s.context.booking;
/** The buttons: the events DISPATCH_TRANSITIONS allows from the booking's status (none while something else runs). */
export const selectActions = (s: DispatchSnapshot): DispatchEvent[] => (s.context.booking ? allowedEvents(s.context.booking.status) : []);
export const selectChoicesLoading = (s: DispatchSnapshot) => s.matches({ ready: { assigning: 'loadingChoices' } });
export const selectChoicesFailed = (s: DispatchSnapshot) => s.matches({ ready: { assigning: 'choicesFailed' } });
export const selectAssignable = (s: DispatchSnapshot) => s.context.assignable;
export const selectChoice = (s: DispatchSnapshot) => ({ driverId: s.context.driverId, vehicleId: s.context.vehicleId });
export const selectCancelDraft = (s: DispatchSnapshot) => s.context.cancel;
export const selectNotice = (s: DispatchSnapshot) => s.context.notice;
export const selectError = (s: DispatchSnapshot) => s.context.error;
export const selectSubmitting = (s: DispatchSnapshot) => s.matches({ ready: 'submitting' });
export const selectPendingEvent = (s: DispatchSnapshot) => s.context.pending?.request.event ?? null;
export const selectOnDutyLoading = (s: DispatchSnapshot) => s.matches({ ready: { offering: 'loadingDrivers' } });
export const selectOnDutyFailed = (s: DispatchSnapshot) => s.matches({ ready: { offering: 'driversFailed' } });
export const selectOnDuty = (s: DispatchSnapshot) => s.context.onDuty;
export const selectOfferDriverId = (s: DispatchSnapshot) => s.context.offerDriverId;
export const selectResendingLink = (s: DispatchSnapshot) => s.matches({ ready: 'resendingLink' });
export const selectOfferSending = (s: DispatchSnapshot) => s.matches({ ready: { offering: 'sending' } });
