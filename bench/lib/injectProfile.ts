// A CPU profile of repeated searches and of the trivial route through Fastify's inject (no sockets, no load
// generator): every hook, the validation, the route and the reply run as for a real request, and the process is
// CPU-bound, so the shares per stage (bench/lib/profileHooks.ts) hold even when other jobs share the machine.
// `npx tsx bench/lib/injectProfile.ts [<tree root>] [<out dir>]`: the tree's own server (another commit's checkout
// compares), its µs of CPU per request for each load and its stages. INJECT_REQUESTS (20 000) per load;
// INJECT_LOADS=distinct (comma-separated names) measures only those loads.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { stageShares } from './profileHooks.ts';
import { distinctSearch } from './quoteLoad.ts';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../..'));
const out = path.resolve(process.argv[3] ?? '/tmp/cabflow-inject-profile');
const N = Number(process.env.INJECT_REQUESTS ?? 20_000);
const { startTestProvider } = (await import(path.join(root, 'tests/helpers/provider.ts'))) as typeof import('../../tests/helpers/provider.ts');
const { oneWayForm, weekdayAhead } = (await import(path.join(root, 'tests/helpers/forms.ts'))) as typeof import('../../tests/helpers/forms.ts');
const provider = await startTestProvider({ env: { TRUST_PROXY: 'loopback' } });
const headers = { 'api-public-key': 'pk_demo_cabflow_0001', 'api-secret-key': 'sk_demo_cabflow_0001', 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate', 'user-agent': 'autocannon' };
const payload = JSON.stringify(oneWayForm());
// The distinct searches' date worked out once: the load generator shares this process, so its own work would count as the server's.
const searchDate = weekdayAhead();
const address = (n: number) => `10.0.${(n >> 8) & 255}.${n & 255}`;
const loads: Record<string, (n: number) => InjectOptions> = {
  trivial: (n: number) => ({ method: 'GET' as const, url: '/api/v1/ping', headers: { ...headers, 'x-forwarded-for': address(n) } }),
  repeat: (n: number) => ({ method: 'POST' as const, url: '/api/v1/calculate-distance-price', headers: { ...headers, 'x-forwarded-for': address(n) }, payload }),
  // A different search each time (numbers apart from the warm-up's), each priced and stored.
  distinct: (n: number) => ({ method: 'POST' as const, url: '/api/v1/calculate-distance-price', headers: { ...headers, 'x-forwarded-for': address(n) }, payload: JSON.stringify(distinctSearch(n, searchDate)) }),
};

async function run(make: (n: number) => InjectOptions, count: number) {
  // 50 in flight, as the bench's 50 connections.
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const response = await provider.fastify.inject(make(next++));
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
}

mkdirSync(out, { recursive: true });
const results: Record<string, unknown> = {};
const only = process.env.INJECT_LOADS?.split(',');
for (const [name, make] of Object.entries(loads).filter(([name]) => !only || only.includes(name))) {
  await run(name === 'distinct' ? (n) => make(n + 100_000) : make, 3_000);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  const before = process.cpuUsage();
  const started = performance.now();
  await session.post('Profiler.start');
  await run(make, N);
  const { profile } = await session.post('Profiler.stop');
  const cpu = process.cpuUsage(before);
  const wall = performance.now() - started;
  session.disconnect();
  writeFileSync(path.join(out, `${name}.cpuprofile`), JSON.stringify(profile));
  results[name] = { cpuUsPerRequest: Math.round((cpu.user + cpu.system) / N), wallUsPerRequest: Math.round((wall * 1000) / N), stages: stageShares(profile as never) };
}
console.log(JSON.stringify(results, null, 1));
await provider.dispose();
