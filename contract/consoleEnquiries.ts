import { z } from 'zod';
import type { BookingForm, BookingType, HourlyRateForm, PriceDetail } from './booking.ts';
import { priceOverrideSchema } from './staffPrices.ts';

/**
 * The console's enquiries inbox and mail outbox (issue 17), under /api/admin, for owners and dispatchers of the site.
 *
 * Inbox: QUOTE NOW requests (kind 'quote') and Contact Us messages (kind 'contact'), newest first, keyset paged.
 * A reply is mailed through the outbox and kept with the enquiry (status → answered); close and reopen change the
 * status only. A QUOTE NOW request can be priced by the site's own quoting engine from its trip, and one vehicle of
 * that price list offered to the visitor: the mail carries a link to book it at the server's price.
 * Outbox: the site's mails, newest first, with their delivery state; a resend queues a new copy.
 */

export const ENQUIRY_KINDS = ['quote', 'contact'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
export const ENQUIRY_STATUSES = ['open', 'answered', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const INBOX_PATHS = {
  enquiries: '/enquiries',
  enquiry: (kind: EnquiryKind, id: number) => `/enquiries/${kind}/${id}`,
  reply: (kind: EnquiryKind, id: number) => `/enquiries/${kind}/${id}/reply`,
  close: (kind: EnquiryKind, id: number) => `/enquiries/${kind}/${id}/close`,
  reopen: (kind: EnquiryKind, id: number) => `/enquiries/${kind}/${id}/reopen`,
  price: (id: number) => `/enquiries/quote/${id}/price`,
  offer: (id: number) => `/enquiries/quote/${id}/offer`,
  mails: '/mail',
  mail: (id: number) => `/mail/${id}`,
  resend: (id: number) => `/mail/${id}/resend`,
  /** The passengers' text messages (issue 33), on the same page as the mail. */
  texts: '/texts',
} as const;

/** Where a quote offer's link points: the token travels in the fragment (never sent to a server, never in a Referer). */
export const QUOTE_OFFER_ROUTE = '/quote-offer';
/**
 * The public call the quote-offer page makes with the link's token (under /api/v1, with the key pair): the stored
 * quote's vehicle priced again by the server, and the trip, so the page can open the booking flow at that quote.
 */
export const QUOTE_OFFER_API = '/quote-offer';
export const quoteOfferOpenSchema = z.object({ token: z.string({ error: 'token is required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'not a quote link') });
/** The server's answer to a valid link: the stored quote's trip and the offered vehicle, priced again now. */
export interface OpenedQuoteOffer {
  booking_type: BookingType;
  /** The quote's form: a BookingForm for a mileage quote, an HourlyRateForm for an hourly one. */
  booking_form: BookingForm | HourlyRateForm;
  vehicle: PriceDetail;
  /** ISO instant after which the link is refused. */
  expires_at: string;
}

export const QUOTE_OFFER_UNKNOWN = 'This quote link has expired or is not valid. Please search again or ask us for a new quote.';

/** An offered quote stays bookable this long, or until the pick-up if sooner. */
export const QUOTE_OFFER_DAYS = 7;

export const REPLY_MAX = 10_000;
export const PAGE_SIZE_MAX = 100;

export const INBOX_MESSAGES = {
  notFound: 'No such enquiry on this site',
  mailNotFound: 'No such mail on this site',
  noEmail: 'This visitor left no e-mail address to reply to',
  noOperatorEmail: 'Replies are sent from the operator’s address: set FROM_EMAIL in the settings first',
  alreadyClosed: 'This enquiry is already closed',
  notClosed: 'This enquiry is not closed',
  closed: 'This enquiry is closed: reopen it to reply',
  notPriced: 'No vehicle of this price list can carry this trip. Reply with a message instead.',
  notInQuote: 'This vehicle is not part of the price list. Price the trip again.',
  quoteExpired: 'This price list has expired. Price the trip again.',
  sensitive: 'This mail held a one-time secret and cannot be resent',
  badCursor: 'after: not a page of this list',
} as const;

const pageSize = z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}`).default(25);
/** A keyset cursor: the `next` of the previous page, as given. */
const cursor = z.string().trim().max(200).regex(/^[A-Za-z0-9_-]+$/, 'not a page of this list').optional();

/** GET /enquiries */
export const inboxQuerySchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: "status must be 'open', 'answered' or 'closed'" }).optional(),
  kind: z.enum(ENQUIRY_KINDS, { error: "kind must be 'quote' or 'contact'" }).optional(),
  after: cursor,
  limit: pageSize,
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const enquiryRefSchema = z.object({
  kind: z.enum(ENQUIRY_KINDS, { error: "kind must be 'quote' or 'contact'" }),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** One row of the inbox list. */
export const inboxRowSchema = z.object({
  kind: z.enum(ENQUIRY_KINDS),
  id: z.number(),
  /** ISO instant. */
  received_at: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** 'pickup → dropoff' of a quote request, 'reason: comments' of a message (at most 200 characters). */
  summary: z.string(),
});
export type InboxRow = z.infer<typeof inboxRowSchema>;

export const inboxPageSchema = z.object({
  success: z.literal(true),
  enquiries: z.array(inboxRowSchema),
  /** `after` of the next page, null on the last. */
  next: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const quoteOfferSchema = z.object({
  id: z.number(),
  quote_id: z.string(),
  vehicle_id: z.number(),
  company_id: z.number(),
  vehicle_type: z.string(),
  company_name: z.string(),
  /** Pounds, as offered (the booking is priced again by the server from the stored quote). */
  price: z.number(),
  expires_at: z.string(),
});
export type QuoteOffer = z.infer<typeof quoteOfferSchema>;

export const enquiryReplySchema = z.object({
  id: z.number(),
  at: z.string(),
  author: z.string(),
  text: z.string(),
  mail_id: z.number(),
  /** The mail's delivery state now. */
  mail_status: z.enum(MAIL_STATUSES),
  offer: quoteOfferSchema.nullable(),
});
export type EnquiryReply = z.infer<typeof enquiryReplySchema>;

/** What the visitor sent, by kind. */
export const enquiryFieldsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('quote'),
    pickup_address: z.string(),
    dropoff_address: z.string(),
    pickup_date: z.string(),
    pickup_time: z.string(),
    passengers: z.number(),
    luggages: z.number(),
    additional_info: z.string(),
  }),
  z.object({ kind: z.literal('contact'), query_reason: z.string(), booking_number: z.string(), comments: z.string() }),
]);
export type EnquiryFields = z.infer<typeof enquiryFieldsSchema>;

export const enquiryDetailSchema = inboxRowSchema.extend({
  fields: enquiryFieldsSchema,
  status_changed_at: z.string().nullable(),
  replies: z.array(enquiryReplySchema),
});
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>;

export const enquiryAnswerSchema = z.object({ success: z.literal(true), enquiry: enquiryDetailSchema });
export type EnquiryAnswer = z.infer<typeof enquiryAnswerSchema>;

/** POST /enquiries/:kind/:id/reply */
export const replySchema = z.object({
  text: z.string({ error: 'Write a reply' }).trim().min(1, 'Write a reply').max(REPLY_MAX, `At most ${REPLY_MAX} characters`),
  /** The console's key of this composed reply (a new one per reply): the same key again is the same reply. */
  reply_key: z.string({ error: 'reply_key is required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _'),
});
export type ReplyInput = z.input<typeof replySchema>;

/** POST /enquiries/quote/:id/price: the request's trip as the staff member corrects it (the form is prefilled). */
export const priceTripSchema = z.object({
  pickup: z.string().trim().min(1, 'An address is required').max(300),
  dropoff: z.string().trim().min(1, 'An address is required').max(300),
  pickup_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD'),
  /** 24-hour 'HH:MM', minutes in steps of 5 (the booking form's). */
  pickup_time: z.string().regex(/^([01]\d|2[0-3]):[0-5][05]$/, 'HH:MM, minutes in steps of 5'),
  passengers: z.coerce.number().int().min(1, 'At least 1').max(50),
  luggages: z.coerce.number().int().min(0).max(20),
});
export type PriceTripInput = z.input<typeof priceTripSchema>;

/** One priceable vehicle of the list the engine made (only rows with a price). */
export const pricedOptionSchema = z.object({
  vehicle_id: z.number(),
  company_id: z.number(),
  vehicle_type: z.string(),
  company_name: z.string(),
  max_seat: z.number(),
  luggage: z.number(),
  /** Pounds, one vehicle, the engine's final price. */
  final_price: z.number(),
});
export type PricedOption = z.infer<typeof pricedOptionSchema>;

export const priceAnswerSchema = z.object({ success: z.literal(true), quote_id: z.string(), expires_at: z.string(), options: z.array(pricedOptionSchema) });
export type PriceAnswer = z.infer<typeof priceAnswerSchema>;

/** POST /enquiries/quote/:id/offer */
export const offerSchema = z.object({
  quote_id: z.string().trim().min(1).max(100),
  vehicle_id: z.coerce.number().int().positive(),
  company_id: z.coerce.number().int().positive(),
  text: z.string().trim().max(REPLY_MAX, `At most ${REPLY_MAX} characters`).default(''),
  reply_key: replySchema.shape.reply_key,
  /** Issue 34: the dispatcher's own price for this vehicle instead of the tariff's, with its reason; null = the tariff. */
  price_override: priceOverrideSchema.nullable().optional(),
});
export type OfferInput = z.input<typeof offerSchema>;

/** GET /mail */
export const outboxQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES, { error: "status must be 'queued', 'sent' or 'failed'" }).optional(),
  after: cursor,
  limit: pageSize,
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export const mailRefSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const outboxRowSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  /** The last delivery error (failed, or queued for a retry). */
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  attachments: z.array(z.string()),
  /** The mail this one copies (a resend). */
  resend_of: z.number().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;

export const outboxPageSchema = z.object({ success: z.literal(true), mails: z.array(outboxRowSchema), next: z.string().nullable() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxDetailSchema = outboxRowSchema.extend({
  from: z.string(),
  reply_to: z.string().nullable(),
  /** The plain-text body; null once a mail holding a secret has been delivered (its bodies are blanked). */
  text: z.string().nullable(),
  transport: z.string().nullable(),
  message_id: z.string().nullable(),
  /** Its resends, oldest first. */
  resends: z.array(z.number()),
});
export type OutboxDetail = z.infer<typeof outboxDetailSchema>;

/** GET /texts: the site's text messages, newest first, with their delivery state (issue 33). */
export const textsQuerySchema = outboxQuerySchema;
export type TextsQuery = z.input<typeof textsQuerySchema>;

export const textRowSchema = z.object({
  id: z.number(),
  /** booking_confirmed, driver_assigned, driver_on_the_way, driver_arrived, reminder, booking_cancelled. */
  kind: z.string(),
  /** The passenger's number in E.164. */
  to: z.string(),
  booking_number: z.string().nullable(),
  body: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  /** The last delivery error (failed, or queued for a retry), as the provider gave it. */
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** 'outbox' or 'twilio' once tried. */
  transport: z.string().nullable(),
});
export type TextRow = z.infer<typeof textRowSchema>;

export const textsPageSchema = z.object({ success: z.literal(true), texts: z.array(textRowSchema), next: z.string().nullable() });
export type TextsPage = z.infer<typeof textsPageSchema>;

/** GET /mail/:id, and POST /mail/:id/resend (201, the new copy). */
export const outboxAnswerSchema = z.object({ success: z.literal(true), mail: outboxDetailSchema });
export type OutboxAnswer = z.infer<typeof outboxAnswerSchema>;
