// The write phase: what leaves the run — the winner re-checked and (with --apply, --out) written,
// the run's record in --log-dir, the verdict's line on stderr, and the report or JSON for stdout.

import { gateFail, pass, type Outcome } from '@adlc/core';
import { finish } from './finish.js';
import { renderReport } from './report.js';
import { toJson, type RunResult } from './result.js';
import type { Workspaces } from './settle.js';
import type { Run } from './start-up.js';

/** Write: finish the winner (re-check, --apply, --out), record the run, and return the verdict as data. */
export async function write(run: Run, result: RunResult, workspaces: Workspaces): Promise<Outcome> {
  const { opts, reporter, log } = run;
  await finish(result, { ...run, ...workspaces });
  result.durationMs = Date.now() - run.started;
  log.file('result.json', JSON.stringify(toJson(result), null, 2));
  log.event('end', { verdict: result.verdict, winner: result.winner?.index ?? null, durationMs: result.durationMs });
  // The verdict's own line on stderr (the seed's message as is, not dressed as a warning).
  if (result.verdict !== 'pass') reporter.info(result.message);
  const output = opts.json ? { json: toJson(result) } : { text: renderReport(result, reporter.style) };
  return result.verdict === 'pass' ? pass(result, output) : gateFail(result, output);
}
