/**
 * The manage page's address from its state (route manifest: /manage-booking, the flow's one page). RouteSync
 * (src/app/useRouteSync.ts, mounted by the page) puts the URL where the machine is, replacing the entry: the change
 * steps show as `?step=` (never pushed, so Back leaves the page as it came), and a reload with a step reopens the
 * change when the booking still allows it (ManageBookingInput.step). The page is its only way in, so nothing is sent
 * back: no `route.enter`. Until the booking is loaded the address stays as it came (the start state drops a link's
 * token itself, `forgetUrl`).
 */
import type { SnapshotFrom } from 'xstate';
import { flowPath } from '../../contract/routeManifest.ts';
import type { ManageBookingMachine } from './manageBooking.machine.ts';
import type { ManageStep } from './manageBooking.setup.ts';
import { selectStage, type ManageStage } from './manageBooking.selectors.ts';

/** The manage page's path, as the route manifest spells it. */
export const MANAGE_BOOKING_PATH = flowPath('manageBooking');

export const MANAGE_STEP_PARAM = 'step';
const STEPS: readonly ManageStep[] = ['change', 'confirm', 'pay', 'changed', 'extras'];

const STEP_OF: Partial<Record<ManageStage, ManageStep>> = {
  editing: 'change',
  previewing: 'change',
  confirmingChange: 'confirm',
  applying: 'confirm',
  paying: 'pay',
  changed: 'changed',
  payingExtras: 'extras',
};

/** The address of a stage: /manage-booking, or /manage-booking?step=… during a change. */
export function manageAddress(stage: ManageStage): string {
  const step = STEP_OF[stage];
  return step ? `${MANAGE_BOOKING_PATH}?${MANAGE_STEP_PARAM}=${step}` : MANAGE_BOOKING_PATH;
}

/** The step an address names, or null. */
export function stepOf(search: string): ManageStep | null {
  const step = new URLSearchParams(search).get(MANAGE_STEP_PARAM);
  return step !== null && (STEPS as readonly string[]).includes(step) ? (step as ManageStep) : null;
}

/** The URL the machine's state is shown at, or null while the booking loads (between pages). */
export function manageRoute(s: SnapshotFrom<ManageBookingMachine>): string | null {
  const stage = selectStage(s);
  return stage === 'loading' ? null : manageAddress(stage);
}

/** The manage page's routes for RouteSync (its FlowRoutes): the route key is the whole URL (`?step=` goes when a change ends). */
export const MANAGE_ROUTES = {
  routeOf: manageRoute,
  urlOf: (route: string) => route,
  ownsQuery: true as const,
};
