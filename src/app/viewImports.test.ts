/**
 * Views render and send events: the effects live in composition roots (src/app/<flow>/…Logic.ts, src/app/appLogic.ts,
 * src/app/booking/bookingLogic.ts), which give the machines their actors. So no file under src/views or src/components
 * imports src/api, and no composition root (`*Logic.ts`) lives there. Read from the source's import graph, so a view
 * that reaches for a call again fails here.
 */
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importedPaths, sourceFiles } from '../../tests/helpers/importGraph.ts';

const API = resolve(ROOT, 'src/api');
const VIEW_FOLDERS = ['src/views', 'src/components'];

const viewFiles = VIEW_FOLDERS.flatMap((folder) => sourceFiles(folder)).map((file) => ({ file, path: relative(ROOT, file) }));

describe('views and components reach the API only through composition roots', () => {
  it('finds the views (the scan reads real files)', () => {
    expect(viewFiles.length).toBeGreaterThan(100);
    expect(importedPaths(resolve(ROOT, 'src/app/corporate/corporateSession.ts')).some((path) => path.startsWith(API))).toBe(true);
  });

  it('no file under src/views or src/components imports src/api', () => {
    const offenders = viewFiles
      .flatMap(({ file, path }) => importedPaths(file).filter((target) => target === API || target.startsWith(`${API}/`)).map((target) => `${path} → ${relative(ROOT, target)}`));
    expect(offenders).toEqual([]);
  });

  it('no composition root (*Logic.ts) lives in a view folder', () => {
    const roots = viewFiles.filter(({ path }) => /Logic\.tsx?$/.test(path)).map(({ path }) => path);
    expect(roots).toEqual([]);
  });
});
