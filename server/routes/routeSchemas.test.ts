/**
 * Request parts are read through route schemas (Fastify validates them with the contract's zod schemas, server/app.ts),
 * never parsed by hand in a handler: a route that must check the caller before telling the input's problems attaches
 * the refusal (`attachValidation`) and throws it after the check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTES = import.meta.dirname;
const routeFiles = readdirSync(ROUTES).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('route input', () => {
  it('reads the route files', () => {
    expect(routeFiles).toContain('passengers.ts');
    expect(readFileSync(join(ROUTES, 'passengers.ts'), 'utf8')).toContain('attachValidation: true');
  });

  it('no handler parses its request by hand (parseInput)', () => {
    const offenders = routeFiles.filter((name) => /\bparseInput\s*\(/.test(readFileSync(join(ROUTES, name), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
