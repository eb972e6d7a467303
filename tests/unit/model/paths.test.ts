/**
 * Model-based path tests, machine level: every generated path of every modelled machine replayed on a fresh actor
 * of the production machine with stub actors and a fake clock (tests/model/runMachinePath.ts). The paths come from
 * xstate/graph over the same machine (tests/model/generate.ts); the set is the shortest paths covering every state
 * and transition, the bounded simple paths to the goal states, and the paths the UI runner drives in Chromium.
 */
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { generate } from '../../model/generate.ts';
import { MODELS } from '../../model/machines/index.ts';
import { runMachinePath } from '../../model/runMachinePath.ts';
import type { ModelPath } from '../../model/types.ts';
import { UI_MACHINES } from '../../model/ui/index.ts';
import { selectUiPaths } from '../../model/ui/select.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

for (const model of MODELS) {
  describe(`${model.title} (${model.id})`, () => {
    // The UI runner's paths too: both runners replay the same paths.
    let paths: Map<string, ModelPath>;
    try {
      const generated = generate(model);
      paths = new Map([...generated.shortest, ...generated.simple, ...selectUiPaths(model, UI_MACHINES[model.id]).paths].map((p) => [p.id, p]));
    } catch (error) {
      // A machine that cannot be traversed (an action that throws on some path) fails here, by name.
      it('generates its paths from the machine', () => {
        throw error;
      });
      return;
    }
    for (const path of paths.values()) {
      it(`[${path.kind}] ${path.id}: ${path.description}`, async () => {
        await runMachinePath(model, path);
      });
    }
  });
}
