import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';

let server: Server;
let apiHost = '';
const seen: Array<{ url?: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url, headers: request.headers });
    const ok = request.headers['api-public-key'] === 'pk_1' && request.headers['api-secret-key'] === 'sk_1';
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(ok ? '[{"setting_name":"CURRENCY","setting_value":"£"}]' : '{"success":false,"message":"Unknown key pair"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('API client', () => {
  it('calls {apiHost}/api/v1 with the two key headers', async () => {
    const api = createApiClient({ apiHost, publicKey: 'pk_1', secretKey: 'sk_1', embedOrigins: [] });
    expect(await api('/setting')).toEqual([{ setting_name: 'CURRENCY', setting_value: '£' }]);
    expect(seen.at(-1)?.url).toBe('/api/v1/setting');
  });

  it("rejects with the provider's error body instead of swallowing it", async () => {
    const api = createApiClient({ apiHost, publicKey: 'pk_1', secretKey: 'wrong', embedOrigins: [] });
    await expect(api('/setting')).rejects.toMatchObject({ statusCode: 401, data: { success: false, message: 'Unknown key pair' } });
  });
});
