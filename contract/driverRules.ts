import type { DriverJobState } from './dispatch.ts';

/**
 * The driver app's constants and texts (issue 32), apart from contract/driver.ts's schemas so the app's first load
 * carries no zod (contract/driver.ts re-exports them for the server).
 */

export const DRIVER_API = '/api/driver';
/** Where a driver's set-password link points: the token in the fragment, as the staff's. */
export const DRIVER_SET_PASSWORD_ROUTE = '/driver/set-password';
export const DRIVER_PASSWORD_LINK_HOURS = 24;
/**
 * The driver app's service worker (working without signal): served by the server (server/web/driverWorker.ts) with
 * the app shell's files named from the build, registered by the driver app only, for its pages only.
 */
export const DRIVER_WORKER = { url: '/driver-sw.js', scope: '/driver' } as const;

export const DRIVER_MESSAGES = {
  invalidCredentials: 'Wrong e-mail or password. Please try again.',
  notSignedIn: 'Not signed in',
  signedOut: 'Signed out',
  passwordSet: 'Your password is set. You can sign in to the driver app now.',
  linkInvalid: 'This link is not valid. Ask the office for a new one.',
  linkExpired: 'This link has expired. Ask the office for a new one.',
  linkUsed: 'This link has already been used. Ask the office for a new one.',
  emailTaken: 'Another driver of this site has this e-mail address',
  driverNotFound: 'No such driver on this site',
  driverInactive: 'This driver is inactive: reactivate them first',
  invited: 'Invitation sent',
  vehicleNotUsable: 'This vehicle cannot be driven today: it is inactive or its PHV licence has expired',
  licenceExpired: 'Your PHV driver licence has expired: the office must renew it before you go on duty',
  vehicleInUse: 'Another driver is on duty with this vehicle',
  alreadyOnDuty: 'You are already on duty',
  notOnDuty: 'You are not on duty',
  jobInProgress: 'Finish your job in progress before going off duty',
  onDuty: 'On duty',
  offDuty: 'Off duty',
  offerNotFound: 'No such offer',
  offerTaken: 'This job went to another driver.',
  offerExpired: 'This offer timed out: the job is back with the office.',
  offerDeclined: 'You declined this offer.',
  offerWithdrawn: 'The office took this offer back.',
  offerAccepted: 'The job is yours.',
  declined: 'Offer declined: the job is back with the office.',
  jobNotFound: 'No such job',
  jobReassigned: 'This job is no longer yours: the office has taken it off you.',
  jobCancelled: 'This job was cancelled.',
  tapKeyReused: 'This tap key was already used for another tap',
  driverNotOnDuty: 'This driver is not on duty: offer jobs to drivers on duty',
  offerOpen: 'This driver already has an open offer of this job',
  notOfferable: 'Only an accepted booking without a driver can be offered',
  offered: 'Offer sent',
} as const;

export const STEP_MESSAGES = {
  on_the_way: "You're on your way",
  arrived: 'Arrived',
  on_board: 'Passenger on board',
  complete: 'Job completed',
  no_show: 'Marked as a no-show',
} as const;

/** What the passenger's manage page says of the driver's progress (server/domain/drivers/progress.ts). */
export const PASSENGER_PROGRESS_TEXT: Partial<Record<DriverJobState, string>> = {
  on_the_way: 'Your driver is on the way',
  arrived: 'Your driver has arrived',
  on_board: 'You are on your way',
};
