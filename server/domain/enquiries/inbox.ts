import { createHash, randomBytes } from 'node:crypto';
import {
  INBOX_MESSAGES,
  QUOTE_OFFER_DAYS,
  QUOTE_OFFER_ROUTE,
  type EnquiryKind,
  type EnquiryStatus,
  type PriceAnswer,
  type PricedOption,
  type PriceTripInput,
} from '../../../contract/consoleEnquiries.ts';
import { bookingFormSchema, type PriceDetail } from '../../../contract/booking.ts';
import { formatHour12 } from '../../../contract/quoting.constants.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import type { MailIdentity, MailPort } from '../../adapters/mail/index.ts';
import { DomainError } from '../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { siteOrigin } from '../manage/links.ts';
import { QuoteRefused, type Quoting } from '../quotes/quoting.ts';
import type { Site, SiteCatalog } from '../sites/index.ts';
import { createInboxRepository, type EnquiryCore } from './inboxRepository.ts';
import { createOutboxRepository } from './outboxRepository.ts';
import { createQuotesRepository } from '../quotes/quotesRepository.ts';
import { poundsToPence, type PriceOverride } from '../../../contract/staffPrices.ts';
import { replyMail, type OfferLink } from './replyMail.ts';

export interface InboxContext {
  db: Db;
  mail: MailPort;
  site: Site;
  identity: MailIdentity;
  actor: Actor;
}

const authorName = (actor: Actor) => (actor.kind === 'staff' ? actor.name : 'Operator (admin token)');
const auditId = (kind: EnquiryKind, id: number) => `${kind}-${id}`;
const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** '£1,234.50' */
const pounds = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
/** A London wall-clock instant as a person reads it: 'Friday 4 December 2026, 14:30'. */
const londonReadable = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

async function lockedEnquiry(tx: Queryable, siteId: number, kind: EnquiryKind, id: number): Promise<EnquiryCore> {
  const enquiry = await createInboxRepository(tx).find(siteId, kind, id, true);
  if (!enquiry) throw new DomainError('not_found', INBOX_MESSAGES.notFound);
  return enquiry;
}

function replyable(context: InboxContext, enquiry: EnquiryCore): MailIdentity & { operatorEmail: string } {
  if (enquiry.status === 'closed') throw new DomainError('conflict', INBOX_MESSAGES.closed);
  if (!enquiry.email) throw new DomainError('conflict', INBOX_MESSAGES.noEmail);
  const operatorEmail = context.identity.operatorEmail;
  if (!operatorEmail) throw new DomainError('conflict', INBOX_MESSAGES.noOperatorEmail);
  return { ...context.identity, operatorEmail };
}

interface ReplyWork {
  kind: EnquiryKind;
  id: number;
  replyKey: string;
  text: string;
  action: 'enquiry.reply' | 'enquiry.quote_offer';
  /** Runs in the transaction after the checks; returns the offer's id and link when the reply carries one. */
  offer?: (tx: Queryable) => Promise<{ offerId: number; link: OfferLink; audit?: Record<string, unknown> }>;
}

/**
 * Mails a reply and keeps it with the enquiry, in one transaction that locks the enquiry: the outbox row, the reply
 * row, status → answered and the audit entry commit together. The same reply_key again (a retry, a double click, 20
 * at once) finds the reply already made and changes nothing: one reply, one mail. Resolves after the commit.
 */
async function reply(context: InboxContext, work: ReplyWork): Promise<{ replyId: number; created: boolean }> {
  const { db, mail, site, actor } = context;
  const result = await db.transaction(async (tx) => {
    const repository = createInboxRepository(tx);
    const enquiry = await lockedEnquiry(tx, site.id, work.kind, work.id);
    const existing = await repository.replyByKey(site.id, work.kind, work.id, work.replyKey);
    if (existing !== null) return { replyId: existing, created: false };
    const identity = replyable(context, enquiry);
    const offer = work.offer ? await work.offer(tx) : null;
    const mailId = await mail.enqueue(tx, site.id, replyMail(identity, enquiry, work.text, offer?.link ?? null));
    const replyId = await repository.insertReply(site.id, {
      kind: work.kind,
      enquiryId: work.id,
      replyKey: work.replyKey,
      // Drivers never reach the inbox (the console API refuses them): a reply is staff's or the admin token's.
      actorKind: actor.kind === 'staff' ? 'staff' : 'admin-token',
      staffId: actor.kind === 'staff' ? actor.staffId : null,
      author: authorName(actor),
      body: work.text,
      mailId,
      quoteOfferId: offer?.offerId ?? null,
    });
    await repository.setStatus(site.id, work.kind, work.id, 'answered');
    await recordAudit(tx, actor, {
      siteId: site.id,
      action: work.action,
      entityType: 'enquiry',
      entityId: auditId(work.kind, work.id),
      before: { status: enquiry.status },
      after: { status: 'answered', reply_id: replyId, mail_id: mailId, ...(offer ? { quote_offer_id: offer.offerId, ...offer.audit } : {}) },
    });
    return { replyId, created: true };
  });
  if (result.created) mail.kick();
  return result;
}

