// Two trees' servers in ONE process, their distinct searches (or another load) interleaved in short batches (issue 36):
// the CPU per request of a batch of one, then of the other, and so on, so a neighbour's load on this shared machine
// falls on both alike; the medians and the spread over the batches. Through Fastify's inject, 50 in flight.
// `npx tsx bench/lib/injectCompare.ts <tree A> <tree B>`; INJECT_LOAD (distinct | repeat | trivial, default distinct),
// INJECT_BATCHES (40 per tree), INJECT_BATCH (250 requests).
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { distinctSearch } from './quoteLoad.ts';

const roots = process.argv.slice(2, 4).map((root) => path.resolve(root));
if (roots.length !== 2) throw new Error('usage: injectCompare.ts <tree A> <tree B>');
const load = process.env.INJECT_LOAD ?? 'distinct';
const batches = Number(process.env.INJECT_BATCHES ?? 40);
const batchSize = Number(process.env.INJECT_BATCH ?? 250);

const headers = { 'api-public-key': 'pk_demo_cabflow_0001', 'api-secret-key': 'sk_demo_cabflow_0001', 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate', 'user-agent': 'autocannon' };
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

interface Tree {
  root: string;
  provider: import('../../tests/helpers/provider.ts').TestProvider;
  make: (n: number) => InjectOptions;
  next: number;
  samples: number[];
}
const trees: Tree[] = [];
for (const root of roots) {
  const { startTestProvider } = (await import(path.join(root, 'tests/helpers/provider.ts'))) as typeof import('../../tests/helpers/provider.ts');
  const { oneWayForm, weekdayAhead } = (await import(path.join(root, 'tests/helpers/forms.ts'))) as typeof import('../../tests/helpers/forms.ts');
  const provider = await startTestProvider({ env: { TRUST_PROXY: 'loopback' } });
  const payload = JSON.stringify(oneWayForm());
  const date = weekdayAhead();
  const make = (n: number): InjectOptions => {
    const base = { headers: { ...headers, 'x-forwarded-for': address(n) } };
    if (load === 'trivial') return { ...base, method: 'GET', url: '/api/v1/ping' };
    return { ...base, method: 'POST', url: '/api/v1/calculate-distance-price', payload: load === 'repeat' ? payload : JSON.stringify(distinctSearch(n, date)) };
  };
  trees.push({ root, provider, make, next: 0, samples: [] });
}

async function run(tree: Tree, count: number) {
  const end = tree.next + count;
  const worker = async () => {
    while (tree.next < end) {
      const response = await tree.provider.fastify.inject(tree.make(tree.next++));
      if (response.statusCode !== 200) throw new Error(`${tree.root}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
}

// Warm-up: each tree's code compiled and its caches as in a steady run.
for (const tree of trees) await run(tree, 2_000);
for (let batch = 0; batch < batches; batch += 1) {
  for (const tree of batch % 2 === 0 ? trees : [...trees].reverse()) {
    const before = process.cpuUsage();
    await run(tree, batchSize);
    const cpu = process.cpuUsage(before);
    tree.samples.push((cpu.user + cpu.system) / batchSize);
  }
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const [a, b] = trees;
// Batch by batch, B's CPU over A's (the pair ran back to back): its median is the steadiest comparison.
const ratios = a!.samples.map((value, index) => b!.samples[index]! / value);
console.log(
  JSON.stringify(
    {
      load,
      requestsPerBatch: batchSize,
      batches,
      trees: trees.map((tree) => ({ root: tree.root, medianCpuUs: Math.round(at(tree.samples, 0.5)), p25: Math.round(at(tree.samples, 0.25)), p75: Math.round(at(tree.samples, 0.75)) })),
      medianRatioBtoA: Math.round(at(ratios, 0.5) * 1000) / 1000,
      ratioP25: Math.round(at(ratios, 0.25) * 1000) / 1000,
      ratioP75: Math.round(at(ratios, 0.75) * 1000) / 1000,
    },
    null,
    1,
  ),
);
for (const tree of trees) await tree.provider.dispose();
