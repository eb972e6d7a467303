import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of FlightAware AeroAPI v4 (issue 33), speaking its documented API: `GET /aeroapi/flights/{ident}` with
 * the `x-apikey` header; a wrong or missing key is 401, an ident it does not know 404, and a known one answers
 * `{ flights: [...], links: null, num_pages: 1 }` with AeroAPI's field names. A test sets each ident's answer: flights,
 * or a status (500, 429 with Retry-After), or `hang` (never answers within the caller's timeout).
 */
export interface FakeAeroApi {
  url: string;
  /** Every request: path and the x-apikey sent. */
  calls: { path: string; apiKey: string | undefined }[];
  answer(ident: string, answer: FakeAnswer): void;
  callsFor(ident: string): number;
  close(): Promise<void>;
}

export type FakeAnswer = { flights: AeroFlight[] } | { status: number; retryAfter?: number } | { hang: number };

/** An AeroAPI `flights[]` item (the fields cabflow reads, with a few it does not). */
export interface AeroFlight {
  ident: string;
  ident_iata?: string;
  fa_flight_id?: string;
  scheduled_in?: string | null;
  estimated_in?: string | null;
  actual_in?: string | null;
  scheduled_on?: string | null;
  estimated_on?: string | null;
  actual_on?: string | null;
  status?: string;
  cancelled?: boolean;
  diverted?: boolean;
  origin?: { code: string; code_icao: string; code_iata: string; city: string; timezone: string } | null;
  destination?: { code: string; code_icao: string; code_iata: string; city: string; timezone: string } | null;
}

export const AIRPORTS = {
  LHR: { code: 'EGLL', code_icao: 'EGLL', code_iata: 'LHR', city: 'London', timezone: 'Europe/London' },
  JFK: { code: 'KJFK', code_icao: 'KJFK', code_iata: 'JFK', city: 'New York', timezone: 'America/New_York' },
  EDI: { code: 'EGPH', code_icao: 'EGPH', code_iata: 'EDI', city: 'Edinburgh', timezone: 'Europe/London' },
  MAN: { code: 'EGCC', code_icao: 'EGCC', code_iata: 'MAN', city: 'Manchester', timezone: 'Europe/London' },
  DUB: { code: 'EIDW', code_icao: 'EIDW', code_iata: 'DUB', city: 'Dublin', timezone: 'Europe/Dublin' },
} as const;

export async function startFakeAeroApi(apiKey: string): Promise<FakeAeroApi> {
  const answers = new Map<string, FakeAnswer>();
  const calls: FakeAeroApi['calls'] = [];
  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const key = request.headers['x-apikey'];
    calls.push({ path: url.pathname, apiKey: typeof key === 'string' ? key : undefined });
    const match = /^\/aeroapi\/flights\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || !match) return send(response, 404, { title: 'Not found', reason: 'NOT_FOUND', detail: 'No such endpoint', status: 404 });
    if (key !== apiKey) return send(response, 401, { title: 'Unauthorized', reason: 'INVALID_API_KEY', detail: 'Invalid API key', status: 401 });
    const answer = answers.get(decodeURIComponent(match[1]));
    if (!answer) return send(response, 404, { title: 'Not found', reason: 'NOT_FOUND', detail: 'Unknown ident', status: 404 });
    if ('hang' in answer) {
      const timer = setTimeout(() => send(response, 200, { flights: [], links: null, num_pages: 1 }), answer.hang);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if ('status' in answer) return send(response, answer.status, { title: 'Error', reason: 'ERROR', detail: 'Fake error', status: answer.status }, answer.retryAfter ? { 'retry-after': String(answer.retryAfter) } : {});
    return send(response, 200, { links: null, num_pages: 1, flights: answer.flights });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/aeroapi`,
    calls,
    answer: (ident, answer) => void answers.set(ident, answer),
    callsFor: (ident) => calls.filter((call) => call.path === `/aeroapi/flights/${ident}`).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
