// Two builds of the server in ONE run, alternated (issue 36): `QUOTE_BENCH_BASE=<git ref> npx tsx bench/quote.bench.ts`
// checks the ref out beside this tree (bench/lib/buildServers.ts), starts both builds' servers in processes of their
// own and measures, round after round, each build's trivial route, repeated search and distinct searches, the order
// of the builds swapped every round (base-head, head-base, …) so a neighbour's load on this shared machine falls on
// both. Medians over the rounds: req/s, p99, the ratio to the trivial route of the same build and round, and the
// server's CPU per request (the steadiest figure when the machine is shared).
// QUOTE_BENCH_ROUNDS (default 5) and QUOTE_BENCH_SECONDS (per load, default 3); QUOTE_BENCH_POSTGRES as in the bench;
// BENCH_CPU_PROFILE=<dir> writes each build's CPU profile of one round's repeated searches.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_KEYS } from '../../server/config.ts';
import { oneWayForm } from '../../tests/helpers/forms.ts';
import type { LoadResult } from '../lib.ts';
import { checkoutBuild, startBuildServer, workingTree, type BuildServer } from './buildServers.ts';
import { loadInChild, type LoadSpec } from './loadProcess.ts';

type Kind = 'trivial' | 'repeat' | 'distinct';
const KINDS: Kind[] = ['trivial', 'repeat', 'distinct'];
interface Sample extends LoadResult {
  cpuUsPerRequest: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

function specOf(kind: Kind, server: BuildServer, seconds: number, offset: number): LoadSpec {
  const headers = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate' };
  if (kind === 'trivial') return { kind: 'plain', url: `${server.url}/api/v1/ping`, headers, duration: seconds, visitors: true };
  const url = `${server.url}/api/v1/calculate-distance-price`;
  if (kind === 'repeat') return { kind: 'plain', url, headers, method: 'POST', body: JSON.stringify(oneWayForm()), duration: seconds, visitors: true };
  return { kind: 'distinct', url, headers, duration: seconds, offset };
}

async function sample(server: BuildServer, spec: LoadSpec): Promise<Sample> {
  const before = await server.cpuMs();
  const result = await loadInChild(spec);
  const cpu = (await server.cpuMs()) - before;
  const requests = Math.max(1, result.requestsPerSecond * (spec.duration ?? 5));
  return { ...result, cpuUsPerRequest: Math.round((cpu * 1000) / requests) };
}

async function compareOn(database: 'pglite' | 'postgres', adminUrl: string | null, baseRef: string) {
  const rounds = Number(process.env.QUOTE_BENCH_ROUNDS ?? 5);
  const seconds = Number(process.env.QUOTE_BENCH_SECONDS ?? 3);
  const base = checkoutBuild(baseRef);
  const builds = [base, workingTree()];
  const servers: BuildServer[] = [];
  try {
    for (const build of builds) servers.push(await startBuildServer(build, adminUrl));
    for (const server of servers) for (const kind of KINDS) await loadInChild(specOf(kind, server, 1, 900_000));
    const samples = servers.map(() => new Map<Kind, Sample[]>(KINDS.map((kind) => [kind, []])));
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const server = servers[index]!;
        const stopProfile = round === 1 && process.env.BENCH_CPU_PROFILE ? await server.profile(path.resolve(process.env.BENCH_CPU_PROFILE, `repeat-${database}-${index === 0 ? 'base' : 'head'}.cpuprofile`)) : null;
        const repeat = await sample(server, specOf('repeat', server, seconds, 0));
        await stopProfile?.();
        samples[index]!.get('repeat')!.push(repeat);
        samples[index]!.get('trivial')!.push(await sample(server, specOf('trivial', server, seconds, 0)));
        samples[index]!.get('distinct')!.push(await sample(server, specOf('distinct', server, seconds, round * 40_000)));
      }
      console.log(`round ${round + 1}/${rounds}: ${servers.map((server, index) => `${server.build.label} repeat ${samples[index]!.get('repeat')!.at(-1)!.requestsPerSecond} / trivial ${samples[index]!.get('trivial')!.at(-1)!.requestsPerSecond} req/s`).join('; ')}`);
    }
    const summary = servers.map((server, index) => {
      const of = (kind: Kind) => samples[index]!.get(kind)!;
      const ratios = (kind: Kind) => of(kind).map((one, at) => one.requestsPerSecond / of('trivial')[at]!.requestsPerSecond);
      const figures = (kind: Kind) => ({
        rps: Math.round(median(of(kind).map((one) => one.requestsPerSecond))),
        p99Ms: median(of(kind).map((one) => one.p99Ms)),
        ratio: round2(median(ratios(kind))),
        cpuUs: Math.round(median(of(kind).map((one) => one.cpuUsPerRequest))),
        errors: of(kind).reduce((sum, one) => sum + one.errors + one.non2xx, 0),
      });
      return { build: server.build.label, trivial: figures('trivial'), repeat: figures('repeat'), distinct: figures('distinct') };
    });
    console.log(`\n${database}: medians of ${rounds} alternated rounds, ${seconds} s per load, 50 connections (repeat goal: ratio ≥ 0.5, p99 < 25 ms)`);
    console.table(
      summary.flatMap(({ build, ...kinds }) =>
        KINDS.map((kind) => ({ build, load: kind, 'req/s': kinds[kind].rps, 'p99 ms': kinds[kind].p99Ms, 'ratio to trivial': kinds[kind].ratio, 'server CPU µs/req': kinds[kind].cpuUs, 'errors+non2xx': kinds[kind].errors })),
      ),
    );
    // The repeat search's budget (bench/budget.json): a ratio to the trivial route and a p99, medians of the rounds.
    const budget = JSON.parse(readFileSync(path.join(import.meta.dirname, '../budget.json'), 'utf8')) as { repeatSearchRatioToTrivial: number; repeatSearchP99Ms: number };
    for (const { build, repeat } of summary) {
      const met = repeat.ratio >= budget.repeatSearchRatioToTrivial && repeat.p99Ms < budget.repeatSearchP99Ms;
      console.log(`${build}: repeat ratio ${repeat.ratio} (budget ≥ ${budget.repeatSearchRatioToTrivial}), p99 ${repeat.p99Ms} ms (budget < ${budget.repeatSearchP99Ms}): ${met ? 'within budget' : 'over budget'}`);
    }
    return { database, rounds, seconds, summary };
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
    base.remove();
  }
}

export async function compareQuoteBuilds(baseRef: string, startPostgres: () => Promise<{ url: string; stop(): void }>) {
  const only = process.env.QUOTE_BENCH_POSTGRES;
  const pglite = only === '1' ? null : await compareOn('pglite', null, baseRef);
  if (only === '0') return { base: baseRef, pglite };
  const postgres = await startPostgres();
  try {
    return { base: baseRef, pglite, postgres: await compareOn('postgres', postgres.url, baseRef) };
  } finally {
    postgres.stop();
  }
}
