import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyListSchema, fleetListSchema, addressListSchema, settingListSchema } from '../../contract/catalog.ts';
import { DERIVED_SETTING_NAMES, SETTING_NAMES } from '../../contract/settings.ts';
import { DEMO_ADDRESSES, DEMO_COMPANIES, DEMO_VEHICLES } from '../../server/db/seed/demo.ts';
import { KEY_HEADERS, startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

describe(`catalogue calls on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  beforeAll(async () => {
    provider = await startTestProvider();
  });
  afterAll(() => provider.dispose());

  const get = (url: string, headers: Record<string, string> = KEY_HEADERS) => provider.fastify.inject({ method: 'GET', url, headers });

  it('GET /api/v1/setting lists every setting of spec §3 as {setting_name, setting_value}', async () => {
    const response = await get('/api/v1/setting');
    expect(response.statusCode).toBe(200);
    const rows = settingListSchema.parse(response.json());
    // Every setting but those the server derives from its deployment (FLIGHT_TRACKING: only when flights are followed).
    const derived: readonly string[] = DERIVED_SETTING_NAMES;
    expect(rows.map((row) => row.setting_name).sort()).toEqual(SETTING_NAMES.filter((name) => !derived.includes(name)).sort());
    const byName = Object.fromEntries(rows.map((row) => [row.setting_name, row.setting_value]));
    expect(byName).toMatchObject({ Company_Name: 'Westway Cars', CURRENCY: '£', GRACE_TIME: '120', SHOWCARD: 'yes', SHOWPAYINCAR: 'yes', IS_QUOTATION: 'disable' });
    expect(Object.keys(rows[0]).sort()).toEqual(['setting_name', 'setting_value']);
  });

  it('GET /api/v1/fetch_vehicles returns the fleet items with images under /storage', async () => {
    const response = await get('/api/v1/fetch_vehicles');
    expect(response.statusCode).toBe(200);
    const fleet = fleetListSchema.parse(response.json());
    expect(fleet).toHaveLength(DEMO_VEHICLES.length);
    expect(fleet[0]).toEqual({ tbms_vid: 1, vehicle_img: 'vehicles/saloon.svg', category_name: 'Saloon', seats: 4, hand_luggage: 2, luggage: 2 });
    expect(fleet.map((item) => item.category_name)).toContain('Wheelchair-accessible');
  });

  it('GET /api/v1/fetch_companies returns {id, company:{company_name}}', async () => {
    const response = await get('/api/v1/fetch_companies');
    expect(response.statusCode).toBe(200);
    const companies = companyListSchema.parse(response.json());
    expect(companies).toEqual(DEMO_COMPANIES.map((company) => ({ id: company.id, company: { company_name: company.company_name } })));
  });

  it('GET /api/v1/ai-addresses returns the saved addresses as {id, address}', async () => {
    const response = await get('/api/v1/ai-addresses');
    expect(response.statusCode).toBe(200);
    const addresses = addressListSchema.parse(response.json());
    expect(addresses).toHaveLength(DEMO_ADDRESSES.length);
    expect(addresses).toContainEqual({ id: 4, address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA' });
    expect(Object.keys(addresses[0]).sort()).toEqual(['address', 'id']);
  });

  it.each([
    ['no headers', {}],
    ['only the public key', { 'api-public-key': KEY_HEADERS['api-public-key'] }],
    ['a wrong secret key', { ...KEY_HEADERS, 'api-secret-key': 'sk_wrong' }],
    ['the keys swapped', { 'api-public-key': KEY_HEADERS['api-secret-key'], 'api-secret-key': KEY_HEADERS['api-public-key'] }],
  ])('refuses %s with 401 JSON', async (_label, headers) => {
    for (const url of ['/api/v1/setting', '/api/v1/fetch_vehicles', '/api/v1/fetch_companies', '/api/v1/ai-addresses']) {
      const response = await get(url, headers as Record<string, string>);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: expect.stringMatching(/API/), code: 'unauthenticated' });
    }
  });

  it('answers an unknown /api/v1 path with 404 JSON', async () => {
    const response = await provider.fastify.inject({ method: 'POST', url: '/api/v1/nowhere', headers: KEY_HEADERS, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'No such call: POST /api/v1/nowhere', code: 'not_found' });
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const response = await provider.fastify.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${provider.config.adminToken}`, 'content-type': 'application/json' },
      payload: '{"CURRENCY": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Malformed JSON body', code: 'invalid_input' });
  });

  it('serves the website with history fallback for a deep link, carrying the key pair', async () => {
    const response = await provider.fastify.inject({ method: 'GET', url: '/quotationview' });
    if (response.statusCode === 503) {
      expect(response.json().message).toMatch(/npm run build/);
      return;
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('name="cabflow-config"');
    expect(response.body).toContain(KEY_HEADERS['api-public-key']);
  });
});
