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

/** The meta tag's JSON, checked without zod (it is read before the first render; zod loads with the first API call). */
function parseRuntimeConfig(value: unknown): RuntimeConfig | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { apiHost = '', publicKey, secretKey, embedOrigins = [] } = value as Record<string, unknown>;
  if (typeof apiHost !== 'string' || typeof publicKey !== 'string' || typeof secretKey !== 'string') return null;
  if (!Array.isArray(embedOrigins) || !embedOrigins.every((origin) => typeof origin === 'string')) return null;
  return { apiHost, publicKey, secretKey, embedOrigins };
}

export const DEMO_KEY_PAIR = { publicKey: 'pk_demo_cabflow_0001', secretKey: 'sk_demo_cabflow_0001' } as const;

function fromMeta(doc: Document | undefined): RuntimeConfig | null {
  const content = doc?.querySelector('meta[name="cabflow-config"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = parseRuntimeConfig(JSON.parse(content));
    if (parsed) return { ...parsed, apiHost: parsed.apiHost.replace(/\/+$/, '') };
    console.error('cabflow-config meta tag has the wrong shape', content);
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
