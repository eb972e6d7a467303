/**
 * The inbox and outbox effects by signature: src/app/console/inboxLogic.ts and
 * src/app/console/outboxLogic.ts supply the real ones (src/api/consoleInbox.ts), tests supply stubs.
 */
import { fromPromise } from 'xstate';
import type {
  EnquiryAnswer,
  EnquiryKind,
  EnquiryStatus,
  InboxPage,
  MailStatus,
  OfferInput,
  OutboxAnswer,
  OutboxPage,
  PriceAnswer,
  PriceTripInput,
  ReplyInput,
} from '../../contract/consoleEnquiries.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`inbox actor "${name}" is not provided`));

export interface EnquiryRef {
  kind: EnquiryKind;
  id: number;
}

export interface InboxFilters {
  status: EnquiryStatus | null;
  kind: EnquiryKind | null;
}

export const inboxActors = {
  loadEnquiries: fromPromise<InboxPage, InboxFilters & { after: string | null }>(notProvided('loadEnquiries')),
  loadEnquiry: fromPromise<EnquiryAnswer, EnquiryRef>(notProvided('loadEnquiry')),
  sendReply: fromPromise<EnquiryAnswer, EnquiryRef & ReplyInput>(notProvided('sendReply')),
  changeStatus: fromPromise<EnquiryAnswer, EnquiryRef & { to: 'open' | 'closed' }>(notProvided('changeStatus')),
  priceTrip: fromPromise<PriceAnswer, { id: number; trip: PriceTripInput }>(notProvided('priceTrip')),
  sendOffer: fromPromise<EnquiryAnswer, { id: number; offer: OfferInput }>(notProvided('sendOffer')),
};

export const outboxActors = {
  loadMails: fromPromise<OutboxPage, { status: MailStatus | null; after: string | null }>(notProvided('loadMails')),
  loadMail: fromPromise<OutboxAnswer, { id: number }>(notProvided('loadMail')),
  resend: fromPromise<OutboxAnswer, { id: number }>(notProvided('resend')),
};
