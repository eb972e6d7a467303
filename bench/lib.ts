import autocannon from 'autocannon';

export interface LoadResult {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL on this machine; loopback only. */
export async function load(url: string, options: { connections?: number; duration?: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 5,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
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
