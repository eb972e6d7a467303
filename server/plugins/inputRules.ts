import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http.ts';

/**
 * Text the database cannot store as sent: a NUL (PostgreSQL text refuses it) or an unpaired UTF-16 surrogate (not
 * Unicode: jsonb refuses its escape and the UTF-8 encoder silently turns it into U+FFFD).
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired UTF-16 surrogates';

export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/** Objects to look into: parsed JSON, a query or headers object (whatever its prototype); not binary data. */
const isContainer = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);

interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string;
}

const pathOf = (visit: Visit | null): string => {
  const keys: string[] = [];
  for (let at = visit; at?.parent; at = at.parent) keys.unshift(isStorableText(at.key) ? at.key : '(a key)');
  return keys.join('.').slice(0, 200);
};

/**
 * Where the first unstorable text is in a parsed JSON value, a query or headers (keys included): its dotted path
 * ('' for the value itself), or null when all of it can be stored. Iterative, so a body nested 100 000 deep is no
 * stack overflow; binary data (a raw body kept as a Buffer) is not looked into.
 */
export function unstorableTextAt(root: unknown): string | null {
  const stack: Visit[] = [{ value: root, parent: null, key: '' }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(visit);
    } else if (isContainer(value)) {
      for (const key of Object.keys(value)) {
        if (!isStorableText(key)) return pathOf({ value: null, parent: visit, key });
        stack.push({ value: (value as Record<string, unknown>)[key], parent: visit, key });
      }
    }
  }
  return null;
}

const refusal = (prefix: string, path: string) => {
  const at = [prefix, path].filter(Boolean).join('.');
  return new HttpError(400, at ? `${at}: ${UNSTORABLE_TEXT_MESSAGE}` : UNSTORABLE_TEXT_MESSAGE);
};

/**
 * One rule for every route, before any route code runs: headers, query string and route parameters are checked when
 * the request is routed (the first onRequest hook), the parsed body before validation. Over a real socket Node's HTTP
 * parser already refuses a NUL in a header; `inject` and proxies that decode are another matter.
 */
export function registerInputRules(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const inHeaders = unstorableTextAt(request.headers);
    if (inHeaders !== null) return done(refusal('headers', inHeaders));
    const inUrl = unstorableTextAt(request.query) ?? unstorableTextAt(request.params);
    done(inUrl === null ? undefined : refusal('', inUrl));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const inBody = unstorableTextAt(request.body);
    done(inBody === null ? undefined : refusal('', inBody));
  });
}
