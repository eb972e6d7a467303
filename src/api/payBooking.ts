/**
 * The pay-booking calls (contract/payLinks.ts): the booking a mailed payment link pays, the payment, and (TEST MODE)
 * the sandbox's 3-D Secure answer. Every call is a POST with the link's token in the body (never in a URL). A failure
 * rejects with an ApiCallError whose `status` and `body` (`{ message, code }`) machines/payBooking reads.
 */
import { PAY_LINK_API, type PayLinkPayAnswer, type PayLinkPayInput, type PayLinkView } from '../../contract/payLinks.ts';
import { ApiCallError, callApi } from './apiError.ts';
import { apiClient, type CallOptions } from './client.ts';

/** POST /api/v1/pay-booking */
export function loadPayLink(token: string, { signal }: CallOptions = {}): Promise<PayLinkView> {
  return callApi(async () => {
    const answer = (await apiClient()(PAY_LINK_API.view, { method: 'POST', body: { token }, signal })) as PayLinkView | null;
    if (!answer || answer.success !== true || typeof answer.amount !== 'number' || !answer.trip) throw new ApiCallError('The booking could not be read.', 200, answer);
    return answer;
  });
}

/** POST /api/v1/pay-booking/pay */
export function payPayLink(input: PayLinkPayInput, { signal }: CallOptions = {}): Promise<PayLinkPayAnswer> {
  return callApi(async () => {
    const answer = (await apiClient()(PAY_LINK_API.pay, { method: 'POST', body: input, signal })) as PayLinkPayAnswer | null;
    if (!answer || answer.success !== true || typeof answer.payment_intent_id !== 'string') throw new ApiCallError('The payment could not be read.', 200, answer);
    return answer;
  });
}

/** TEST MODE: the sandbox's 3-D Secure answer for the link's charge, as src/payments asks it (a refusal is a failed answer). */
export function answerPayLinkChallenge(token: string) {
  return async ({ paymentIntentId, outcome }: { paymentIntentId: string; outcome: 'complete' | 'fail' }, { signal }: CallOptions = {}): Promise<{ success: boolean; status: 'succeeded' | 'failed'; error: string | null }> => {
    try {
      await callApi(() => apiClient()(PAY_LINK_API.authenticate, { method: 'POST', body: { token, payment_intent_id: paymentIntentId, outcome }, signal }));
      return { success: true, status: 'succeeded', error: null };
    } catch (error) {
      const message = (error as { body?: { message?: unknown } }).body?.message;
      return { success: false, status: 'failed', error: typeof message === 'string' ? message : null };
    }
  };
}
