import autocannon from 'autocannon';
import { visitorAddress, type LoadResult } from '../lib.ts';
import { cardBookings, KEY_HEADERS } from './bookingLoad.ts';

/** What a card-payment load did: the three calls' figures together, and the complete payments (a booking answered). */
export type CardLoadResult = LoadResult & { payments: number; paymentsPerSecond: number };

/**
 * autocannon paying for a different guest booking by card through the sandbox, each connection as one visitor after
 * another, as the booking flow does: POST /create-payment-intent (a test card that needs no 3-D Secure), POST
 * /confirm-payment-intent (charged, the booking written), POST /booking with the paid intent (the booking's answer).
 * A payment is complete when that last call answers 200; latencies are per call.
 */
export async function cardLoad(url: string, options: { connections?: number; duration?: number; tag?: string } = {}): Promise<CardLoadResult> {
  const { amount, booking } = await cardBookings(url);
  const tag = options.tag ?? `card${Date.now()}`;
  const duration = options.duration ?? 5;
  let next = 0;
  let payments = 0;
  type Context = { n?: number; intent?: string };
  const step = (path: string, body: (context: Context) => unknown, onResponse?: (status: number, body: string, context: Context) => void) => ({
    method: 'POST' as const,
    path: `/api/v1/${path}`,
    headers: KEY_HEADERS,
    // The body first: the first call picks the visitor (context.n), whose address every call of the payment carries.
    setupRequest: (request: autocannon.Request, context: Context) => {
      const json = JSON.stringify(body(context));
      return { ...request, headers: { ...request.headers, 'x-forwarded-for': visitorAddress(context.n ?? 0) }, body: json };
    },
    onResponse,
  });
  const result = await autocannon({
    url,
    connections: options.connections ?? 20,
    duration,
    requests: [
      step(
        'create-payment-intent',
        (context) => {
          context.n = next++;
          context.intent = undefined;
          return { paymentMethodId: 'pm_card_visa', amount, booking: booking(context.n, tag) };
        },
        (status, body, context) => {
          if (status === 200) context.intent = (JSON.parse(body) as { paymentIntentId: string }).paymentIntentId;
        },
      ),
      step('confirm-payment-intent', (context) => ({ paymentIntentId: context.intent ?? 'pi_missing' })),
      step(
        'booking',
        (context) => ({ ...booking(context.n!, tag), paymentId: context.intent ?? 'pi_missing' }),
        (status) => {
          if (status === 200) payments += 1;
        },
      ),
    ] as autocannon.Request[],
  });
  return {
    path: 'create-intent + confirm + booking',
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    payments,
    paymentsPerSecond: Math.round(payments / duration),
  };
}
