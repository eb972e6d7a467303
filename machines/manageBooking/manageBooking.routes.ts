/**
 * The manage page's address from its state, as the booking flow's routes are (machines/booking/booking.routes.ts):
 * one page, /manage-booking, whose change steps show as `?step=` (replaced, never pushed, so Back leaves the page as
 * it came). A reload with a step reopens the change when the booking still allows it (ManageBookingInput.step).
 */
import { MANAGE_BOOKING_ROUTE } from '../../contract/manageBooking.ts';
import type { ManageStep } from './manageBooking.setup.ts';
import type { ManageStage } from './manageBooking.selectors.ts';

export const MANAGE_STEP_PARAM = 'step';
const STEPS: readonly ManageStep[] = ['change', 'confirm', 'pay', 'changed'];

const STEP_OF: Partial<Record<ManageStage, ManageStep>> = {
  editing: 'change',
  previewing: 'change',
  confirmingChange: 'confirm',
  applying: 'confirm',
  paying: 'pay',
  changed: 'changed',
};

/** The address of a stage: /manage-booking, or /manage-booking?step=… during a change. */
export function manageAddress(stage: ManageStage): string {
  const step = STEP_OF[stage];
  return step ? `${MANAGE_BOOKING_ROUTE}?${MANAGE_STEP_PARAM}=${step}` : MANAGE_BOOKING_ROUTE;
}

/** The step an address names, or null. */
export function stepOf(search: string): ManageStep | null {
  const step = new URLSearchParams(search).get(MANAGE_STEP_PARAM);
  return step !== null && (STEPS as readonly string[]).includes(step) ? (step as ManageStep) : null;
}
