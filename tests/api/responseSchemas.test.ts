import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Every JSON call of the API (/api/v1 and /api/admin) declares the response schema of its success answer and of its
 * 4xx refusals, so an answer outside its shape is a 500 and never reaches a client (server/app.ts's serializer), and
 * a path parameter is read through a params schema. Routes are read from the server itself: a new route that skips
 * its schemas fails here without being listed. Only the routes below, which answer a file or a stream, have none.
 */
const WITHOUT_RESPONSE_SCHEMA: Record<string, string> = {
  'GET /api/v1/ping': "the benchmarks' trivial route: the bare cost of a request, no serialiser",
  'POST /api/v1/manage-booking/calendar': 'answers the booking as a calendar file (text/calendar)',
  'POST /api/v1/manage-booking/receipt': 'answers the receipt as a PDF file',
  'GET /api/v1/passenger/statement': 'answers the statement as a PDF file',
  'GET /api/admin/bookings/export.csv': 'answers the statutory record as a CSV file',
  'GET /api/admin/events': 'a Server-Sent Events stream (text/event-stream)',
};

interface SeenRoute {
  route: string;
  parts: string[];
  statuses: string[];
}

/** Every route the server registers, as an onRoute hook on its Fastify instance saw it (the factory is wrapped below). */
const registered = vi.hoisted(() => [] as SeenRoute[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const factory = ((options: object) => {
    const app = actual.default(options) as FastifyInstance;
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const statuses = Object.keys((schema.response as Record<string, unknown> | undefined) ?? {});
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ route: `${method} ${route.url}`, parts: Object.keys(schema), statuses });
    });
    return app;
  }) as unknown as typeof actual.default;
  return { ...actual, default: factory };
});

describe(`the response schemas of every API route on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: SeenRoute[];
  beforeAll(async () => {
    provider = await startTestProvider();
    api = registered.filter(({ route }) => / \/api\//.test(route));
  });
  afterAll(() => provider.dispose());

  it('sees every route the server registered', () => {
    expect(new Set(registered.map(({ route }) => route))).toEqual(new Set(provider.routes.map(({ method, url }) => `${method} ${url}`)));
    expect(api.length).toBeGreaterThan(100);
  });

  it('every JSON route declares its success answer and its 4xx refusal', () => {
    const missing = api.filter(({ route, statuses }) => !(route in WITHOUT_RESPONSE_SCHEMA) && !(statuses.some((status) => /^2\d\d$/.test(status)) && statuses.includes('4xx')));
    expect(missing.map(({ route, statuses }) => `${route} (response: ${statuses.join(', ') || 'none'})`)).toEqual([]);
  });

  it('every path parameter is read through a params schema', () => {
    const unread = api.filter(({ route, parts }) => route.includes('/:') && !parts.includes('params'));
    expect(unread.map(({ route }) => route)).toEqual([]);
  });

  it('the routes without a response schema are the listed file and stream routes, each still registered', () => {
    const without = api.filter(({ statuses }) => statuses.length === 0).map(({ route }) => route);
    expect(without.sort()).toEqual(Object.keys(WITHOUT_RESPONSE_SCHEMA).sort());
  });
});
