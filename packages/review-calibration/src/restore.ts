// --restore: puts back what a killed run (SIGKILL, power loss) left planted, from its journal. The
// work is core's, shared with consensus-fix, and so is the document it prints.

import { git, isGitRepo, pass, restoreInterruptedRuns, toRestoreDocument, type Outcome, type Reporter } from '@adlc/core';
import type { RestoreJson } from './schema.js';

export async function restore(opts: { json: boolean }, deps: { cwd: string; reporter: Reporter }): Promise<Outcome<RestoreJson>> {
  // Outside a repository no run of ours can have left a journal: nothing to restore, like consensus-fix.
  const root = (await isGitRepo(deps.cwd)) ? await git.root(deps.cwd) : deps.cwd;
  const doc = toRestoreDocument(await restoreInterruptedRuns({ cwd: root, tool: 'review-calibration', log: (line) => deps.reporter.info(line) }));
  return pass(doc, opts.json ? { json: doc } : { text: '' });
}
