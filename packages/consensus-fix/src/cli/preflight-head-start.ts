// The pre-flight's test, started by the bin as soon as the command line is read: loading the run's code,
// recovering a killed run and the git guards then overlap the test instead of preceding it. It is only a
// head start, and it changes nothing the run decides:
//  - `git status` is listed first, and the test starts once it is done: the dirty-tree guard reads that
//    listing, so what the test itself writes (a coverage directory, a snapshot) is never taken for the
//    user's uncommitted work. A dirty tree, or no repository, starts no test (the guard then says why).
//  - The run takes the result only when start-up leaves the tree as the test saw it. A start-up that
//    fails stops the test and waits for it to end; one that restores a killed run's files stops it and
//    runs the test again, on the restored tree.

import { dirtyFiles, runCommand, type CommandResult } from '@adlc/core';
import { guardsTree } from './options.js';

/**
 * How much of the pre-flight's output is kept: its failing tests' reports can stand far above its end
 * (a node:test run with many passing tests after the failure), and they are read from it.
 */
export const PREFLIGHT_OUTPUT_CHARS = 64_000;

export interface EarlyPreflight {
  /** The command it runs (the run checks it is its --test-cmd). */
  command: string;
  /** The `git status` listing taken before the test started; undefined when the run does not guard the tree. */
  status: Promise<string[]> | undefined;
  /** The test's run; undefined when it was not started (a dirty tree, or no repository). */
  result: Promise<CommandResult | undefined>;
  /**
   * Settles once the test has been started, or it is known that it will not be. The bin waits for it
   * before it loads the run: that load is synchronous (one bundle) and would hold the event loop, and
   * with it the test's start, until it is done.
   */
  started: Promise<void>;
  /** Stops the test's process group, if it runs, and resolves once it has ended. */
  discard(): Promise<void>;
}

/** The options the early start reads, as the command line gave them. */
export interface EarlyStartOptions {
  testCmd?: string;
  files?: string[];
  timeout: number;
  restore?: boolean;
  localizeOnly?: boolean;
  promptOnly?: boolean;
  allowDirty?: boolean;
}

/**
 * Whether the bin may start the test before the run: only when the run will run it as a plain gate in the
 * working directory, first thing (with --files: without them the run observes the test with coverage).
 */
export function mayStartEarly(opts: EarlyStartOptions): boolean {
  return typeof opts.testCmd === 'string' && opts.testCmd.trim() !== '' && opts.files !== undefined && !opts.restore && !opts.localizeOnly;
}

/** Lists the tree, then starts --test-cmd as the run's pre-flight would (runGate: same cwd, env and timeout). */
export function startPreflightEarly(opts: EarlyStartOptions, env: NodeJS.ProcessEnv, cwd: string): EarlyPreflight | undefined {
  if (!mayStartEarly(opts)) return undefined;
  const abort = new AbortController();
  const command = opts.testCmd!;
  const status = guardsTree(opts) ? dirtyFiles(cwd) : undefined;
  const clean = status ? status.then((files) => files.length === 0, () => false) : Promise.resolve(true);
  let spawned!: () => void;
  // Settles once the test's process exists (runCommand loads execa first), or once it is known it never will.
  const started = new Promise<void>((resolve) => (spawned = resolve));
  const result = clean.then((ok) => (ok && !abort.signal.aborted ? runCommand(command, { cwd, env, timeoutMs: opts.timeout * 1000, signal: abort.signal, tailChars: PREFLIGHT_OUTPUT_CHARS, onSpawn: spawned }) : undefined));
  void result.then(spawned, spawned);
  // Never an unhandled rejection: a failure is reported by whoever awaits these, or dropped with them.
  status?.catch(() => undefined);
  result.catch(() => undefined);
  return {
    command,
    status,
    result,
    started,
    async discard() {
      abort.abort();
      await result.catch(() => undefined);
    },
  };
}
