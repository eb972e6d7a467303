/**
 * The `code` of every error answer: `{ success: false, message, code, ...details }`. `message` is the text to show
 * and may change; `code` is what a client branches on. Each code belongs to one kind, and the kind decides the HTTP
 * status (server/http.ts ERROR_STATUS). The generic codes are the kinds themselves: an error with nothing more
 * specific to say carries its kind.
 */

export const ERROR_KINDS = [
  'invalid_input',
  'unauthenticated',
  'payment_required',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

interface CodeEntry {
  kind: ErrorKind;
  meaning: string;
}

const generic = (kind: ErrorKind, meaning: string): CodeEntry => ({ kind, meaning });

export const ERROR_CODES = {
  // ─── Generic: one per kind ─────────────────────────────────────────────────────────────────────
  invalid_input: generic('invalid_input', 'The request is malformed, or a field is missing, of the wrong type or out of range.'),
  unauthenticated: generic('unauthenticated', 'No valid session, API key or credentials for a call that needs them.'),
  payment_required: generic('payment_required', 'The card payment this call needs has not been completed.'),
  forbidden: generic('forbidden', 'The caller is known but may not do this.'),
  not_found: generic('not_found', 'No such call, or no such record on this site.'),
  conflict: generic('conflict', 'The request contradicts the current state: a taken name, a changed record, something already done.'),
  gone: generic('gone', 'The thing asked for existed but has lapsed.'),
  payload_too_large: generic('payload_too_large', 'The body or upload is larger than this call takes.'),
  unsupported_media_type: generic('unsupported_media_type', 'The upload is not of a type this call takes.'),
  unprocessable: generic('unprocessable', 'Well-formed, but a business rule refuses it.'),
  rate_limited: generic('rate_limited', 'Too many requests or wrong passwords: wait for Retry-After seconds.'),
  internal: generic('internal', 'Something failed on the server; the message never shows internals.'),
  unavailable: generic('unavailable', 'A service the call needs is not ready; try again later.'),

  // ─── Quoting (spec §8): the booking form picks its popup by these ─────────────────────────────────
  zero_distance: { kind: 'unprocessable', meaning: 'Pickup and dropoff are the same place (zero miles): the "same address" popup.' },
  banned_address: { kind: 'unprocessable', meaning: 'An address of the trip is banned by the operator: the "urgent booking" popup.' },
  grace_period: { kind: 'unprocessable', meaning: 'The pickup time is within the grace period: the "urgent booking" popup.' },
  capacity: { kind: 'unprocessable', meaning: 'No vehicle seats the party and its luggage; the message lists what is exceeded.' },
  return_before_pickup: { kind: 'unprocessable', meaning: 'The return time is not after the pickup time.' },
  no_vehicles: { kind: 'unprocessable', meaning: 'The operator has no vehicle to price.' },
  no_tariff: { kind: 'unprocessable', meaning: 'No tariff prices this trip.' },
  unknown_place: { kind: 'invalid_input', meaning: 'An address the maps cannot place.' },
  unknown_quote: { kind: 'not_found', meaning: 'No stored quote has this quote_id.' },
  quote_expired: { kind: 'gone', meaning: 'The quote is older than its 30 minutes: search again.' },
  vehicle_not_in_quote: { kind: 'unprocessable', meaning: 'The chosen vehicle is not one the quote priced.' },

  // ─── Company accounts (issue 34) ─────────────────────────────────────────────────────────────────
  credit_limit: { kind: 'unprocessable', meaning: "A booking on account would take the company account over its credit limit: nothing is written; the message says what is available." },

  // ─── Promo codes ─────────────────────────────────────────────────────────────────────────────────
  promo: { kind: 'unprocessable', meaning: 'The promo code is refused (unknown, not valid today, wrong vehicle, below the minimum fare; a conflict when used up).' },

  // ─── Manage booking refusals (contract/manageBooking.ts MANAGE_REFUSAL_CODES) ─────────────────────
  link_invalid: { kind: 'unauthenticated', meaning: 'The manage link is unknown.' },
  link_expired: { kind: 'unauthenticated', meaning: 'The manage link has expired.' },
  link_revoked: { kind: 'unauthenticated', meaning: 'The manage link was revoked by the operator.' },
  wrong_booking: { kind: 'forbidden', meaning: 'The manage link is for another booking.' },
  not_your_booking: { kind: 'not_found', meaning: "No booking of the signed-in passenger's has this number." },
  cutoff_passed: { kind: 'conflict', meaning: 'Too close to pickup to change or cancel online.' },
  not_cancellable: { kind: 'conflict', meaning: 'The booking is in a state that cannot be cancelled.' },
  not_changeable: { kind: 'conflict', meaning: 'The booking is in a state that cannot be changed.' },
  stale_revision: { kind: 'conflict', meaning: 'The booking changed since it was read: reload it.' },
  change_refused: { kind: 'unprocessable', meaning: 'A rule refuses the change (grace time, banned address, capacity, addresses by phone…).' },
  payment_failed: { kind: 'payment_required', meaning: "The card was declined or is missing for a change's extra charge." },
  payment_in_progress: { kind: 'conflict', meaning: 'A payment for this booking is still being processed.' },
  change_intent: { kind: 'conflict', meaning: "The payment intent is a manage-booking change's: it is confirmed on the manage page, not as a booking." },

  // ─── Dispatch and the driver's app (issues 30, 32) ────────────────────────────────────────────────
  job_changed: { kind: 'conflict', meaning: "A driver's tap on a job that changed meanwhile (cancelled, taken off the driver, a step already past): the answer carries the job as it now is." },
  offer_closed: { kind: 'conflict', meaning: 'The offer is no longer open: another driver won it, it timed out, was declined or taken back.' },
  too_early: { kind: 'unprocessable', meaning: "A job step before its time: completed or a no-show before the pick-up, 'on the way' before the lead time, a no-show before the wait." },

  // ─── Staff invitation and reset links ────────────────────────────────────────────────────────────
  invalid: { kind: 'invalid_input', meaning: 'The staff link is unknown, or its member is no longer active.' },
  used: { kind: 'invalid_input', meaning: 'The staff link was already used.' },
  expired: { kind: 'invalid_input', meaning: 'The staff link has expired.' },

  // ─── Issue 30 ────────────────────────────────────────────────────────────────────────────────────
  change_being_paid: { kind: 'conflict', meaning: "Another change of the booking is being paid for: try again once its hold (at most ABANDONED_CLAIM) ends." },
  extras_paid: { kind: 'conflict', meaning: "The driver's extras are paid already." },
  pay_link_paid: { kind: 'conflict', meaning: 'The booking of a payment link is paid already: the pay page reloads it and shows it paid.' },
  pay_link_cancelled: { kind: 'conflict', meaning: 'The office cancelled the booking of a payment link: the pay page reloads it and shows nothing to pay.' },
  pay_link_refunded: { kind: 'gone', meaning: "A payment link's card was charged after its booking had lapsed: refunded in full; the pay page reloads it and keeps the message." },
  nothing_owing: { kind: 'conflict', meaning: 'No extras to pay online.' },

  // ─── Staff sign-in with a mailed code (issue 30) ─────────────────────────────────────────────────────
  sign_in_code_sent: {
    kind: 'unauthenticated',
    meaning: 'The account-wide limit of wrong passwords holds and this address is not known: send the mailed code with the password (mailed only when the password was right).',
  },
  sign_in_code_wrong: { kind: 'unauthenticated', meaning: 'The sign-in code (or the password sent with it) is not right, or the code has expired or is used up.' },
} as const satisfies Record<string, CodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The kind (so the status) of a code. */
export const kindOf = (code: ErrorCode): ErrorKind => ERROR_CODES[code].kind;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

/** An error answer as every call sends it. */
export interface ErrorResponse {
  success: false;
  message: string;
  code: ErrorCode;
}

/** The code a failed call carries: the error's own `code`, else its response body's (`data.code`); null when neither is one of ours. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (!error || typeof error !== 'object') return null;
  const own = (error as { code?: unknown }).code;
  if (isErrorCode(own)) return own;
  const data = (error as { data?: unknown }).data;
  const answered = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return isErrorCode(answered) ? answered : null;
}
