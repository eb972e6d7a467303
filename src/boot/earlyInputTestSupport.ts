// For unit tests: the page's input recorder (earlyInput.js, inline in the served page) run in the test's document.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Starts the real recorder, as the page's inline script does, and gives its recording. */
export function startEarlyInputRecorder() {
  new Function(readFileSync(join(import.meta.dirname, 'earlyInput.js'), 'utf8'))();
  return window.__cabflowEarlyInput!;
}

/** Stops it if it still runs (the app's replay ends it once every control is hydrated). */
export function stopEarlyInputRecorder() {
  window.__cabflowEarlyInput?.stop();
  delete window.__cabflowEarlyInput;
}
