import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestCase, TestModule, TestSpecification } from 'vitest/node';
import WatchdogReporter, { type StoppedRun } from '../helpers/watchdogReporter.ts';

// The reporter npm test runs beside vitest's own (scripts/test.mjs): a stuck run must end with what had ended counted
// and the files it had not finished named, so npm test can run them once more.
const root = process.cwd();
const file = (name: string) => path.join(root, 'tests/e2e', name);
const module = (name: string) => ({ moduleId: file(name) }) as TestModule;
const testCase = (id: string, name: string, title: string, state: 'passed' | 'failed' | 'skipped', extra: { flaky?: boolean; error?: string } = {}) =>
  ({
    id,
    fullName: title,
    module: module(name),
    result: () => ({ state, errors: extra.error ? [{ message: extra.error }] : [] }),
    diagnostic: () => ({ flaky: extra.flaky ?? false }),
  }) as unknown as TestCase;

describe('watchdog reporter', () => {
  let dir: string;
  let stderr: string[];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'watchdog-'));
    stderr = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  });

  function runWithThreeFiles() {
    const reporter = new WatchdogReporter();
    const end = vi.fn();
    reporter.end = end;
    const started = Date.now();
    reporter.onTestRunStart(['a.test.ts', 'b.test.ts', 'c.test.ts'].map((name) => ({ moduleId: file(name) }) as TestSpecification));
    reporter.onTestModuleStart(module('a.test.ts'));
    reporter.onTestCaseReady(testCase('a1', 'a.test.ts', 'shows the quote', 'passed'));
    reporter.onTestCaseResult(testCase('a1', 'a.test.ts', 'shows the quote', 'passed'));
    reporter.onTestCaseResult(testCase('a2', 'a.test.ts', 'pays by card', 'passed', { flaky: true }));
    reporter.onTestCaseResult(testCase('a3', 'a.test.ts', 'refunds once', 'failed', { error: 'expected 1 to be 2' }));
    reporter.onTestCaseResult(testCase('a4', 'a.test.ts', 'later', 'skipped'));
    reporter.onTestModuleEnd(module('a.test.ts'));
    reporter.onTestModuleStart(module('b.test.ts'));
    reporter.onTestCaseReady(testCase('b1', 'b.test.ts', 'hangs', 'passed'));
    return { reporter, end, started };
  }

  it('stops a run in which nothing moved for five minutes: what ended is counted, the files not ended are named', () => {
    const stopFile = path.join(dir, 'e2e.stopped.json');
    vi.stubEnv('CABFLOW_WATCHDOG_FILE', stopFile);
    const { reporter, end, started } = runWithThreeFiles();
    reporter.checkStall(started + 299_000);
    expect(end).not.toHaveBeenCalled();
    reporter.checkStall(started + 301_000);
    expect(end).toHaveBeenCalledTimes(1);
    const stopped = JSON.parse(readFileSync(stopFile, 'utf8')) as StoppedRun;
    expect(stopped).toEqual({
      why: 'no test has ended, nor a file started, for 301 s',
      unfinished: ['tests/e2e/b.test.ts', 'tests/e2e/c.test.ts'],
      passed: 2,
      skipped: 1,
      failed: ['tests/e2e/a.test.ts › refunds once\n    expected 1 to be 2'],
      flaky: ['tests/e2e/a.test.ts › pays by card'],
    });
    const printed = stderr.join('');
    expect(printed).toContain('watchdog: no test has ended, nor a file started, for 301 s; still running:');
    expect(printed).toMatch(/- file tests\/e2e\/b\.test\.ts \(for \d+ s\)/);
    expect(printed).toMatch(/- test tests\/e2e\/b\.test\.ts › hangs \(for \d+ s\)/);
    expect(printed).toContain('- not ended, start not reported (a worker stuck before it said so, or not begun): tests/e2e/c.test.ts');
  });

  it('outside npm test only says what is running, once per stall, and never stops the run', () => {
    vi.stubEnv('CABFLOW_WATCHDOG_FILE', undefined);
    const { reporter, end, started } = runWithThreeFiles();
    reporter.checkStall(started + 301_000);
    reporter.checkStall(started + 400_000);
    expect(end).not.toHaveBeenCalled();
    expect(stderr.filter((line) => line.includes('watchdog:'))).toHaveLength(1);
  });

  it('a run that ended is never stopped, however long vitest then takes to close', () => {
    vi.stubEnv('CABFLOW_WATCHDOG_FILE', path.join(dir, 'unit.stopped.json'));
    const { reporter, end, started } = runWithThreeFiles();
    reporter.onTestRunEnd();
    reporter.checkStall(started + 3_600_000);
    expect(end).not.toHaveBeenCalled();
  });
});
