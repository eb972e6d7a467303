import { formatAddress, renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';
import type { EnquiryCore } from './inboxRepository.ts';
import { longDate } from './notices.ts';

/** The staff member's text as paragraphs (a blank line or a line break starts a new one). */
const paragraphs = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

/** What the visitor asked, shown under the reply so they know which enquiry it answers. */
function askedFields(enquiry: EnquiryCore): [string, string][] {
  const { row } = enquiry;
  if (enquiry.kind === 'quote') {
    return [
      ['Pickup', String(row.pickup_address)],
      ['Drop-off', String(row.dropoff_address)],
      ['Date', longDate(String(row.pickup_day))],
      ['Time', String(row.pickup_time)],
      ['Passengers', String(row.passengers)],
    ];
  }
  return [
    ['Query reason', String(row.query_reason)],
    ['Booking number', String(row.booking_number)],
    ['Your message', String(row.comments)],
  ];
}

/** The label of the quote offer's link in its mail (tests find the link by it). */
export const OFFER_LINK_LABEL = 'Book this quote';

export function replySubject(enquiry: EnquiryCore): string {
  return enquiry.kind === 'quote' ? `Your quote request for ${longDate(String(enquiry.row.pickup_day))}` : `Re: your message (${String(enquiry.row.query_reason)})`;
}

export interface OfferLink {
  url: string;
  vehicle: string;
  company: string;
  /** '£42.50' */
  price: string;
  /** London wall clock, as a person reads it. */
  bookableUntil: string;
}

/**
 * The visitor's mail with a staff member's reply: From the operator (FROM_EMAIL), Reply-To FROM_EMAIL too, so an answer
 * reaches the operator's inbox whatever a mail client does with From; to the visitor's own address.
 */
export function replyMail(identity: MailIdentity & { operatorEmail: string }, enquiry: EnquiryCore, text: string, offer: OfferLink | null = null): MailMessage {
  const offerFields: [string, string][] = offer
    ? [
        ['Vehicle', `${offer.vehicle} (${offer.company})`],
        ['Price', offer.price],
        ['Bookable until', offer.bookableUntil],
        [OFFER_LINK_LABEL, offer.url],
      ]
    : [];
  const body = renderMail({
    companyName: identity.companyName,
    heading: offer ? 'Your quote' : replySubject(enquiry),
    intro: paragraphs(text),
    fields: [...offerFields, ...askedFields(enquiry)],
    outro: offer ? ['The price is confirmed when you book; extras you add then are priced then.'] : [],
  });
  return {
    kind: offer ? 'quote_offer' : 'enquiry_reply',
    to: formatAddress(enquiry.name, enquiry.email),
    from: identity.from,
    replyTo: identity.operatorEmail,
    subject: replySubject(enquiry),
    ...body,
  };
}
