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
 * record, is idempotent and audited; `npm run operator -- bookings export` writes the CSV.
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

  it('anonymises only bookings past RETENTION_MONTHS (6 is read as 12), keeps the statutory fields, once, audited', async () => {
    const { bookingNumber: old, intentId } = await api.bookByCard('old.passenger@example.test');
    const recent = await api.bookInCar('recent.passenger@example.test');
    const returning = await api.bookInCar('returning.passenger@example.test');
    const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * DAY_MS);
    await api.sql("UPDATE bookings SET pick_up_at = $2, flight_no = 'BA117', assigned_driver = '{\"name\":\"Kept Driver\"}' WHERE booking_number = $1", [old, monthsAgo(13)]);
    await api.sql('UPDATE bookings SET pick_up_at = $2 WHERE booking_number = $1', [recent, monthsAgo(11)]);
    await api.sql('UPDATE bookings SET pick_up_at = $2, return_at = $3 WHERE booking_number = $1', [returning, monthsAgo(14), monthsAgo(11)]);
    expect((await api.asAdmin('PUT', 'settings', { RETENTION_MONTHS: '6' })).statusCode).toBe(200);
    await provider.mail.flush();
    const before = await booking(old);

    const { stdout } = await operator('retention', 'run');
    expect(stdout).toMatch(/^1 booking anonymised \(last pick-up before \d{4}-\d{2}-\d{2}T[\d:.]+Z, RETENTION_MONTHS 12\)\n$/);
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
    for (const kept of [recent, returning]) expect(await booking(kept)).toMatchObject({ passenger_name: 'Jane Doe', anonymised_at: null });
    const [payment] = await api.sql<{ submission: { passenger: Record<string, unknown> } }>('SELECT submission FROM payments WHERE intent_id = $1', [intentId]);
    expect(payment.submission.passenger).toMatchObject({ name: 'Anonymised', email: '', phone: '' });
    expect(JSON.stringify(payment.submission)).not.toContain('old.passenger');
    const mails = await api.sql<{ to_address: string; text_body: string }>('SELECT to_address, text_body FROM mail_outbox WHERE subject LIKE $1', [`%${old}%`]);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.to_address === 'anonymised' && mail.text_body === '')).toBe(true);
    expect(await api.sql("SELECT count(*)::int AS n FROM mail_outbox WHERE to_address LIKE '%old.passenger%' OR text_body LIKE '%old.passenger%'")).toEqual([{ n: 0 }]);
    const [audit] = await api.sql<{ action: string; actor_kind: string; after: { anonymised: number; months: number; booking_numbers: string[] } }>(
      "SELECT action, actor_kind, after FROM audit_log WHERE action = 'retention.run'",
    );
    expect(audit).toMatchObject({ action: 'retention.run', actor_kind: 'admin-token', after: { anonymised: 1, months: 12, booking_numbers: [old] } });

    const again = await api.asAdmin('POST', 'retention/run');
    expect(again.json()).toMatchObject({ success: true, months: 12, anonymised: 0 });
    expect(await api.sql("SELECT count(*)::int AS n FROM audit_log WHERE action = 'retention.run'")).toEqual([{ n: 1 }]);
  });

  it('npm run operator -- bookings export writes the statutory CSV of a date range', async () => {
    const number = await api.bookInCar('export.passenger@example.test');
    const [{ pick_up_at: pickupAt }] = await api.sql<{ pick_up_at: string }>('SELECT pick_up_at FROM bookings WHERE booking_number = $1', [number]);
    const day = londonParts(new Date(pickupAt)).date;
    const out = path.join(provider.config.dataDir, 'record.csv');
    const { stderr } = await operator('bookings', 'export', '--from', day, '--to', day, '--out', out);
    const csv = readFileSync(out, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Booking number,Booked at (London),Pick-up date,Pick-up time,Pick-up place,Destination,Passenger name,Driver,Driver licence,Vehicle registration,Vehicle licence,Status');
    expect(csv).toContain(`${number},`);
    expect(stderr).toBe(`${out}: ${csv.split('\r\n').length - 2} bookings picked up ${day} to ${day}\n`);
  });
});
