import autocannon from 'autocannon';

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/**
 * The n-th of 65 536 visitors' addresses (10.0.0.0/16), sent as X-Forwarded-For to a server started with
 * TRUST_PROXY=loopback: a load is many visitors, as in an operator's busy hour, not one address the per-address
 * limits (server/plugins/apiLimits.ts) would stop after a few hundred requests.
 */
export const visitorAddress = (n: number) => `10.0.${(n >> 8) & 255}.${n & 255}`;

/** Runs autocannon against one URL on this machine; loopback only. `visitors`: each request from the next visitor's address. */
export async function load(
  url: string,
  options: { connections?: number; duration?: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; visitors?: boolean } = {},
): Promise<LoadResult> {
  let visitor = 0;
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 5,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(options.visitors ? { requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': visitorAddress(visitor++) } }) }] } : {}),
  });
  return {
    path: new URL(url).pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printTable(title: string, rows: LoadResult[]) {
  console.log(`\n${title}`);
  console.table(rows.map((row) => ({ path: row.path, 'req/s': row.requestsPerSecond, 'p50 ms': row.p50Ms, 'p99 ms': row.p99Ms, errors: row.errors, non2xx: row.non2xx })));
}

/** Statements the server's database adapter sent while `work` ran (the mail dispatcher's outbox polls left out). */
export async function counted<T>(db: { stats?: { observe(listener: (sql: string) => void): () => void } }, work: () => Promise<T>): Promise<{ result: T; statements: number; sql: Map<string, number> }> {
  let statements = 0;
  const sql = new Map<string, number>();
  const stop = db.stats?.observe((text) => {
    // The mail dispatcher's claims and marks (all UPDATEs of mail_outbox) are its own work, not the requests'.
    if (/^\s*UPDATE mail_outbox/.test(text)) return;
    statements += 1;
    const shape = text.replace(/\s+/g, ' ').slice(0, 90);
    sql.set(shape, (sql.get(shape) ?? 0) + 1);
  });
  try {
    return { result: await work(), statements, sql };
  } finally {
    stop?.();
  }
}

/** The statements of `counted` per request, most frequent first. */
export function statementsPerRequest(sql: Map<string, number>, requests: number) {
  return [...sql.entries()].sort((a, b) => b[1] - a[1]).map(([statement, count]) => ({ statement, perRequest: Number((count / Math.max(1, requests)).toFixed(2)) }));
}
