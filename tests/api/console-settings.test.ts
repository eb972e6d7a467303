import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

describe(`admin settings API on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const admin = (method: 'GET' | 'PUT', payload?: unknown, token = provider.config.adminToken) =>
    provider.fastify.inject({ method, url: '/api/admin/settings', headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  const publicSettings = async () => {
    const response = await provider.fastify.inject({ method: 'GET', url: '/api/v1/setting', headers: KEY_HEADERS });
    return Object.fromEntries((response.json() as { setting_name: string; setting_value: string }[]).map((row) => [row.setting_name, row.setting_value]));
  };

  it('refuses a missing or wrong admin token with 401', async () => {
    expect((await provider.fastify.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    const wrong = await admin('GET', undefined, 'not-the-token');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: 'Admin token missing or wrong', code: 'unauthenticated' });
  });

  it('does not accept the public key pair as an admin credential', async () => {
    const response = await provider.fastify.inject({ method: 'PUT', url: '/api/admin/settings', headers: KEY_HEADERS, payload: { Company_Name: 'Hijacked' } });
    expect(response.statusCode).toBe(401);
    expect((await publicSettings()).Company_Name).toBe('Westway Cars');
  });

  it('refuses a FROM_EMAIL that is not one address (a list would have every notice refused at sending)', async () => {
    const before = (await publicSettings()).FROM_EMAIL;
    const response = await admin('PUT', { FROM_EMAIL: 'bookings@westway.example, other@evil.example' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'FROM_EMAIL: one e-mail address', code: 'invalid_input' });
    expect((await publicSettings()).FROM_EMAIL).toBe(before);
  });

  it('changes a setting so that the next GET /api/v1/setting shows it, without a restart', async () => {
    expect((await publicSettings()).NAVBAR_OUR_FLEET_PAGE).toBe('enable');
    const response = await admin('PUT', { NAVBAR_OUR_FLEET_PAGE: 'disable', Company_Name: 'Westway Cars & Couriers' });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    const after = await publicSettings();
    expect(after.NAVBAR_OUR_FLEET_PAGE).toBe('disable');
    expect(after.Company_Name).toBe('Westway Cars & Couriers');
    const { rows } = await provider.db.query<{ setting_value: string }>("SELECT setting_value FROM settings WHERE setting_name = 'NAVBAR_OUR_FLEET_PAGE'");
    expect(rows).toEqual([{ setting_value: 'disable' }]);
  });

  it('deletes a setting given null, which then reads as missing', async () => {
    await admin('PUT', { GOOGLE_API_KEY: null });
    expect(await publicSettings()).not.toHaveProperty('GOOGLE_API_KEY');
  });

  it.each([
    ['an empty body', {}],
    ['a number value', { GRACE_TIME: 120 }],
    ['an array', ['CURRENCY']],
  ])('refuses %s with 400 and writes nothing', async (_label, payload) => {
    const before = await publicSettings();
    const response = await admin('PUT', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(await publicSettings()).toEqual(before);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('settings across two server processes on one PostgreSQL', () => {
  let first: TestProvider;
  let second: TestProvider;
  beforeAll(async () => {
    first = await startTestProvider();
    second = await startTestProvider({ databaseUrl: first.config.databaseUrl! });
  });
  afterAll(async () => {
    await second.close();
    await first.dispose();
  });

  const companyName = async (provider: TestProvider) => {
    const response = await provider.fastify.inject({ method: 'GET', url: '/api/v1/setting', headers: KEY_HEADERS });
    return (response.json() as { setting_name: string; setting_value: string }[]).find((row) => row.setting_name === 'Company_Name')?.setting_value;
  };

  it('a change made through one process shows on the other, which had it cached', async () => {
    expect(await companyName(second)).toBe('Westway Cars');
    const put = await first.fastify.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${first.config.adminToken}` },
      payload: { Company_Name: 'Westway Cars Ltd' },
    });
    expect(put.statusCode).toBe(200);
    await expect.poll(() => companyName(second), { timeout: 2000, interval: 20 }).toBe('Westway Cars Ltd');
  });
});
