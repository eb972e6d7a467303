import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The e2e files and the PGlite API pass of `npm test` run two files at a time (vitest.config.ts). The longest files
 * start first, so that they overlap with the rest instead of running alone at the end (vitest's own order puts files
 * it has no timings for, as on a fresh CI machine, in glob order). Within each project; projects keep vitest's order.
 */
const LONGEST = [
  // The model-based paths (public site and console, side by side): the longest e2e files, several browser contexts each.
  'tests/e2e/paths-public.test.ts',
  'tests/e2e/paths-console.test.ts',
  'tests/e2e/screenshots.test.ts',
  // API files of 30–40 s (sockets held open, processes spawned, thousands of fuzz cases).
  'tests/api/fuzz.test.ts',
  'tests/api/fuzz-console.test.ts',
  'tests/api/security-transport.test.ts',
  'tests/api/retention.test.ts',
  'tests/api/crash.test.ts',
];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const rank = (spec: TestSpecification) => {
      const index = LONGEST.findIndex((name) => spec.moduleId.endsWith(name));
      return index === -1 ? LONGEST.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order, project: projects.indexOf(spec.project.name) }))
      .sort((a, b) => a.project - b.project || rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}
