import { settingsFromRows } from '../../../contract/settings.ts';
import type { Db } from '../../adapters/db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';

/**
 * Data retention (issue 17, UK GDPR storage limitation): once a booking's last pick-up (its return, if any) is older
 * than the site's RETENTION_MONTHS (default 24, never below 12 — the operator's statutory record is kept at least 12
 * months), the passenger's personal data in it is blanked: name ('Anonymised'), e-mail, phone, notes to the driver,
 * flight numbers and the link to their account; the same fields in the card payment's stored submission; the bodies
 * and addresses of the mails about it. What the operator's business record needs without naming anyone stays: the
 * booking number, times, pick-up, stops and destination, vehicle, driver and vehicle snapshots, price and payment.
 * Idempotent (anonymised_at), one audit row per run that changed something.
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
  anonymised: number;
}

/** The automation actor of the daily run (audit_log's 'admin-token' kind is automation and the CLI). */
export const RETENTION_ACTOR: Actor = { kind: 'admin-token', role: 'owner' };

/** Anonymises one site's bookings past its retention period, in one transaction with its audit row. */
export async function runRetention(db: Db, siteId: number, actor: Actor, now: Date): Promise<RetentionResult> {
  const { rows: setting } = await db.query<{ setting_name: string; setting_value: string | null }>(
    "SELECT setting_name, setting_value FROM settings WHERE site_id = $1 AND setting_name = 'RETENTION_MONTHS'",
    [siteId],
  );
  const months = retentionMonths(settingsFromRows(setting).RETENTION_MONTHS);
  const cutoff = monthsBefore(now, months);
  const anonymised = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; booking_number: string; payment_intent_id: string | null }>(
      `UPDATE bookings SET passenger_name = $3, passenger_email = '', passenger_phone = '', additional_info = '', return_additional_info = '',
              flight_no = '', return_flight_no = '', passenger_id = NULL, anonymised_at = $4
        WHERE site_id = $1 AND anonymised_at IS NULL AND greatest(pick_up_at, COALESCE(return_at, pick_up_at)) < $2
        RETURNING id, booking_number, payment_intent_id`,
      [siteId, cutoff, ANONYMISED_NAME, now],
    );
    if (rows.length === 0) return [];
    const intents = rows.map((row) => row.payment_intent_id).filter((intent): intent is string => intent !== null);
    await tx.query(
      `UPDATE payments SET submission = jsonb_set(submission, '{passenger}', COALESCE(submission->'passenger', '{}'::jsonb)
                 || jsonb_build_object('name', $3::text, 'email', '', 'phone', '', 'additionalInfo', '', 'returnAdditionalInfo', '', 'newAccount', null))
                 || '{"flightNo": "", "returnFlightNo": ""}'::jsonb, updated_at = now()
        WHERE site_id = $1 AND intent_id = ANY($2::text[])`,
      [siteId, intents, ANONYMISED_NAME],
    );
    const numbers = rows.map((row) => row.booking_number);
    await tx.query(
      `UPDATE mail_outbox SET to_address = 'anonymised', reply_to = NULL, text_body = '', html_body = '', attachments = '[]'
        WHERE site_id = $1 AND status <> 'queued' AND substring(subject from 'CF-[A-Z0-9]+') = ANY($2::text[])`,
      [siteId, numbers],
    );
    await recordAudit(tx, actor, {
      siteId,
      action: 'retention.run',
      entityType: 'retention',
      entityId: cutoff.toISOString().slice(0, 10),
      before: null,
      after: { months, cutoff: cutoff.toISOString(), anonymised: numbers.length, booking_numbers: numbers },
    });
    return numbers;
  });
  return { siteId, months, cutoff, anonymised: anonymised.length };
}

/** Every site's run (the server's daily timer and nothing else). */
export async function runRetentionForAllSites(db: Db, now: Date): Promise<RetentionResult[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM sites ORDER BY id');
  const results: RetentionResult[] = [];
  for (const site of rows) results.push(await runRetention(db, Number(site.id), RETENTION_ACTOR, now));
  return results;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs every site's retention an hour after start, then once a day; the timer never keeps the process alive. */
export function startRetentionTimer(db: Db, log: { info(details: object, message: string): void; error(details: object, message: string): void }, firstDelayMs = 60 * 60_000) {
  const run = () =>
    runRetentionForAllSites(db, new Date()).then(
      (results) => {
        const anonymised = results.reduce((sum, result) => sum + result.anonymised, 0);
        if (anonymised > 0) log.info({ anonymised }, 'retention: passengers anonymised in old bookings');
      },
      (error: unknown) => log.error({ err: error }, 'retention run failed'),
    );
  let daily: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    void run();
    daily = setInterval(() => void run(), DAY_MS);
    daily.unref();
  }, firstDelayMs);
  first.unref();
  return () => {
    clearTimeout(first);
    if (daily) clearInterval(daily);
  };
}
