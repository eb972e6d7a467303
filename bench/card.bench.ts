// Card bookings per second (issue 20): a guest pays by card through the sandbox processor, as the booking flow does —
// create the payment intent, confirm it (charged, the booking written with its mails), then POST /booking with the
// paid intent for the booking's answer — on a throwaway PostgreSQL cluster (fsync on), beside the trivial route in the
// same server and run, 20 connections, 5 s. Goal: at least 300 complete payments per second. Checked after the load:
// each paid intent bound to exactly one booking, no submission booked twice. The load generator runs in a process of
// its own (bench/lib/loadProcess.ts). BENCH_CPU_PROFILE=<dir> also writes a CPU profile of the server.
import { startThrowawayPostgres } from '../scripts/lib/postgres.mjs';
import { startTestProvider } from '../tests/helpers/provider.ts';
import { KEY_HEADERS } from './lib/bookingLoad.ts';
import type { CardLoadResult } from './lib/cardLoad.ts';
import { counted, printTable, statementsPerRequest } from './lib.ts';
import { loadInChild } from './lib/loadProcess.ts';
import { cpuDuring } from './lib/cpu.ts';
import { profiled } from './lib/profile.ts';

export async function run() {
  const postgres = await startThrowawayPostgres({ fsync: true });
  const provider = await startTestProvider({ listen: true, env: { TRUST_PROXY: 'loopback' }, databaseUrl: postgres.url });
  try {
    if (provider.config.payments !== 'sandbox') throw new Error('the card bench pays through the sandbox: unset PAYMENTS');
    const ping = `${provider.url}/api/v1/ping`;
    await loadInChild({ kind: 'card', url: provider.url, duration: 1, tag: 'warm' });
    const trivial = await loadInChild({ kind: 'plain', url: ping, headers: KEY_HEADERS, connections: 20, visitors: true });
    const profile = await profiled(`card-bookings-${provider.db.kind}`, () =>
      cpuDuring(postgres.dir, () => counted(provider.db, () => loadInChild<CardLoadResult>({ kind: 'card', url: provider.url, connections: 20 }))),
    );
    const { result: measured, cpu } = profile.result;
    const card = measured.result;
    printTable(`card payments vs a trivial route (${provider.db.kind}, sandbox, 20 connections, 5 s each)`, [trivial, card]);
    const check = await provider.db.query<{ paid: string; booked: string; doubled: string }>(
      `SELECT (SELECT count(*) FROM payments WHERE charge = 'succeeded')::text AS paid,
              (SELECT count(*) FROM bookings WHERE payment_method = 'card')::text AS booked,
              (SELECT count(*) FROM (SELECT request_key FROM bookings GROUP BY site_id, request_key HAVING count(*) > 1) AS d)::text AS doubled`,
    );
    const { paid, booked, doubled } = check.rows[0];
    const perPayment = (value: number) => Number((value / Math.max(1, card.payments)).toFixed(2));
    console.log(
      `card payments (postgres): ${card.paymentsPerSecond} complete/s (goal ≥ 300), ${card.payments} complete, per-call p99 ${card.p99Ms} ms; ` +
        `trivial ${trivial.requestsPerSecond} req/s; ${perPayment(measured.statements)} statements and ${perPayment(cpu.serverMs)} ms server CPU + ${perPayment(cpu.databaseMs)} ms PostgreSQL CPU per payment; ` +
        `succeeded charges ${paid}, card bookings ${booked}, submissions booked twice ${doubled}`,
    );
    console.table(statementsPerRequest(measured.sql, card.payments));
    return {
      database: provider.db.kind,
      trivial,
      card,
      ratio: Number((card.requestsPerSecond / trivial.requestsPerSecond).toFixed(3)),
      statementsPerPayment: perPayment(measured.statements),
      cpuMsPerPayment: { server: perPayment(cpu.serverMs), database: perPayment(cpu.databaseMs) },
      succeededCharges: Number(paid),
      cardBookings: Number(booked),
      submissionsBookedTwice: Number(doubled),
      profileTop: profile.top,
    };
  } finally {
    await provider.dispose();
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
