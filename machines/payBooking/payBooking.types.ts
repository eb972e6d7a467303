import type { PayLinkPayAnswer, PayLinkView } from '../../contract/payLinks.ts';
import { errorCodeOf, type ErrorCode } from '../../contract/errorCodes.ts';

export { PAY_LINK_TOKEN_PATTERN } from '../../contract/payLinks.ts';

/** The token of a link's fragment (`#token=…`), or null. */
export function tokenOfFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token === null || token === '' ? null : token;
}

export const PAY_BOOKING_FAILURE = 'We could not open your booking just now. Please check your connection and try again.';
export const PAY_BOOKING_PAYMENT_FAILURE = 'Your payment could not be completed. Your card was not charged; please try again.';

export type { PayLinkPayAnswer, PayLinkView };

export interface PayInput {
  token: string;
  payment_method_id?: string;
  payment_intent_id?: string;
}

export interface CardMethodInput {
  card: unknown;
  billingDetails: { name: string; email: string; phone: string };
}

export interface NextActionInput {
  token: string;
  paymentIntentId: string;
  clientSecret: string | null;
}

export type NextActionResult = { status: 'completed' } | { status: 'failed'; message: string | null };

/** An API refusal as the effects reject with it: `status` the HTTP status, `body` the answer (`{ message, code }`). */
export function refusalOf(error: unknown): { status: number | null; message: string | null; code: ErrorCode | null } {
  const status = (error as { status?: unknown } | null)?.status;
  const body = (error as { body?: unknown } | null)?.body as { message?: unknown } | null | undefined;
  return {
    status: typeof status === 'number' ? status : null,
    message: typeof body?.message === 'string' ? body.message : null,
    code: errorCodeOf({ data: body }),
  };
}
