/**
 * The driver app's service worker (issue 32, working without signal), served at DRIVER_WORKER.url for the scope
 * /driver: ./driverWorker.sw.js with this build's app shell filled in — the /driver page and the files it needs, read
 * from index.html and Vite's manifest (the driver app's chunk, its imports and CSS, as the page's preload links name
 * them), never hard-coded hashes — and a version that changes with them. Made once per server start: the build does
 * not change while the server runs.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { DRIVER_WORKER } from '../../contract/driver.ts';
import { DRIVER_AREA } from '../../contract/routeManifest.ts';
import { DRIVER_WORKER_POLICY } from '../plugins/securityHeaders.ts';
import { routeAssets, type Manifest } from './routeAssets.ts';

const SOURCE = readFileSync(new URL('./driverWorker.sw.js', import.meta.url), 'utf8');
export const DRIVER_MANIFEST_FILE = '/driver.webmanifest';

/** The files the /driver page needs to open with no signal: the page, what index.html names, the app's chunks and CSS, its manifest. */
export function driverShell(template: string, manifest: Manifest): string[] {
  const named = [...template.matchAll(/\s(?:src|href)="(\/[^"/][^"]*)"/g)].map((match) => match[1]);
  const { scripts, styles } = routeAssets(manifest, DRIVER_AREA.prefix);
  return [...new Set([DRIVER_AREA.prefix, ...named, ...scripts, ...styles, DRIVER_MANIFEST_FILE])];
}

/** The worker's script for a shell: its list and a version (a hash of the list and the worker's code). */
export function driverWorkerScript(shell: readonly string[]): string {
  const list = JSON.stringify(shell);
  const version = createHash('sha256').update(list).update(SOURCE).digest('base64url').slice(0, 16);
  return SOURCE.replace("'__VERSION__'", JSON.stringify(version)).replace('__SHELL__', list);
}

/** GET DRIVER_WORKER.url: the script, JavaScript, revalidated on every check, under a policy that lets it fetch this origin only. */
export function registerDriverWorker(app: FastifyInstance, build: { template: string; manifest: Manifest | null }): void {
  if (!build.manifest) return;
  const script = driverWorkerScript(driverShell(build.template, build.manifest));
  app.get(DRIVER_WORKER.url, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', DRIVER_WORKER_POLICY).send(script),
  );
}
