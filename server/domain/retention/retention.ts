import { settingsFromRows } from '../../../contract/settings.ts';
import type { Db } from '../../adapters/db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { createSitesRepository } from '../sites/sitesRepository.ts';
import { createRetentionRepository, retentionSettingRows } from './repository.ts';

/**
 * Data retention (issue 17, UK GDPR storage limitation): once a booking's last pick-up (its return, if any) is older
 * than the site's RETENTION_MONTHS (default 24, never below 12 — the operator's statutory record is kept at least 12
 * months), the passenger's personal data in it is blanked: name ('Anonymised'), e-mail, phone, notes to the driver,
 * flight numbers and the link to their account; the same fields in the card payment's stored submission and in the
 * changes asked through the manage page (booking_changes); the bodies and addresses of the mails about it. What the operator's business record needs without naming anyone stays: the
 * booking number, times, pick-up, stops and destination, vehicle, driver and vehicle snapshots, price and payment.
 * Past the same cutoff, what else holds personal data is deleted: QUOTE NOW requests and Contact Us messages (with
 * their replies and quote offers), passenger and corporate accounts with no booking and no sign-in since, and mails
 * written before it. Idempotent (anonymised_at; deleted rows are gone), one audit row per run that changed something.
 */

export const RETENTION_DEFAULT_MONTHS = 24;
export const RETENTION_MIN_MONTHS = 12;
export const ANONYMISED_NAME = 'Anonymised';

/** The site's setting read as whole months, at least the statutory 12; unset or unreadable: the default. */
export function retentionMonths(value: string | null | undefined): number {
  const months = Number.parseInt(String(value ?? '').trim(), 10);
  if (!Number.isFinite(months) || String(months) !== String(value).trim()) return RETENTION_DEFAULT_MONTHS;
  return Math.max(RETENTION_MIN_MONTHS, months);
}

/** `months` calendar months before `now` (the 31st of a shorter month becomes its last day). */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

export interface RetentionResult {
  siteId: number;
  months: number;
  cutoff: Date;
  /** Bookings whose passenger was anonymised. */
  anonymised: number;
  /** Rows deleted, per kind. */
  deleted: RetentionDeletions;
}

export interface RetentionDeletions {
  quote_requests: number;
  contact_messages: number;
  enquiry_replies: number;
  quote_offers: number;
  passenger_accounts: number;
  mails: number;
  /** Drivers' reported positions: the anonymised bookings' trails, and those off a job before the cutoff. */
  position_reports: number;
  /** The anonymised bookings' followed flights. */
  flights: number;
}

/** The automation actor of the daily run (audit_log's 'admin-token' kind is automation and the CLI). */
export const RETENTION_ACTOR: Actor = { kind: 'admin-token', role: 'owner' };

/**
 * One site's run in one transaction with its audit row: bookings anonymised, then enquiries (with their replies and
 * quote offers), dormant passenger accounts, old mails, the drivers' old positions and the anonymised bookings' trails
 * and flights deleted.
 */
export async function runRetention(db: Db, siteId: number, actor: Actor, now: Date): Promise<RetentionResult> {
  const months = retentionMonths(settingsFromRows(await retentionSettingRows(db, siteId)).RETENTION_MONTHS);
  const cutoff = monthsBefore(now, months);
  return db.transaction(async (tx) => {
    const repository = createRetentionRepository(tx, siteId, cutoff);
    const bookings = await repository.anonymiseBookings(ANONYMISED_NAME, now);
    const numbers = bookings.map((row) => row.booking_number);
    let traces = { positionReports: 0, flights: 0 };
    if (bookings.length > 0) {
      await repository.anonymisePayments(bookings.map((row) => row.payment_intent_id).filter((intent): intent is string => intent !== null), ANONYMISED_NAME);
      await repository.anonymiseBookingChanges(numbers, ANONYMISED_NAME);
      await repository.blankMailsAbout(numbers);
      await repository.deleteTextsAbout(numbers);
      traces = await repository.deleteTripTracesOf(numbers);
    }
    const enquiries = await repository.deleteEnquiries();
    const deleted: RetentionDeletions = {
      quote_requests: enquiries.quoteRequests,
      contact_messages: enquiries.contactMessages,
      enquiry_replies: enquiries.replies,
      quote_offers: enquiries.quoteOffers,
      passenger_accounts: await repository.deleteDormantAccounts(),
      mails: await repository.deleteMails(),
      position_reports: traces.positionReports + (await repository.deleteOffJobPositions()),
      flights: traces.flights,
    };
    if (numbers.length > 0 || Object.values(deleted).some((n) => n > 0)) {
      await recordAudit(tx, actor, {
        siteId,
        action: 'retention.run',
        entityType: 'retention',
        entityId: cutoff.toISOString().slice(0, 10),
        before: null,
        after: { months, cutoff: cutoff.toISOString(), anonymised: numbers.length, booking_numbers: numbers, deleted },
      });
    }
    return { siteId, months, cutoff, anonymised: numbers.length, deleted };
  });
}

/** The answer of POST /api/admin/retention/run (and what the CLI prints from). */
export function retentionAnswer(result: RetentionResult) {
  return { success: true as const, months: result.months, cutoff: result.cutoff.toISOString(), anonymised: result.anonymised, deleted: result.deleted };
}

/** Every site's run (the server's daily housekeeping, server/domain/housekeeping.ts). */
export async function runRetentionForAllSites(db: Db, now: Date): Promise<RetentionResult[]> {
  const results: RetentionResult[] = [];
  for (const site of await createSitesRepository(db).listSites()) results.push(await runRetention(db, site.id, RETENTION_ACTOR, now));
  return results;
}
