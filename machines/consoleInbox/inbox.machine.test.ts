import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { EnquiryAnswer, EnquiryDetail, InboxPage, OutboxAnswer, OutboxDetail, OutboxPage, PriceAnswer } from '../../contract/consoleEnquiries.ts';
import { inboxMachine, outboxMachine } from './index.ts';

const enquiry = (patch: Partial<EnquiryDetail> = {}): EnquiryDetail => ({
  kind: 'quote',
  id: 7,
  received_at: '2026-11-25T10:00:00.000Z',
  status: 'open',
  status_changed_at: null,
  name: 'Grace Hopper',
  email: 'grace@example.test',
  phone: '07700 900123',
  summary: 'A → B',
  fields: { kind: 'quote', pickup_address: 'A', dropoff_address: 'B', pickup_date: '2026-12-01', pickup_time: '2:30pm', passengers: 2, luggages: 1, additional_info: '' },
  replies: [],
  ...patch,
});
const page = (ids: number[], next: string | null): InboxPage => ({
  success: true,
  enquiries: ids.map((id) => ({ kind: 'quote', id, received_at: '2026-11-25T10:00:00.000Z', status: 'open', name: `N${id}`, email: '', phone: '', summary: '' })),
  next,
});

/** The inbox with stub effects; `replies` answers each reply attempt in turn (an Error rejects). */
function inbox(replies: (EnquiryAnswer | Error)[] = []) {
  const calls = { list: [] as unknown[], reply: [] as { reply_key: string; text: string }[], price: [] as unknown[], offer: [] as unknown[] };
  const actor = createActor(
    inboxMachine.provide({
      actors: {
        loadEnquiries: fromPromise(async ({ input }) => {
          calls.list.push(input);
          return input.after ? page([3], null) : page([7, 5], 'cursor-1');
        }),
        loadEnquiry: fromPromise(async () => ({ success: true as const, enquiry: enquiry() })),
        sendReply: fromPromise(async ({ input }) => {
          calls.reply.push(input);
          const answer = replies.shift() ?? { success: true as const, enquiry: enquiry({ status: 'answered' }) };
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        changeStatus: fromPromise(async ({ input }) => ({ success: true as const, enquiry: enquiry({ status: input.to }) })),
        priceTrip: fromPromise(async ({ input }): Promise<PriceAnswer> => {
          calls.price.push(input);
          return { success: true, quote_id: 'q_1', expires_at: '', options: [{ vehicle_id: 2, company_id: 1, vehicle_type: 'Saloon', company_name: 'W', max_seat: 4, luggage: 2, final_price: 42.5 }] };
        }),
        sendOffer: fromPromise(async ({ input }) => {
          calls.offer.push(input);
          return { success: true as const, enquiry: enquiry({ status: 'answered' }) };
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('inbox machine', () => {
  it('loads open enquiries first, pages on with the cursor, and a filter change loads the first page again', async () => {
    const { actor, calls } = inbox();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(calls.list[0]).toEqual({ status: 'open', kind: null, after: null });
    actor.send({ type: 'list.more' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }) && s.context.next === null);
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([7, 5, 3]);
    actor.send({ type: 'list.more' });
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
    actor.send({ type: 'filter.change', kind: 'contact' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(calls.list.at(-1)).toEqual({ status: 'open', kind: 'contact', after: null });
  });

  it('keeps a reply key until the reply succeeds: a retry after a failure sends the same key; a second press while sending is ignored', async () => {
    const { actor, calls } = inbox([new Error('Network down')]);
    actor.send({ type: 'enquiry.open', kind: 'quote', id: 7 });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }));
    expect(actor.getSnapshot().context.trip).toEqual({ pickup: 'A', dropoff: 'B', pickup_date: '2026-12-01', pickup_time: '14:30', passengers: 2, luggages: 1 });
    actor.send({ type: 'reply.send', key: 'first-key' });
    expect(actor.getSnapshot().matches({ detail: { ready: 'idle' } })).toBe(true);
    actor.send({ type: 'draft.change', text: 'We can do that.' });
    actor.send({ type: 'reply.send', key: 'first-key' });
    actor.send({ type: 'reply.send', key: 'second-key' });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }));
    expect(actor.getSnapshot().context.actionError).toBe('Network down');
    expect(actor.getSnapshot().context.draft).toBe('We can do that.');
    actor.send({ type: 'reply.send', key: 'third-key' });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }) && s.context.notice !== null);
    expect(calls.reply.map((call) => call.reply_key)).toEqual(['first-key', 'first-key']);
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({ draft: '', replyKey: null, notice: 'Reply sent', actionError: null });
    expect(context.enquiry?.status).toBe('answered');
  });

  it('prices the trip as corrected, offers the first priced vehicle by default, and sends the offer with its own key', async () => {
    const { actor, calls } = inbox();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'enquiry.open', kind: 'quote', id: 7 });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }));
    actor.send({ type: 'offer.send', key: 'offer-key' });
    expect(calls.offer).toEqual([]);
    actor.send({ type: 'trip.change', trip: { pickup_time: '15:00' } });
    actor.send({ type: 'trip.price' });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }) && s.context.price !== null);
    expect(calls.price).toEqual([{ id: 7, trip: { pickup: 'A', dropoff: 'B', pickup_date: '2026-12-01', pickup_time: '15:00', passengers: 2, luggages: 1 } }]);
    actor.send({ type: 'offer.text', text: 'Our price' });
    actor.send({ type: 'offer.send', key: 'offer-key' });
    await waitFor(actor, (s) => s.context.notice === 'Quote sent');
    expect(calls.offer).toEqual([{ id: 7, offer: { quote_id: 'q_1', vehicle_id: 2, company_id: 1, text: 'Our price', reply_key: 'offer-key', price_override: null } }]);
    expect(actor.getSnapshot().context.rows.find((row) => row.id === 7)?.status).toBe('answered');
  });

  it("offers at the dispatcher's own price with its reason (issue 34), and forgets it once sent", async () => {
    const { actor, calls } = inbox();
    actor.send({ type: 'enquiry.open', kind: 'quote', id: 7 });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }));
    actor.send({ type: 'trip.price' });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }) && s.context.price !== null);
    actor.send({ type: 'offer.price', price: ' 55.50 ' });
    actor.send({ type: 'offer.price', reason: 'Matched a competitor' });
    actor.send({ type: 'offer.send', key: 'own-price' });
    await waitFor(actor, (s) => s.context.notice === 'Quote sent');
    expect(calls.offer).toEqual([{ id: 7, offer: { quote_id: 'q_1', vehicle_id: 2, company_id: 1, text: '', reply_key: 'own-price', price_override: { price: 55.5, reason: 'Matched a competitor' } } }]);
    expect(actor.getSnapshot().context).toMatchObject({ offerPrice: '', offerReason: '' });
  });

  it('keeps what is typed while a call runs; only what that call sends or prices is held still', async () => {
    const { actor, calls } = inbox();
    actor.send({ type: 'enquiry.open', kind: 'quote', id: 7 });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }));
    actor.send({ type: 'trip.price' });
    expect(actor.getSnapshot().matches({ detail: { ready: 'pricing' } })).toBe(true);
    // While the trip is priced: a reply is written (kept); the trip is not changed under the price.
    actor.send({ type: 'draft.change', text: 'Thanks, pricing it now.' });
    actor.send({ type: 'trip.change', trip: { pickup_time: '16:00' } });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }) && s.context.price !== null);
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'Thanks, pricing it now.', trip: { pickup_time: '14:30' } });
    // While the reply is sent: the quote's message is written (kept); the draft being sent is not changed.
    actor.send({ type: 'reply.send', key: 'reply-key' });
    actor.send({ type: 'offer.text', text: 'Our price for your trip' });
    actor.send({ type: 'draft.change', text: 'Thanks, pricing it now. PS' });
    await waitFor(actor, (s) => s.context.notice === 'Reply sent');
    expect(calls.reply.map((call) => call.text)).toEqual(['Thanks, pricing it now.']);
    expect(actor.getSnapshot().context).toMatchObject({ draft: '', offerText: 'Our price for your trip' });
    // While the quote is sent: a new reply is written (kept); the offer is not changed under it.
    actor.send({ type: 'offer.send', key: 'offer-key' });
    actor.send({ type: 'draft.change', text: 'One more thing' });
    actor.send({ type: 'offer.text', text: 'changed' });
    await waitFor(actor, (s) => s.context.notice === 'Quote sent');
    expect(calls.offer).toEqual([{ id: 7, offer: { quote_id: 'q_1', vehicle_id: 2, company_id: 1, text: 'Our price for your trip', reply_key: 'offer-key', price_override: null } }]);
    expect(actor.getSnapshot().context.draft).toBe('One more thing');
  });
});