export function replyToEnquiry(context: InboxContext, ref: { kind: EnquiryKind; id: number }, input: { text: string; reply_key: string }) {
  return reply(context, { ...ref, replyKey: input.reply_key, text: input.text, action: 'enquiry.reply' });
}

/** Close (open or answered → closed) or reopen (closed → open), audited; the same change twice is a 409. */
export async function changeEnquiryStatus(context: InboxContext, ref: { kind: EnquiryKind; id: number }, to: Extract<EnquiryStatus, 'open' | 'closed'>): Promise<void> {
  const { db, site, actor } = context;
  await db.transaction(async (tx) => {
    const enquiry = await lockedEnquiry(tx, site.id, ref.kind, ref.id);
    if (to === 'closed' && enquiry.status === 'closed') throw new DomainError('conflict', INBOX_MESSAGES.alreadyClosed);
    if (to === 'open' && enquiry.status !== 'closed') throw new DomainError('conflict', INBOX_MESSAGES.notClosed);
    await createInboxRepository(tx).setStatus(site.id, ref.kind, ref.id, to);
    await recordAudit(tx, actor, {
      siteId: site.id,
      action: to === 'closed' ? 'enquiry.close' : 'enquiry.reopen',
      entityType: 'enquiry',
      entityId: auditId(ref.kind, ref.id),
      before: { status: enquiry.status },
      after: { status: to },
    });
  });
}

/** A quote refusal in the console's words: an unknown or lapsed quote is a conflict with the inbox's own text. */
const asInboxRefusal = (error: unknown): never => {
  if (error instanceof QuoteRefused && (error.code === 'unknown_quote' || error.code === 'quote_expired')) throw new DomainError(error.code, INBOX_MESSAGES.quoteExpired, {}, 'conflict');
  throw error;
};

/**
 * Prices a QUOTE NOW request's trip (as the staff member corrected it) with the site's own quoting engine, exactly as
 * the booking form's search: a stored quote (30 minutes until offered) and its priced vehicles that seat the party.
 */
export async function priceQuoteRequest(
  deps: { db: Queryable; quoting: Quoting; site: Site; catalog: SiteCatalog },
  id: number,
  trip: PriceTripInput & { pickup_time: string },
): Promise<PriceAnswer> {
  if (!(await createInboxRepository(deps.db).find(deps.site.id, 'quote', id))) throw new DomainError('not_found', INBOX_MESSAGES.notFound);
  return priceTrip(deps, trip);
}

/**
 * A trip the office types (a QUOTE NOW request, a phone booking) priced by the site's quoting engine as the booking
 * form's search prices it: a stored quote and its priced vehicles that seat the party.
 */
export async function priceTrip(deps: { quoting: Quoting; site: Site; catalog: SiteCatalog }, trip: PriceTripInput & { pickup_time: string }): Promise<PriceAnswer> {
  const [hour, minute] = trip.pickup_time.split(':');
  const form = bookingFormSchema.safeParse({
    pickup: trip.pickup,
    dropoff: trip.dropoff,
    pickup_date: trip.pickup_date,
    pickup_hour: formatHour12(Number(hour)),
    pickup_min: minute,
    passengers: Number(trip.passengers),
    luggages: Number(trip.luggages),
  });
  if (!form.success) throw new DomainError('invalid_input', `${form.error.issues[0].path.join('.')}: ${form.error.issues[0].message}`);
  const answer = await deps.quoting.mileage(deps.site, deps.catalog, form.data).catch(asInboxRefusal);
  const rows = (JSON.parse(answer.response) as { price_details: PriceDetail[] }).price_details;
  const options: PricedOption[] = rows
    .filter((row) => row.final_price > 0 && row.price > 0 && row.max_seat >= form.data.passengers)
    .map((row) => ({
      vehicle_id: row.vehicle_id,
      company_id: row.company_id,
      vehicle_type: row.vehicle_type,
      company_name: row.company_name,
      max_seat: row.max_seat,
      luggage: row.luggage,
      final_price: row.final_price,
    }));
  if (options.length === 0) throw new DomainError('unprocessable', INBOX_MESSAGES.notPriced);
  return { success: true, quote_id: answer.id, expires_at: answer.expiresAt.toISOString(), options };
}

/**
 * Offers one vehicle of a price list made by priceQuoteRequest: the server prices it again from the stored quote (the
 * browser's price is never taken), keeps the quote bookable for QUOTE_OFFER_DAYS or until the pick-up if sooner, and
 * mails the visitor a link with 256 random bits (only the SHA-256 is stored), as a reply of the enquiry.
 */
