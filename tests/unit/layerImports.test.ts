/**
 * The layers' import rules (issue 31): data that crosses the wire is typed in contract/ only, the statecharts know
 * nothing of the page or the network, and the browser's calls know nothing of the statecharts.
 * - contract/ imports contract/ and zod;
 * - machines/ imports machines/, contract/ and xstate;
 * - src/api/ imports src/api/, contract/ and its HTTP client (ofetch) — never machines/, src/app or the views;
 * the composition roots (src/app) join machines and calls.
 * Test files may import test tools besides.
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importedModules, sourceFiles } from '../helpers/importGraph.ts';

interface Layer {
  folder: string;
  folders: string[];
  packages: string[];
}

const LAYERS: Layer[] = [
  { folder: 'contract', folders: ['contract'], packages: ['zod'] },
  { folder: 'machines', folders: ['machines', 'contract'], packages: ['xstate'] },
  { folder: 'src/api', folders: ['src/api', 'contract'], packages: ['ofetch', 'zod'] },
];

/** Each import of a layer's production files that breaks its rule, as 'file → module'. */
function offenders(layer: Layer): string[] {
  return sourceFiles(layer.folder, { tests: false }).flatMap((file) =>
    importedModules(file)
      .filter((target) =>
        target.startsWith('/')
          ? !layer.folders.some((folder) => relative(ROOT, target) === folder || relative(ROOT, target).startsWith(`${folder}/`))
          : !layer.packages.some((name) => target === name || target.startsWith(`${name}/`)),
      )
      .map((target) => `${relative(ROOT, file)} → ${target.startsWith('/') ? relative(ROOT, target) : target}`),
  );
}

describe('each layer imports only the layers below it', () => {
  it('reads real files (a machine importing contract/ and xstate is seen)', () => {
    const machine = importedModules(`${ROOT}/machines/driver/driver.machine.ts`);
    expect(machine).toContain('xstate');
    expect(machine.some((target) => relative(ROOT, target).startsWith('contract/'))).toBe(true);
    expect(offenders({ folder: 'machines/driver', folders: ['machines'], packages: ['xstate'] })).toContain('machines/driver/driver.machine.ts → contract/driver.ts');
  });

  for (const layer of LAYERS) {
    it(`${layer.folder}/ imports only ${[...layer.folders.map((folder) => `${folder}/`), ...layer.packages].join(', ')}`, () => {
      expect(offenders(layer)).toEqual([]);
    });
  }
});
