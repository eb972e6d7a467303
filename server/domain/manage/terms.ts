import { callOperator, cutoffPassedMessage, MANAGE_MESSAGES, MANAGE_STATUS_LABELS, type ManageCancellationTerms, type ManageChangeTerms, type ManageRefusalCode, type ManageStatus } from '../../../contract/manageBooking.ts';
import { clock12 } from './clock.ts';
import { currentValues } from './reprice.ts';
import { isEnabled, type Settings } from '../../../contract/settings.ts';
import { londonParts } from '../pricing/londonTime.ts';
import { penceToPounds, settingPence } from '../pricing/money.ts';
import type { ManagedBooking } from './record.ts';

/** CANCEL_CUTOFF_MINUTES when the owner has not set it (or set something unreadable): two hours before pick-up. */
export const DEFAULT_CANCEL_CUTOFF_MINUTES = 120;
/** The longest cut-off honoured: 30 days. */
const MAX_CUTOFF_MINUTES = 30 * 24 * 60;

/** The owner's cancellation rules from the settings: the cut-off in minutes before pick-up and the fee in pence. */
export function cancellationSettings(settings: Settings): { cutoffMinutes: number; feePence: number } {
  const text = settings.CANCEL_CUTOFF_MINUTES?.trim() ?? '';
  const minutes = /^\d+$/.test(text) ? Number(text) : DEFAULT_CANCEL_CUTOFF_MINUTES;
  return { cutoffMinutes: Math.min(minutes, MAX_CUTOFF_MINUTES), feePence: settingPence(settings.CANCELLATION_FEE) };
}

/** Who the passenger is told to call: the site's Company_Name and Company_Contact_Info. */
export interface Operator {
  companyName: string;
  phone: string | null;
}

export const operatorOf = (settings: Settings, siteName: string): Operator => ({
  companyName: settings.Company_Name?.trim() || siteName,
  phone: settings.Company_Contact_Info?.trim() || null,
});


/** What the passenger's cancellation keeps and gives back of the card payment (nothing of a pay-to-driver booking). */
export function cancellationMoney(booking: ManagedBooking, feePence: number): { feePence: number; refundPence: number | null } {
  if (!booking.payment) return { feePence: 0, refundPence: null };
  const left = Math.max(0, booking.payment.amountPence - booking.payment.refundedPence);
  const fee = Math.min(feePence, left);
  return { feePence: fee, refundPence: left - fee };
}

export interface CancellationDecision {
  terms: ManageCancellationTerms;
  /** Why not, as a refusal code; null when the passenger may cancel now. */
  code: Extract<ManageRefusalCode, 'cutoff_passed' | 'not_cancellable'> | null;
  feePence: number;
  refundPence: number | null;
}

/** Whether the passenger may cancel now: not completed or cancelled, and before the cut-off (London time). */
export function decideCancellation(booking: ManagedBooking, settings: Settings, operator: Operator, now: Date): CancellationDecision {
  const { cutoffMinutes, feePence } = cancellationSettings(settings);
  const cutoffAt = new Date(booking.pickupAt.getTime() - cutoffMinutes * 60_000);
  const local = londonParts(cutoffAt);
  const money = cancellationMoney(booking, feePence);
  let code: CancellationDecision['code'] = null;
  let refusal: string | null = null;
  if (booking.status === 'cancelled') {
    code = 'not_cancellable';
    refusal = MANAGE_MESSAGES.alreadyCancelled;
  } else if (booking.status === 'completed' || booking.status === 'no_show') {
    code = 'not_cancellable';
    refusal = `${MANAGE_MESSAGES.completed} ${callOperator(operator.companyName, operator.phone)}`;
  } else if (now.getTime() >= cutoffAt.getTime()) {
    code = 'cutoff_passed';
    refusal = cutoffPassedMessage({ cutoffMinutes, cutoffDate: local.date, cutoffTime: clock12(local.hour, local.minute), ...operator });
  }
  return {
    code,
    feePence: money.feePence,
    refundPence: money.refundPence,
    terms: {
      allowed: code === null,
      refusal,
      cutoff_minutes: cutoffMinutes,
      cutoff_at: cutoffAt.toISOString(),
      cutoff_date: local.date,
      cutoff_time: clock12(local.hour, local.minute),
      fee: penceToPounds(money.feePence),
      refund: money.refundPence === null ? null : penceToPounds(money.refundPence),
    },
  };
}

/** MANAGE_ADDRESS_CHANGES 'enable' (default off): passengers may change addresses online, routed again by the maps port. */
export const addressChangesOnline = (settings: Settings) => isEnabled(settings, 'MANAGE_ADDRESS_CHANGES');

/** The statuses after which nothing can be changed. */
const FINISHED: readonly ManageStatus[] = ['completed', 'cancelled', 'no_show'];

export interface ChangeDecision {
  terms: ManageChangeTerms;
  code: Extract<ManageRefusalCode, 'cutoff_passed' | 'not_changeable'> | null;
}

/**
 * Whether the passenger may change the booking now: not completed, cancelled or a no-show, and before the cut-off
 * (the cancellation's, CANCEL_CUTOFF_MINUTES before the pick-up as booked). Once a driver is assigned a change is a
 * request to the operator. Addresses too when `addressesOnline` (addressChangesOnline).
 */
export function decideChange(booking: ManagedBooking, settings: Settings, operator: Operator, now: Date, addressesOnline = false): ChangeDecision {
  const { cutoffMinutes } = cancellationSettings(settings);
  const cutoffAt = new Date(booking.pickupAt.getTime() - cutoffMinutes * 60_000);
  const local = londonParts(cutoffAt);
  let code: ChangeDecision['code'] = null;
  let refusal: string | null = null;
  if (FINISHED.includes(booking.status)) {
    code = 'not_changeable';
    refusal = `${MANAGE_MESSAGES.changeNotAllowed(MANAGE_STATUS_LABELS[booking.status].toLowerCase())} ${callOperator(operator.companyName, operator.phone)}`;
  } else if (now.getTime() >= cutoffAt.getTime()) {
    code = 'cutoff_passed';
    refusal = cutoffPassedMessage({ cutoffMinutes, cutoffDate: local.date, cutoffTime: clock12(local.hour, local.minute), ...operator }, 'change');
  }
  return {
    code,
    terms: {
      allowed: code === null,
      refusal,
      as_request: booking.status === 'driver_assigned',
      addresses: addressesOnline,
      trip_options: booking.rideType === 'Q',
      current: currentValues(booking),
    },
  };
}
