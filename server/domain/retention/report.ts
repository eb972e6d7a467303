import type { RetentionDeletions } from './retention.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What `npm run operator -- retention run` prints: one line per kind of personal data. */
export function retentionReport(answer: { months: number; cutoff: string; anonymised: number; deleted: RetentionDeletions }): string {
  const { months, cutoff, anonymised, deleted } = answer;
  return [
    `${plural(anonymised, 'booking', 'bookings')} anonymised (last pick-up before ${cutoff}, RETENTION_MONTHS ${months})`,
    `${plural(deleted.quote_requests, 'QUOTE NOW request', 'QUOTE NOW requests')} and ${plural(deleted.contact_messages, 'Contact Us message', 'Contact Us messages')} deleted (received before ${cutoff}), with ${plural(deleted.enquiry_replies, 'reply', 'replies')} and ${plural(deleted.quote_offers, 'quote offer', 'quote offers')}`,
    `${plural(deleted.passenger_accounts, 'passenger account', 'passenger accounts')} deleted (no booking or sign-in since ${cutoff})`,
    `${plural(deleted.mails, 'mail', 'mails')} deleted (written before ${cutoff})`,
    `${plural(deleted.position_reports, 'driver position', 'driver positions')} and ${plural(deleted.flights, 'followed flight', 'followed flights')} deleted (those bookings' trips, and positions off a job before ${cutoff})`,
  ].join('\n');
}
