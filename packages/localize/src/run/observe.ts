// The localization's effects around the pre-flight: the failing test runs once with coverage on (and,
// with --rails, the rails at the same time, on the untouched tree, for Ochiai's passing side), while
// the file list loads. Without --rails, the tests of the test command that passed then run once more
// by themselves (run/passing-run.ts), for a passing side. Then the signals are ranked. `tookMs` is what
// localization adds beyond the pre-flight and the rails: its set-up before them, the passing tests'
// run (and, after it, the prototype-write probe's when the failing run added names to Object.prototype
// that the passing tests did not: run/prototype-probe.ts), and its work after.

import path from 'node:path';
import { runCommand, type CommandResult } from '@adlc/core';
import { CoverageSession, withPreload, type CoveredCommand } from './coverage-run.js';
import type { CoverageGap } from './coverage-gaps.js';
import { failingTestNames } from '../signals/identifiers.js';
import { failingTestsCommand, passingTestsCommands } from './passing-run.js';
import { withoutAnsi } from '../without-ansi.js';
import { failureWrites, readPrototypeWrites, suspectNames, trapSetup, type PrototypeWrite } from './prototype-probe.js';
import { gather, rank, type RankInput } from '../rank/rank.js';
import { insideRoot, listFiles, packageJson, TextCache } from '../repo-files.js';
import type { CoverageGapEntry, CoverageStatus, Localization } from '../schema.js';
import type { Execution } from '../rank/spectrum.js';

export interface ObserveInput {
  root: string;
  isRepo: boolean;
  cwd: string;
  testCmd: string;
  rails: string | undefined;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

export interface Observation {
  /** The pre-flight run of the test command (coverage on; exit code and output as without it). */
  failing: Promise<CommandResult>;
  /** The rails on the untouched tree, undefined without --rails: the run's baseline too. */
  rails: Promise<CommandResult | undefined>;
  /** The top `maxFiles` files, once both runs are done, and the functions the failing run called in each. */
  localize(maxFiles: number): Promise<Localized>;
  /** Stops the rails (and the passing tests' own run) if still running and deletes the coverage data. */
  dispose(): Promise<void>;
}

export interface Localized {
  localization: Localization;
  /** For each localized file, the start lines of the functions the failing run called in it, most suspect first. */
  calledFunctions: ReadonlyMap<string, readonly number[]>;
}

/** Frames can be anywhere in a long output; the prompt still sends only its tail. */
const OUTPUT_CHARS = 64_000;

/** Starts the pre-flight (and the rails) with coverage on; `localize` ranks once they are done. */
export async function observeFailure(input: ObserveInput): Promise<Observation> {
  const started = Date.now();
  const { root, cwd, env, timeoutMs } = input;
  // Overlapped with the runs: the file list loads meanwhile.
  const filesP = listFiles(root, input.isRepo);
  filesP.catch(() => undefined);
  const session = new CoverageSession({ root, cwd, env, timeoutMs, accept: (file) => !file.split('/').includes('node_modules') });
  const [test, rails] = await Promise.all([session.prepare(input.testCmd), input.rails === undefined ? undefined : session.prepare(input.rails)]);
  const setupMs = Date.now() - started;

  const controller = new AbortController();
  const failing = runCommand(test.command, { cwd, env: test.env, timeoutMs, tailChars: OUTPUT_CHARS });
  const railsRun = rails ? runCommand(rails.command, { cwd, env: rails.env, timeoutMs, signal: controller.signal }) : Promise.resolve(undefined);
  let runsEnded = Date.now();
  const bothDone = Promise.allSettled([failing, railsRun]).then(() => {
    runsEnded = Date.now();
  });

  return {
    failing,
    rails: railsRun,
    async localize(maxFiles) {
      const [failed] = await Promise.all([failing, railsRun, bothDone]);
      const files = await filesP;
      const coverage = new CoverageLedger(root);
      // A run whose process was killed before it wrote its coverage runs once more (a busy machine,
      // a runner's SIGKILL): the ranking is made from whole coverage, or says what it lacks.
      const failingRun = await wholeRun(session, test, input.testCmd, input, controller.signal, (r) => r.exitCode !== 0, coverage, 'failing');
      const failingExecutions = failingRun.executions;
      const output = withoutAnsi(failed.outputTail);
      const texts = new TextCache(root);
      const scripts = packageJson(texts, path.relative(root, cwd).split(path.sep).join('/')).scripts ?? {};
      const failedNames = failingTestNames(output);
      const passingTests = rails || failingExecutions.length === 0 ? NO_PASSING_RUN : await passingTestsRun(session, output, failedNames, scripts, input, controller.signal, coverage);
      // After the passing tests' run, not beside it: two runs of one suite at once can collide (a fixed
      // port, a shared temporary file) and cost the passing side. (Not the rails' names: they often run
      // the failing test too.)
      const suspect = suspectNames(failingRun.covered.addedToPrototype(), passingTests.added);
      const trapped = suspect.length === 0 ? [] : await prototypeWrites(session.dir, suspect, failingTestsCommand(input.testCmd, output, failedNames, scripts), input, controller.signal);
      if (rails) {
        await rails.settle(controller.signal);
        coverage.note('rails', rails.check().gaps);
      }
      const rankInput: RankInput = {
        root,
        cwd,
        testCmd: input.testCmd,
        output,
        failing: failingExecutions.length > 0 ? failingExecutions : undefined,
        mainScripts: failingRun.covered.mainScripts(),
        passing: rails ? await rails.collect() : [],
        passingTests: passingTests.executions,
        prototypeWrites: failureWrites(trapped),
        sourceMaps: session.sourceMaps,
        files,
        texts,
      };
      const ranked = rank(rankInput, gather(rankInput));
      const top = ranked.files.slice(0, maxFiles);
      return {
        localization: { files: top, tookMs: setupMs + (Date.now() - runsEnded), coverage: coverage.status(failingExecutions.length === 0) },
        calledFunctions: new Map(top.map((f) => [f.file, ranked.calledFunctions.get(f.file) ?? []] as const)),
      };
    },
    async dispose() {
      controller.abort();
      await Promise.allSettled([failing, railsRun]);
      session.dispose();
    },
  };
}

interface PassingRun {
  executions: Execution[];
  /** The names the passing tests' processes added to Object.prototype. */
  added: string[];
}

const NO_PASSING_RUN: PassingRun = { executions: [], added: [] };

/**
 * The test command's passing tests run by themselves, with coverage: their executions, or none when
 * the command cannot be narrowed to them or that run does not pass (it then ran a failing test too).
 * A long list of names is run in batches (passing-run.ts), each batch a passing execution of its own.
 * `dispose` (an interrupt) stops it like the rails.
 */
async function passingTestsRun(session: CoverageSession, output: string, failed: readonly string[], scripts: Record<string, string>, input: ObserveInput, signal: AbortSignal, coverage: CoverageLedger): Promise<PassingRun> {
  const commands = passingTestsCommands(input.testCmd, output, failed, scripts);
  if (commands.length === 0) return NO_PASSING_RUN;
  const run: PassingRun = { executions: [], added: [] };
  for (const command of commands) {
    const covered = await session.prepare(command);
    const result = await runCommand(covered.command, { cwd: input.cwd, env: covered.env, timeoutMs: input.timeoutMs, signal });
    if (result.exitCode !== 0) return NO_PASSING_RUN;
    const whole = await wholeRun(session, covered, command, input, signal, (r) => r.exitCode === 0, coverage, 'passing');
    run.executions.push(...whole.executions);
    run.added.push(...whole.covered.addedToPrototype());
  }
  return run;
}

/**
 * A covered run's executions, once its processes all wrote their coverage (those that outlived the
 * command are waited for): when one was killed first, or left none, the command runs once more (its result must still be `expected`), and the run with fewer processes
 * lost is kept. What is still missing goes to the ledger.
 */
async function wholeRun(
  session: CoverageSession,
  first: CoveredCommand,
  command: string,
  input: ObserveInput,
  signal: AbortSignal,
  expected: (result: CommandResult) => boolean,
  ledger: CoverageLedger,
  run: CoverageGapEntry['run'],
): Promise<{ executions: Execution[]; covered: CoveredCommand }> {
  let covered = first;
  await first.settle(signal);
  let gaps = first.check().gaps;
  // Coverage a runner sent elsewhere will not come back by running again.
  const killed = (list: readonly CoverageGap[]) => list.filter((g) => g.reason !== 'redirected').length;
  if (killed(gaps) > 0 && !signal.aborted) {
    ledger.retried++;
    const again = await session.prepare(command);
    const result = await runCommand(again.command, { cwd: input.cwd, env: again.env, timeoutMs: input.timeoutMs, signal }).catch(() => undefined);
    await again.settle(signal);
    const againGaps = again.check().gaps;
    if (result && expected(result) && killed(againGaps) < killed(gaps)) {
      covered = again;
      gaps = againGaps;
    }
  }
  ledger.note(run, gaps);
  return { executions: await covered.collect(), covered };
}

/** What the covered runs lacked: the processes that left no coverage, and the runs made again. */
class CoverageLedger {
  retried = 0;
  private readonly missing: CoverageGapEntry[] = [];

