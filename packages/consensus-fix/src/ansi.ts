// Test runners colour their reports, on a terminal and under CI alike (Vitest even into a pipe): the
// codes are noise to a model reading the output, to the patterns that read test names and frames from
// it, and to a failure's tail in --json.

import { redactSecrets } from '@adlc/core';

/** The output with terminal colours and cursor codes removed. */
export function withoutAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g, '');
}

/**
 * A test run's output as models and people are shown it (the prompt, failure tails, warnings): without
 * colour codes, and without the values of the environment's key variables or credential-shaped text (a
 * test that prints its environment prints the keys the run was given).
 */
export function shownOutput(text: string, env: NodeJS.ProcessEnv): string {
  return redactSecrets(withoutAnsi(text), env);
}
