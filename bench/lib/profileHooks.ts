// Where a server's CPU profile spends its time, by the request's stage (issue 36: "hook by hook"): each sample's own
// frame is given to the stage its file belongs to (STAGES; a built-in such as a regex or JSON.parse to its caller's),
// so zod counts as validation, Fastify's own code as Fastify, Node's HTTP as HTTP.
// `npx tsx bench/lib/profileHooks.ts a.cpuprofile [b.cpuprofile …]` prints each as a table, in % of samples.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Stages, innermost first wins; `test` sees "functionName url". */
const STAGES: [string, RegExp][] = [
  ['gc', /^\(garbage collector\)/],
  ['idle', /^\(idle\)/],
  ['input rule (NUL / surrogates)', /plugins\/inputRules\.ts/],
  ['per-address limit', /plugins\/apiLimits\.ts|plugins\/rateLimit\.ts|addressLimits/],
  ['security headers', /plugins\/securityHeaders\.ts/],
  ['log redaction / logger', /server\/logging\.ts|node_modules\/pino/],
  ['validation (zod)', /node_modules\/zod|routes\/schemas\.ts|server\/http\.ts/],
  ['response serialiser', /fastify-type-provider-zod|fast-json-stringify/],
  ['API key check', /plugins\/apiKeys\.ts|domain\/sites/],
  ['quote route + cache', /routes\/quoting\.ts|domain\/quotes|domain\/pricing|domain\/geo/],
  ['body parse (JSON)', /secure-json-parse|contentTypeParser|content-type-parser/],
  ['cors / cookie / website hooks', /@fastify\/cors|@fastify\/cookie|server\/web\//],
  ['fastify hooks / routing', /node_modules\/fastify\/|find-my-way|avvio|light-my-request/],
  ['node http / net', /node:_http|node:net|node:internal\/(stream|http|net)|^\S* node:events|node:_stream/],
  ['other js', /./],
];

const stageOf = (frame: string) => STAGES.find(([, test]) => test.test(frame))?.[0] ?? 'other';

export function stages(profile: Profile): Record<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const memo = new Map<number, string>();
  const stageOfNode = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    const frame = `${functionName} ${url}`;
    // A built-in (no file: a regex, JSON.parse, a Map) counts for its caller; anything else for its own file, so a hook
    // chain's callbacks (Fastify runs the next hook from inside the previous one's `done`) are not charged to the hook.
    const stage = !url && !functionName.startsWith('(') ? (parent.has(id) ? stageOfNode(parent.get(id)!) : 'other') : stageOf(frame);
    memo.set(id, stage);
    return stage;
  };
  const totals: Record<string, number> = {};
  profile.samples.forEach((id, index) => {
    const stage = stageOfNode(id);
    totals[stage] = (totals[stage] ?? 0) + (profile.timeDeltas[index] ?? 0);
  });
  return totals;
}

/** Percent of the busy (non-idle) time per stage. */
export function stageShares(profile: Profile) {
  const totals = stages(profile);
  const busy = Object.entries(totals).filter(([stage]) => stage !== 'idle').reduce((sum, [, value]) => sum + value, 0) || 1;
  return Object.fromEntries(
    Object.entries(totals)
      .filter(([stage]) => stage !== 'idle')
      .sort((a, b) => b[1] - a[1])
      .map(([stage, value]) => [stage, Math.round((value / busy) * 1000) / 10]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  const shares = files.map((file) => stageShares(JSON.parse(readFileSync(file, 'utf8')) as Profile));
  const names = [...new Set(shares.flatMap((one) => Object.keys(one)))];
  console.table(Object.fromEntries(names.map((name) => [name, Object.fromEntries(files.map((file, index) => [path.basename(file), shares[index]![name] ?? 0]))])));
}
