import type { ContactForm, QuoteEmail } from '../../../contract/enquiries.ts';
import { renderMail, type MailIdentity, type MailMessage } from '../../adapters/mail/index.ts';

/** '2025-03-09' → 'Sunday 9 March 2025' (dates are London wall-clock dates as typed). */
export function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${isoDate}T12:00:00Z`));
}

const fullName = (first: string, last: string) => [first, last].filter(Boolean).join(' ');

/** The operator's notice of a 'QUOTE NOW' request: to FROM_EMAIL, replies go to the visitor. */
export function quoteRequestNotice(identity: MailIdentity & { operatorEmail: string }, request: QuoteEmail, requestId: number): MailMessage {
  const who = request.passenger_name || request.passenger_email;
  const body = renderMail({
    companyName: identity.companyName,
    heading: `Quote request #${requestId}`,
    intro: [`${who} asked for a quote on the website. Reply to this e-mail to answer them.`],
    fields: [
      ['Pickup', request.pickup_address],
      ['Drop-off', request.dropoff_address],
      ['Date', longDate(request.pickup_date)],
      ['Time', request.pickup_time],
      ['Passengers', String(request.passengers)],
      ['Luggage', String(request.luggages)],
      ['Name', request.passenger_name],
      ['E-mail', request.passenger_email],
      ['Telephone', request.passenger_phone],
      ['Additional information', request.additional_info],
    ],
  });
  return {
    kind: 'quote_request_notice',
    to: identity.operatorEmail,
    from: identity.from,
    replyTo: request.passenger_email,
    subject: `Quote request #${requestId}: ${longDate(request.pickup_date)} ${request.pickup_time}`,
    ...body,
  };
}

/** The operator's notice of a Contact Us message: to FROM_EMAIL, replies go to the visitor when they gave an e-mail. */
export function contactNotice(identity: MailIdentity & { operatorEmail: string }, form: ContactForm, contactId: number): MailMessage {
  const name = fullName(form.firstName, form.lastName);
  const body = renderMail({
    companyName: identity.companyName,
    heading: `Contact Us #${contactId}: ${form.queryReason}`,
    intro: [
      `${name || form.email || 'A visitor'} wrote through the Contact Us form.`,
      form.email ? 'Reply to this e-mail to answer them.' : 'They left no e-mail address.',
    ],
    fields: [
      ['Query reason', form.queryReason],
      ['Booking number', form.bookingNumber],
      ['Name', name],
      ['E-mail', form.email],
      ['Telephone', form.telephone],
      ['Comments', form.comments],
    ],
  });
  return {
    kind: 'contact_notice',
    to: identity.operatorEmail,
    from: identity.from,
    replyTo: form.email || null,
    subject: `Contact Us #${contactId} (${form.queryReason})${name ? ` from ${name}` : ''}`,
    ...body,
  };
}
