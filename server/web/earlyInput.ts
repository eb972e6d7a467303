import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { withoutCommentLines } from './plainScript.ts';

/**
 * The recorder of a server-rendered page's early input (src/boot/earlyInput.js: what the visitor does between the first
 * paint and hydration, replayed by src/boot/replayEarlyInput.ts), inline as the first script of the page's <head>, so
 * it listens before any control is painted. The page's CSP allows exactly this script by its hash (no 'unsafe-inline').
 */
const source = withoutCommentLines(readFileSync(new URL('../../src/boot/earlyInput.js', import.meta.url), 'utf8'));

/** The script's CSP source expression for script-src. */
export const EARLY_INPUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

/** `html` with the recorder right after its <meta charset> (before any stylesheet, which would hold an inline script back). */
export function withEarlyInputRecorder(html: string): string {
  return html.replace(/<meta charset="[^"]*"\s*\/?>/i, (meta) => `${meta}<script data-early-input>${source}</script>`);
}
