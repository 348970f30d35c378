// The write phase: what leaves the run — the winner re-checked (a second run of its gates, for
// flakiness) and, with --apply and --out, written and re-checked on the written files; the run's
// record in --log-dir, the verdict's line on stderr, and the report or JSON for stdout.

import path from 'node:path';
import { FileSnapshot, gateFail, opError, pass, shellQuote, writeFileAtomic, type Outcome } from '@adlc/core';
import { tryChanges } from '../candidates/evaluate.js';
import { runGate } from '../candidates/gates.js';
import { TOOL } from '../cli/options.js';
import { renderReport } from '../output/report.js';
import { toJson, type RunResult, type Winner } from '../output/result.js';
import { originalsOf } from '../workspace/allowed-files.js';
import { inPlaceWorkspace } from '../workspace/in-place.js';
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

/** What the write phase reads of the run, and where the candidates were tried. */
type FinishContext = Pick<Run, 'opts' | 'ctx' | 'gates' | 'target' | 'allowed' | 'warn' | 'log' | 'reporter'> & Workspaces;

async function finish(result: RunResult, fc: FinishContext): Promise<void> {
  const winner = result.winner;
  if (winner) {
    await recheck(winner, fc);
    fc.log.file('final.patch', winner.diff);
    if (fc.opts.apply) result.postApply = await apply(winner, fc);
    if (fc.opts.out !== undefined) {
      const out = path.resolve(fc.ctx.cwd, fc.opts.out);
      await writeFileAtomic(out, winner.diff);
      fc.reporter.info(`${TOOL}: wrote the winner's patch to ${fc.opts.out} (apply it with \`git apply ${shellQuote(fc.opts.out)}\`)`);
    }
  } else {
    if (fc.opts.apply) fc.reporter.info(`${TOOL}: nothing applied: no winner`);
    if (fc.opts.out !== undefined) fc.reporter.info(`${TOOL}: ${fc.opts.out} not written: no winner`);
  }
}

/** The selection rule stays the seed's; a second run that disagrees only marks the winner flaky. */
async function recheck(winner: Winner, fc: FinishContext): Promise<void> {
  fc.reporter.progress(`winner #${winner.index}: running its gates a second time`);
  const workspace = fc.snapshot
    ? inPlaceWorkspace(fc.snapshot, fc.ctx.cwd)
    : await fc.pool!.reuseOrMake(fc.target.root, fc.ctx.cwd, originalsOf(fc.allowed));
  const again = await tryChanges(winner.changes, fc.gates, workspace);
  fc.reporter.endProgress();
  fc.log.event('recheck', { index: winner.index, ok: again.ok, gateMs: again.durationMs, ...(again.ok ? {} : { stage: again.stage, exitCode: again.exitCode }) });
  if (!again.ok) {
    winner.flaky = true;
    const how = again.stage === 'timeout' ? `timed out at the ${again.gate}` : `failed at the ${again.gate} (exit ${again.exitCode})`;
    fc.warn(`the winner #${winner.index} is flaky: it passed its gates once, then ${how} on a second run; treat the result with care`);
  }
}

/** Writes the winner through a journaled snapshot, then runs the gates again on the written files. */
async function apply(winner: Winner, fc: FinishContext): Promise<NonNullable<RunResult['postApply']>> {
  const snapshot = fc.snapshot ?? (await FileSnapshot.create({ root: fc.target.root, files: fc.allowed.map((f) => f.file), tool: TOOL }));
  try {
    for (const entry of snapshot.entries) {
      const before = fc.allowed.find((f) => f.file === entry.path);
      const same = before !== undefined && (entry.content === null ? before.bytes === null : before.bytes !== null && entry.content.equals(before.bytes));
      if (!same) {
        throw opError(`${entry.path} changed on disk during the run; the winner was not applied`, {
          hint: 'run again on the current files, or apply the patch from --out by hand',
        });
      }
    }
    // Through the in-place workspace: any other snapshotted file a candidate left is put back too.
    await inPlaceWorkspace(snapshot, fc.ctx.cwd).write(winner.changes);
    // The result is meant to stay: drop the journal instead of restoring.
    await snapshot.release();
  } catch (error) {
    await snapshot.close();
    throw error;
  }
  winner.applied = true;
  fc.log.event('applied', { index: winner.index, files: winner.changes.map((c) => c.file) });
  fc.reporter.progress('after apply: running --test-cmd');
  const test = await runGate(fc.gates.testCmd, fc.gates, fc.ctx.cwd);
  let railsExitCode: number | null = null;
  let railsOk = true;
  if (fc.gates.rails !== undefined) {
    fc.reporter.progress('after apply: running --rails');
    const rails = await runGate(fc.gates.rails, fc.gates, fc.ctx.cwd);
    railsExitCode = rails.timedOut ? null : rails.exitCode;
    railsOk = !rails.timedOut && rails.exitCode === 0;
  }
  fc.reporter.endProgress();
  const testExitCode = test.timedOut ? null : test.exitCode;
  const passed = testExitCode === 0 && railsOk;
  fc.log.event('post-apply', { testExitCode, railsExitCode, passed });
  if (!passed) fc.warn(`the applied fix does not pass on the written files (test exit ${testExitCode ?? 'timeout'}${fc.gates.rails === undefined ? '' : `, rails exit ${railsExitCode ?? 'timeout'}`}); the files stay written — inspect them or \`git checkout\` them`);
  return { testExitCode, railsExitCode, passed };
}
