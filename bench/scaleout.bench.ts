// Scale-out: two server processes behind Debian's nginx on one PostgreSQL take bookings and distinct searches at once.
// Prints the throughput of one process vs two (through the same nginx) for guest bookings (24 connections) and distinct
// searches (50 connections), each beside the trivial route through the same nginx, and checks no duplicates and no losses: every acknowledged booking number is in the
// database exactly once. The load generator runs in a process of its own. On 2 cores the two processes, PostgreSQL,
// nginx and the load generator share the same two cores, so two processes can add little beyond using the time one
// process waits. Loopback only; needs `apt-get install nginx`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startThrowawayPostgres } from '../scripts/lib/postgres.mjs';
import { DEMO_KEYS } from '../server/config.ts';
import type { LoadResult } from './lib.ts';
import { loadInChild } from './lib/loadProcess.ts';
import { startServerProcess, type ServerProcess } from './lib/serverProcess.ts';

const NGINX = '/usr/sbin/nginx';

function startNginx(upstreams: string[], port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cabflow-nginx-'));
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream cabflow { ${upstreams.map((url) => `server ${new URL(url).host.replace('localhost', '127.0.0.1')};`).join(' ')} keepalive 64; keepalive_timeout 4s; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://cabflow; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host $host; proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; }
  }
}`;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const started = spawnSync(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`nginx failed: ${started.stderr}`);
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      spawnSync(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-s', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Bookings through `url` for `duration` seconds, the load generator in a process of its own. */
async function bookThrough(url: string, tag: string, duration = 6) {
  const result = await loadInChild<LoadResult & { ok: number }>({ kind: 'booking', url, tag, connections: 24, duration });
  return { requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms, ok: result.ok, non2xx: result.non2xx, errors: result.errors };
}

/** Distinct searches through `url` for `duration` seconds (each a new quote), the load generator in a process of its own. */
async function searchThrough(url: string, offset: number, duration = 6) {
  const headers = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey, 'accept-encoding': 'gzip, deflate' };
  const result = await loadInChild<LoadResult & { searches: number }>({ kind: 'distinct', url: `${url}/api/v1/calculate-distance-price`, headers, connections: 50, duration, offset });
  return { requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms, non2xx: result.non2xx, errors: result.errors };
}

/** The trivial route through `url` (50 connections, each request from the next visitor): the ceiling of the same run. */
async function trivialThrough(url: string, duration = 6) {
  const headers = { 'api-public-key': DEMO_KEYS.publicKey, 'api-secret-key': DEMO_KEYS.secretKey };
  const result = await loadInChild({ kind: 'plain', url: `${url}/api/v1/ping`, headers, connections: 50, duration, visitors: true });
  return { requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms, non2xx: result.non2xx, errors: result.errors };
}

export async function run() {
  if (!existsSync(NGINX)) {
    console.log('scale-out: nginx is not installed (apt-get install -y nginx); skipped');
    return { skipped: 'nginx missing' };
  }
  const postgres = await startThrowawayPostgres({ fsync: true });
  const servers: ServerProcess[] = [];
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cabflow-scale-'));
    const env = { DATABASE_URL: postgres.url, DATA_DIR: dataDir, TRUST_PROXY: 'loopback', PG_POOL_MAX: '8' };
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    const one = startNginx([servers[0].url], await freePort());
    await searchThrough(one.url, 300_000, 1); // warm-up: JIT, the site cache
    const single = await bookThrough(one.url, 'one');
    const singleSearches = await searchThrough(one.url, 0);
    const singleTrivial = await trivialThrough(one.url);
    one.stop();
    const both = startNginx(servers.map((server) => server.url), await freePort());
    await searchThrough(both.url, 310_000, 1);
    const pair = await bookThrough(both.url, 'two');
    const pairSearches = await searchThrough(both.url, 100_000);
    const pairTrivial = await trivialThrough(both.url);
    both.stop();

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const duplicates = await client.query("SELECT request_key, count(*) FROM bookings GROUP BY request_key HAVING count(*) > 1");
    const stored = await client.query<{ n: string }>("SELECT count(*)::text AS n FROM bookings WHERE passenger_email LIKE 'two.%'");
    await client.end();
    const result = {
      oneProcess: single,
      twoProcesses: pair,
      ratio: Number((pair.requestsPerSecond / Math.max(1, single.requestsPerSecond)).toFixed(2)),
      distinctSearches: { oneProcess: singleSearches, twoProcesses: pairSearches, ratio: Number((pairSearches.requestsPerSecond / Math.max(1, singleSearches.requestsPerSecond)).toFixed(2)) },
      trivial: { oneProcess: singleTrivial, twoProcesses: pairTrivial },
      duplicateBookings: duplicates.rows.length,
      acknowledgedWithTwo: pair.ok,
      storedWithTwo: Number(stored.rows[0].n),
      // Every acknowledged booking had its own e-mail, so fewer stored rows than 2xx answers would be a loss.
      lost: Math.max(0, pair.ok - Number(stored.rows[0].n)),
    };
    console.log('\nscale-out behind nginx on one PostgreSQL (bookings 24 connections, distinct searches 50 connections, 6 s each)');
    console.table({
      'one process': { 'bookings/s': single.requestsPerSecond, 'bookings p99 ms': single.p99Ms, '2xx': single.ok, 'searches/s': singleSearches.requestsPerSecond, 'searches p99 ms': singleSearches.p99Ms, 'trivial req/s': singleTrivial.requestsPerSecond },
      'two processes': { 'bookings/s': pair.requestsPerSecond, 'bookings p99 ms': pair.p99Ms, '2xx': pair.ok, 'searches/s': pairSearches.requestsPerSecond, 'searches p99 ms': pairSearches.p99Ms, 'trivial req/s': pairTrivial.requestsPerSecond },
    });
    console.log(
      `two/one: bookings ${result.ratio}, distinct searches ${result.distinctSearches.ratio}; duplicates ${result.duplicateBookings}; acknowledged ${result.acknowledgedWithTwo}, stored ${result.storedWithTwo}, lost ${result.lost}`,
    );
    return result;
  } finally {
    for (const server of servers) await server.stop();
    postgres.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
