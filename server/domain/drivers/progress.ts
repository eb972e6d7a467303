import { BOOKING_STATUS_LABELS, driverJobState, type BookingStatus, type JobStage } from '../../../contract/dispatch.ts';
import { PASSENGER_PROGRESS_TEXT } from '../../../contract/driver.ts';
import { MANAGE_STATUS_LABELS } from '../../../contract/manageBooking.ts';

/**
 * What the passenger is told of the driver's progress (issue 32), from the booking's `status` and `job_stage` columns:
 * 'Your driver is on the way', 'Your driver has arrived', 'You are on your way', else null. Every step publishes the
 * booking's event, so a page listening for it reads the booking again.
 */
export function passengerProgress(status: BookingStatus, stage: JobStage | null): { stage: JobStage; text: string } | null {
  const state = driverJobState(status, stage);
  const text = PASSENGER_PROGRESS_TEXT[state];
  return text && stage ? { stage, text } : null;
}

/** The booking's status in the passenger's words (manage page, corporate list): the driver's progress once they are on the way. */
export const passengerStatusLabel = (status: BookingStatus, stage: JobStage | null): string => passengerProgress(status, stage)?.text ?? (status === 'awaiting_payment' ? BOOKING_STATUS_LABELS.awaiting_payment : MANAGE_STATUS_LABELS[status]);
