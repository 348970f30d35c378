// `consensus-fix --restore`: puts back what a killed run left (its journal under .git/), says so on
// stderr, and exits 0, also when there is nothing to restore. The work is core's, shared with review-calibration.

import { pass, restoreInterruptedRuns, toRestoreDocument, type Outcome, type Reporter } from '@adlc/core';
import type { RunContext } from '../cli/options.js';
import type { RestoreOutput } from '../output/schema.js';

export async function restoreJournals(ctx: RunContext, reporter: Reporter, json: boolean): Promise<Outcome<RestoreOutput>> {
  const doc: RestoreOutput = toRestoreDocument(await restoreInterruptedRuns({ cwd: ctx.cwd, tool: 'consensus-fix', log: (line) => reporter.info(line) }));
  return pass(doc, json ? { json: doc } : { text: '' });
}