describe('outbox machine', () => {
  it('resends the open mail once however often it is pressed, then shows the copy first in the list', async () => {
    const resent: number[] = [];
    const mail: OutboxDetail = { id: 4, kind: 'enquiry_reply', to: 'a@example.test', subject: 'S', status: 'sent', attempts: 1, error: null, created_at: '', sent_at: '', attachments: [], resend_of: null, from: 'f', reply_to: null, text: 'T', transport: 'outbox', message_id: null, resends: [] };
    const actor = createActor(
      outboxMachine.provide({
        actors: {
          loadMails: fromPromise(async (): Promise<OutboxPage> => ({ success: true, mails: [mail], next: null })),
          loadMail: fromPromise(async (): Promise<OutboxAnswer> => ({ success: true, mail })),
          resend: fromPromise(async ({ input }): Promise<OutboxAnswer> => {
            resent.push(input.id);
            return { success: true, mail: { ...mail, id: 9, status: 'queued', resend_of: 4 } };
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'mail.open', id: 4 });
    await waitFor(actor, (s) => s.matches({ detail: { ready: 'idle' } }));
    actor.send({ type: 'mail.resend' });
    actor.send({ type: 'mail.resend' });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(resent).toEqual([4]);
    expect(actor.getSnapshot().context).toMatchObject({ selected: 9, notice: 'Queued again as mail #9' });
    expect(actor.getSnapshot().context.rows.map((row) => row.id)).toEqual([9, 4]);
  });
});
