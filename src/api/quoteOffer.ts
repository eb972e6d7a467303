/**
 * POST /api/v1/quote-offer { token } (contract/consoleEnquiries.ts): what a quote offer's mailed link opens. The token
 * goes in the body, never in a URL. The answer's vehicle is checked against the contract's price row (as the booking
 * flow's price calls are); a failure rejects with an ApiCallError carrying the HTTP status (404: unknown or expired).
 */
import { priceDetailSchema } from '../../contract/booking.ts';
import { QUOTE_OFFER_API, type OpenedQuoteOffer } from '../../contract/consoleEnquiries.ts';
import { apiClient, type CallOptions } from './client.ts';
import { ApiCallError, callApi } from './apiError.ts';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The answer as the page uses it, or an ApiCallError (status 200) when it is not one. */
export function asOpenedOffer(body: unknown): OpenedQuoteOffer {
  const answer = isObject(body) ? body : {};
  const vehicle = priceDetailSchema.safeParse(answer.vehicle);
  const type = answer.booking_type;
  const form = answer.booking_form;
  if (answer.success !== true || !vehicle.success || (type !== 'milleage' && type !== 'hourly') || !isObject(form) || typeof form.pickup !== 'string' || typeof answer.expires_at !== 'string') {
    throw new ApiCallError('The quote could not be read.', 200, body);
  }
  return { booking_type: type, booking_form: form as OpenedQuoteOffer['booking_form'], vehicle: vehicle.data, expires_at: answer.expires_at };
}

export function openQuoteOffer(token: string, { signal }: CallOptions = {}): Promise<OpenedQuoteOffer> {
  return callApi(async () => asOpenedOffer(await apiClient()(QUOTE_OFFER_API, { method: 'POST', body: { token }, signal })));
}
