import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TwilioConfig } from './adapters/sms/transports.ts';
import { storageConfig, type StorageConfig } from './adapters/storage/config.ts';

/** Deployment settings from the environment (ARCHITECTURE §3). Business settings live in the database. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  apiPublicKey: string;
  apiSecretKey: string;
  adminToken: string;
  adminTokenGenerated: boolean;
  payments: 'sandbox' | 'stripe';
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  smtpUrl: string | null;
  /** Texts through Twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_URL); null: the outbox adapter. */
  twilio: TwilioConfig | null;
  googleApiKey: string | null;
  /** Seeds the browser's key (the operator setting GOOGLE_API_KEY) on an empty database; never the server key. */
  googleBrowserKey: string | null;
  embedOrigins: string[];
  seed: 'demo' | 'none';
  logLevel: string;
  /** Fastify's trustProxy: false (default: the socket address is the client), a hop count, or addresses/'loopback'. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  distDir: string;
  /** SSR_TIMEOUT_MS: a server render that takes longer is dropped and the page served with the start-up overlay (default 2000). */
  ssrTimeoutMs: number;
  publicDir: string;
  /** PUBLIC_URL: this deployment's own address, for mailed links of a site that has no host of its own. */
  publicUrl: string;
  /** STORAGE: where uploaded vehicle images go (DATA_DIR/storage, or an S3-compatible bucket with the S3_* settings). */
  storage: StorageConfig;
  /** AEROAPI_KEY: FlightAware AeroAPI's key; without it no flight is looked up (a dispatcher types arrivals). */
  aeroApiKey: string | null;
  /** AEROAPI_URL: AeroAPI's address (default its own; tests point it at a local fake). */
  aeroApiUrl: string;
  /** AEROAPI_TIMEOUT_MS: how long a look-up may take before it counts as failed (default 8 000). */
  aeroApiTimeoutMs: number;
  /** AUTO_OFFER_INTERVAL_SECONDS: how often this process runs a pass of automatic offers (default 5; 0: never by itself). */
  autoOfferIntervalMs: number;
}

/** The demo site's key pair. It ships to every browser: it identifies the site, it protects nothing (CLARIFICATIONS 5). */
export const DEMO_KEYS = { publicKey: 'pk_demo_cabflow_0001', secretKey: 'sk_demo_cabflow_0001' } as const;

const projectRoot = path.resolve(import.meta.dirname, '..');

/** Reads KEY=VALUE lines of a .env file into process.env without overriding what is already set. */
export function loadDotEnv(file = path.join(projectRoot, '.env')): void {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match || process.env[match[1]] !== undefined) continue;
    process.env[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const payments = env.PAYMENTS === 'stripe' ? 'stripe' : 'sandbox';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR || path.join(projectRoot, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    apiPublicKey: env.API_PUBLIC_KEY || DEMO_KEYS.publicKey,
    apiSecretKey: env.API_SECRET_KEY || DEMO_KEYS.secretKey,
    adminToken: env.ADMIN_TOKEN || randomBytes(24).toString('base64url'),
    adminTokenGenerated: !env.ADMIN_TOKEN,
    payments,
    stripe:
      payments === 'stripe'
        ? {
            secretKey: required(env, 'STRIPE_SECRET_KEY'),
            publishableKey: required(env, 'STRIPE_PUBLISHABLE_KEY'),
            webhookSecret: required(env, 'STRIPE_WEBHOOK_SECRET'),
          }
        : null,
    smtpUrl: env.SMTP_URL || null,
    twilio: twilioConfig(env),
    googleApiKey: env.GOOGLE_API_KEY || null,
    googleBrowserKey: env.GOOGLE_BROWSER_KEY || null,
    embedOrigins: (env.EMBED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    seed: env.SEED === 'none' ? 'none' : 'demo',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // DIST_DIR: where the built website is (default dist/); lets parallel builds and test runs use their own copy.
    distDir: env.DIST_DIR ? path.resolve(env.DIST_DIR) : path.join(projectRoot, 'dist'),
    ssrTimeoutMs: Number(env.SSR_TIMEOUT_MS) > 0 ? Number(env.SSR_TIMEOUT_MS) : 2_000,
    publicDir: path.join(projectRoot, 'public'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    storage: storageConfig(env),
    aeroApiKey: env.AEROAPI_KEY || null,
    aeroApiUrl: (env.AEROAPI_URL || 'https://aeroapi.flightaware.com/aeroapi').replace(/\/+$/, ''),
    aeroApiTimeoutMs: Number(env.AEROAPI_TIMEOUT_MS) > 0 ? Number(env.AEROAPI_TIMEOUT_MS) : 8_000,
    autoOfferIntervalMs: autoOfferInterval(env.AUTO_OFFER_INTERVAL_SECONDS),
  };
}

/** Seconds between passes of automatic offers as milliseconds: 5 by default, 0 (off) allowed, at most an hour. */
function autoOfferInterval(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 5_000;
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(value.trim()) || Number(value) > 3600) throw new Error(`AUTO_OFFER_INTERVAL_SECONDS must be a number of seconds from 0 to 3600, got "${value}"`);
  return Math.round(Number(value) * 1000);
}

/** Names of this machine only: `localhost`, 127.0.0.0/8 and ::1. */
const isLoopbackName = (name: string) => {
  const host = name.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
};

/**
 * Whether other machines may reach this deployment: it listens on an address that is not loopback (HOST), or says it
 * is served from one (PUBLIC_URL). Then the demo's published passwords must not work (server/db/seed/demoLogins.ts).
 */
export function reachableByOthers(config: Pick<Config, 'host' | 'publicUrl'>): boolean {
  let publicHost: string;
  try {
    publicHost = new URL(config.publicUrl).hostname;
  } catch {
    return true;
  }
  return !isLoopbackName(config.host) || !isLoopbackName(publicHost);
}

/** TRUST_PROXY: unset → trust no proxy (X-Forwarded-For is ignored, so no client can pick its own address for rate limits); a number → that many hops; else addresses or 'loopback'. */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/** Twilio's three settings together, or none of them (texts then go to the outbox directory). */
function twilioConfig(env: NodeJS.ProcessEnv): TwilioConfig | null {
  const names = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) throw new Error(`Texts through Twilio need ${names.join(', ')}: ${missing.join(', ')} not set`);
  const apiUrl = (env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(apiUrl)) throw new Error(`TWILIO_API_URL must be an origin such as https://api.twilio.com, got "${apiUrl}"`);
  return { accountSid: env.TWILIO_ACCOUNT_SID!, authToken: env.TWILIO_AUTH_TOKEN!, from: env.TWILIO_FROM!, apiUrl };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`PAYMENTS=stripe needs ${name}`);
  return value;
}
