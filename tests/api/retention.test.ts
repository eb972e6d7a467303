import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonParts } from '../../server/domain/pricing/londonTime.ts';
import { consoleOf } from '../helpers/console.ts';
import { ADMIN_TOKEN, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Issue 17, the statutory record and retention: `npm run operator -- retention run` anonymises the passenger's
 * personal data in bookings whose last pick-up is older than RETENTION_MONTHS (never below 12), keeps the operator's
 * record, deletes older enquiries (their replies and offers), dormant passenger accounts and mails, is idempotent and
 * audited; `npm run operator -- bookings export` writes the CSV.
 */

const run = promisify(execFile);
const DAY_MS = 86_400_000;

describe(`retention and the statutory export on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  beforeAll(async () => {
    provider = await startTestProvider({ listen: true });
    api = consoleOf(provider);
  });
  afterAll(() => provider.dispose());

  const operator = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/cli/operator.ts', ...args], { env: { ...process.env, ADMIN_TOKEN, CABFLOW_URL: provider.url }, cwd: path.resolve(import.meta.dirname, '../..') });
  const booking = (number: string) =>
    api.sql<Record<string, unknown>>(
      'SELECT passenger_name, passenger_email, passenger_phone, additional_info, flight_no, pick_up_address, drop_off_address, assigned_driver, total_pence, anonymised_at FROM bookings WHERE booking_number = $1',
      [number],
    ).then((rows) => rows[0]);

  it('anonymises only bookings past RETENTION_MONTHS (6 is read as 12), keeps the statutory fields; deletes older enquiries, dormant accounts and mails; once, audited', async () => {
    const { bookingNumber: old, intentId } = await api.bookByCard('old.passenger@example.test');
    const recent = await api.bookInCar('recent.passenger@example.test');
    const returning = await api.bookInCar('returning.passenger@example.test');
    const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * DAY_MS);
    const [{ site_id: siteId }] = await api.sql<{ site_id: number }>('SELECT site_id FROM bookings WHERE booking_number = $1', [old]);
    await api.sql("UPDATE bookings SET pick_up_at = $2, flight_no = 'BA117', assigned_driver = '{\"name\":\"Kept Driver\"}' WHERE booking_number = $1", [old, monthsAgo(13)]);
    await api.sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [recent, monthsAgo(11)]);
    await api.sql('UPDATE bookings SET pick_up_at = $2, return_at = $3 WHERE booking_number = $1', [returning, monthsAgo(14), monthsAgo(11)]);

    // Accounts opened 14 months ago: one whose last booking and sign-in are 13 months old (dormant), one signed in
    // 11 months ago, one whose booking is 11 months old; and one opened 11 months ago with nothing since.
    const account = async (email: string, createdMonthsAgo: number) => {
      const [{ id }] = await api.sql<{ id: string }>(
        "INSERT INTO passengers (site_id, name, email, created_at, updated_at) VALUES ($1, 'Account Holder', $2, $3, $3) RETURNING id",
        [siteId, email, monthsAgo(createdMonthsAgo)],
      );
      return id;
    };
    const signedIn = (passengerId: string, months: number) =>
      api.sql("INSERT INTO passenger_sessions (site_id, passenger_id, token_hash, created_at, expires_at) VALUES ($1, $2, decode(md5(random()::text), 'hex'), $3, $3)", [siteId, passengerId, monthsAgo(months)]);
    const dormant = await account('dormant@example.test', 14);
    await signedIn(dormant, 13);
    await api.sql("INSERT INTO passenger_known_addresses (site_id, passenger_id, address_hash, last_success_at) VALUES ($1, $2, '\\x01', $3)", [siteId, dormant, monthsAgo(13)]);
    await api.sql('UPDATE bookings SET passenger_id = $2, created_at = $3 WHERE booking_number = $1', [old, dormant, monthsAgo(14)]);
    const recentSignIn = await account('signed.in@example.test', 14);
    await signedIn(recentSignIn, 11);
    const recentBooking = await account('booked@example.test', 14);
    await api.sql('UPDATE bookings SET passenger_id = $2 WHERE booking_number = $1', [recent, recentBooking]);
    const young = await account('young@example.test', 11);

    // Enquiries of 13 and 11 months, each kind with a reply; the QUOTE NOW requests with an offer each.
    const enquiry = async (table: 'quote_requests' | 'contact_messages', months: number) => {
      const sql =
        table === 'quote_requests'
          ? "INSERT INTO quote_requests (site_id, pickup_date, pickup_time, passenger_email, passenger_phone, passenger_name, passengers, luggages, created_at) VALUES ($1, '2025-01-01', '10:00', 'asker@example.test', '07700 900000', 'Asker', 1, 0, $2) RETURNING id"
          : "INSERT INTO contact_messages (site_id, first_name, email, comments, created_at) VALUES ($1, 'Writer', 'writer@example.test', 'Lost umbrella', $2) RETURNING id";
      const [{ id }] = await api.sql<{ id: string }>(sql, [siteId, monthsAgo(months)]);
      await api.sql(
        "INSERT INTO enquiry_replies (site_id, enquiry_kind, enquiry_id, reply_key, actor_kind, author_name, body, mail_id, created_at) VALUES ($1, $2, $3, 'k', 'admin-token', 'Op', 'Dear Asker', 0, $4)",
        [siteId, table === 'quote_requests' ? 'quote' : 'contact', id, monthsAgo(months)],
      );
      if (table === 'quote_requests') {
        await api.sql(
          "INSERT INTO quote_offers (site_id, quote_request_id, quote_id, vehicle_id, company_id, vehicle_type, company_name, price_pence, token_hash, expires_at, created_at) VALUES ($1, $2, 'q', 1, 1, 'Saloon', 'Co', 1000, decode(md5(random()::text), 'hex'), $3, $3)",
          [siteId, id, monthsAgo(months)],
        );
      }
      return id;
    };
    await enquiry('quote_requests', 13);
    const youngQuote = await enquiry('quote_requests', 11);
    await enquiry('contact_messages', 13);
    const youngContact = await enquiry('contact_messages', 11);

    // A change the passenger asked on the manage page, as booking_changes keeps it (the values before, the plan after).
    const values = { passenger_name: 'Jane Doe', passenger_email: 'old.passenger@example.test', passenger_phone: '07700 900123', flight_no: 'BA117', passengers: 2 };
    await api.sql(
      `INSERT INTO booking_changes (site_id, booking_id, from_revision, status, digest, before, after, old_total_pence, new_total_pence, difference_pence)
       SELECT site_id, id, 1, 'abandoned', 'd', $2, $3, 1000, 1000, 0 FROM bookings WHERE booking_number = $1`,
      [old, JSON.stringify({ ...values, total_pence: 1000 }), JSON.stringify({ values, changed: ['passengers'], totalPence: 1000 })],
    );

    // The console API refuses a value below 12 (contract/settingsCatalogue.ts); one written another way (psql, an
    // older row) is still read as 12 by the job.
    await api.sql("UPDATE settings SET setting_value = '6' WHERE site_id = $1 AND setting_name = 'RETENTION_MONTHS'", [siteId]);
    await provider.mail.flush();
    // Mails written 13 months ago (one delivered, one still queued) and 11 months ago.
    const mail = async (months: number, status: string) => {
      const [{ id }] = await api.sql<{ id: string }>(
        // The queued one is not due (the mail dispatcher leaves it queued).
        "INSERT INTO mail_outbox (site_id, kind, to_address, from_address, subject, text_body, html_body, status, created_at, next_attempt_at) VALUES ($1, 'contact_notice', 'someone@example.test', 'op@example.test', 'Old', 'Personal', '<p>Personal</p>', $2, $3, now() + interval '1 day') RETURNING id",
        [siteId, status, monthsAgo(months)],
      );
      return id;
    };
    // Where drivers were: the old booking's trail and flight go, the recent one's stay; off a job, 13 months ago goes, 11 stays.
    const position = (number: string | null, months: number) =>
      api.sql(
        'INSERT INTO driver_position_reports (site_id, driver_id, booking_id, lat, lng, recorded_at) VALUES ($1, 1, (SELECT id FROM bookings WHERE booking_number = $2), 51.5, -0.1, $3)',
        [siteId, number, monthsAgo(months)],
      );
    await position(old, 13);
    await position(old, 13);
    await position(recent, 11);
    await position(null, 13);
    await position(null, 11);
    for (const number of [old, recent]) {
      await api.sql("INSERT INTO booking_flights (site_id, booking_id, flight_number) SELECT site_id, id, 'BA117' FROM bookings WHERE booking_number = $1", [number]);
    }
    const oldSent = await mail(13, 'sent');
    const oldQueued = await mail(13, 'queued');
    const youngSent = await mail(11, 'sent');
    const mailsBefore = await api.sql<{ id: string }>('SELECT id FROM mail_outbox WHERE site_id = $1 ORDER BY id', [siteId]);
    const before = await booking(old);

    const { stdout } = await operator('retention', 'run');
    const cutoff = /before (\S+),/.exec(stdout)?.[1];
    expect(stdout).toBe(
      [
        `1 booking anonymised (last pick-up before ${cutoff}, RETENTION_MONTHS 12)`,
        `1 QUOTE NOW request and 1 Contact Us message deleted (received before ${cutoff}), with 2 replies and 1 quote offer`,
        `1 passenger account deleted (no booking or sign-in since ${cutoff})`,
        `1 mail deleted (written before ${cutoff})`,
        `3 driver positions and 1 followed flight deleted (those bookings' trips, and positions off a job before ${cutoff})`,
        '',
      ].join('\n'),
    );
    // Never less than 12 calendar months back.
    expect(Date.now() - new Date(cutoff!).getTime()).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(await booking(old)).toEqual({
      passenger_name: 'Anonymised',
      passenger_email: '',
      passenger_phone: '',
      additional_info: '',
      flight_no: '',
      pick_up_address: before.pick_up_address,
      drop_off_address: before.drop_off_address,
      assigned_driver: { name: 'Kept Driver' },
      total_pence: before.total_pence,
      anonymised_at: expect.anything(),
    });
    for (const kept of [recent, returning]) expect(await booking(kept)).toMatchObject({ passenger_name: 'Jane Doe', passenger_email: expect.stringContaining('@'), anonymised_at: null });
    expect(await api.sql('SELECT passenger_id FROM bookings WHERE booking_number = ANY($1::text[]) ORDER BY booking_number = $2', [[old, recent], old])).toEqual([
      { passenger_id: recentBooking },
      { passenger_id: null },
    ]);
    const [payment] = await api.sql<{ submission: { passenger: Record<string, unknown> } }>('SELECT submission FROM payments WHERE intent_id = $1', [intentId]);
    expect(payment.submission.passenger).toMatchObject({ name: 'Anonymised', email: '', phone: '' });
    expect(JSON.stringify(payment.submission)).not.toContain('old.passenger');

    const blanked = { passenger_name: 'Anonymised', passenger_email: '', passenger_phone: '', flight_no: '', passengers: 2 };
    expect(await api.sql('SELECT c.before, c.after FROM booking_changes c JOIN bookings b ON b.site_id = c.site_id AND b.id = c.booking_id WHERE b.booking_number = $1', [old])).toEqual([
      { before: { ...blanked, total_pence: 1000 }, after: { values: blanked, changed: ['passengers'], totalPence: 1000 } },
    ]);

    // Accounts: only the dormant one is gone, with its sessions and known addresses.
    const accounts = await api.sql<{ id: string }>("SELECT id FROM passengers WHERE site_id = $1 AND email LIKE '%@example.test' ORDER BY id", [siteId]);
    expect(accounts.map((row) => row.id)).toEqual([recentSignIn, recentBooking, young]);
    expect(await api.sql('SELECT count(*)::int AS n FROM passenger_sessions WHERE passenger_id = $1', [dormant])).toEqual([{ n: 0 }]);
    expect(await api.sql('SELECT count(*)::int AS n FROM passenger_known_addresses WHERE passenger_id = $1', [dormant])).toEqual([{ n: 0 }]);
    // Enquiries: the 11-month ones stay with their reply and offer.
    expect(await api.sql('SELECT id FROM quote_requests WHERE site_id = $1', [siteId])).toEqual([{ id: youngQuote }]);
    expect(await api.sql('SELECT id FROM contact_messages WHERE site_id = $1', [siteId])).toEqual([{ id: youngContact }]);
    expect(await api.sql('SELECT enquiry_kind, enquiry_id FROM enquiry_replies WHERE site_id = $1 ORDER BY enquiry_kind', [siteId])).toEqual([
      { enquiry_kind: 'contact', enquiry_id: youngContact },
      { enquiry_kind: 'quote', enquiry_id: youngQuote },
    ]);
    expect(await api.sql('SELECT quote_request_id FROM quote_offers WHERE site_id = $1', [siteId])).toEqual([{ quote_request_id: youngQuote }]);
    // Mails: the delivered 13-month one is gone; the queued one, the 11-month one and today's stay (today's about the old booking blanked).
    const mailsAfter = await api.sql<{ id: string; to_address: string; text_body: string; subject: string }>('SELECT id, to_address, text_body, subject FROM mail_outbox WHERE site_id = $1 ORDER BY id', [siteId]);
    expect(mailsAfter.map((row) => row.id)).toEqual(mailsBefore.map((row) => row.id).filter((id) => id !== oldSent));
    expect(mailsAfter.map((row) => row.id)).toEqual(expect.arrayContaining([oldQueued, youngSent]));
    const aboutOld = mailsAfter.filter((row) => row.subject.includes(old));
    expect(aboutOld.length).toBeGreaterThan(0);
    expect(aboutOld.every((row) => row.to_address === 'anonymised' && row.text_body === '')).toBe(true);
    expect(await api.sql("SELECT count(*)::int AS n FROM mail_outbox WHERE to_address LIKE '%old.passenger%' OR text_body LIKE '%old.passenger%'")).toEqual([{ n: 0 }]);

    expect(await api.sql('SELECT b.booking_number, count(*)::int AS n FROM driver_position_reports p LEFT JOIN bookings b ON b.site_id = p.site_id AND b.id = p.booking_id WHERE p.site_id = $1 GROUP BY 1 ORDER BY 1', [siteId])).toEqual([
      { booking_number: recent, n: 1 },
      { booking_number: null, n: 1 },
    ]);
    expect(await api.sql('SELECT b.booking_number FROM booking_flights f JOIN bookings b ON b.site_id = f.site_id AND b.id = f.booking_id WHERE f.site_id = $1', [siteId])).toEqual([{ booking_number: recent }]);

    const [audit] = await api.sql<{ action: string; actor_kind: string; after: Record<string, unknown> }>("SELECT action, actor_kind, after FROM audit_log WHERE action = 'retention.run'");
    const deleted = { quote_requests: 1, contact_messages: 1, enquiry_replies: 2, quote_offers: 1, passenger_accounts: 1, mails: 1, position_reports: 3, flights: 1 };
    expect(audit).toMatchObject({ action: 'retention.run', actor_kind: 'admin-token', after: { anonymised: 1, months: 12, booking_numbers: [old], deleted } });

    const again = await api.asAdmin('POST', 'retention/run');
    expect(again.json()).toEqual({
      success: true,
      months: 12,
      cutoff: expect.any(String),
      anonymised: 0,
      deleted: { quote_requests: 0, contact_messages: 0, enquiry_replies: 0, quote_offers: 0, passenger_accounts: 0, mails: 0, position_reports: 0, flights: 0 },
    });
    expect(await api.sql("SELECT count(*)::int AS n FROM audit_log WHERE action = 'retention.run'")).toEqual([{ n: 1 }]);
  });

  it('npm run operator -- bookings export writes the statutory CSV of a date range', async () => {
    const number = await api.bookInCar('export.passenger@example.test');
    const [{ pick_up_at: pickupAt }] = await api.sql<{ pick_up_at: string }>('SELECT pick_up_at FROM bookings WHERE booking_number = $1', [number]);
    const day = londonParts(new Date(pickupAt)).date;
    const out = path.join(provider.config.dataDir, 'record.csv');
    const { stderr } = await operator('bookings', 'export', '--from', day, '--to', day, '--out', out);
    const csv = readFileSync(out, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Booking number,Booked at (London),Pick-up date,Pick-up time,Pick-up place,Stops (in order),Destination,Passenger name,Driver,Driver licence,Vehicle registration,Vehicle licence,Status');
    expect(csv).toContain(`${number},`);
    expect(stderr).toBe(`${out}: ${csv.split('\r\n').length - 2} bookings picked up ${day} to ${day}\n`);
  });
});
