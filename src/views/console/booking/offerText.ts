/** How the booking page words a job's offers and its driver's progress (issue 32). */
import type { ConsoleBookingDetail } from '../../../../contract/consoleBookings.ts';
import { JOB_STAGE_LABELS, type JobStage, type OfferState } from '../../../../contract/dispatch.ts';
import type { ConsoleOffer, OnDutyDriver } from '../../../../contract/driver.ts';
import { londonClock } from '../../../../contract/londonClock.ts';

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  open: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Timed out',
  withdrawn: 'Withdrawn',
  ended: 'Taken off the job',
};

const two = (n: number) => String(n).padStart(2, '0');
/** "14:05:30", London time. */
export function londonTime(iso: string): string {
  const clock = londonClock(new Date(iso));
  return `${two(clock.hour)}:${two(clock.minute)}:${two(new Date(iso).getUTCSeconds())}`;
}

/** An offer as listed: "Offered, until 14:05:30", "Declined at 14:05:10", … (an open offer past its expiry is timed out). */
export function offerStateText(offer: ConsoleOffer, now: Date = new Date()): string {
  const state = shownState(offer, now);
  if (state === 'open') return `${OFFER_STATE_LABELS.open}, until ${londonTime(offer.expires_at)}`;
  const at = offer.answered_at ?? (state === 'expired' ? offer.expires_at : null);
  return at ? `${OFFER_STATE_LABELS[state]} at ${londonTime(at)}` : OFFER_STATE_LABELS[state];
}

/** The server settles a lapsed offer when it is next read: the page does not wait for that. */
export const shownState = (offer: ConsoleOffer, now: Date = new Date()): OfferState => (offer.state === 'open' && new Date(offer.expires_at).getTime() <= now.getTime() ? 'expired' : offer.state);

/** The dispatcher's cue when the last offer of a job still without a driver came back. */
export function offerBackNotice(booking: ConsoleBookingDetail, offers: ConsoleOffer[], now: Date = new Date()): string | null {
  if (booking.status !== 'accepted' || offers.length === 0) return null;
  const last = offers[offers.length - 1];
  const state = shownState(last, now);
  if (state === 'declined') return `${last.driver.name} declined the offer: offer the job to another driver or assign it.`;
  if (state === 'expired') return `The offer to ${last.driver.name} timed out: offer the job to another driver or assign it.`;
  return null;
}

/** What a driver on duty is doing: "Free", "Next: CF-1 at 14:00", "On the way · CF-1". */
export function dutyText(entry: OnDutyDriver): string {
  if (!entry.job) return 'Free';
  if (entry.job.state === 'assigned') return `Next: ${entry.job.booking_number} at ${londonTime(entry.job.pickup_at).slice(0, 5)}`;
  return `${JOB_STAGE_LABELS[entry.job.state]} · ${entry.job.booking_number}`;
}

/** The driver's steps so far, with their times (assigning or unassigning clears them on the server). */
export function jobSteps(booking: ConsoleBookingDetail): { stage: JobStage; at: string }[] {
  const d = booking.dispatch;
  const steps: { stage: JobStage; at: string | null }[] = [
    { stage: 'on_the_way', at: d.on_the_way_at },
    { stage: 'arrived', at: d.arrived_at },
    { stage: 'on_board', at: d.on_board_at },
  ];
  return steps.filter((step): step is { stage: JobStage; at: string } => step.at !== null);
}
