/**
 * The booking flow's user-visible texts. The spec's own texts (§5, §8) are exact, spelling and punctuation included;
 * the popup bodies the spec only describes are ours. The quoting texts come from the contract.
 */
import { QUOTE_MESSAGES, capacityMessage } from '../../contract/quoting.constants.ts';

export { QUOTE_MESSAGES, capacityMessage };

export const BOOKING_MESSAGES = {
  // Booking on account (issue 34): the payment step's own checks (the server checks them again).
  poRequired: 'Enter a PO number',
  costCentreRequired: 'Enter a cost centre',
  // §8 Price calculation popups
  sameAddressTitle: 'Same Address Booking!',
  sameAddressText: 'Your pickup and drop-off must be different addresses. Please contact us, or ask for a quote on our quotation page.',
  urgentTitle: 'Urgent Booking!',
  errorTitle: 'Error',

  // §5 Missing stored data (recalculation)
  recalcFormMissing: 'No BookingForm data found in localStorage.',
  vehicleMissing: 'No selected vehicle data found in localStorage.',
  recalcNotOk: 'API response was not successful.',

  // §5 Details step, in the order they are checked
  emailMissing: 'Enter Passenger Email to receive booking details',
  passwordMissing: 'Enter Password for booking',
  privacyMissing: 'Please Accept Our Privacy Policies',
  termsMissing: 'Please Accept Our Term and Conditions',
  emailFound: 'Email found. Proceeding to payment.',
  emailNotFound: 'Email not found in the system, Enter new email inside new client or try with another email',
  emailCheckErrorPrefix: 'An error occurred while checking email: ',

  // §8 Booking and payment
  paymentFailedTitle: 'Payment failed',
  paymentIntentFailed: 'Payment failed. Please try again.',
  paymentSuccessful: 'Payment successful!',
} as const;

/**
 * The 'Urgent Booking!' body: pickup at least GRACE_TIME/60 hours ahead (GRACE_TIME is in minutes), and contact us.
 * A missing or unreadable GRACE_TIME leaves the number out rather than showing "NaN hours".
 */
export function urgentBookingText(graceTimeMinutes: string | null): string {
  const minutes = Number(graceTimeMinutes);
  if (graceTimeMinutes === null || graceTimeMinutes.trim() === '' || !Number.isFinite(minutes) || minutes <= 0) {
    return 'Your pickup time is too soon for an online booking. Please contact us to book this journey.';
  }
  const hours = Math.round((minutes / 60) * 100) / 100;
  return `Pickup must be at least ${hours} ${hours === 1 ? 'hour' : 'hours'} from now. Please contact us to book this journey.`;
}

/** The text of a rejected actor: an Error's message, or the value itself. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return String(error);
}
