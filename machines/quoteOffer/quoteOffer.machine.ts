/**
 * The /quote-offer page (issue 17, "a priced quote the visitor receives as a link to book it"): the link's token is
 * read from the fragment and the address replaced before anything is asked; the server answers the trip and the
 * offered vehicle priced now; the trip is handed to the booking flow as it stores a chosen vehicle, and the visitor
 * lands on its next step (the page's composition root navigates).
 *
 *   start (the address replaced without its fragment) ─ no token of a link's shape ─→ unknown
 *     └─→ opening ─ 404 / 400 ─→ unknown (QUOTE_OFFER_UNKNOWN, the operator's phone, a new quote)
 *            │  └─ other failure ─→ failed ─ retry ─→ opening
 *            └─→ handingOver ─→ handedOver (the booking step's document is loading)
 *                     └─ storage refused ─→ failed (no retry helps: the text says so)
 */
import { assign, setup } from 'xstate';
import { quoteOfferActors } from './quoteOffer.actors.ts';
import { HAND_OVER_FAILURE, offeredTrip, QUOTE_OFFER_FAILURE, QUOTE_OFFER_TOKEN_PATTERN, type OpenedQuoteOffer } from './quoteOffer.types.ts';

export interface QuoteOfferInput {
  /** The token of the page's fragment, or null. */
  token: string | null;
}

export interface QuoteOfferContext {
  token: string | null;
  offer: OpenedQuoteOffer | null;
  error: string | null;
  /** A retry can help (a failed call), or not (the browser refused to store the trip). */
  retryable: boolean;
}

export type QuoteOfferEvent = { type: 'retry' };

/** Whether or not the address could be replaced, the token is in the context (the fragment never leaves the browser). */
const afterAddress = [{ guard: 'hasLinkToken', target: 'opening' }, { target: 'unknown' }] as const;

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

export const quoteOfferMachine = setup({
  types: {
    context: {} as QuoteOfferContext,
    events: {} as QuoteOfferEvent,
    input: {} as QuoteOfferInput,
  },
  actors: quoteOfferActors,
  guards: {
    hasLinkToken: ({ context }) => context.token !== null && QUOTE_OFFER_TOKEN_PATTERN.test(context.token),
    /** 404: unknown, another site's or expired; 400: not a link's token. Either way the link cannot be booked. */
    isRefusedLink: (_, params: { error: unknown }) => statusOf(params.error) === 404 || statusOf(params.error) === 400,
    canRetry: ({ context }) => context.retryable,
  },
  actions: {
    setOffer: assign({ offer: (_, params: { offer: OpenedQuoteOffer }) => params.offer }),
    fail: assign((_, params: { error: string; retryable: boolean }) => ({ error: params.error, retryable: params.retryable })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'quoteOffer',
  context: ({ input }) => ({ token: input.token, offer: null, error: null, retryable: true }),
  initial: 'start',
  states: {
    // An invoked effect rather than an entry action: an actor starts its first state's children before it runs that
    // state's entry actions, so only the effect's end orders the address change before the call.
    start: {
      invoke: { src: 'forgetAddress', onDone: afterAddress, onError: afterAddress },
    },
    opening: {
      entry: 'clearError',
      invoke: {
        src: 'openOffer',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'handingOver', actions: { type: 'setOffer', params: ({ event }) => ({ offer: event.output }) } },
        onError: [
          { guard: { type: 'isRefusedLink', params: ({ event }) => ({ error: event.error }) }, target: 'unknown' },
          { target: 'failed', actions: { type: 'fail', params: { error: QUOTE_OFFER_FAILURE, retryable: true } } },
        ],
      },
    },
    handingOver: {
      invoke: {
        src: 'handOver',
        input: ({ context }) => offeredTrip(context.offer!),
        onDone: 'handedOver',
        onError: { target: 'failed', actions: { type: 'fail', params: { error: HAND_OVER_FAILURE, retryable: false } } },
      },
    },
    /** The booking step is loading in this tab; nothing more happens here. */
    handedOver: { type: 'final' },
    unknown: { type: 'final' },
    failed: {
      on: { retry: { guard: 'canRetry', target: 'opening' } },
    },
  },
});

export type QuoteOfferMachine = typeof quoteOfferMachine;

/** What the page shows: one of these. */
export type QuoteOfferStage = 'loading' | 'unknown' | 'failed';

type Snapshot = { matches: (state: 'unknown' | 'failed') => boolean; context: QuoteOfferContext };

export const selectStage = (s: Snapshot): QuoteOfferStage => (s.matches('unknown') ? 'unknown' : s.matches('failed') ? 'failed' : 'loading');
export const selectError = (s: Snapshot) => s.context.error;
export const selectRetryable = (s: Snapshot) => s.context.retryable;
