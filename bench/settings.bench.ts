// Requests per second of GET /api/v1/setting beside a trivial route (/api/v1/ping) in the same server and run,
// printed as a ratio: the settings call is served from the site cache, so it should be close to the trivial one.
import { DEMO_KEYS } from '../server/config.ts';
import { startTestProvider } from '../tests/helpers/provider.ts';
import { load, printTable } from './lib.ts';

export async function run() {
  const provider = await startTestProvider({ listen: true });
  const headers = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey };
  try {
    await load(`${provider.url}/api/v1/setting`, { headers, duration: 1 }); // warm-up
    const trivial = await load(`${provider.url}/api/v1/ping`, { headers });
    const settings = await load(`${provider.url}/api/v1/setting`, { headers });
    printTable(`GET /api/v1/setting vs a trivial route (${provider.db.kind}, 50 connections, 5 s each)`, [trivial, settings]);
    const ratio = Number((settings.requestsPerSecond / trivial.requestsPerSecond).toFixed(2));
    console.log(`setting/trivial throughput ratio: ${ratio}`);
    return { database: provider.db.kind, trivial, settings, ratio };
  } finally {
    await provider.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
