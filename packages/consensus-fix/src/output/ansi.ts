// What people and models are shown of a test run's output: without colour codes (withoutAnsi, shared
// with localization) and without secrets.

import { redactSecrets } from '@adlc/core';
import { withoutAnsi } from '@adlc/localize';

/**
 * A test run's output as models and people are shown it (the prompt, failure tails, warnings): without
 * colour codes, and without the values of the environment's key variables or credential-shaped text (a
 * test that prints its environment prints the keys the run was given).
 */
export function shownOutput(text: string, env: NodeJS.ProcessEnv): string {
  return redactSecrets(withoutAnsi(text), env);
}
