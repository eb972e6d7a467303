import { z } from 'zod';
import type { Driver, Vehicle } from './fleet.ts';

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

export const BOOKING_STATUSES = ['confirmed', 'accepted', 'driver_assigned', 'completed', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What a dispatcher reads (bookings.status 'confirmed' is the "new"). */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
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
  cancel: { from: ['confirmed', 'accepted', 'driver_assigned'], to: 'cancelled' },
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

const EVENT_VERBS: Record<DispatchEvent, string> = {
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

const revision = z.number({ error: 'revision must be a number' }).int().min(0).optional();
const id = (what: string) => z.number({ error: `${what} is required` }).int().positive(`${what} is required`);

/**
 * POST /api/admin/bookings/:booking_number/dispatch. `revision` (optional): the revision the console shows; a booking
 * changed since (by a passenger or another dispatcher) is refused with 409 revisionChanged.
 */
export const dispatchRequestSchema = z.discriminatedUnion(
  'event',
  [
    z.object({ event: z.literal('accept'), revision }).strict(),
    z.object({ event: z.literal('assign'), revision, driver_id: id('driver_id'), vehicle_id: id('vehicle_id') }).strict(),
    z.object({ event: z.literal('unassign'), revision }).strict(),
    z.object({ event: z.literal('complete'), revision }).strict(),
    z
      .object({
        event: z.literal('cancel'),
        revision,
        reason: z.enum(CANCEL_REASONS, { error: `reason must be one of ${CANCEL_REASONS.join(', ')}` }),
        note: z.string().trim().max(500, 'The note must be at most 500 characters').optional().default(''),
        /** Card-paid only: pence to give back; absent = everything still unrefunded. 0 = keep it all. */
        refund_pence: z.number({ error: 'refund_pence must be a number of pence' }).int().min(0).optional(),
      })
      .strict()
      .refine((body) => body.reason !== 'operator_other' || body.note !== '', { message: DISPATCH_MESSAGES.noteRequired, path: ['note'] }),
    z.object({ event: z.literal('no_show'), revision }).strict(),
  ],
  { error: `event must be one of ${DISPATCH_EVENTS.join(', ')}` },
);
export type DispatchRequest = z.input<typeof dispatchRequestSchema>;

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
