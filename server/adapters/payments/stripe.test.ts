import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripePayments } from './stripe.ts';

/**
 * The Stripe adapter's cancel (issue 32: the driver's extras' off-session charge once the passenger paid another way)
 * against a local fake of Stripe's API: POST /v1/payment_intents/:id/cancel; Stripe's refusal of an intent already
 * succeeded (payment_intent_unexpected_state) is answered with the intent as it is, never as cancelled.
 */
const intent = (id: string, status: string) => ({ id, object: 'payment_intent', status, amount: 990, currency: 'gbp', client_secret: `${id}_secret`, last_payment_error: null });

describe('the Stripe adapter cancels an intent', () => {
  const calls: string[] = [];
  let server: Server;
  let payments: ReturnType<typeof createStripePayments>;
  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        calls.push(`${request.method} ${request.url} ${body}`);
        const send = (code: number, payload: unknown) => response.writeHead(code, { 'content-type': 'application/json', 'request-id': 'req_local' }).end(JSON.stringify(payload));
        if (request.url === '/v1/payment_intents/pi_open/cancel') return send(200, intent('pi_open', 'canceled'));
        if (request.url === '/v1/payment_intents/pi_paid/cancel') {
          return send(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot cancel this PaymentIntent because it has a status of succeeded.' } });
        }
        if (request.url === '/v1/payment_intents/pi_paid') return send(200, intent('pi_paid', 'succeeded'));
        send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such payment_intent: 'pi_gone'" } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    payments = createStripePayments({ secretKey: 'sk_test_local', publishableKey: 'pk_test_local', webhookSecret: 'whsec_local', api: { host: '127.0.0.1', port, protocol: 'http' } });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('an open intent: cancelled at Stripe (abandoned)', async () => {
    await expect(payments.cancelIntent(1, 'pi_open')).resolves.toMatchObject({ id: 'pi_open', status: 'canceled' });
    expect(calls.at(-1)).toBe('POST /v1/payment_intents/pi_open/cancel cancellation_reason=abandoned');
  });

  it('an intent already succeeded: Stripe refuses, and the adapter says succeeded', async () => {
    await expect(payments.cancelIntent(1, 'pi_paid')).resolves.toMatchObject({ id: 'pi_paid', status: 'succeeded' });
    expect(calls.slice(-2).map((call) => call.split(' ').slice(0, 2).join(' '))).toEqual(['POST /v1/payment_intents/pi_paid/cancel', 'GET /v1/payment_intents/pi_paid']);
  });

  it('any other error is the processor error', async () => {
    await expect(payments.cancelIntent(1, 'pi_gone')).rejects.toThrow("No such payment_intent: 'pi_gone'");
  });
});
