/** Composition root of the inbox: machines/consoleInbox's effects made real (src/api/consoleInbox.ts). */
import { fromPromise } from 'xstate';
import { inboxMachine } from '../../../machines/consoleInbox/index.ts';
import { changeEnquiryStatus, listEnquiries, loadEnquiry, offerQuote, priceQuoteRequest, replyToEnquiry } from '../../api/consoleInbox.ts';

export const inboxLogic = inboxMachine.provide({
  actors: {
    loadEnquiries: fromPromise(({ input, signal }) => listEnquiries(input, { signal })),
    loadEnquiry: fromPromise(({ input, signal }) => loadEnquiry(input.kind, input.id, { signal })),
    sendReply: fromPromise(({ input }) => replyToEnquiry(input.kind, input.id, { text: input.text, reply_key: input.reply_key })),
    changeStatus: fromPromise(({ input }) => changeEnquiryStatus(input.kind, input.id, input.to)),
    priceTrip: fromPromise(({ input }) => priceQuoteRequest(input.id, input.trip)),
    sendOffer: fromPromise(({ input }) => offerQuote(input.id, input.offer)),
  },
});

/** A fresh key for one composed reply (the server stores one reply per key). */
export const newReplyKey = () => crypto.randomUUID();
