/**
 * Shapes and texts of managing a booking (issue 18), and how a failed call is read: the server's refusal
 * (`ManageRefusal`, with its `code` and the operator's phone) or a failure to ask it at all.
 */
import { MANAGE_MESSAGES, MANAGE_TOKEN_PATTERN, type ManageBookingView, type ManageChanges, type ManageRefusalCode, type ManageStop } from '../../contract/manageBooking.ts';
import { stopText } from '../../contract/quoting.constants.ts';

export type { ManageBookingView, ManageChanges, ManageRefusalCode, ManageStop };

/** The booking form's limit on extra stops (contract/booking.ts MAX_STOPS, which the manage page loads without zod). */
export const MAX_MANAGE_STOPS = 10;
export const EMPTY_STOP: ManageStop = { street_name: '', number: '', postcode: '' };

/** Who asks: the holder of a mailed link (a cancel also names the revision the page shows). */
export interface ManageAccessInput {
  token: string;
  revision?: number;
}

export interface PreviewChangeInput {
  token: string;
  changes: ManageChanges;
}

export interface ApplyChangeInput extends PreviewChangeInput {
  revision: number;
  payment_method_id?: string;
  payment_intent_id?: string;
}

export interface CardMethodInput {
  /** What the card form hands over (opaque here, never stored). */
  card: unknown;
  billingDetails: { name: string; email: string; phone: string };
}

export interface NextActionInput {
  /** The link's token: the sandbox's challenge for a change is answered on the manage call. */
  token: string;
  paymentIntentId: string;
  clientSecret: string | null;
}

/** Paying the driver's extras owing (contract/manageExtras.ts): a card's payment method, or the intent after 3-D Secure. */
export interface ExtrasPayInput {
  token: string;
  payment_method_id?: string;
  payment_intent_id?: string;
}

/** Whether the driver's waiting time and extras are owing (the bank wanted 3-D Secure): the page offers to pay them. */
export const owesExtras = (view: ManageBookingView | null) => view?.extras?.status === 'owing';

export type NextActionResult = { status: 'completed' } | { status: 'failed'; message: string | null };

/** The refusals that end the visit: the link does not open this booking. */
export const LINK_REFUSALS = ['link_invalid', 'link_expired', 'link_revoked', 'wrong_booking', 'not_your_booking'] as const satisfies readonly ManageRefusalCode[];
export type LinkRefusalCode = (typeof LINK_REFUSALS)[number];

export interface Refusal {
  code: ManageRefusalCode;
  message: string;
  operatorPhone: string | null;
}

export interface Notice {
  tone: 'success' | 'warning';
  text: string;
}

export const MANAGE_FAILURE_TEXT = {
  load: 'Your booking could not be loaded. Please check your connection and try again.',
  cancel: 'Your booking could not be cancelled just now. Please check your connection and try again.',
  calendar: 'The calendar file could not be downloaded. Please try again.',
  change: 'Your change could not be sent just now. Please check your connection and try again.',
  payment: 'Payment failed: your booking is unchanged. Please try again.',
  cardForm: 'The card form could not be loaded. Please check your connection and try again.',
  extras: 'Payment failed: nothing was charged. Please try again.',
} as const;

/** The refusal carried by a failed call (src/api rejects with `status` and the response `body`), or null. */
export function refusalOf(error: unknown): Refusal | null {
  if (!error || typeof error !== 'object') return null;
  const body = (error as { body?: unknown }).body;
  if (!body || typeof body !== 'object') return null;
  const { code, message, operator_phone: phone } = body as { code?: unknown; message?: unknown; operator_phone?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return { code: code as ManageRefusalCode, message, operatorPhone: typeof phone === 'string' && phone !== '' ? phone : null };
}

/** A refusal of the link itself (expired, revoked, unknown, another booking's), as opposed to one of an action. */
export const isLinkRefusal = (refusal: Refusal | null): refusal is Refusal & { code: LinkRefusalCode } =>
  refusal !== null && (LINK_REFUSALS as readonly string[]).includes(refusal.code);

/** What a link that cannot open anything shows: one cut short in a mail client, or none at all. */
export const invalidLink = (operatorPhone: string | null = null): Refusal => ({ code: 'link_invalid', message: MANAGE_MESSAGES.linkInvalid, operatorPhone });

/** A token of the links' shape (the server refuses others with a 400 before looking anything up). */
export const isTokenShaped = (token: string | null): token is string => token !== null && MANAGE_TOKEN_PATTERN.test(token);

/** The link refusal a failed call carries; a 400 is a malformed token, which opens nothing either. */
export function linkRefusalOf(error: unknown): Refusal | null {
  const refusal = refusalOf(error);
  if (isLinkRefusal(refusal)) return refusal;
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : null;
  return status === 400 ? invalidLink() : null;
}

export const canCancel = (view: ManageBookingView | null) => view !== null && view.cancellation.allowed;

export const canChange = (view: ManageBookingView | null) => view !== null && view.change.allowed;

/** The stops a change sends: the ones with text (a row left empty while typing is no stop, as in the booking form). */
const filledStops = (stops: readonly ManageStop[]) => stops.filter((stop) => stopText(stop) !== '');

/** The fields of a draft that differ from the booking (what a preview and an apply send). */
export function changedOnly(view: ManageBookingView | null, draft: ManageChanges): ManageChanges {
  if (!view) return {};
  const current = view.change.current;
  const sent: ManageChanges = draft.stops ? { ...draft, stops: filledStops(draft.stops) } : draft;
  return Object.fromEntries(
    Object.entries(sent).filter(([field, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(current[field as keyof typeof current])),
  ) as ManageChanges;
}

/** Which addresses the booking lets the passenger change online: none, the pick-up (hourly hire), or all (mileage). */
export function editableAddresses(view: ManageBookingView | null): 'none' | 'pickup' | 'all' {
  if (!view?.change.addresses) return 'none';
  return view.change.trip_options ? 'all' : 'pickup';
}

/** A draft edit without the addresses the booking does not let the passenger change (the server refuses them too). */
export function allowedEdit(view: ManageBookingView | null, changes: ManageChanges): ManageChanges {
  const editable = editableAddresses(view);
  const { pickup, stops, dropoff, ...rest } = changes;
  if (editable === 'none') return rest;
  return editable === 'all' ? changes : { ...rest, ...(pickup !== undefined ? { pickup } : {}) };
}

/** The stops being edited: the draft's, else the booking's. */
export const draftStops = (view: ManageBookingView | null, draft: ManageChanges): ManageStop[] => draft.stops ?? view?.change.current.stops ?? [];
