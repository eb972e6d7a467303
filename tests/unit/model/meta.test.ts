/**
 * Meta-tests of the model-based paths: the models describe the production machines and nothing else, every event has
 * a UI executor, every state an assertion at both levels, traversal is bounded, and whatever a layer leaves uncovered
 * has a reason.
 */
import { describe, expect, it } from 'vitest';
import { coverageItems, generate, pathUsable, reachableItems, type Generated } from '../../model/generate.ts';
import { allEventTypes, atomicNodes, isTransient, machineTransitions, stateKey } from '../../model/graph.ts';
import { MODELS } from '../../model/machines/index.ts';
import { UI_MACHINES } from '../../model/ui/index.ts';
import { NOT_TRAVERSED, ONLY_AFTER, RUNNER_LIMIT, selectUiPaths, uiGapReasons, uiUsable } from '../../model/ui/select.ts';

for (const model of MODELS) {
  describe(`${model.title} (${model.id})`, () => {
    let generated: Generated;
    try {
      generated = generate(model);
    } catch (error) {
      it('generates its paths from the machine (traversal bounded and error-free)', () => {
        throw error;
      });
      return;
    }
    const ui = UI_MACHINES[model.id];
    const resting = atomicNodes(model.machine).filter((n) => !isTransient(n)).map(stateKey);
    const reached = reachableItems(generated);

    it('feeds every event the machine handles (user events, actor outcomes, delays), and no other', () => {
      const fed = new Set(model.variants.map((v) => v.event.type));
      expect([...fed].sort()).toEqual(allEventTypes(model.machine));
      expect(new Set(model.variants.map((v) => v.key)).size).toBe(model.variants.length);
    });

    it('has a UI executor for every event variant, and none for events that do not exist', () => {
      expect(ui, `tests/model/ui has no UI machine for ${model.id}`).toBeDefined();
      expect(Object.keys(ui.executors).sort()).toEqual(model.variants.map((v) => v.key).sort());
    });

    it('has a machine-level and a UI assertion for every state a snapshot can rest in (transient ones pass through)', () => {
      for (const key of resting) {
        expect(model.assertions[key], `machine assertion for ${key}`).toBeTypeOf('function');
        expect(ui.assertions[key], `UI assertion for ${key}`).toBeTypeOf('function');
      }
      const known = new Set(atomicNodes(model.machine).map(stateKey));
      for (const key of [...Object.keys(model.assertions), ...Object.keys(ui.assertions)]) expect(known, `assertion for unknown state ${key}`).toContain(key);
    });

    it('has a URL pattern (or null for a local actor) for every invoked actor', () => {
      const actors = new Set(model.machine.root.machine.implementations.actors ? Object.keys(model.machine.implementations.actors) : []);
      for (const src of actors) expect(ui.calls, `calls.${src}`).toHaveProperty(src);
    });

    it('is bounded: traversal stays under its limit, simple paths under their bounds, and the context stays small', { timeout: 60_000 }, () => {
      for (const [origin, vertices] of Object.entries(generated.vertices)) expect(vertices, `vertices from ${origin}`).toBeLessThan(model.limit);
      expect(generated.simple.length).toBeLessThanOrEqual(model.simple.maxPaths);
      for (const path of generated.simple) expect(path.steps.length).toBeLessThanOrEqual(model.simple.maxLength);
      // A finite context: no step's context grows past what its start held plus what the events carried.
      const limit = Math.max(...model.origins.map((o) => JSON.stringify(o.input ?? {}).length)) + Math.max(...model.variants.map((v) => JSON.stringify(v.event).length)) * 4 + 8_000;
      for (const path of [...generated.shortest, ...generated.simple]) for (const step of path.steps) expect(JSON.stringify(step.snapshot.context).length, path.id).toBeLessThan(limit);
    });

    it('covers every state and transition at machine level, except the declared unreachable ones (which stay unreached)', () => {
      const missing = coverageItems(model).filter((item) => !reached.has(item));
      const declared = Object.keys(model.unreachable ?? {}).map((id) => (id.includes('|') ? `transition:${id}` : `state:${id}`));
      expect(missing.sort()).toEqual(declared.sort());
      const ids = new Set(machineTransitions(model.machine).map((t) => t.id));
      for (const id of Object.keys(model.unreachable ?? {})) if (id.includes('|')) expect(ids, `declared unreachable ${id} exists`).toContain(id);
    });

    // Walks the whole graph once more (the booking flow's ~25k edges): give it time on a busy machine.
    // Every state and transition is driven in Chromium, or left out for a reason no visitor could get past (a
    // disabled button, a dialog over the page, a URL that already shows the state): never for the runner's own limits.
    it('covers in the UI every state and transition a visitor can reach, and says why no visitor reaches the rest', { timeout: 300_000 }, () => {
      const selection = selectUiPaths(model, ui);
      for (const path of selection.paths) expect(pathUsable(model, path.start, path.steps.map((s) => s.event), uiUsable(ui)), path.id).toBe(true);
      const covered = new Set(selection.paths.flatMap((p) => [...p.states.map((s) => `state:${s}`), ...p.transitions.map((t) => `transition:${t}`)]));
      const reasons = uiGapReasons(model, ui, covered, generated);
      const limits = new Set(Object.keys(ui.runnerLimits ?? {}).map((id) => (id.includes('|') ? `transition:${id}` : `state:${id}`)));
      for (const item of limits) expect(covered.has(item), `${item} is covered now: drop it from runnerLimits`).toBe(false);
      for (const item of coverageItems(model).filter((i) => !covered.has(i))) {
        const reason = reasons.get(item) ?? '';
        expect(reason, item).toBeTruthy();
        if (!limits.has(item)) expect(reason, item).not.toContain(RUNNER_LIMIT);
        expect(reason, item).not.toContain(ONLY_AFTER);
        expect(reason, item).not.toContain(NOT_TRAVERSED);
      }
    });
  });
}
