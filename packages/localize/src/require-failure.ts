// The one precondition of localization (and of a fix): the test fails now, by itself, within the
// time it was given. A timeout or a pass is the caller's error, not an empty ranking.

import { opError, type CommandResult } from '@adlc/core';

/** Throws an operational error unless `result`, the run of `testCmd`, failed (non-zero exit, not timed out). */
export function requireFailure(result: CommandResult, testCmd: string, timeoutSeconds: number): void {
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
}
