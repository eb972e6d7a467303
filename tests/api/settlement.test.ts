import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTLEMENT_MESSAGES, balanceText } from '../../contract/settlementRules.ts';
import type { DriverWeek, WeekDetail } from '../../contract/settlement.ts';
import { buildLedger } from '../../server/domain/receipts/ledger.ts';
import { loadReceiptBooking } from '../../server/domain/receipts/repository.ts';
import { consoleOf, type Signed } from '../helpers/console.ts';
import { driverAppOf, type SignedDriver } from '../helpers/driver.ts';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';
import { poundsText } from '../../contract/money.ts';

/**
 * Issue 35, driver settlement: a week's figures reconcile with the bookings' ledger (a property over random weeks of
 * jobs, paid changes, refunds, second charges and cancellations), the owner's calls are owners' only, a driver reads
 * only their own weeks and statements, a settled week cannot change (the database refuses it), 20 concurrent settles
 * settle once, and hostile input is a 4xx with the message.
 */

async function pdfText(content: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(content));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

interface JobSpec {
  driver: 0 | 1;
  /** Days after the run's first Monday (two weeks: 0…13), completed at 10:00 London. */
  day: number;
  payment: 'car' | 'card';
  farePence: number;
  /** Paid changes (card: charged to the card; car: added to the fare). */
  changes: number[];
  /** Refunds as shares (per mille) of what is left on the card when made; reason change/operator. */
  refunds: { share: number; reason: 'change' | 'operator' }[];
  /** A second charge refunded automatically (left out of the ledger with its refund). */
  duplicate: boolean;
  /** Cancelled instead of completed (not a job done). */
  cancelled: boolean;
}

const jobSpec: fc.Arbitrary<JobSpec> = fc.record({
  driver: fc.constantFrom(0 as const, 1 as const),
  day: fc.integer({ min: 0, max: 13 }),
  payment: fc.constantFrom('car' as const, 'card' as const),
  farePence: fc.integer({ min: 500, max: 30_000 }),
  changes: fc.array(fc.integer({ min: 100, max: 5_000 }), { maxLength: 2 }),
  refunds: fc.array(fc.record({ share: fc.integer({ min: 1, max: 1000 }), reason: fc.constantFrom('change' as const, 'operator' as const) }), { maxLength: 2 }),
  duplicate: fc.boolean(),
  cancelled: fc.boolean().map((value) => value && Math.random() < 0.5),
});