  constructor(private readonly root: string) {}

  note(run: CoverageGapEntry['run'], gaps: readonly CoverageGap[]): void {
    for (const g of gaps) this.missing.push({ run, script: g.script === '' ? '' : (insideRoot(g.script, this.root) ?? g.script), reason: g.reason });
  }

  status(none: boolean): CoverageStatus {
    return { complete: this.missing.length === 0 && !none, retried: this.retried, missing: this.missing, ...(none ? { none: true as const } : {}) };
  }
}

/**
 * The prototype-write probe: the failing tests once more (`failingOnly`, the test command narrowed to
 * them), without coverage, with the trap on the names the failing run added to Object.prototype. The
 * trap changes nothing the tests can see until the write, so the narrowed run fails again; when it
 * passes instead, it ran no failing test (a name that did not match), and the whole command runs.
 */
async function prototypeWrites(dir: string, added: readonly string[], failingOnly: string | null, input: ObserveInput, signal: AbortSignal): Promise<PrototypeWrite[]> {
  const trap = trapSetup(dir, added);
  const env = { ...input.env, ...trap.env, NODE_OPTIONS: withPreload(input.env.NODE_OPTIONS, trap.preload) };
  const run = (command: string) => runCommand(command, { cwd: input.cwd, env, timeoutMs: input.timeoutMs, signal }).catch(() => undefined);
  const narrowed = failingOnly === null ? undefined : await run(failingOnly);
  if (narrowed === undefined || narrowed.exitCode === 0) await run(input.testCmd);
  return readPrototypeWrites(trap.out);
}

