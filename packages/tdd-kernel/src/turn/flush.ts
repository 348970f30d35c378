// flush: the end-of-turn batch. All buffered tests run in one invocation; edits whose tests are green
// stay, edits whose tests are red go back to their pre-edit bytes (new files are deleted), and a repair
// event says what happened. Two failed greens in a row close the claim: no endless retry loop.

import { shellQuote } from '@adlc/core';
import { randomBytes } from 'node:crypto';
import type { KernelContext } from '../project/context.js';
import { confirmationsInUse } from './confirm-edits.js';
import { settlePending } from './pending-edits.js';
import { recoverInterrupted, revertEntries, revertEvents, writePlan, type RevertedFile, type RevertPlan } from './flush-recovery.js';
import { recordTestRun, resolveRequests, resolveRunner, runRequests } from '../kernel/run-tests.js';
import type { TestResult } from '../runners/types.js';
import { changedSinceTurnStart, endTurn, restoreTurn, takeTurn, type TurnEntry } from './turn-buffer.js';
import type { FlushOutput } from '../schemas/outputs.js';

export type { RevertedFile };

export type FlushResult = FlushOutput;

export async function flush(ctx: KernelContext): Promise<FlushResult> {
  const recovered = await recoverInterrupted(ctx);
  const settled = settlePending(ctx.paths.scratch, ctx.session, ctx.paths.root, confirmationsInUse(ctx));
  const { entries, taken } = takeTurn(ctx.paths.scratch, ctx.session);
  // finished: the buffer is spent; planned: files may be half reverted, so the journal stays for recovery.
  let finished = false;
  let planned = false;
  try {
    const changed = entries.filter((e) => changedSinceTurnStart(ctx.paths.scratch, ctx.paths.root, e));
    const ids = [...new Set(changed.flatMap((e) => e.test_ids))];
    if (ids.length === 0) {
      finished = true;
      return { ...idle(), unconfirmed: settled.unconfirmed, recovered, message: describe([], [], [], false, settled.unconfirmed, ctx.cli()) || 'nothing buffered: no test run' };
    }
    const runner = await resolveRunner(ctx);
    const state = ctx.state();
    const { requests, unknown } = resolveRequests(ctx, ids, state);
    const outcome = await runRequests(ctx, runner, requests);
    const results = [
      ...outcome.results,
      ...unknown.map((id): TestResult => ({ test_id: id, test_id_source: 'annotation', file: '', status: 'fail', failure_kind: 'not_found', message: `test ${id} not found`, duration_ms: 0 })),
    ];
    recordTestRun(ctx, outcome.command, results, runner.key);
    const red = new Set(results.filter((r) => r.status === 'fail').map((r) => r.test_id));
    const toRevert = changed.filter((e) => e.test_ids.some((id) => red.has(id)));
    const kept = changed.filter((e) => !toRevert.includes(e)).map((e) => e.file);
    const warned = ctx.mode === 'warn';
    const failed = [...red];
    const closed = failed.filter((id) => {
      const claims = state.claims.filter((c) => c.test_id === id && c.session === ctx.session);
      return claims.length > 0 && claims.every((c) => c.failed_greens + 1 >= 2);
    });
    let reverted: RevertedFile[] = toRevert.map(plan);
    if (!warned && toRevert.length > 0) {
      const revertPlan: RevertPlan = { revert_plan: true, flush_id: randomBytes(8).toString('hex'), session: ctx.session, files: toRevert.map((e) => e.file), failed_test_ids: failed, closed_test_ids: closed };
      if (taken) writePlan(taken, revertPlan);
      planned = true;
      reverted = await revertEntries(ctx, toRevert);
      ctx.append(revertEvents(revertPlan, reverted, ctx.now()));
    }
    finished = true;
    return {
      ran: true,
      command: outcome.command,
      invocations: outcome.invocations,
      results,
      kept,
      reverted,
      failed_test_ids: failed,
      closed_test_ids: closed,
      warned,
      message: describe(results, reverted, closed, warned, settled.unconfirmed, ctx.cli()),
      unconfirmed: settled.unconfirmed,
      recovered,
    };
  } finally {
    // A runner that could not run, or Ctrl-C, before any revert: the buffer goes back for the next flush.
    // After the plan, a failure mid-revert leaves the journal: the next command finishes the revert.
    if (finished || entries.length === 0) endTurn(ctx.paths.scratch, taken, ctx.now());
    else if (!planned) restoreTurn(ctx.paths.scratch, ctx.session, taken);
  }
}

function idle(): FlushResult {
  return { ran: false, command: null, invocations: 0, results: [], kept: [], reverted: [], failed_test_ids: [], closed_test_ids: [], warned: false, message: 'nothing buffered: no test run', unconfirmed: [], recovered: [] };
}

function plan(e: TurnEntry): RevertedFile {
  return { file: e.file, action: e.existed ? 'restored' : 'deleted', test_ids: e.test_ids };
}

function describe(results: TestResult[], reverted: RevertedFile[], closed: string[], warned: boolean, unconfirmed: string[], cli: string): string {
  const lines: string[] = [];
  for (const r of results) {
    const kind = r.failure_kind ? ` (${r.failure_kind})` : '';
    lines.push(`${r.status === 'pass' ? 'green' : 'red'}${kind}: ${r.test_id}${r.status === 'fail' && r.message ? `\n    ${r.message.split('\n').slice(0, 4).join('\n    ')}` : ''}`);
  }
  for (const r of reverted) {
    const what = r.action === 'deleted' ? 'deleted (it did not exist before the edit)' : 'restored to its content before this turn';
    lines.push(`${warned ? 'would revert' : 'reverted'}: ${r.file} ${warned ? `(${r.action})` : what}, because ${r.test_ids.join(', ')} did not pass`);
  }
  for (const id of closed) {
    lines.push(`claim closed: ${id} failed twice after edits; stop retrying. Run \`${cli} run ${shellQuote(id)}\`, rethink, and claim again.`);
  }
  for (const file of unconfirmed) {
    lines.push(`not tested: ${file} changed, but the edit the kernel allowed was never confirmed (refused or failed); left as it is`);
  }
  return lines.join('\n');
}
