// The localization's effects around the pre-flight: the failing test runs once with coverage on (and,
// with --rails, the rails at the same time, on the untouched tree, for Ochiai's passing side), while
// the file list loads. Without --rails, the tests of the test command that passed then run once more
// by themselves (run/passing-run.ts), for a passing side. Then the signals are ranked. `tookMs` is what
// localization adds beyond the pre-flight and the rails: its set-up before them, the passing tests'
// run (and, after it, the prototype-write probe's when the failing run added names to Object.prototype
// that the passing tests did not: run/prototype-probe.ts), and its work after.

import path from 'node:path';
import { runCommand, type CommandResult } from '@adlc/core';
import { CoverageSession, withPreload } from './coverage-run.js';
import { failingTestNames } from '../signals/identifiers.js';
import { failingTestsCommand, passingTestsCommand } from './passing-run.js';
import { withoutAnsi } from '../without-ansi.js';
import { failureWrites, readPrototypeWrites, suspectNames, trapSetup, type PrototypeWrite } from './prototype-probe.js';
import { gather, rank, type RankInput } from '../rank/rank.js';
import { listFiles, packageJson, TextCache } from '../repo-files.js';
import type { Localization } from '../schema.js';
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
      const failingExecutions = await test.collect();
      const output = withoutAnsi(failed.outputTail);
      const texts = new TextCache(root);
      const scripts = packageJson(texts, path.relative(root, cwd).split(path.sep).join('/')).scripts ?? {};
      const failedNames = failingTestNames(output);
      const passingTests = rails || failingExecutions.length === 0 ? NO_PASSING_RUN : await passingTestsRun(session, output, failedNames, scripts, input, controller.signal);
      // After the passing tests' run, not beside it: two runs of one suite at once can collide (a fixed
      // port, a shared temporary file) and cost the passing side. (Not the rails' names: they often run
      // the failing test too.)
      const suspect = suspectNames(test.addedToPrototype(), passingTests.added);
      const trapped = suspect.length === 0 ? [] : await prototypeWrites(session.dir, suspect, failingTestsCommand(input.testCmd, output, failedNames, scripts), input, controller.signal);
      const rankInput: RankInput = {
        root,
        cwd,
        testCmd: input.testCmd,
        output,
        failing: failingExecutions.length > 0 ? failingExecutions : undefined,
        mainScripts: test.mainScripts(),
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
        localization: { files: top, tookMs: setupMs + (Date.now() - runsEnded) },
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
 * `dispose` (an interrupt) stops it like the rails.
 */
async function passingTestsRun(session: CoverageSession, output: string, failed: readonly string[], scripts: Record<string, string>, input: ObserveInput, signal: AbortSignal): Promise<PassingRun> {
  const command = passingTestsCommand(input.testCmd, output, failed, scripts);
  if (command === null) return NO_PASSING_RUN;
  const covered = await session.prepare(command);
  const result = await runCommand(covered.command, { cwd: input.cwd, env: covered.env, timeoutMs: input.timeoutMs, signal });
  return result.exitCode === 0 ? { executions: await covered.collect(), added: covered.addedToPrototype() } : NO_PASSING_RUN;
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

