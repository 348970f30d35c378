// --restore: puts back what a killed run (SIGKILL, power loss) left planted, from its journal. The
// work is core's, shared with consensus-fix.

import { git, isGitRepo, opError, pass, restoreInterruptedRuns, type Outcome, type Reporter } from '@adlc/core';
import type { RestoreJson } from './schema.js';

export async function restore(opts: { json: boolean }, deps: { cwd: string; reporter: Reporter }): Promise<Outcome<RestoreJson>> {
  if (!(await isGitRepo(deps.cwd))) throw opError(`${deps.cwd} is not inside a git repository`);
  const root = await git.root(deps.cwd);
  const doc = await restoreInterruptedRuns({ cwd: root, tool: 'review-calibration', log: (line) => deps.reporter.info(line) });
  return pass(doc, opts.json ? { json: doc } : { text: '' });
}
