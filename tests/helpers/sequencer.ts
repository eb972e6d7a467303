import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The e2e files run two at a time (vitest.config.ts). The model-based paths are the longest file by far and run
 * several browser contexts of their own: started first, they overlap with everything else instead of running alone
 * at the end (vitest's own order puts a file it has no timings for, as on a fresh CI machine, in glob order).
 */
const FIRST = ['tests/e2e/paths.test.ts'];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = FIRST.findIndex((name) => spec.moduleId.endsWith(name));
      return index === -1 ? FIRST.length : index;
    };
    return sorted.map((spec, order) => ({ spec, order })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order).map(({ spec }) => spec);
  }
}
