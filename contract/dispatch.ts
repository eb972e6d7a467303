import type { Driver, Vehicle } from './fleet.ts';
import { londonClock } from './londonClock.ts';

/**
 * A booking's life as the operator runs it (issue 17): the statuses as stored in bookings.status and the one
 * transition table that the server enforces and the console's statechart reads.
 *
 *   confirmed ("new") ─accept→ accepted ─assign→ driver_assigned ─complete→ completed
 *                                  ↑        └──────────── no_show ───────────┘→ no_show
 *                                  └─unassign─┘  (assign again from driver_assigned: another driver or vehicle)
 *   cancel (with a reason) from confirmed, accepted and driver_assigned.
 * completed, cancelled and no_show are final.
 */

/** awaiting_payment (issue 34): a phone booking held for its card payment link; paid, it is confirmed; unpaid past its limit, cancelled. */
export const BOOKING_STATUSES = ['awaiting_payment', 'confirmed', 'accepted', 'driver_assigned', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What a dispatcher reads (bookings.status 'confirmed' is the "new"). */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  confirmed: 'New',
  accepted: 'Accepted',
  driver_assigned: 'Driver assigned',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export const DISPATCH_EVENTS = ['accept', 'assign', 'unassign', 'complete', 'cancel', 'no_show'] as const;
export type DispatchEvent = (typeof DISPATCH_EVENTS)[number];

/** THE transition table: event → the states it may leave → the state it reaches. */
export const DISPATCH_TRANSITIONS = {
  accept: { from: ['confirmed'], to: 'accepted' },
  assign: { from: ['accepted', 'driver_assigned'], to: 'driver_assigned' },
  unassign: { from: ['driver_assigned'], to: 'accepted' },
  complete: { from: ['driver_assigned'], to: 'completed' },
  cancel: { from: ['awaiting_payment', 'confirmed', 'accepted', 'driver_assigned'], to: 'cancelled' },
  no_show: { from: ['accepted', 'driver_assigned'], to: 'no_show' },
} as const satisfies Record<DispatchEvent, { from: readonly BookingStatus[]; to: BookingStatus }>;

export const FINAL_STATUSES: readonly BookingStatus[] = ['completed', 'cancelled', 'no_show'];

/** The state `event` leads to from `status`, or null when the table has no such transition. */
export function nextStatus(status: BookingStatus, event: DispatchEvent): BookingStatus | null {
  const transition = DISPATCH_TRANSITIONS[event];
  return (transition.from as readonly BookingStatus[]).includes(status) ? transition.to : null;
}

/** The events a booking in `status` accepts (the console's buttons). */
export const allowedEvents = (status: BookingStatus): DispatchEvent[] => DISPATCH_EVENTS.filter((event) => nextStatus(status, event) !== null);

/** A button's words. */
export const DISPATCH_EVENT_LABELS: Record<DispatchEvent, string> = {
  accept: 'Accept',
  assign: 'Assign driver',
  unassign: 'Unassign driver',
  complete: 'Complete',
  cancel: 'Cancel booking',
  no_show: 'No-show',
};

export const EVENT_VERBS: Record<DispatchEvent, string> = {
  accept: 'accepted',
  assign: 'given a driver',
  unassign: 'unassigned',
  complete: 'completed',
  cancel: 'cancelled',
  no_show: 'marked as a no-show',
};

/** The 409 message of an illegal transition, e.g. "This booking is Completed: it cannot be accepted." */
export const illegalTransitionMessage = (status: BookingStatus, event: DispatchEvent) =>
  `This booking is ${BOOKING_STATUS_LABELS[status]}: it cannot be ${EVENT_VERBS[event]}.`;

/** The owner's time rules of dispatch (settings; dispatchTimingOf reads them). */
export interface DispatchTiming {
  /** EARLY_COMPLETION_MINUTES: how long before the pick-up time a job may be completed (a short job done early). */
  earlyCompletionMinutes: number;
}

/** The longest early completion honoured: a day. */
export const MAX_EARLY_COMPLETION_MINUTES = 1_440;

const wholeMinutes = (value: string | null | undefined, fallback: number, max: number) => {
  const text = value?.trim() ?? '';
  return /^\d{1,7}$/.test(text) ? Math.min(Number(text), max) : fallback;
};

/** The owner's dispatch timing from the site's settings (a missing or unreadable value is the default, 0). */
export const dispatchTimingOf = (settings: { EARLY_COMPLETION_MINUTES?: string | null }): DispatchTiming => ({
  earlyCompletionMinutes: wholeMinutes(settings.EARLY_COMPLETION_MINUTES, 0, MAX_EARLY_COMPLETION_MINUTES),
});

/**
 * The soonest instant `event` may happen to a booking picked up at `pickupAt`, or null when the event has no time rule:
 * completing waits for the pick-up less the early-completion allowance, a no-show for the pick-up itself.
 */
export function dispatchNotBefore(event: DispatchEvent, pickupAt: Date, timing: DispatchTiming): Date | null {
  if (event === 'complete') return new Date(pickupAt.getTime() - timing.earlyCompletionMinutes * 60_000);
  if (event === 'no_show') return pickupAt;
  return null;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** '09:00 on 2026-11-27' in London time. */
export function londonMoment(at: Date): string {
  const clock = londonClock(at);
  return `${pad(clock.hour)}:${pad(clock.minute)} on ${clock.date}`;
}

/** The 422 of an event before its time, e.g. "This booking cannot be completed before 09:00 on 2026-11-27 (London time): its pick-up has not come yet." */
export const tooEarlyMessage = (event: DispatchEvent, notBefore: Date) =>
  `This booking cannot be ${EVENT_VERBS[event]} before ${londonMoment(notBefore)} (London time): its pick-up has not come yet.`;

export const CANCEL_REASONS = ['passenger_request', 'no_vehicle_available', 'duplicate_booking', 'payment_problem', 'operator_other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  passenger_request: 'The passenger asked',
  no_vehicle_available: 'No vehicle available',
  duplicate_booking: 'Duplicate booking',
  payment_problem: 'Payment problem',
  operator_other: 'Other (see the note)',
};

export const DISPATCH_MESSAGES = {
  notFound: 'No such booking on this site',
  revisionChanged: 'This booking has changed meanwhile. Reload it and try again.',
  driverNotFound: 'No such driver on this site',
  vehicleNotFound: 'No such vehicle on this site',
  driverInactive: 'This driver is inactive',
  vehicleInactive: 'This vehicle is inactive',
  noteRequired: 'Say why in the note',
  refundTooLarge: 'The refund is more than what is left of the payment',
  refundNotCard: 'Only a booking paid by card can be refunded',
  accepted: 'Booking accepted',
  assigned: 'Driver and vehicle assigned',
  unassigned: 'Driver unassigned',
  completed: 'Booking completed',
  cancelled: 'Booking cancelled',
  noShow: 'Booking marked as a no-show',
} as const;

/** 422 when a licence is not valid on the day of the job (or today, whichever is later): the date shown. */
export const driverLicenceExpiredMessage = (name: string, expiry: string, day: string) =>
  `${name}'s PHV driver licence expires on ${expiry}, before ${day}: it cannot be assigned`;
export const vehicleLicenceExpiredMessage = (registration: string, expiry: string, day: string) =>
  `${registration}'s PHV vehicle licence expires on ${expiry}, before ${day}: it cannot be assigned`;


/** The snapshot a booking keeps of its driver and vehicle (bookings.assigned_driver / assigned_vehicle), as they were. */
export const ASSIGNED_DRIVER_FIELDS = ['id', 'name', 'phone', 'licence_number', 'licensing_authority', 'licence_expiry'] as const;
export const ASSIGNED_VEHICLE_FIELDS = ['id', 'registration', 'make', 'model', 'colour', 'category_id', 'category_name', 'licence_number', 'licence_expiry'] as const;
export type AssignedDriver = Pick<Driver, (typeof ASSIGNED_DRIVER_FIELDS)[number]>;
export type AssignedVehicle = Pick<Vehicle, (typeof ASSIGNED_VEHICLE_FIELDS)[number]>;

/** A booking event on the SSE stream (GET /api/admin/events, `event: booking`). */
export const BOOKING_EVENT_KINDS = ['created', 'changed', 'cancelled', 'dispatched'] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];
export interface BookingEventMessage {
  booking_number: string;
  kind: BookingEventKind;
}

// ─── The driver's part of a job (issue 32) ──────────────────────────────────────────────────────────────────────────
//
//   offer (open) ─accept→ accepted: the booking goes accepted → driver_assigned with the driver and their shift's vehicle
//                ─decline→ declined, or timed out (expired, decided on read), or withdrawn (another driver won it, or
//                 the office assigned outright); an accepted offer ends when the office takes the job off the driver.
//   driver_assigned: stage null ─on_the_way→ on_the_way ─arrived→ arrived ─on_board→ on_board ─complete→ completed
//                                                           └───────── no_show (after the wait) ─→ no_show
// The stage is bookings.job_stage beside the status (the console's statuses and labels stay); the office's own
// assign / unassign / complete / no_show / cancel keep working from any stage, and assign or unassign clears it.

export const JOB_STAGES = ['on_the_way', 'arrived', 'on_board'] as const;
export type JobStage = (typeof JOB_STAGES)[number];
export const JOB_STAGE_LABELS: Record<JobStage, string> = { on_the_way: 'On the way', arrived: 'Arrived', on_board: 'Passenger on board' };

export const DRIVER_STEPS = ['on_the_way', 'arrived', 'on_board', 'complete', 'no_show'] as const;
export type DriverStep = (typeof DRIVER_STEPS)[number];

/** THE driver's table: step → the stages it may leave (null: assigned, not started) → the stage or final status it reaches. */
export const DRIVER_STEP_TRANSITIONS = {
  on_the_way: { from: [null], to: 'on_the_way' },
  arrived: { from: ['on_the_way'], to: 'arrived' },
  on_board: { from: ['arrived'], to: 'on_board' },
  complete: { from: ['on_board'], to: 'completed' },
  no_show: { from: ['arrived'], to: 'no_show' },
} as const satisfies Record<DriverStep, { from: readonly (JobStage | null)[]; to: JobStage | 'completed' | 'no_show' }>;

/** The stage (or final status) `step` leads to from a job in `status` at `stage`, or null when the table has no such step. */
export function nextDriverStage(status: BookingStatus, stage: JobStage | null, step: DriverStep): JobStage | 'completed' | 'no_show' | null {
  if (status !== 'driver_assigned') return null;
  const transition = DRIVER_STEP_TRANSITIONS[step];
  return (transition.from as readonly (JobStage | null)[]).includes(stage) ? transition.to : null;
}

export const allowedDriverSteps = (status: BookingStatus, stage: JobStage | null): DriverStep[] => DRIVER_STEPS.filter((step) => nextDriverStage(status, stage, step) !== null);

/** A job as its driver reads it: assigned (not started), a stage, or how it ended. */
export type DriverJobState = 'assigned' | JobStage | 'completed' | 'no_show' | 'cancelled';
export function driverJobState(status: BookingStatus, stage: JobStage | null): DriverJobState {
  if (status === 'completed' || status === 'no_show' || status === 'cancelled') return status;
  return stage ?? 'assigned';
}
export const DRIVER_JOB_STATE_LABELS: Record<DriverJobState, string> = {
  assigned: 'Not started',
  ...JOB_STAGE_LABELS,
  completed: 'Completed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

/** The app's buttons. */
export const DRIVER_STEP_LABELS: Record<DriverStep, string> = { on_the_way: 'On my way', arrived: 'Arrived', on_board: 'Passenger on board', complete: 'Completed', no_show: 'No-show' };
const DRIVER_STEP_VERBS: Record<DriverStep, string> = {
  on_the_way: "marked 'on the way'",
  arrived: "marked 'arrived'",
  on_board: "marked 'passenger on board'",
  complete: 'completed',
  no_show: 'marked as a no-show',
};

/** The 409 of a step the driver's table refuses, e.g. "This job is Arrived: it cannot be marked 'on the way'." */
export const illegalDriverStepMessage = (state: DriverJobState, step: DriverStep) => `This job is ${DRIVER_JOB_STATE_LABELS[state]}: it cannot be ${DRIVER_STEP_VERBS[step]}.`;

export const OFFER_STATES = ['open', 'accepted', 'declined', 'expired', 'withdrawn', 'ended'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
/** The offer's table: what the driver, the clock and the office do to it. */
export const OFFER_TRANSITIONS = {
  accept: { from: ['open'], to: 'accepted' },
  decline: { from: ['open'], to: 'declined' },
  expire: { from: ['open'], to: 'expired' },
  withdraw: { from: ['open'], to: 'withdrawn' },
  end: { from: ['accepted'], to: 'ended' },
} as const satisfies Record<string, { from: readonly OfferState[]; to: OfferState }>;

/** The owner's settings of the driver's part, with the completion allowance above. */
export interface DriverTiming extends DispatchTiming {
  /** DRIVER_OFFER_SECONDS: an offer's countdown (default 30). */
  offerSeconds: number;
  /** DRIVER_LEAD_MINUTES: 'on the way' at most this long before the pick-up (default 60). */
  leadMinutes: number;
  /** NO_SHOW_WAIT_MINUTES: a no-show after this long past the pick-up or the arrival, whichever is later (default 10). */
  noShowWaitMinutes: number;
}

export const DRIVER_TIMING_DEFAULTS = { offerSeconds: 30, leadMinutes: 60, noShowWaitMinutes: 10 } as const;

export const driverTimingOf = (settings: {
  EARLY_COMPLETION_MINUTES?: string | null;
  DRIVER_OFFER_SECONDS?: string | null;
  DRIVER_LEAD_MINUTES?: string | null;
  NO_SHOW_WAIT_MINUTES?: string | null;
}): DriverTiming => ({
  ...dispatchTimingOf(settings),
  offerSeconds: Math.max(10, wholeMinutes(settings.DRIVER_OFFER_SECONDS, DRIVER_TIMING_DEFAULTS.offerSeconds, 600)),
  leadMinutes: wholeMinutes(settings.DRIVER_LEAD_MINUTES, DRIVER_TIMING_DEFAULTS.leadMinutes, 1_440),
  noShowWaitMinutes: wholeMinutes(settings.NO_SHOW_WAIT_MINUTES, DRIVER_TIMING_DEFAULTS.noShowWaitMinutes, 240),
});

/**
 * The soonest instant the driver's `step` may be tapped, or null when it has no time rule: 'on the way' from the
 * pick-up less the lead time, 'completed' from the pick-up less the completion allowance (as the office's), a no-show
 * from the wait after the pick-up or the arrival, whichever is later.
 */
export function driverStepNotBefore(step: DriverStep, job: { pickupAt: Date; arrivedAt: Date | null }, timing: DriverTiming): Date | null {
  const minutes = (count: number) => count * 60_000;
  if (step === 'on_the_way') return new Date(job.pickupAt.getTime() - minutes(timing.leadMinutes));
  if (step === 'complete') return dispatchNotBefore('complete', job.pickupAt, timing);
  if (step === 'no_show') return new Date(Math.max(job.pickupAt.getTime(), job.arrivedAt?.getTime() ?? 0) + minutes(timing.noShowWaitMinutes));
  return null;
}

/** The 422 of a step before its time, e.g. "Not yet: this job can be marked 'on the way' from 08:00 on 2026-11-27 (London time)." */
export const driverStepTooEarlyMessage = (step: DriverStep, notBefore: Date) => `Not yet: this job can be ${DRIVER_STEP_VERBS[step]} from ${londonMoment(notBefore)} (London time).`;
