import type { FastifyRequest } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';

/** pino's options, and the destination Fastify passes to pino (stdout when left out). */
export type AppLoggerOptions = LoggerOptions & { stream?: DestinationStream };

/**
 * Names under which a secret may travel (compared lower-cased): passwords and their hashes, session and reset
 * secrets, the key pair's secret key, Authorization and cookies, card data.
 */
const SECRET_NAMES = new Set(
  [
    'password',
    'new_password',
    'newPassword',
    'current_password',
    'currentPassword',
    'passwordHash',
    'password_hash',
    'hash',
    'token',
    'access_token',
    'accessToken',
    'refresh_token',
    'resetCode',
    'reset_code',
    'code_hash',
    'secret',
    'secretKey',
    'secret_key',
    'apiSecretKey',
    'api_secret_key',
    'api-secret-key',
    'authorization',
    'cookie',
    'set-cookie',
    'client_secret',
    'clientSecret',
    'paymentMethodId',
    'payment_method_id',
    'card',
    'cardNumber',
    'card_number',
    'cvc',
    'stripe-signature',
  ].map((name) => name.toLowerCase()),
);

const REDACTED = '[redacted]';

/** `code` is also an error's SQLSTATE (23505) or a Node code: only a reset code's six digits are a secret. */
const isSecret = (key: string, value: unknown) => SECRET_NAMES.has(key.toLowerCase()) || (key === 'code' && /^\d{6}$/.test(String(value)));

/** Values that are secrets whatever their name: argon2 hashes, bearer tokens. */
const SECRET_VALUES = /\$argon2(?:id|i|d)\$[^\s"']*|\bBearer\s+[A-Za-z0-9._~+/=-]+/g;
const scrubText = (text: string) => (text.includes('$argon2') || text.includes('Bearer') ? text.replace(SECRET_VALUES, REDACTED) : text);

const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
};

/**
 * A copy of plain data with secrets replaced by '[redacted]' (by name, and argon2 hashes or bearer tokens by value),
 * or the value itself when there is nothing to replace. Class instances (a Fastify request, an Error) are left to
 * their serializers; deeper than six levels is left as is.
 */
function redacted(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (!isPlain(value) || depth > 6) return value;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const clean = isSecret(key, item) ? REDACTED : redacted(item, depth + 1);
    if (clean !== item) {
      copy ??= Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...value };
      copy[key] = clean;
    }
  }
  return copy ?? value;
}

/**
 * Errors as pino's standard serializer writes them (every own property, the cause's message and stack), without what
 * may hold someone's data: the parameters of a statement (the database adapters already drop them; anything else
 * that carries `params` too) and secrets by name or value.
 */
function errorForLog(error: unknown): unknown {
  if (!(error instanceof Error)) return redacted(error);
  const serialized = { ...(stdSerializers.err(error) as unknown as Record<string, unknown>) };
  delete serialized.params;
  delete serialized.parameters;
  return redacted(serialized);
}

/** Fastify's request line (method, url, host, address), with the values of secret-looking query parameters hidden. */
function requestForLog(request: FastifyRequest): unknown {
  if (typeof request?.url !== 'string' || typeof request.method !== 'string') return redacted(request);
  const query = request.url.indexOf('?');
  const url =
    query < 0 ? request.url : request.url.slice(0, query) + request.url.slice(query).replace(/([?&])([^=&]*(?:secret|token|password|code)[^=&]*)=[^&]*/gi, `$1$2=${REDACTED}`);
  return { method: request.method, url, host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/**
 * The app's pino options: the level and destination the caller chose, with the redaction always on top (a test's
 * logger writing to a stream redacts exactly as `npm start` does). Serializers and a log formatter rather than pino's
 * `redact` paths: these names at any depth would be some 150 wildcard paths, which cost about 0.5 ms per request
 * line pair on this machine; this walk costs about a microsecond and sees every level.
 */
export function loggerOptions(given: true | AppLoggerOptions, level: string): AppLoggerOptions {
  const options: AppLoggerOptions = given === true ? { level } : given;
  return {
    ...options,
    serializers: { ...options.serializers, req: requestForLog, err: errorForLog },
    formatters: { ...options.formatters, log: (object) => redacted(object) as Record<string, unknown> },
  };
}
