// The load generator's own process (started by bench/lib/loadProcess.ts): runs one autocannon load described by the
// JSON in argv[2] and prints its result as JSON on the last line of stdout, so the server's process keeps its CPU.
import { load } from '../lib.ts';
import { bookingLoad } from './bookingLoad.ts';
import { cardLoad } from './cardLoad.ts';
import { distinctSearchLoad } from './quoteLoad.ts';
import type { LoadSpec } from './loadProcess.ts';

const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
const result =
  spec.kind === 'distinct'
    ? await distinctSearchLoad(spec.url, spec.headers ?? {}, spec)
    : spec.kind === 'booking'
      ? await bookingLoad(spec.url, spec)
      : spec.kind === 'card'
        ? await cardLoad(spec.url, spec)
        : await load(spec.url, spec);
process.stdout.write(`\n${JSON.stringify(result)}\n`);
