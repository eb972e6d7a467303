import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { crashTest } from '../../bench/lib/crash.ts';
import { testDatabaseKind } from '../helpers/provider.ts';

async function freshDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `cabflow_crash_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe(`crash safety on ${testDatabaseKind}`, () => {
  it('a server killed with SIGKILL while bookings stream in loses none it acknowledged', async () => {
    const databaseUrl = testDatabaseKind === 'postgres' ? await freshDatabase() : undefined;
    const result = await crashTest({ databaseUrl, killAfterMs: 2500, minAcknowledged: 10 });
    console.log(`crash test (${result.database}): ${result.acknowledged} acknowledged, ${result.missingAfterRestart} missing after restart`);
    expect(result.acknowledged).toBeGreaterThan(5);
    expect(result.missingAfterRestart).toBe(0);
    expect(result.storedAfterRestart).toBeGreaterThanOrEqual(result.acknowledged);
  }, 480_000);
});
