import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, testDatabaseKind, type TestProvider } from '../helpers/provider.ts';

/**
 * Every JSON call of the API (/api/v1 and /api/admin) declares the response schema of its success answer and of its
 * 4xx refusals, so an answer outside its shape is a 500 and never reaches a client (server/app.ts's serializer), and
 * a path parameter is read through a params schema. Routes are read from the server itself (its onRoute record,
 * server/app.ts): a new route that skips its schemas fails here without being listed. Only the routes below, which answer a file or a stream, have none.
 */
const WITHOUT_RESPONSE_SCHEMA: Record<string, string> = {
  'GET /api/v1/ping': "the benchmarks' trivial route: the bare cost of a request, no serialiser",
  'POST /api/v1/manage-booking/calendar': 'answers the booking as a calendar file (text/calendar)',
  'POST /api/v1/manage-booking/receipt': 'answers the receipt as a PDF file',
  'GET /api/v1/passenger/statement': 'answers the statement as a PDF file',
  'GET /api/admin/bookings/export.csv': 'answers the statutory record as a CSV file',
  'GET /api/admin/events': 'a Server-Sent Events stream (text/event-stream)',
  'GET /api/admin/settlement/:driver_id/:week/statement': "answers a driver's weekly statement as a PDF file",
  'GET /api/driver/earnings/:week/statement': "answers the driver's own weekly statement as a PDF file",
  'GET /api/admin/invoices/:id/file': "answers a company invoice as a PDF or CSV file",
  'GET /api/v1/corporate/invoices/:id/file': "answers the account admin's own invoice as a PDF or CSV file",
  'GET /api/admin/credit-notes/:id/file': 'answers a credit note as a PDF file',
  'GET /api/v1/corporate/credit-notes/:id/file': "answers the account admin's own credit note as a PDF file",
  'GET /api/driver/events': "the driver's Server-Sent Events stream (text/event-stream)",
  'POST /api/v1/manage-booking/live': "the passenger's live view, a Server-Sent Events stream (text/event-stream)",
};

describe(`the response schemas of every API route on ${testDatabaseKind}`, () => {
  let provider: TestProvider;
  let api: { route: string; parts: string[]; statuses: string[] }[];
  beforeAll(async () => {
    provider = await startTestProvider();
    api = provider.routes
      .filter(({ url }) => url.startsWith('/api/'))
      .map(({ method, url, schemaParts, responseStatuses }) => ({ route: `${method} ${url}`, parts: schemaParts, statuses: responseStatuses }));
  });
  afterAll(() => provider.dispose());

  it('sees every API route the server registered', () => {
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
