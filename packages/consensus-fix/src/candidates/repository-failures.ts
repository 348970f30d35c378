// The failing tests of a test run's output as a prompt shows them: names and frames as seen from the
// repository (its absolute root left out, frames outside it dropped).

import { relativeName, testFailures, withRepositoryFrames, type TestFailure } from '@adlc/localize';

export function repositoryFailures(root: string): (output: string) => TestFailure[] {
  return (output) => testFailures(output).map((f) => ({ name: relativeName(f.name, root), details: withRepositoryFrames(f.details, root) }));
}