export async function offerQuote(
  context: InboxContext & { quoting: Quoting; catalog: SiteCatalog; publicUrl: string; now?: Date },
  id: number,
  input: { quote_id: string; vehicle_id: number; company_id: number; text: string; reply_key: string; price_override?: PriceOverride | null },
) {
  const { site, catalog, quoting } = context;
  const override = input.price_override ?? null;
  const { row } = await quoting.priceVehicle(site, catalog, { quote_id: input.quote_id, vehicle_id: input.vehicle_id, company_id: input.company_id, options: {} }).catch((error: unknown) => {
    if (error instanceof QuoteRefused && error.code === 'vehicle_not_in_quote') throw new DomainError('unprocessable', INBOX_MESSAGES.notInQuote);
    return asInboxRefusal(error);
  });
  const tariffPence = Math.round(row.final_price * 100);
  if (tariffPence <= 0 && !override) throw new DomainError('unprocessable', INBOX_MESSAGES.notPriced);
  // Issue 34: the dispatcher's own price (with its reason) instead of the tariff's; the offer books at it, once.
  const pricePence = override ? poundsToPence(override.price) : tariffPence;
  const now = context.now ?? new Date();
  const pickupAt = new Date(row.breakdown.pickup_at);
  const expiresAt = new Date(Math.min(now.getTime() + QUOTE_OFFER_DAYS * 24 * 3600 * 1000, pickupAt.getTime()));
  const token = randomBytes(32).toString('base64url');
  return reply(context, {
    kind: 'quote',
    id,
    replyKey: input.reply_key,
    text: input.text,
    action: 'enquiry.quote_offer',
    offer: async (tx) => {
      const repository = createInboxRepository(tx);
      // A staff price goes on a copy of the quote made for this offer (no quote read before changes under anyone).
      const quoteId = override
        ? await createQuotesRepository(tx).copyWithStaffPrice(site.id, input.quote_id, { vehicle_id: row.vehicle_id, company_id: row.company_id, price_pence: pricePence, reason: override.reason }, expiresAt)
        : input.quote_id;
      if (!quoteId) throw new DomainError('quote_expired', INBOX_MESSAGES.quoteExpired, {}, 'conflict');
      if (!override) await repository.extendQuote(site.id, input.quote_id, expiresAt);
      const offerId = await repository.insertOffer(site.id, {
        quoteRequestId: id,
        quoteId,
        vehicleId: row.vehicle_id,
        companyId: row.company_id,
        vehicleType: row.vehicle_type,
        companyName: row.company_name,
        pricePence,
        tokenHash: sha256(token),
        expiresAt,
      });
      return {
        offerId,
        link: {
          url: `${siteOrigin(site, context.publicUrl)}${QUOTE_OFFER_ROUTE}#token=${token}`,
          vehicle: row.vehicle_type,
          company: row.company_name,
          price: pounds(pricePence),
          bookableUntil: londonReadable(expiresAt),
        },
        ...(override ? { audit: { price_override: { tariff_price_pence: tariffPence, price_pence: pricePence, reason: override.reason, quote_id: quoteId } } } : {}),
      };
    },
  });
}

/**
 * What a quote offer's link opens (for the public booking page that takes the token): the stored quote's vehicle,
 * priced again by the server now, or null for an unknown, another site's or an expired link.
 */
export async function openQuoteOffer(deps: { db: Queryable; quoting: Quoting; site: Site; catalog: SiteCatalog }, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const offer = await createInboxRepository(deps.db).offerByToken(deps.site.id, sha256(token));
  if (!offer || offer.expiresAt.getTime() < Date.now()) return null;
  try {
    const priced = await deps.quoting.priceVehicle(deps.site, deps.catalog, { quote_id: offer.quoteId, vehicle_id: offer.vehicleId, company_id: offer.companyId, options: {} });
    return { booking_type: priced.quote.bookingType, booking_form: priced.quote.form, vehicle: priced.row, expires_at: offer.expiresAt.toISOString() };
  } catch (error) {
    if (error instanceof QuoteRefused) return null;
    throw error;
  }
}

/** Resend: a new queued copy of the mail (never of one holding a secret), audited. Resolves with the copy's id. */
export async function resendMail(context: InboxContext, id: number): Promise<number> {
  const { db, mail, site, actor } = context;
  const copyId = await db.transaction(async (tx) => {
    const copied = await createOutboxRepository(tx).copy(site.id, id);
    if (!copied) throw new DomainError('not_found', INBOX_MESSAGES.mailNotFound);
    if (copied.sensitive) throw new DomainError('conflict', INBOX_MESSAGES.sensitive);
    await recordAudit(tx, actor, { siteId: site.id, action: 'mail.resend', entityType: 'mail', entityId: id, before: null, after: { mail_id: copied.copyId } });
    return copied.copyId;
  });
  mail.kick();
  return copyId;
}
