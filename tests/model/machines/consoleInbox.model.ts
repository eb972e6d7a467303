/**
 * The console's enquiries inbox (machines/consoleInbox, inboxMachine on /admin/enquiries): the list by status with keyset
 * "Show more", a QUOTE NOW request opened, a reply mailed, closed and reopened, its trip changed and priced, a vehicle
 * chosen and offered (at the price list's price, or at the dispatcher's own price with its reason), each call failing.
 * List events are sent with no enquiry open and enquiry events with the list shown (the page's regions are
 * independent: the product would only repeat the same transitions).
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { EnquiryDetail, EnquiryReply, EnquiryStatus, InboxPage, InboxRow, PriceAnswer } from '../../../contract/consoleEnquiries.ts';
import { inboxMachine, type InboxContext } from '../../../machines/consoleInbox/index.ts';
import { machineInvokes } from '../graph.ts';
import type { MachineModel } from '../types.ts';
import { httpError, outcome, variant } from './helpers.ts';

const m = inboxMachine;
const ctx = (s: AnyMachineSnapshot) => s.context as InboxContext;
const last = (invocations: Record<string, unknown[]>, name: string) => (invocations[name] ?? []).at(-1);

export const QUOTE_ID = 71;
export const OLDER_ID = 70;
export const INBOX_FAILED = 'Service unavailable';
export const REPLY_TEXT = 'Thank you, we can do this trip.';
export const OFFER_TEXT = 'Here is our price.';
/** The dispatcher's own price as typed (pounds) and its reason; the offer carries it as a number. */
export const OFFER_PRICE = '55.50';
export const OFFER_REASON = 'Matched a competitor';
export const EDITED_PICKUP = 'Heathrow Terminal 5';
/** The two vehicles the price list offers (the second one is chosen). */
export const OPTIONS = [
  { vehicle_id: 301, company_id: 31, vehicle_type: 'Saloon', company_name: 'Westway Cars', max_seat: 4, luggage: 2, final_price: 48.5 },
  { vehicle_id: 302, company_id: 31, vehicle_type: 'MPV', company_name: 'Westway Cars', max_seat: 6, luggage: 4, final_price: 61 },
];

export const enquiryRow = (id: number, status: EnquiryStatus = 'open'): InboxRow => ({
  kind: 'quote',
  id,
  received_at: '2026-11-26T09:00:00.000Z',
  status,
  name: `Inbox Model ${id}`,
  email: 'inbox.model@example.test',
  phone: '07700 900123',
  summary: 'Paddington Station → Gatwick Airport',
});
const reply = (offered: boolean): EnquiryReply => ({
  id: offered ? 902 : 901,
  at: '2026-11-26T09:10:00.000Z',
  author: 'Dispatcher',
  text: offered ? OFFER_TEXT : REPLY_TEXT,
  mail_id: offered ? 802 : 801,
  mail_status: 'queued',
  offer: offered
    ? { id: 5, quote_id: 'quote-1', vehicle_id: OPTIONS[1].vehicle_id, company_id: 31, vehicle_type: 'MPV', company_name: 'Westway Cars', price: 61, expires_at: '2026-12-03T09:10:00.000Z' }
    : null,
});
/** The enquiry as the server answers: its status and its replies (none, the reply, the offer). */
export const enquiryDetail = (status: EnquiryStatus = 'open', replies: 'none' | 'reply' | 'offer' = 'none'): EnquiryDetail => ({
  ...enquiryRow(QUOTE_ID, status),
  fields: {
    kind: 'quote',
    pickup_address: 'Paddington Station',
    dropoff_address: 'Gatwick Airport',
    pickup_date: '2026-12-10',
    pickup_time: '2:30pm',
    passengers: 2,
    luggages: 1,
    additional_info: '',
  },
  status_changed_at: status === 'closed' ? '2026-11-26T09:20:00.000Z' : null,
  replies: replies === 'none' ? [] : [reply(replies === 'offer')],
});
export const inboxPage = (rows: InboxRow[], next: string | null): InboxPage => ({ success: true, enquiries: rows, next });
export const priceAnswer: PriceAnswer = { success: true, quote_id: 'quote-1', expires_at: '2026-11-26T10:00:00.000Z', options: OPTIONS };

