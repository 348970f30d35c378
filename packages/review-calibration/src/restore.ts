// --restore: puts back what a killed run (SIGKILL, power loss) left planted, from its journal.

import { git, isGitRepo, opError, pass, recoverJournals, type Outcome, type Reporter } from '@adlc/core';
import type { RestoreJson } from './schema.js';

export async function restore(opts: { json: boolean }, deps: { cwd: string; reporter: Reporter }): Promise<Outcome<RestoreJson>> {
  if (!(await isGitRepo(deps.cwd))) throw opError(`${deps.cwd} is not inside a git repository`);
  const root = await git.root(deps.cwd);
  const recovered = await recoverJournals({ cwd: root, log: (line) => deps.reporter.info(`review-calibration: ${line}`) });
  const doc: RestoreJson = {
    restored: recovered
      .filter((r) => r.skipped === undefined)
      .map((r) => ({ tool: r.tool, pid: r.pid, files: r.restored })),
    skipped: recovered
      .filter((r) => r.skipped !== undefined)
      .map((r) => ({ journal: r.journalPath, reason: r.skipped === 'live' ? `its run (pid ${r.pid}) is still going` : (r.error ?? r.skipped ?? '') })),
  };
  if (recovered.length === 0) deps.reporter.info('review-calibration: nothing to restore');
  return pass(doc, opts.json ? { json: doc } : { text: '' });
}
