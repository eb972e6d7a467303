// One build's server in a process of its own, for the alternating comparison (bench/lib/compareBuilds.ts): started
// by `startBuildServer`, it imports the test provider of the build's own tree (argv[2], so an older commit's checkout
// runs its own code), listens on an ephemeral port with TRUST_PROXY=loopback as bench/quote.bench.ts's server does,
// and answers its parent over IPC: its URL once listening, a CPU profile of itself on request, its CPU time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const { startTestProvider } = (await import(path.join(root, 'tests/helpers/provider.ts'))) as typeof import('../../tests/helpers/provider.ts');
// TEST_DATABASE_URL (a PostgreSQL server's admin URL) makes the provider create a database of its own; else PGlite.
const provider = await startTestProvider({ listen: true, env: { TRUST_PROXY: 'loopback' } });

let session: Session | null = null;
type Message = { type: 'profile-start' } | { type: 'profile-stop'; file: string } | { type: 'cpu' } | { type: 'stop' };
process.on('message', async (message: Message) => {
  if (message.type === 'profile-start') {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    process.send!({ type: 'profile-started' });
  } else if (message.type === 'profile-stop' && session) {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    session = null;
    mkdirSync(path.dirname(message.file), { recursive: true });
    writeFileSync(message.file, JSON.stringify(profile));
    process.send!({ type: 'profile-stopped' });
  } else if (message.type === 'cpu') {
    const usage = process.cpuUsage();
    process.send!({ type: 'cpu', ms: (usage.user + usage.system) / 1000 });
  } else if (message.type === 'stop') {
    await provider.dispose();
    process.exit(0);
  }
});
process.send!({ type: 'listening', url: provider.url });
