/**
 * The quote-request flow's one effect, declared by signature only. The view layer supplies the real actor with
 * `quoteRequestMachine.provide({ actors })` as a thin wrapper over src/api (passing `signal` through); tests supply
 * stubs the same way.
 */
import { fromPromise } from 'xstate';
import type { QuoteEmailRequest, QuoteEmailResponse } from '../../contract/enquiries.ts';

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`quoteRequest actor "${name}" is not provided: supply it with quoteRequestMachine.provide({ actors })`));

export const quoteRequestActors = {
  /**
   * POST /api/v1/send-instant-email with the quote e-mail payload (spec §3). Resolves once the provider has stored
   * the request (and queued its e-mail to the operator); rejects on any network or HTTP error, with the server's
   * `message` (or the client error's) as the Error message.
   */
  sendQuoteRequest: fromPromise<QuoteEmailResponse, QuoteEmailRequest>(notProvided('sendQuoteRequest')),
};
