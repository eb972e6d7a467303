/**
 * The console's enquiries inbox (/admin/enquiries). Two regions side by side:
 * - `list`: `loading` → `ready` | `failed` (retry); a filter change (status, kind) loads the first page again;
 *   `list.more` loads the next keyset page into `loadingMore` (its failure keeps the rows and says so).
 * - `detail`: `none` until an enquiry is opened, `loading` → `ready` | `failed` (retry). `ready` is `idle`,
 *   `replying`, `changingStatus`, `pricing` or `offering`: one change at a time, a second press is ignored while
 *   one runs. A reply keeps its key until it succeeds, so a retry after a failure can never mail twice (the server
 *   stores one reply per key). A QUOTE NOW request's trip is prefilled from the request, priced by the server, and one
 *   priced vehicle offered to the visitor.
 * After each change the enquiry is what the server answered and its row in the list takes the new status.
 */
import { and, assertEvent, assign, not, setup, stateIn } from 'xstate';
import type { EnquiryDetail, EnquiryKind, EnquiryStatus, InboxRow, PriceAnswer, PriceTripInput } from '../../contract/consoleEnquiries.ts';
import { inboxActors, type EnquiryRef, type InboxFilters } from './inbox.actors.ts';
import { tripOfEnquiry } from './inbox.trip.ts';

export interface InboxContext {
  filters: InboxFilters;
  rows: InboxRow[];
  next: string | null;
  listError: string | null;
  moreError: string | null;
  selected: EnquiryRef | null;
  enquiry: EnquiryDetail | null;
  detailError: string | null;
  draft: string;
  replyKey: string | null;
  offerKey: string | null;
  /** The last change's failure (reply, close, reopen, price, offer), shown by the detail. */
  actionError: string | null;
  /** What the last change did, for a polite live region. */
  notice: string | null;
  trip: PriceTripInput | null;
  price: PriceAnswer | null;
  choice: { vehicle_id: number; company_id: number } | null;
  offerText: string;
  /** Issue 34: the dispatcher's own price (pounds, as typed; blank = the tariff's) and its reason. */
  offerPrice: string;
  offerReason: string;
}

export type InboxEvent =
  | { type: 'filter.change'; status?: EnquiryStatus | null; kind?: EnquiryKind | null }
  | { type: 'list.retry' }
  | { type: 'list.more' }
  | { type: 'enquiry.open'; kind: EnquiryKind; id: number }
  | { type: 'enquiry.dismiss' }
  | { type: 'detail.retry' }
  | { type: 'draft.change'; text: string }
  | { type: 'reply.send'; key: string }
  | { type: 'status.close' }
  | { type: 'status.reopen' }
  | { type: 'trip.change'; trip: Partial<PriceTripInput> }
  | { type: 'trip.price' }
  | { type: 'offer.choose'; vehicle_id: number; company_id: number }
  | { type: 'offer.text'; text: string }
  | { type: 'offer.price'; price?: string; reason?: string }
  | { type: 'offer.send'; key: string };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

