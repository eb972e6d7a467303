import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiCallError, apiErrorMessage, toApiCallError } from './apiError.ts';

let server: Server;
let apiHost = '';

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(422, { 'content-type': 'application/json' });
    response.end('{"success":false,"message":"Reworded: same place twice","code":"zero_distance"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a refused call as the machines receive it', () => {
  it("keeps the server's message to show and its code to branch on", async () => {
    const api = createApiClient({ apiHost, publicKey: 'pk_1', secretKey: 'sk_1', embedOrigins: [] });
    const refusal = await api('/calculate-distance-price', { method: 'POST', body: {} }).then(
      () => null,
      (error: unknown) => toApiCallError(error) as ApiCallError,
    );
    expect(refusal).toBeInstanceOf(ApiCallError);
    expect({ message: refusal?.message, code: refusal?.code, status: refusal?.status }).toEqual({ message: 'Reworded: same place twice', code: 'zero_distance', status: 422 });
  });

  it('has no code when the server gave none, or one that is not in the contract', () => {
    expect((toApiCallError(new TypeError('Failed to fetch')) as ApiCallError).code).toBeNull();
    expect((toApiCallError({ data: { message: 'x', code: 'FST_ERR_SOMETHING' } }) as ApiCallError).code).toBeNull();
    expect(apiErrorMessage({ data: { message: '', error: 'We are down for maintenance' } })).toBe('We are down for maintenance');
  });
});
