/** The console's enquiries inbox and mail outbox calls (contract/consoleEnquiries.ts), through the one console client. */
import {
  INBOX_PATHS,
  type EnquiryAnswer,
  type EnquiryKind,
  type EnquiryStatus,
  type InboxPage,
  type MailStatus,
  type OfferInput,
  type OutboxAnswer,
  type OutboxPage,
  type PriceAnswer,
  type PriceTripInput,
  type ReplyInput,
  type TextsPage,
} from '../../contract/consoleEnquiries.ts';
import { consoleCall } from './consoleClient.ts';

type Signal = { signal?: AbortSignal };

export const listEnquiries = (query: { status: EnquiryStatus | null; kind: EnquiryKind | null; after: string | null }, { signal }: Signal = {}) =>
  consoleCall<InboxPage>(INBOX_PATHS.enquiries, { query, signal });

export const loadEnquiry = (kind: EnquiryKind, id: number, { signal }: Signal = {}) => consoleCall<EnquiryAnswer>(INBOX_PATHS.enquiry(kind, id), { signal });

export const replyToEnquiry = (kind: EnquiryKind, id: number, reply: ReplyInput) =>
  consoleCall<EnquiryAnswer>(INBOX_PATHS.reply(kind, id), { method: 'POST', body: { ...reply } });

export const changeEnquiryStatus = (kind: EnquiryKind, id: number, to: 'open' | 'closed') =>
  consoleCall<EnquiryAnswer>(to === 'closed' ? INBOX_PATHS.close(kind, id) : INBOX_PATHS.reopen(kind, id), { method: 'POST', body: {} });

export const priceQuoteRequest = (id: number, trip: PriceTripInput) => consoleCall<PriceAnswer>(INBOX_PATHS.price(id), { method: 'POST', body: { ...trip } });

export const offerQuote = (id: number, offer: OfferInput) => consoleCall<EnquiryAnswer>(INBOX_PATHS.offer(id), { method: 'POST', body: { ...offer } });

export const listMails = (query: { status: MailStatus | null; after: string | null }, { signal }: Signal = {}) => consoleCall<OutboxPage>(INBOX_PATHS.mails, { query, signal });

export const loadMail = (id: number, { signal }: Signal = {}) => consoleCall<OutboxAnswer>(INBOX_PATHS.mail(id), { signal });

export const resendMail = (id: number) => consoleCall<OutboxAnswer>(INBOX_PATHS.resend(id), { method: 'POST', body: {} });

/** The passengers' text messages (issue 33), newest first. */
export const listTexts = (query: { status: MailStatus | null; after: string | null }, { signal }: Signal = {}) => consoleCall<TextsPage>(INBOX_PATHS.texts, { query, signal });