describe(`driver settlement on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: ReturnType<typeof consoleOf>;
  let app: ReturnType<typeof driverAppOf>;
  let owner: Signed;
  let dispatcher: Signed;
  let drivers: [SignedDriver, SignedDriver];
  let template: string;
  let siteId: number;
  beforeAll(async () => {
    provider = await startTestProvider();
    api = consoleOf(provider);
    app = driverAppOf(provider, api);
    owner = await api.owner();
    dispatcher = await api.dispatcher();
    drivers = [await app.newDriver(owner, 'Amira Settle'), await app.newDriver(owner, 'Bryn Settle')];
    template = await api.bookInCar('settlement@example.test');
    siteId = Number((await api.sql<{ site_id: number }>('SELECT site_id FROM bookings WHERE booking_number = $1', [template]))[0].site_id);
  });
  afterAll(() => provider.dispose());

  let serial = 0;
  /** A booking written straight to the tables as `spec` says; its id and number. */
  async function makeJob(spec: JobSpec, monday: string): Promise<{ id: number; number: string }> {
    const number = `CF-STL${String(++serial).padStart(5, '0')}`;
    await api.copyBooking(template, { number });
    const driver = drivers[spec.driver];
    const at = new Date(`${monday}T10:00:00Z`);
    at.setUTCDate(at.getUTCDate() + spec.day);
    const changes = spec.changes.reduce((sum, amount) => sum + amount, 0);
    const total = spec.farePence + changes;
    const [{ id }] = await api.sql<{ id: number }>(
      `UPDATE bookings SET status = $2, completed_at = $3, cancelled_at = $4, assigned_driver = $5::jsonb, payment_method = $6, total_pence = $7,
              payment_status = $8, payment_intent_id = $9
        WHERE booking_number = $1 RETURNING id`,
      [
        number,
        spec.cancelled ? 'cancelled' : 'completed',
        spec.cancelled ? null : at,
        spec.cancelled ? at : null,
        JSON.stringify({ id: driver.driverId, name: spec.driver === 0 ? 'Amira Settle' : 'Bryn Settle' }),
        spec.payment,
        total,
        spec.payment === 'card' ? 'paid' : 'due_to_driver',
        spec.payment === 'card' ? `pi_${number}` : null,
      ],
    );
    if (spec.payment === 'card') {
      const pay = (intent: string, amount: number, key: string, charge = 'succeeded') =>
        api.sql(
          `INSERT INTO payments (site_id, intent_id, provider, amount_pence, currency, request_key, submission, status, charge, booking_id, created_at)
           VALUES ($1, $2, 'sandbox', $3, 'GBP', $4, '{}'::jsonb, 'succeeded', $5, $6, $7)`,
          [siteId, intent, amount, key, charge, id, at],
        );
      const refund = (intent: string, amount: number, reason: string, key: string) =>
        api.sql(`INSERT INTO refunds (site_id, intent_id, booking_id, amount_pence, currency, reason, idempotency_key, status, created_at) VALUES ($1, $2, $3, $4, 'GBP', $5, $6, 'succeeded', $7)`, [
          siteId,
          intent,
          id,
          amount,
          reason,
          key,
          at,
        ]);
      await pay(`pi_${number}`, spec.farePence, `booking:${number}`);
      for (const [index, amount] of spec.changes.entries()) await pay(`pi_${number}_c${index}`, amount, `booking_change:${number}:${index}`);
      let left = spec.farePence;
      for (const [index, part] of spec.refunds.entries()) {
        const amount = Math.floor((left * part.share) / 1000);
        if (amount <= 0) continue;
        left -= amount;
        await refund(`pi_${number}`, amount, part.reason, `r:${number}:${index}`);
      }
      if (spec.duplicate) {
        await pay(`pi_${number}_dup`, spec.farePence, `booking:${number}:dup`, 'duplicate');
        await refund(`pi_${number}_dup`, spec.farePence, 'duplicate_charge', `r:${number}:dup`);
      }
    }
    return { id: Number(id), number };
  }

  const detailOf = async (driver: SignedDriver, week: string): Promise<WeekDetail> => {
    const response = await api.as(owner, 'GET', `settlement/${driver.driverId}/${week}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().detail;
  };

  it('a week per driver reconciles with the ledger: each job is what its receipt ledger says was paid, the totals add up, the balance is collected less commission plus adjustments', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(jobSpec, { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: -5000, max: 5000 }).filter((n) => n !== 0), { maxLength: 2 }), async (specs, adjustments) => {
        // Each run on two weeks of its own, far from the others' (Mondays from 6 January 2025).
        const first = new Date(Date.UTC(2025, 0, 6 + 14 * run++)).toISOString().slice(0, 10);
        const second = new Date(Date.UTC(2025, 0, 13 + 14 * (run - 1))).toISOString().slice(0, 10);
        const made = [];
        for (const spec of specs) made.push({ spec, ...(await makeJob(spec, first)) });
        for (const amount of adjustments) {
          const added = await api.as(owner, 'POST', `settlement/${drivers[0].driverId}/${first}/adjustments`, { amount_pence: amount, reason: `Fuel card ${amount}` });
          expect(added.statusCode, added.body).toBe(201);
        }
        for (const [index, driver] of drivers.entries()) {
          for (const week of [first, second]) {
            const detail = await detailOf(driver, week);
            const expected = made.filter((job) => job.spec.driver === index && !job.spec.cancelled && (week === first ? job.spec.day < 7 : job.spec.day >= 7));
            expect(detail.jobs.map((job) => job.booking_number).sort()).toEqual(expected.map((job) => job.number).sort());
            let operator = 0;
            let inCar = 0;
            let commission = 0;
            for (const job of expected) {
              const receipt = (await loadReceiptBooking(provider.db, siteId, job.id))!;
              const line = detail.jobs.find((row) => row.booking_number === job.number)!;
              // The receipt's ledger, and the same ledger built here from the spec: charged − refunded.
              const mine = job.spec.payment === 'card' ? receipt.ledger.paidPence : 0;
              expect(line.operator_collected_pence).toBe(mine);
              expect(line.driver_collected_pence).toBe(job.spec.payment === 'car' ? receipt.totalPence : 0);
              expect(line.fare_pence).toBe(line.operator_collected_pence + line.driver_collected_pence);
              expect(line.commission_pence).toBe(Math.round((line.fare_pence * 1500) / 10_000));
              if (job.spec.payment === 'card') {
                const charges = receipt.ledger.entries.filter((entry) => entry.kind === 'charge').map((entry) => ({ ...entry }));
                const refunds = receipt.ledger.entries.filter((entry) => entry.kind === 'refund').map((entry) => ({ ...entry }));
                expect(buildLedger(charges, refunds as never).paidPence).toBe(line.operator_collected_pence);
              }
              operator += line.operator_collected_pence;
              inCar += line.driver_collected_pence;
              commission += line.commission_pence;
            }
            const adjusted = index === 0 && week === first ? adjustments.reduce((sum, amount) => sum + amount, 0) : 0;
            expect({
              jobs: detail.jobs.length,
              fares: detail.fares_pence,
              operator: detail.operator_collected_pence,
              inCar: detail.driver_collected_pence,
              commission: detail.commission_pence,
              adjustments: detail.adjustments_pence,
              balance: detail.balance_pence,
            }).toEqual({ jobs: expected.length, fares: operator + inCar, operator, inCar, commission, adjustments: adjusted, balance: operator - commission + adjusted });
          }
        }
        // The owner's list of the first week has the same figures for each driver with something in it.
        const list = (await api.as(owner, 'GET', `settlement?week=${first}`)).json();
        for (const row of list.drivers as DriverWeek[]) {
          const detail = await detailOf(drivers.find((driver) => driver.driverId === row.driver_id)!, first);
          expect(row.balance_pence).toBe(detail.balance_pence);
          expect(row.jobs).toBe(detail.jobs.length);
        }
      }),
      { numRuns: 12, seed: 35 },
    );
  });

  it("owners only: a dispatcher and a driver's cookie are refused every settlement call; another site's owner sees none of this site's drivers", async () => {
    const week = '2024-03-04';
    for (const [method, url, body] of [
      ['GET', 'settlement', undefined],
      ['GET', `settlement/${drivers[0].driverId}/${week}`, undefined],
      ['POST', `settlement/${drivers[0].driverId}/${week}/adjustments`, { amount_pence: 100, reason: 'x' }],
      ['POST', `settlement/${drivers[0].driverId}/${week}/settle`, undefined],
      ['GET', `settlement/${drivers[0].driverId}/${week}/statement`, undefined],
    ] as const) {
      const refused = await api.as(dispatcher, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().success).toBe(false);
      const byDriver = await api.raw(method, url, { cookie: drivers[0].cookie, 'x-csrf-token': drivers[0].csrf, origin: 'http://console.westwaycars.test' }, body);
      expect(byDriver.statusCode, `${method} ${url} as a driver`).toBe(401);
    }
    const other = await api.otherSite('Settle Elsewhere');
    const elsewhere = await api.as(other.owner, 'GET', `settlement/${drivers[0].driverId}/${week}`, undefined, other.headers);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(SETTLEMENT_MESSAGES.driverNotFound);
    expect((await api.sql('SELECT 1 FROM audit_log WHERE action LIKE $1 AND actor_staff_id IS NOT NULL AND entity_id = $2', ['settlement.%', String(drivers[0].driverId)])).length).toBeGreaterThan(0);
  });

  it('a driver reads only their own weeks and statement: the same figures as the owner sees, never the other driver’s', async () => {
    const week = '2024-04-01';
    await makeJob({ driver: 0, day: 1, payment: 'card', farePence: 4_250, changes: [], refunds: [], duplicate: false, cancelled: false }, week);
    await makeJob({ driver: 1, day: 2, payment: 'car', farePence: 9_990, changes: [], refunds: [], duplicate: false, cancelled: false }, week);
    const own = await app.as(drivers[0], 'GET', `earnings/${week}`);
    expect(own.statusCode, own.body).toBe(200);
    const mine = own.json().detail as WeekDetail;
    expect(mine).toEqual(await detailOf(drivers[0], week));
    expect(mine.jobs.map((job) => job.fare_pence)).toEqual([4_250]);
    const pdf = await app.as(drivers[0], 'GET', `earnings/${week}/statement`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="statement-${week}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Driver Amira Settle');
    expect(text).toContain(`Balance ${balanceText(mine.balance_pence, 'driver')}`);
    expect(text).toContain(poundsText(4_250));
    expect(text).not.toContain('Bryn Settle');
    expect(text).not.toContain(poundsText(9_990));
    // The owner's statement of the same week is the same document.
    const owners = await api.as(owner, 'GET', `settlement/${drivers[0].driverId}/${week}/statement`);
    expect(await pdfText(owners.rawPayload)).toBe(text);
    // The earnings list is the driver's alone; a driver id in the path or query changes nothing.
    const list = await app.as(drivers[1], 'GET', `earnings?driver_id=${drivers[0].driverId}`);
    expect(list.statusCode).toBe(200);
    expect((list.json().weeks as DriverWeek[]).every((row) => row.driver_id === drivers[1].driverId)).toBe(true);
    expect((await app.as(drivers[1], 'GET', `earnings/${drivers[0].driverId}/${week}/statement`)).statusCode).toBe(404);
    expect((await app.as(drivers[1], 'GET', `earnings/${week}`)).json().detail.jobs.map((job: { fare_pence: number }) => job.fare_pence)).toEqual([9_990]);
    // Signed out: nothing.
    expect((await app.inject('GET', `earnings/${week}/statement`, {})).statusCode).toBe(401);
  });

  it('a settled week cannot change: adjustments are refused with the message, the database refuses any edit, a refund after settling leaves its figures', async () => {
    const week = '2024-05-06';
    const job = await makeJob({ driver: 0, day: 0, payment: 'card', farePence: 6_000, changes: [], refunds: [], duplicate: false, cancelled: false }, week);
    const added = await api.as(owner, 'POST', `settlement/${drivers[0].driverId}/${week}/adjustments`, { amount_pence: -1_500, reason: 'Damaged seat cover' });
    expect(added.statusCode, added.body).toBe(201);
    const settled = await api.as(owner, 'POST', `settlement/${drivers[0].driverId}/${week}/settle`);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().message).toBe("Amira Settle's week is settled.");
    const before = settled.json().detail as WeekDetail;
    expect(before.settled_at).not.toBeNull();
    expect(before.balance_pence).toBe(6_000 - 900 - 1_500);

    const again = await api.as(owner, 'POST', `settlement/${drivers[0].driverId}/${week}/adjustments`, { amount_pence: 500, reason: 'Late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SETTLEMENT_MESSAGES.settledLocked);
    await expect(api.sql('UPDATE settlement_weeks SET balance_pence = 0 WHERE driver_id = $1', [drivers[0].driverId])).rejects.toThrow(/settled week is immutable/);
    await expect(api.sql('DELETE FROM settlement_weeks WHERE driver_id = $1', [drivers[0].driverId])).rejects.toThrow(/settled week is immutable/);
    await expect(api.sql("INSERT INTO settlement_adjustments (site_id, driver_id, week_start, amount_pence, reason) VALUES ($1, $2, $3, 100, 'x')", [siteId, drivers[0].driverId, week])).rejects.toThrow(
      /settled week is immutable/,
    );
    await expect(api.sql('DELETE FROM settlement_adjustments WHERE driver_id = $1 AND week_start = $2', [drivers[0].driverId, week])).rejects.toThrow(/settled week is immutable/);

    // A refund made afterwards leaves the settled week as paid; the owner carries it to the next week.
    await api.sql(`INSERT INTO refunds (site_id, intent_id, booking_id, amount_pence, currency, reason, idempotency_key, status) VALUES ($1, $2, $3, 1000, 'GBP', 'operator', 'late-refund', 'succeeded')`, [
      siteId,
      `pi_${job.number}`,
      job.id,
    ]);
    expect(await detailOf(drivers[0], week)).toEqual(before);
    const next = await api.as(owner, 'POST', `settlement/${drivers[0].driverId}/2024-05-13/adjustments`, { amount_pence: -1_000, reason: 'Refund after settling 6 May' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().detail.balance_pence).toBe(-1_000);
    expect((await api.as(owner, 'POST', `settlement/${drivers[0].driverId}/${week}/settle`)).json().message).toBe(SETTLEMENT_MESSAGES.alreadySettled);
  });

  it('20 concurrent settle requests settle the week once: one 200, nineteen 409s, one row and one audit entry', async () => {
    const week = '2024-06-03';
    await makeJob({ driver: 1, day: 3, payment: 'car', farePence: 3_000, changes: [], refunds: [], duplicate: false, cancelled: false }, week);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.as(owner, 'POST', `settlement/${drivers[1].driverId}/${week}/settle`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(new Set(answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().message))).toEqual(new Set([SETTLEMENT_MESSAGES.alreadySettled]));
    expect(await api.sql('SELECT balance_pence FROM settlement_weeks WHERE driver_id = $1 AND week_start = $2', [drivers[1].driverId, week])).toEqual([{ balance_pence: -450 }]);
    const audits = await api.sql("SELECT 1 FROM audit_log WHERE action = 'settlement.settle' AND entity_id = $1 AND after ->> 'week_start' = $2", [String(drivers[1].driverId), week]);
    expect(audits).toHaveLength(1);
  });

  it('hostile input is a 4xx JSON answer with the message', async () => {
    const id = drivers[0].driverId;
    const cases: [string, string, unknown, number, string][] = [
      ['GET', 'settlement?week=2024-13-01', undefined, 400, SETTLEMENT_MESSAGES.weekInvalid],
      ['GET', `settlement?week=${'9'.repeat(5000)}`, undefined, 400, SETTLEMENT_MESSAGES.weekInvalid],
      ['GET', 'settlement?week=2024-06-04', undefined, 400, SETTLEMENT_MESSAGES.notWeekStart(1)],
      ['GET', `settlement/${id}/2024-06-04%00`, undefined, 400, 'week: Text must not contain NUL characters'],
      ['GET', `settlement/abc/2024-06-03`, undefined, 400, 'driver_id must be a number'],
      ['GET', `settlement/99999999/2024-06-03`, undefined, 404, SETTLEMENT_MESSAGES.driverNotFound],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: 0, reason: 'x' }, 400, SETTLEMENT_MESSAGES.amount],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: 12.5, reason: 'x' }, 400, SETTLEMENT_MESSAGES.amount],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: '100', reason: 'x' }, 400, SETTLEMENT_MESSAGES.amount],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: 1e12, reason: 'x' }, 400, SETTLEMENT_MESSAGES.amount],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: 100, reason: '   ' }, 400, SETTLEMENT_MESSAGES.reason],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: 100, reason: 'a\u0000b' }, 400, 'reason: Text must not contain NUL characters'],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: 100, reason: 'line\nbreak' }, 400, SETTLEMENT_MESSAGES.reason],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: 100, reason: 'x'.repeat(201) }, 400, SETTLEMENT_MESSAGES.reason],
      ['POST', `settlement/${id}/2024-07-01/adjustments`, { amount_pence: 100 }, 400, SETTLEMENT_MESSAGES.reason],
    ];
    for (const [method, url, body, status, message] of cases) {
      const answer = await api.as(owner, method as 'GET', url, body);
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.json().success).toBe(false);
      expect(answer.json().message).toContain(message);
    }
    // A week that has not ended is not settled.
    const thisWeek = (await api.as(owner, 'GET', 'settlement')).json().weeks[0] as string;
    const early = await api.as(owner, 'POST', `settlement/${id}/${thisWeek}/settle`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SETTLEMENT_MESSAGES.notOver);
    const hostileDriver = await app.as(drivers[0], 'GET', 'earnings/2024-02-30');
    expect(hostileDriver.statusCode).toBe(400);
    expect(hostileDriver.json().message).toContain(SETTLEMENT_MESSAGES.weekInvalid);
    expect(await api.sql("SELECT 1 FROM settlement_adjustments WHERE week_start = '2024-07-01'")).toHaveLength(0);
  });
});
