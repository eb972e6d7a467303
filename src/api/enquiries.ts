/**
 * The enquiry calls of spec §7: POST /send-instant-email (the 'QUOTE NOW' request) and POST /contact-us. Errors are
 * never swallowed: a refused call rejects with an ApiCallError (apiError.ts).
 */
import type { ContactRequest, ContactResponse, QuoteEmailRequest, QuoteEmailResponse } from '../../contract/enquiries.ts';
import { apiClient, type CallOptions } from './client.ts';
import { callApi } from './apiError.ts';

/** POST /api/v1/send-instant-email: resolves once the provider has stored the request and queued its e-mail. */
export function sendInstantEmail(payload: QuoteEmailRequest, { signal }: CallOptions = {}): Promise<QuoteEmailResponse> {
  return callApi(() => apiClient()<QuoteEmailResponse>('/send-instant-email', { method: 'POST', body: payload, signal }));
}

/** POST /api/v1/contact-us: success on 200; a refusal's text is the response's `error` field (spec §7). */
export function sendContactForm(form: ContactRequest, { signal }: CallOptions = {}): Promise<ContactResponse> {
  return callApi(() => apiClient()<ContactResponse>('/contact-us', { method: 'POST', body: form, signal }), 'error');
}
