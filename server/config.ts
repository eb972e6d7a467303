import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
  googleApiKey: string | null;
  /** Seeds the browser's key (the operator setting GOOGLE_API_KEY) on an empty database; never the server key. */
  googleBrowserKey: string | null;
  embedOrigins: string[];
  seed: 'demo' | 'none';
  logLevel: string;
  /** Fastify's trustProxy: false (default: the socket address is the client), a hop count, or addresses/'loopback'. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  distDir: string;
  publicDir: string;
  /** PUBLIC_URL: this deployment's own address, for mailed links of a site that has no host of its own. */
  publicUrl: string;
  /** STORAGE: where uploaded vehicle images go (DATA_DIR/storage, or an S3-compatible bucket with the S3_* settings). */
  storage: StorageConfig;
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
    publicDir: path.join(projectRoot, 'public'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    storage: storageConfig(env),
  };
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

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`PAYMENTS=stripe needs ${name}`);
  return value;
}
