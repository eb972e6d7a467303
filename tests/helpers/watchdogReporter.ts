import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';

/**
 * No test has ended for this long while files run: the run is stuck (a test's timeout is 60 s, a hook's 120 s).
 * CABFLOW_WATCHDOG_STALL_S overrides it (to try the watchdog on a test made to hang).
 */
const STALL_MS = Number(process.env.CABFLOW_WATCHDOG_STALL_S ?? 300) * 1000;

/** What a stopped run leaves for scripts/test.mjs (the file named by CABFLOW_WATCHDOG_FILE). */
export interface StoppedRun {
  why: string;
  /** The test files that had not ended, relative to the project. */
  unfinished: string[];
  passed: number;
  skipped: number;
  /** Each ended test that failed: its file, title and the first lines of its error. */
  failed: string[];
  /** Each ended test that passed on its retry. */
  flaky: string[];
}

/**
 * Names a hang instead of letting it use up CI's time in silence. When no test has ended, nor a file started, for
 * five minutes while files run, or when `scripts/test.mjs` stops the run at its phase's deadline (SIGTERM), this
 * reporter prints the files and tests still running and for how long. Under `npm test` (CABFLOW_WATCHDOG_FILE set) it
 * then writes what had ended and what had not to that file, stops the run's workers and exits: npm test counts the
 * ended tests and runs the unfinished files once more, naming them at the end as it names tests that passed on a retry.
 */
export default class WatchdogReporter implements Reporter {
  /** The run's files that have not ended: a worker stuck in a loop never reports its file's start, only the pool knows. */
  private readonly pending = new Set<string>();
  private running = false;
  private readonly modules = new Map<string, number>();
  private readonly cases = new Map<string, { title: string; started: number }>();
  private readonly ended = { passed: 0, skipped: 0, failed: [] as string[], flaky: [] as string[] };
  private lastProgress = Date.now();
  private stallReported = false;
  private readonly stopFile = process.env.CABFLOW_WATCHDOG_FILE;

  /** Ends the stopped run: its workers, then vitest itself. A unit test puts its own here. */
  end = (): void => {
    killChildren(process.pid);
    process.exit(1);
  };

  onInit(): void {
    // Before vitest's own handlers. Pipes and files are written synchronously here, so all is out before the exit.
    process.prependListener('SIGTERM', () => this.stop('stopped at its deadline (SIGTERM)'));
    setInterval(() => this.checkStall(Date.now()), Math.min(15_000, STALL_MS / 4)).unref();
  }

  /** Stops the run (or, outside npm test, only says what runs) once nothing has moved for STALL_MS. */
  checkStall(now: number): void {
    if (!this.running || this.stallReported || now - this.lastProgress < STALL_MS) return;
    this.stallReported = true;
    const why = `no test has ended, nor a file started, for ${Math.round((now - this.lastProgress) / 1000)} s`;
    if (this.stopFile) this.stop(why);
    else this.report(why);
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    for (const specification of specifications) this.pending.add(specification.moduleId);
    this.running = true;
    this.progressed();
  }

  onTestRunEnd(): void {
    this.running = false;
  }

  onTestModuleStart(testModule: TestModule): void {
    this.modules.set(testModule.moduleId, Date.now());
    this.progressed();
  }

  onTestModuleEnd(testModule: TestModule): void {
    this.modules.delete(testModule.moduleId);
    this.pending.delete(testModule.moduleId);
    this.progressed();
  }

  onTestCaseReady(testCase: TestCase): void {
    this.cases.set(testCase.id, { title: this.titleOf(testCase), started: Date.now() });
  }

  onTestCaseResult(testCase: TestCase): void {
    this.cases.delete(testCase.id);
    this.progressed();
    const result = testCase.result();
    if (result.state === 'passed') {
      this.ended.passed += 1;
      if (testCase.diagnostic()?.flaky) this.ended.flaky.push(this.titleOf(testCase));
    } else if (result.state === 'failed') {
      const message = (result.errors ?? []).map((error) => error.message).join('\n').split('\n').slice(0, 6).join('\n    ');
      this.ended.failed.push(`${this.titleOf(testCase)}\n    ${message}`);
    } else {
      this.ended.skipped += 1;
    }
  }

  private titleOf(testCase: TestCase): string {
    return `${this.relative(testCase.module.moduleId)} › ${testCase.fullName}`;
  }

  private relative(moduleId: string): string {
    return path.relative(process.cwd(), moduleId);
  }

  private progressed(): void {
    this.lastProgress = Date.now();
    this.stallReported = false;
  }

  private report(why: string): void {
    const now = Date.now();
    const since = (started: number) => `${Math.round((now - started) / 1000)} s`;
    const lines = [`\nwatchdog: ${why}; still running:`];
    for (const [id, started] of this.modules) lines.push(`- file ${this.relative(id)} (for ${since(started)})`);
    for (const { title, started } of this.cases.values()) lines.push(`- test ${title} (for ${since(started)})`);
    const waiting = [...this.pending].filter((id) => !this.modules.has(id)).map((id) => this.relative(id));
    if (waiting.length > 0) lines.push(`- not ended, start not reported (a worker stuck before it said so, or not begun): ${waiting.join(', ')}`);
    if (this.pending.size === 0) lines.push('- no test file (vitest itself, or a global setup or teardown)');
    process.stderr.write(`${lines.join('\n')}\n`);
  }

  /** Prints what is running, leaves the stop file for npm test, and ends the run. */
  stop(why: string): void {
    this.report(why);
    if (this.stopFile) {
      const stopped: StoppedRun = { why, unfinished: [...this.pending].map((id) => this.relative(id)), ...this.ended };
      writeFileSync(this.stopFile, JSON.stringify(stopped, null, 2));
    }
    this.end();
  }
}

/** SIGKILLs the processes whose parent is `pid` (vitest's workers; their browsers end with their pipes). Linux only. */
function killChildren(pid: number): void {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return;
  }
  for (const entry of entries) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) process.kill(Number(entry), 'SIGKILL');
    } catch {
      // The process ended meanwhile.
    }
  }
}
