import { z } from 'zod';

/**
 * Where the provider is and which site we are, read at run time so that one build serves any deployment
 * (ARCHITECTURE §3): the server injects `<meta name="cabflow-config" content='{"apiHost":..}'>` into
 * index.html. Without it (plain `vite` dev server, a static host) the VITE_API_* variables apply, and in
 * `npm run dev` the demo key pair, which Vite's proxy forwards to the local provider.
 */
export interface RuntimeConfig {
  /** Origin of the provider ('' = the page's own origin). */
  apiHost: string;
  publicKey: string;
  secretKey: string;
  /** The only parent origins the app posts its height to; empty = any ('*'). */
  embedOrigins: string[];
}

const runtimeConfigSchema = z.object({
  apiHost: z.string().default(''),
  publicKey: z.string(),
  secretKey: z.string(),
  embedOrigins: z.array(z.string()).default([]),
});

export const DEMO_KEY_PAIR = { publicKey: 'pk_demo_cabflow_0001', secretKey: 'sk_demo_cabflow_0001' } as const;

function fromMeta(doc: Document | undefined): RuntimeConfig | null {
  const content = doc?.querySelector('meta[name="cabflow-config"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = runtimeConfigSchema.safeParse(JSON.parse(content));
    if (parsed.success) return { ...parsed.data, apiHost: parsed.data.apiHost.replace(/\/+$/, '') };
    console.error('cabflow-config meta tag has the wrong shape', parsed.error);
  } catch (error) {
    console.error('cabflow-config meta tag is not JSON', error);
  }
  return null;
}

function fromBuildEnv(): RuntimeConfig {
  const env = import.meta.env ?? {};
  const fallback = env.DEV ? DEMO_KEY_PAIR : { publicKey: '', secretKey: '' };
  return {
    apiHost: '',
    publicKey: env.VITE_API_PUBLIC_KEY || fallback.publicKey,
    secretKey: env.VITE_API_SECRET_KEY || fallback.secretKey,
    embedOrigins: [],
  };
}

export function readRuntimeConfig(doc: Document | undefined = globalThis.document): RuntimeConfig {
  return fromMeta(doc) ?? fromBuildEnv();
}

let cached: RuntimeConfig | null = null;

/** The page's runtime config, read once. */
export function runtimeConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}

/** Absolute URL of a provider storage file, e.g. a fleet image `vehicles/saloon.svg` (spec §3 Fleet item). */
export function storageUrl(file: string, config: RuntimeConfig = runtimeConfig()): string {
  return `${config.apiHost}/storage/${file.replace(/^\/+/, '')}`;
}
