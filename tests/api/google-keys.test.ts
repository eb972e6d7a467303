import { afterEach, describe, expect, it } from 'vitest';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

// Every operator setting reaches every visitor through GET /api/v1/setting, so the server's Google key (environment
// GOOGLE_API_KEY, for Routes and Geocoding) must never be seeded into the browser's key (the setting GOOGLE_API_KEY).
describe(`the demo seed's Google keys on ${testDatabaseKind}`, () => {
  let provider: TestProvider | undefined;
  afterEach(async () => {
    await provider?.dispose();
    provider = undefined;
  });

  const browserKey = async (p: TestProvider) => {
    const response = await p.fastify.inject({ method: 'GET', url: '/api/v1/setting', headers: KEY_HEADERS });
    return (response.json() as { setting_name: string; setting_value: string }[]).find((row) => row.setting_name === 'GOOGLE_API_KEY')?.setting_value;
  };

  it('does not publish the server key: the browser key stays empty', async () => {
    provider = await startTestProvider({ env: { GOOGLE_API_KEY: 'AIza-server-key-secret' } });
    const value = await browserKey(provider);
    expect(value).toBe('');
    const { rows } = await provider.db.query<{ n: number }>("SELECT count(*)::int AS n FROM settings WHERE setting_value LIKE '%server-key-secret%'");
    expect(rows[0].n).toBe(0);
  });

  // A database seeded from scratch (the template holds no browser key): slower than the other tests' template copies.
  it('seeds the browser key from GOOGLE_BROWSER_KEY', { timeout: 120_000 }, async () => {
    provider = await startTestProvider({ env: { GOOGLE_API_KEY: 'AIza-server-key-secret', GOOGLE_BROWSER_KEY: 'AIza-browser-key' } });
    expect(await browserKey(provider)).toBe('AIza-browser-key');
  });
});
