import { z } from 'zod';
import { boardRowSchema } from './consoleBookings.ts';

/**
 * The dispatcher's "Needs action" queue (issue 33), under /api/admin, for owners and dispatchers of the signed-in
 * member's own site:
 *
 *   GET  /api/admin/needs-action                                 → NeedsActionQueue (every booking that needs a
 *        person, whatever its date, soonest pick-up first, each with its reasons)
 *   POST /api/admin/bookings/:booking_number/change-requests/handled  { last_request_id } → { success, message }: the
 *        passenger's open change requests of the booking are dealt with (409 when none is open)
 *
 * The board's page (GET /api/admin/bookings) carries `needs_action`, the same queue's count, for its badge. The
 * reasons are computed in one place on the server (server/domain/dispatch/needsAction.ts), one entry per reason.
 */

export const CONSOLE_QUEUE_PATHS = {
  queue: '/api/admin/needs-action',
  handled: (bookingNumber: string) => `/api/admin/bookings/${encodeURIComponent(bookingNumber)}/change-requests/handled`,
} as const;

/**
 * Why a booking needs a person:
 * - `new`: made and not yet accepted;
 * - `unassigned`: no driver within the owner's ASSIGN_BY_MINUTES of its pick-up;
 * - `offer_declined` / `offer_expired`: its last offer to a driver was declined or timed out, and no other is open;
 * - `driver_not_on_the_way`: its driver (on the app) has not tapped 'On my way' ON_THE_WAY_BY_MINUTES before the pick-up;
 * - `change_requested`: the passenger asked for a change once a driver was assigned, not yet dealt with;
 * - `flight`: the flight lands earlier than the pick-up allows, is diverted or cancelled (the flight port's rule);
 * - `auto_offers_stopped`: the automatic offers tried the owner's number of drivers and stopped (AUTO_OFFERS).
 */
export const NEEDS_ACTION_REASONS = ['awaiting_payment', 'new', 'unassigned', 'offer_declined', 'offer_expired', 'driver_not_on_the_way', 'change_requested', 'flight', 'auto_offers_stopped'] as const;
export type NeedsActionReasonCode = (typeof NEEDS_ACTION_REASONS)[number];

/** The reasons' short names (the card's badges). */
export const NEEDS_ACTION_LABELS: Record<NeedsActionReasonCode, string> = {
  awaiting_payment: 'Awaiting payment',
  new: 'To accept',
  unassigned: 'No driver',
  offer_declined: 'Offer declined',
  offer_expired: 'Offer timed out',
  driver_not_on_the_way: 'Driver not on the way',
  change_requested: 'Change requested',
  flight: 'Flight',
  auto_offers_stopped: 'Automatic offers stopped',
};

/** Hours and minutes as a dispatcher says them: "45 minutes", "2 hours", "1 hour 30 minutes". */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (hours === 0) return part(rest, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}

export const NEEDS_ACTION_TEXT = {
  /** `due`: londonMoment's '09:00 on 2026-11-27'. */
  awaitingPayment: (due: string) => `Phone booking awaiting card payment: the link runs until ${due} (London time), then the booking is cancelled`,
  new: 'New booking: not yet accepted',
  unassigned: (minutes: number) => `No driver assigned, and the pick-up is less than ${durationText(minutes)} away`,
  unassignedPast: 'No driver assigned, and the pick-up time has passed',
  offerDeclined: (driver: string) => `${driver} declined the offer`,
  offerExpired: (driver: string) => `The offer to ${driver} timed out`,
  notOnTheWay: (driver: string) => `${driver} has not tapped 'On my way'`,
  changeRequested: (count: number) => (count === 1 ? 'The passenger asked for a change' : `The passenger asked for ${count} changes`),
  autoOffersStopped: 'Automatic offers stopped: offer or assign it yourself',
} as const;

export const CONSOLE_QUEUE_MESSAGES = {
  handled: 'Change request marked as dealt with',
  noOpenRequest: 'This booking has no change request waiting',
  notFound: 'No such booking on this site',
} as const;

export const needsActionReasonSchema = z.object({
  code: z.enum(NEEDS_ACTION_REASONS),
  /** One line, as the dispatcher reads it. */
  text: z.string(),
  /** More lines where the reason has them (a change request's "Passengers: 2 → 3"). */
  details: z.array(z.string()),
  /** When the reason arose, where known (the offer's answer, the latest request), an ISO instant. */
  since: z.string().nullable(),
  /** The latest change request's id (`change_requested`: what "Dealt with" covers), else null. */
  request_id: z.number().nullable(),
});
export type NeedsActionReason = z.infer<typeof needsActionReasonSchema>;

export const needsActionItemSchema = z.object({ booking: boardRowSchema, reasons: z.array(needsActionReasonSchema).min(1) });
export type NeedsActionItem = z.infer<typeof needsActionItemSchema>;

export const needsActionQueueSchema = z.object({
  success: z.literal(true),
  /** Every booking in the queue (the board's badge says the same number). */
  count: z.number(),
  /** Soonest pick-up first; at most NEEDS_ACTION_MAX (count says how many there are). */
  items: z.array(needsActionItemSchema),
  /** The instant the queue was worked out at (reasons of time move with the clock). */
  checked_at: z.string(),
});
export type NeedsActionQueue = z.infer<typeof needsActionQueueSchema>;

/** The queue lists at most this many bookings (the soonest); `count` is the whole. */
export const NEEDS_ACTION_MAX = 200;

/**
 * The latest request the dispatcher saw (the reason's `request_id`): it and the booking's earlier open requests are
 * dealt with; one the passenger sent since stays in the queue.
 */
export const changeRequestsHandledSchema = z.object({ last_request_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();
export type ChangeRequestsHandled = z.infer<typeof changeRequestsHandledSchema>;
export const changeRequestsHandledResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The owner's settings of the queue (a missing or unreadable value is the default). */
export interface NeedsActionTiming {
  /** ASSIGN_BY_MINUTES: a booking without a driver this long before its pick-up needs a person (default 120). */
  assignByMinutes: number;
  /** ON_THE_WAY_BY_MINUTES, at most DRIVER_LEAD_MINUTES: a driver not on the way this long before the pick-up (default 15). */
  onTheWayByMinutes: number;
}

export const NEEDS_ACTION_DEFAULTS = { assignByMinutes: 120, onTheWayByMinutes: 15 } as const;

const minutesSetting = (value: string | null | undefined, fallback: number, max: number) => {
  const text = value?.trim() ?? '';
  return /^\d{1,7}$/.test(text) ? Math.min(Number(text), max) : fallback;
};

export const needsActionTimingOf = (
  settings: { ASSIGN_BY_MINUTES?: string | null; ON_THE_WAY_BY_MINUTES?: string | null },
  driverLeadMinutes: number,
): NeedsActionTiming => ({
  assignByMinutes: minutesSetting(settings.ASSIGN_BY_MINUTES, NEEDS_ACTION_DEFAULTS.assignByMinutes, 10_080),
  onTheWayByMinutes: Math.min(minutesSetting(settings.ON_THE_WAY_BY_MINUTES, NEEDS_ACTION_DEFAULTS.onTheWayByMinutes, 1_440), driverLeadMinutes),
});
