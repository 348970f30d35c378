// `consensus-fix --restore`: puts back what a killed run left (its journal under .git/), says so on
// stderr, and exits 0, also when there is nothing to restore.

import { pass, recoverJournals, type Outcome, type Reporter } from '@adlc/core';
import type { RunContext } from './options.js';
import type { RestoreOutput } from './schema.js';
import { findTarget } from './setup.js';

export async function restoreJournals(ctx: RunContext, reporter: Reporter, json: boolean): Promise<Outcome<RestoreOutput>> {
  const target = await findTarget(ctx.cwd);
  const recovered = await recoverJournals({ cwd: target.root, log: (line) => reporter.info(`consensus-fix: ${line}`) });
  const doc: RestoreOutput = {
    restore: {
      restored: recovered.filter((r) => r.skipped === undefined).map((r) => ({ tool: r.tool, pid: r.pid, files: r.restored })),
      skipped: recovered.filter((r) => r.skipped !== undefined).map((r) => ({ journal: r.journalPath, why: r.skipped === 'live' ? 'its run is still going' : (r.error ?? r.skipped!) })),
    },
  };
  if (recovered.length === 0) reporter.info('consensus-fix: nothing to restore: no interrupted run left files behind');
  return pass(doc, json ? { json: doc } : { text: '' });
}
