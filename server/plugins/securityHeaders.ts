import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response. The Content-Security-Policy lets our own files, Stripe.js (card page) and the
 * Google Maps JavaScript API (when a key is set; the hosts, blob: workers and frames of Google's allowlist policy for
 * it, developers.google.com/maps/documentation/javascript/content-security-policy) load, and nothing else; `frame-ancestors` lists the operator's sites
 * (EMBED_ORIGINS), or any site when none are configured. Mantine sets inline style attributes, hence 'unsafe-inline'
 * for styles only; scripts never run inline.
 */
const GOOGLE_MAPS_HOSTS = ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'];

export function contentSecurityPolicy(embedOrigins: string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'https://js.stripe.com', 'https://maps.googleapis.com', ...GOOGLE_MAPS_HOSTS, 'https://*.ggpht.com', 'https://*.googleusercontent.com', 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'img-src': ["'self'", 'data:', 'blob:', ...GOOGLE_MAPS_HOSTS, 'https://*.googleusercontent.com', 'https://*.stripe.com'],
    'font-src': ["'self'", 'https://fonts.gstatic.com'],
    'connect-src': ["'self'", 'https://api.stripe.com', ...GOOGLE_MAPS_HOSTS, 'data:', 'blob:'],
    'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://*.google.com'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': embedOrigins.length ? ["'self'", ...embedOrigins] : ['*'],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, embedOrigins: string[]) {
  const csp = contentSecurityPolicy(embedOrigins);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'geolocation=(self), payment=(self), camera=(), microphone=()');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    // Never cache API answers: they carry prices and personal data.
    if (reply.request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