/** The outcome of `src` invoked in the state whose id ends with `state` (changeStatus and loadEnquiries are invoked twice). */
function outcomeIn(src: string, state: string, kind: 'done' | 'error') {
  const invoke = machineInvokes(m).find((i) => i.src === src && i.id.endsWith(`.${state}`));
  if (!invoke) throw new Error(`inbox: no ${src} invoke in ${state}`);
  return `xstate.${kind}.actor.${invoke.id}`;
}
const FAILED = httpError(503, INBOX_FAILED);
const answer = (enquiry: EnquiryDetail) => ({ success: true, enquiry });

export const consoleInboxModel: MachineModel = {
  id: 'consoleInbox',
  title: 'enquiries inbox',
  machine: m,
  origins: [{ id: 'enquiries', label: '/admin/enquiries, signed in', input: undefined }],
  variants: [
    variant('filter.change:closed', { type: 'filter.change', status: 'closed' }, 'Closed'),
    variant('filter.change:open', { type: 'filter.change', status: 'open' }, 'Open'),
    variant('list.retry', { type: 'list.retry' }, 'Try again (the list)'),
    variant('list.more', { type: 'list.more' }, 'Show more'),
    variant('enquiry.open', { type: 'enquiry.open', kind: 'quote', id: QUOTE_ID }, 'open a QUOTE NOW request'),
    variant('enquiry.dismiss', { type: 'enquiry.dismiss' }, 'Back to list'),
    variant('detail.retry', { type: 'detail.retry' }, 'Try again (the enquiry)'),
    variant('draft.change', { type: 'draft.change', text: REPLY_TEXT }, 'write a reply'),
    variant('reply.send', { type: 'reply.send', key: 'reply-key-1' }, 'Send reply'),
    variant('status.close', { type: 'status.close' }, 'Close enquiry'),
    variant('status.reopen', { type: 'status.reopen' }, 'Reopen'),
    variant('trip.change', { type: 'trip.change', trip: { pickup: EDITED_PICKUP } }, 'change the pickup'),
    variant('trip.price', { type: 'trip.price' }, 'Price this trip'),
    variant('offer.choose', { type: 'offer.choose', vehicle_id: OPTIONS[1].vehicle_id, company_id: OPTIONS[1].company_id }, 'choose the MPV'),
    variant('offer.text', { type: 'offer.text', text: OFFER_TEXT }, 'write a message with the quote'),
    variant('offer.price', { type: 'offer.price', price: OFFER_PRICE, reason: OFFER_REASON }, 'type your own price and its reason'),
    variant('offer.send', { type: 'offer.send', key: 'offer-key-1' }, 'Send quote'),
    variant('loadEnquiries:rows', { type: outcomeIn('loadEnquiries', 'list.loading', 'done'), output: inboxPage([enquiryRow(QUOTE_ID)], 'cursor-1') }, 'the newest enquiries, more to come'),
    variant('loadEnquiries:empty', { type: outcomeIn('loadEnquiries', 'list.loading', 'done'), output: inboxPage([], null) }, 'no enquiry closed'),
    variant('loadEnquiries:error', { type: outcomeIn('loadEnquiries', 'list.loading', 'error'), error: FAILED }, 'the list does not load'),
    variant('loadMore:done', { type: outcomeIn('loadEnquiries', 'list.loadingMore', 'done'), output: inboxPage([enquiryRow(OLDER_ID)], null) }, 'the last page'),
    variant('loadMore:error', { type: outcomeIn('loadEnquiries', 'list.loadingMore', 'error'), error: FAILED }, 'the next page does not load'),
    variant('loadEnquiry:done', { type: outcome(m, 'loadEnquiry', 'done'), output: answer(enquiryDetail()) }, 'the request is shown'),
    variant('loadEnquiry:error', { type: outcome(m, 'loadEnquiry', 'error'), error: FAILED }, 'the request does not load'),
    variant('sendReply:done', { type: outcome(m, 'sendReply', 'done'), output: answer(enquiryDetail('answered', 'reply')) }, 'the reply is mailed'),
    variant('sendReply:error', { type: outcome(m, 'sendReply', 'error'), error: FAILED }, 'the reply fails'),
    variant('close:done', { type: outcomeIn('changeStatus', 'changingStatus', 'done'), output: answer(enquiryDetail('closed')) }, 'closed'),
    variant('close:error', { type: outcomeIn('changeStatus', 'changingStatus', 'error'), error: FAILED }, 'closing fails'),
    variant('reopen:done', { type: outcomeIn('changeStatus', 'reopening', 'done'), output: answer(enquiryDetail('open')) }, 'reopened'),
    variant('reopen:error', { type: outcomeIn('changeStatus', 'reopening', 'error'), error: FAILED }, 'reopening fails'),
    variant('priceTrip:done', { type: outcome(m, 'priceTrip', 'done'), output: priceAnswer }, 'two vehicles priced'),
    variant('priceTrip:error', { type: outcome(m, 'priceTrip', 'error'), error: FAILED }, 'pricing fails'),
    variant('sendOffer:done', { type: outcome(m, 'sendOffer', 'done'), output: answer(enquiryDetail('answered', 'offer')) }, 'the quote is mailed'),
    variant('sendOffer:error', { type: outcome(m, 'sendOffer', 'error'), error: FAILED }, 'the quote fails'),
  ],
  offer: (s, v) => {
    const c = ctx(s);
    const closedOnly = c.filters.status === 'closed';
    if (v.key === 'loadEnquiries:rows') return !closedOnly;
    if (v.key === 'loadEnquiries:empty') return closedOnly;
    const [type] = v.key.split(':');
    // The list's own controls, with no enquiry open (with one open they repeat the same transitions).
    if (type === 'filter.change' || type === 'list.more' || type === 'list.retry') {
      if (!s.matches({ detail: 'none' })) return false;
      if (v.key === 'filter.change:closed') return !closedOnly && !s.matches({ list: 'loading' });
      if (v.key === 'filter.change:open') return closedOnly && !s.matches({ list: 'loading' });
      // The machine takes Try again on a shown list too (the page has it on the failed list only).
      if (type === 'list.retry') return s.matches({ list: 'failed' }) || s.matches({ list: 'ready' });
      return true;
    }
    // An enquiry is opened from its row; one at a time (its calls answered first).
    if (type === 'enquiry.open') return s.matches({ list: 'ready' }) && c.rows.some((row) => row.id === QUOTE_ID) && (s.matches({ detail: 'none' }) || s.matches({ detail: 'failed' }));
    // Back to list is on an enquiry shown.
    if (type === 'enquiry.dismiss') return s.matches({ detail: { ready: 'idle' } });
    const closed = c.enquiry?.status === 'closed';
    // A closed enquiry shows Reopen only; an open one the reply box, Close and the quote panel.
    if (type === 'status.reopen') return closed;
    if (['draft.change', 'reply.send', 'status.close', 'trip.change', 'trip.price', 'offer.choose', 'offer.text', 'offer.price', 'offer.send'].includes(type) && closed) return false;
    // Send reply is disabled while the draft is empty; each field is typed once; a reply, a quote and a status change
    // are made one after the other, not interleaved (traversal stays small: the machine keeps them apart anyway).
    const quoting = c.price !== null;
    // Typing while a call runs is kept by the machine (its unit test); the paths type only between calls.
    if (['draft.change', 'trip.change', 'offer.choose', 'offer.text', 'offer.price'].includes(type) && !s.matches({ detail: { ready: 'idle' } })) return false;
    if (type === 'draft.change') return c.draft === '' && !quoting;
    if (type === 'reply.send') return c.draft.trim() !== '';
    if (type === 'status.close') return c.draft === '' && !quoting;
    if (type === 'trip.change') return c.trip?.pickup !== EDITED_PICKUP && c.draft === '' && !quoting;
    if (type === 'trip.price') return c.draft === '';
    // The vehicles, the own price with its reason, the message and Send quote are shown once the trip is priced.
    if (type === 'offer.choose') return c.price !== null && c.choice?.vehicle_id !== OPTIONS[1].vehicle_id;
    if (type === 'offer.text') return c.price !== null && c.offerText === '';
    if (type === 'offer.price') return c.price !== null && c.offerPrice === '';
    if (type === 'offer.send') return c.price !== null;
    return true;
  },
  abstract: (s) => {
    const c = ctx(s);
    return {
      filters: c.filters,
      rows: c.rows.map((r) => `${r.id}:${r.status}`),
      next: c.next !== null,
      listError: c.listError,
      moreError: c.moreError,
      selected: c.selected?.id ?? null,
      enquiry: c.enquiry ? `${c.enquiry.status}:${c.enquiry.replies.map((r) => r.id).join(',')}` : null,
      detailError: c.detailError,
      draft: c.draft !== '',
      replyKey: c.replyKey !== null,
      offerKey: c.offerKey !== null,
      actionError: c.actionError !== null,
      notice: c.notice,
      edited: c.trip?.pickup === EDITED_PICKUP,
      price: c.price !== null,
      choice: c.choice?.vehicle_id ?? null,
      offerText: c.offerText !== '',
      offerPrice: c.offerPrice !== '',
    };
  },
  limit: 10_000,
  isGoal: () => false,
  simple: { variants: () => false, maxPaths: 0, maxLength: 0 },
  assertions: {
    'list.loading': ({ snapshot, invocations }) => expect(last(invocations, 'loadEnquiries')).toEqual({ ...ctx(snapshot).filters, after: null }),
    'list.ready': ({ snapshot }) => expect(ctx(snapshot).listError).toBeNull(),
    'list.loadingMore': ({ invocations }) => expect(last(invocations, 'loadEnquiries')).toMatchObject({ after: 'cursor-1' }),
    'list.failed': ({ snapshot }) => expect(ctx(snapshot)).toMatchObject({ listError: INBOX_FAILED, rows: [] }),
    'detail.none': ({ snapshot }) => expect(ctx(snapshot)).toMatchObject({ selected: null, enquiry: null }),
    'detail.loading': ({ snapshot, invocations }) => expect(last(invocations, 'loadEnquiry')).toEqual(ctx(snapshot).selected),
    'detail.failed': ({ snapshot }) => expect(ctx(snapshot).detailError).toBe(INBOX_FAILED),
    'detail.ready.idle': ({ snapshot }) => {
      const c = ctx(snapshot);
      expect(c.enquiry?.id).toBe(c.selected?.id);
      // The enquiry's row takes the status the server answered.
      for (const row of c.rows.filter((r) => r.id === QUOTE_ID)) expect(row.status).toBe(c.enquiry!.status);
      expect(c.trip).not.toBeNull();
      if (c.notice) expect(['Reply sent', 'Quote sent', 'Enquiry closed', 'Enquiry reopened']).toContain(c.notice);
      if (c.notice === 'Reply sent') expect(c).toMatchObject({ draft: '', replyKey: null });
      if (c.notice === 'Quote sent') expect(c).toMatchObject({ price: null, choice: null, offerKey: null, offerText: '', offerPrice: '', offerReason: '' });
    },
    'detail.ready.replying': ({ snapshot, invocations }) =>
      expect(last(invocations, 'sendReply')).toEqual({ kind: 'quote', id: QUOTE_ID, text: REPLY_TEXT, reply_key: ctx(snapshot).replyKey }),
    'detail.ready.changingStatus': ({ invocations }) => expect(last(invocations, 'changeStatus')).toEqual({ kind: 'quote', id: QUOTE_ID, to: 'closed' }),
    'detail.ready.reopening': ({ invocations }) => expect(last(invocations, 'changeStatus')).toEqual({ kind: 'quote', id: QUOTE_ID, to: 'open' }),
    'detail.ready.pricing': ({ snapshot, invocations }) => {
      const { trip } = ctx(snapshot);
      expect(last(invocations, 'priceTrip')).toEqual({ id: QUOTE_ID, trip });
      // The request's trip as the form starts: its time as the booking form writes it.
      expect(trip).toMatchObject({ dropoff: 'Gatwick Airport', pickup_date: '2026-12-10', pickup_time: '14:30', passengers: 2, luggages: 1 });
    },
    'detail.ready.offering': ({ snapshot, invocations }) => {
      const c = ctx(snapshot);
      // No own price: the price list's (null); else the typed pounds as a number with the reason.
      const price_override = c.offerPrice === '' ? null : { price: 55.5, reason: OFFER_REASON };
      expect(last(invocations, 'sendOffer')).toEqual({ id: QUOTE_ID, offer: { quote_id: 'quote-1', ...c.choice, text: c.offerText, reply_key: c.offerKey, price_override } });
    },
  },
  guardChecks: [
    {
      label: 'Show more only while there is a next page',
      event: { type: 'list.more' },
      expected: (s) => (s.matches({ list: 'ready' }) ? { can: ctx(s).next !== null } : undefined),
    },
    {
      label: 'Send reply only with something written',
      event: { type: 'reply.send', key: 'probe-key-1' },
      expected: (s) => (s.matches({ detail: { ready: 'idle' } }) ? { can: ctx(s).draft.trim() !== '' } : undefined),
    },
    {
      label: 'Send quote only with a priced vehicle chosen',
      event: { type: 'offer.send', key: 'probe-key-2' },
      expected: (s) => (s.matches({ detail: { ready: 'idle' } }) ? { can: ctx(s).price !== null && ctx(s).choice !== null } : undefined),
    },
    {
      label: 'A second press while a change runs is ignored',
      event: { type: 'status.close' },
      expected: (s) => (s.matches({ detail: 'ready' }) && !s.matches({ detail: { ready: 'idle' } }) ? { can: false } : undefined),
    },
  ],
};
