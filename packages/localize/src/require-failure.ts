// The one precondition of localization (and of a fix): the test fails now, by itself, within the
// time it was given, and it is a test that fails (report/test-run.ts). A timeout, a pass or a command
// that ran no test is the caller's error, not an empty ranking.

import { opError, type CommandResult } from '@adlc/core';
import { classifyTestRun } from './report/test-run.js';

/**
 * Throws an operational error unless `result`, the run of `testCmd` in the repository at `root`, failed
 * (non-zero exit, not timed out) because some test failed. Returns the failing tests' names where the
 * runner's report names them (else none).
 */
export function requireFailure(result: CommandResult, testCmd: string, timeoutSeconds: number, root: string): string[] {
  if (result.timedOut) {
    throw opError(`pre-flight: \`${testCmd}\` did not finish within ${timeoutSeconds}s`, {
      // A runner that printed its results and then stayed alive is the common case on real projects.
      hint: 'raise --timeout or give a faster --test-cmd; if its tests had ended, something keeps the process alive after them (Mocha: add --exit; Jest: --forceExit)',
    });
  }
  if (result.exitCode === 0) {
    throw opError(`pre-flight: \`${testCmd}\` already passes (exit 0); there is no failure to fix`, {
      hint: 'give a --test-cmd that fails because of the bug',
    });
  }
  const run = classifyTestRun({ exitCode: result.exitCode, output: result.outputTail }, root);
  if (run.kind === 'no-test') throw opError(`the test command did not run any test: ${run.reason}`, { hint: run.hint });
  return run.failingTests;
}
