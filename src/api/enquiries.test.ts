import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiCallError, callApi, downloadRefusal, toApiCallError } from './apiError.ts';

let server: Server;
let apiHost = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const answers: Record<string, [number, string]> = {
      '/api/v1/contact-us': [400, '{"success":false,"message":"Please fill in the form","error":"Please fill in the form before sending it"}'],
      '/api/v1/check-passenger-login': [401, '{"success":false,"message":"Invalid credentials. Please try again."}'],
      '/api/v1/broken': [502, '<html>bad gateway</html>'],
      '/api/v1/revoked-file': [401, '{"success":false,"message":"This link has been revoked.","code":"link_revoked","operator_phone":"+44 20 7946 0000"}'],
    };
    const [status, body] = answers[request.url ?? ''] ?? [404, '{}'];
    response.writeHead(status, { 'content-type': body.startsWith('{') ? 'application/json' : 'text/html' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const api = () => createApiClient({ apiHost, publicKey: 'pk', secretKey: 'sk', embedOrigins: [] });

describe('API call errors', () => {
  it("carries the status and the server's message", async () => {
    const error = await callApi(() => api()('/check-passenger-login', { method: 'POST', body: {} })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid credentials. Please try again.' });
  });

  it("prefers the `error` field for contact-us (spec §7)", async () => {
    const error = await callApi(() => api()('/contact-us', { method: 'POST', body: {} }), 'error').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'Please fill in the form before sending it' });
  });

  it("falls back to the client error's message when the body has none", async () => {
    const error = await callApi(() => api()('/broken')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502 });
    expect((error as Error).message).toContain('502');
  });

  it('has no status when there was no answer, and leaves an abort alone', async () => {
    const offline = await callApi(() => createApiClient({ apiHost: 'http://127.0.0.1:9', publicKey: 'pk', secretKey: 'sk', embedOrigins: [] })('/setting')).catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: null });
    const abort = new DOMException('stop', 'AbortError');
    expect(toApiCallError(abort)).toBe(abort);
  });

  it.each(['text', 'blob'] as const)("reads a file download's JSON refusal (asked for as %s) back as its body", async (responseType) => {
    const download = () => callApi(async () => {
      try {
        return await api().raw('/revoked-file', { method: 'POST', body: {}, responseType });
      } catch (error) {
        throw await downloadRefusal(error);
      }
    });
    const error = await download().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 401, message: 'This link has been revoked.', body: { code: 'link_revoked', operator_phone: '+44 20 7946 0000' } });
  });

  it("keeps the client's own message when a download's refusal is not JSON", async () => {
    const error = await callApi(async () => {
      try {
        return await api().raw('/broken', { method: 'POST', body: {}, responseType: 'text' });
      } catch (failure) {
        throw await downloadRefusal(failure);
      }
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, body: null });
  });
});