export const inboxMachine = setup({
  types: { context: {} as InboxContext, events: {} as InboxEvent },
  actors: inboxActors,
  actions: {
    setFilters: assign(({ context, event }) => {
      assertEvent(event, 'filter.change');
      return {
        filters: {
          status: event.status === undefined ? context.filters.status : event.status,
          kind: event.kind === undefined ? context.filters.kind : event.kind,
        },
      };
    }),
    select: assign(({ event }) => {
      assertEvent(event, 'enquiry.open');
      return { selected: { kind: event.kind, id: event.id }, enquiry: null, detailError: null, draft: '', replyKey: null, offerKey: null, actionError: null, notice: null, trip: null, price: null, choice: null, offerText: '', offerPrice: '', offerReason: '' };
    }),
    deselect: assign({ selected: null, enquiry: null, detailError: null, actionError: null, notice: null, trip: null, price: null, choice: null }),
    setEnquiry: assign(({ context }, params: { enquiry: EnquiryDetail }) => ({
      enquiry: params.enquiry,
      trip: context.trip ?? tripOfEnquiry(params.enquiry),
      rows: context.rows.map((row) => (row.kind === params.enquiry.kind && row.id === params.enquiry.id ? { ...row, status: params.enquiry.status } : row)),
    })),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'draft.change');
      return { draft: event.text };
    }),
    keepReplyKey: assign(({ context, event }) => {
      assertEvent(event, 'reply.send');
      return { replyKey: context.replyKey ?? event.key, actionError: null, notice: null };
    }),
    keepOfferKey: assign(({ context, event }) => {
      assertEvent(event, 'offer.send');
      return { offerKey: context.offerKey ?? event.key, actionError: null, notice: null };
    }),
    replied: assign({ draft: '', replyKey: null, notice: 'Reply sent' }),
    offered: assign({ offerKey: null, price: null, choice: null, offerText: '', offerPrice: '', offerReason: '', notice: 'Quote sent' }),
    setOfferPrice: assign(({ context, event }) => {
      assertEvent(event, 'offer.price');
      return { offerPrice: event.price ?? context.offerPrice, offerReason: event.reason ?? context.offerReason };
    }),
    statusChanged: assign(({ context }) => ({ notice: context.enquiry?.status === 'closed' ? 'Enquiry closed' : 'Enquiry reopened' })),
    setTrip: assign(({ context, event }) => {
      assertEvent(event, 'trip.change');
      return { trip: { ...(context.trip ?? tripOfEnquiry(context.enquiry!)!), ...event.trip }, price: null, choice: null };
    }),
    setPrice: assign((_, params: { price: PriceAnswer }) => ({ price: params.price, choice: { vehicle_id: params.price.options[0].vehicle_id, company_id: params.price.options[0].company_id } })),
    choose: assign(({ event }) => {
      assertEvent(event, 'offer.choose');
      return { choice: { vehicle_id: event.vehicle_id, company_id: event.company_id } };
    }),
    setOfferText: assign(({ event }) => {
      assertEvent(event, 'offer.text');
      return { offerText: event.text };
    }),
    clearAction: assign({ actionError: null, notice: null }),
    actionFailed: assign((_, params: { error: unknown }) => ({ actionError: messageOf(params.error) })),
  },
  guards: {
    hasMore: ({ context }) => context.next !== null,
    hasDraft: ({ context }) => context.draft.trim() !== '',
    isQuote: ({ context }) => context.enquiry?.kind === 'quote',
    hasChoice: ({ context }) => context.price !== null && context.choice !== null,
  },
}).createMachine({
  id: 'consoleInbox',
  type: 'parallel',
  context: {
    filters: { status: 'open', kind: null },
    rows: [],
    next: null,
    listError: null,
    moreError: null,
    selected: null,
    enquiry: null,
    detailError: null,
    draft: '',
    replyKey: null,
    offerKey: null,
    actionError: null,
    notice: null,
    trip: null,
    price: null,
    choice: null,
    offerText: '',
    offerPrice: '',
    offerReason: '',
  },
  states: {
    list: {
      initial: 'loading',
      on: { 'filter.change': { target: '.loading', actions: 'setFilters' } },
      states: {
        loading: {
          entry: assign({ listError: null, moreError: null }),
          invoke: {
            src: 'loadEnquiries',
            input: ({ context }) => ({ ...context.filters, after: null }),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ rows: event.output.enquiries, next: event.output.next })) },
            onError: { target: 'failed', actions: assign(({ event }) => ({ listError: messageOf(event.error), rows: [], next: null })) },
          },
        },
        ready: { on: { 'list.more': { guard: 'hasMore', target: 'loadingMore' }, 'list.retry': 'loading' } },
        loadingMore: {
          entry: assign({ moreError: null }),
          invoke: {
            src: 'loadEnquiries',
            input: ({ context }) => ({ ...context.filters, after: context.next }),
            onDone: { target: 'ready', actions: assign(({ context, event }) => ({ rows: [...context.rows, ...event.output.enquiries], next: event.output.next })) },
            onError: { target: 'ready', actions: assign(({ event }) => ({ moreError: messageOf(event.error) })) },
          },
        },
        failed: { on: { 'list.retry': 'loading' } },
      },
    },
    detail: {
      initial: 'none',
      on: {
        'enquiry.open': { target: '.loading', actions: 'select' },
        'enquiry.dismiss': { target: '.none', actions: 'deselect' },
      },
      states: {
        none: {},
        loading: {
          invoke: {
            src: 'loadEnquiry',
            input: ({ context }) => context.selected!,
            onDone: { target: 'ready', actions: { type: 'setEnquiry', params: ({ event }) => ({ enquiry: event.output.enquiry }) } },
            onError: { target: 'failed', actions: assign(({ event }) => ({ detailError: messageOf(event.error) })) },
          },
        },
        failed: { on: { 'detail.retry': 'loading' } },
        ready: {
          initial: 'idle',
          // Typing goes on while a call runs (the fields stay editable): each is dropped only where it would change
          // what that call is sending or pricing (the reply being sent, the trip being priced, the offer being sent).
          on: {
            'draft.change': { guard: not(stateIn({ detail: { ready: 'replying' } })), actions: 'setDraft' },
            'trip.change': { guard: and(['isQuote', not(stateIn({ detail: { ready: 'pricing' } })), not(stateIn({ detail: { ready: 'offering' } }))]), actions: 'setTrip' },
            'offer.choose': { guard: and([not(stateIn({ detail: { ready: 'pricing' } })), not(stateIn({ detail: { ready: 'offering' } }))]), actions: 'choose' },
            'offer.text': { guard: not(stateIn({ detail: { ready: 'offering' } })), actions: 'setOfferText' },
            'offer.price': { guard: not(stateIn({ detail: { ready: 'offering' } })), actions: 'setOfferPrice' },
          },
          states: {
            idle: {
              on: {
                'reply.send': { guard: 'hasDraft', target: 'replying', actions: 'keepReplyKey' },
                'status.close': { target: 'changingStatus', actions: 'clearAction' },
                'status.reopen': { target: 'reopening', actions: 'clearAction' },
                'trip.price': { guard: 'isQuote', target: 'pricing', actions: 'clearAction' },
                'offer.send': { guard: 'hasChoice', target: 'offering', actions: 'keepOfferKey' },
              },
            },
            replying: {
              invoke: {
                src: 'sendReply',
                input: ({ context }) => ({ ...context.selected!, text: context.draft, reply_key: context.replyKey! }),
                onDone: { target: 'idle', actions: [{ type: 'setEnquiry', params: ({ event }) => ({ enquiry: event.output.enquiry }) }, 'replied'] },
                onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            changingStatus: {
              invoke: {
                src: 'changeStatus',
                input: ({ context }) => ({ ...context.selected!, to: 'closed' as const }),
                onDone: { target: 'idle', actions: [{ type: 'setEnquiry', params: ({ event }) => ({ enquiry: event.output.enquiry }) }, 'statusChanged'] },
                onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            reopening: {
              invoke: {
                src: 'changeStatus',
                input: ({ context }) => ({ ...context.selected!, to: 'open' as const }),
                onDone: { target: 'idle', actions: [{ type: 'setEnquiry', params: ({ event }) => ({ enquiry: event.output.enquiry }) }, 'statusChanged'] },
                onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            pricing: {
              invoke: {
                src: 'priceTrip',
                input: ({ context }) => ({ id: context.selected!.id, trip: context.trip! }),
                onDone: { target: 'idle', actions: { type: 'setPrice', params: ({ event }) => ({ price: event.output }) } },
                onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            offering: {
              invoke: {
                src: 'sendOffer',
                input: ({ context }) => ({
                  id: context.selected!.id,
                  offer: {
                    quote_id: context.price!.quote_id,
                    ...context.choice!,
                    text: context.offerText,
                    reply_key: context.offerKey!,
                    // Blank: the tariff's price; else the dispatcher's own with its reason (the server checks both).
                    price_override: context.offerPrice.trim() ? { price: Number(context.offerPrice.trim()), reason: context.offerReason } : null,
                  },
                }),
                onDone: { target: 'idle', actions: [{ type: 'setEnquiry', params: ({ event }) => ({ enquiry: event.output.enquiry }) }, 'offered'] },
                onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});

export type InboxMachine = typeof inboxMachine;
