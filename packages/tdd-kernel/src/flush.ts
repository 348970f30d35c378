// flush: the end-of-turn batch. All buffered tests run in one invocation; edits whose tests are green
// stay, edits whose tests are red go back to their pre-edit bytes (new files are deleted), and a repair
// event says what happened. Two failed greens in a row close the claim: no endless retry loop.

import * as fs from 'node:fs';
import path from 'node:path';
import type { KernelContext } from './context.js';
import type { EditRevertedEvent } from './event-types.js';
import { runContext, recordTestRun, resolveRequests, resolveRunner } from './run-tests.js';
import type { TestResult } from './runners/types.js';
import { changedSinceTurnStart, endTurn, readBlob, restoreTurn, takeTurn, type TurnEntry } from './turn.js';

export interface RevertedFile {
  file: string;
  action: 'restored' | 'deleted';
  test_ids: string[];
}

export interface FlushResult {
  /** False when nothing was buffered (or nothing buffered had changed): no runner invocation. */
  ran: boolean;
  command: string | null;
  invocations: number;
  results: TestResult[];
  kept: string[];
  reverted: RevertedFile[];
  failed_test_ids: string[];
  /** Claims closed by this flush: their second failed green in a row. Retrying them is pointless. */
  closed_test_ids: string[];
  /** --mode warn: what would have been reverted was left in place. */
  warned: boolean;
  /** One line per reverted file saying what and why, for the agent. */
  message: string;
}

export async function flush(ctx: KernelContext): Promise<FlushResult> {
  const { entries, taken } = takeTurn(ctx.paths.scratch, ctx.session);
  let done = false;
  try {
    const changed = entries.filter((e) => changedSinceTurnStart(ctx.paths.scratch, ctx.paths.root, e));
    const ids = [...new Set(changed.flatMap((e) => e.test_ids))];
    if (ids.length === 0) {
      done = true;
      return idle();
    }
    const runner = await resolveRunner(ctx);
    const state = ctx.state();
    const { requests, unknown } = resolveRequests(ctx, ids, state);
    const outcome = await runner.run(requests, runContext(ctx));
    const results = [
      ...outcome.results,
      ...unknown.map((id): TestResult => ({ test_id: id, test_id_source: 'annotation', file: '', status: 'fail', failure_kind: 'not_found', message: `test ${id} not found`, duration_ms: 0 })),
    ];
    recordTestRun(ctx, outcome.command, results);
    const red = new Set(results.filter((r) => r.status === 'fail').map((r) => r.test_id));
    const toRevert = changed.filter((e) => e.test_ids.some((id) => red.has(id)));
    const kept = changed.filter((e) => !toRevert.includes(e)).map((e) => e.file);
    const warned = ctx.mode === 'warn';
    const reverted = warned ? toRevert.map((e) => plan(e)) : await revertAll(ctx, toRevert);
    const failed = [...red];
    const closed = failed.filter((id) => {
      const claims = state.claims.filter((c) => c.test_id === id && c.session === ctx.session);
      return claims.length > 0 && claims.every((c) => c.failed_greens + 1 >= 2);
    });
    done = true;
    const ts = ctx.now();
    if (!warned && reverted.length > 0) {
      ctx.append([
        ...reverted.map((r): EditRevertedEvent => ({ type: 'edit_reverted', file: r.file, action: r.action, test_ids: r.test_ids, ts })),
        { type: 'repair', failed_test_ids: failed, reverted: reverted.map((r) => r.file), closed_test_ids: closed, ts },
      ]);
    }
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
      message: describe(results, reverted, closed, warned),
    };
  } finally {
    // A runner that could not run, or Ctrl-C, before any revert: the buffer goes back for the next flush.
    if (done || entries.length === 0) endTurn(ctx.paths.scratch, taken, ctx.now());
    else restoreTurn(ctx.paths.scratch, ctx.session, taken);
  }
}

function idle(): FlushResult {
  return { ran: false, command: null, invocations: 0, results: [], kept: [], reverted: [], failed_test_ids: [], closed_test_ids: [], warned: false, message: 'nothing buffered: no test run' };
}

function plan(e: TurnEntry): RevertedFile {
  return { file: e.file, action: e.existed ? 'restored' : 'deleted', test_ids: e.test_ids };
}

async function revertAll(ctx: KernelContext, entries: TurnEntry[]): Promise<RevertedFile[]> {
  if (entries.length === 0) return [];
  const { writeFileAtomicSync } = await import('@adlc/core');
  const done: RevertedFile[] = [];
  for (const e of entries) {
    const abs = path.join(ctx.paths.root, e.file);
    if (!e.existed) {
      fs.rmSync(abs, { force: true });
    } else {
      const content = readBlob(ctx.paths.scratch, e.blob ?? '');
      writeFileAtomicSync(abs, content, { tmpDir: path.join(ctx.paths.scratch, 'tmp'), ...(e.mode === null ? {} : { mode: e.mode }) });
    }
    done.push(plan(e));
  }
  return done;
}

function describe(results: TestResult[], reverted: RevertedFile[], closed: string[], warned: boolean): string {
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
    lines.push(`claim closed: ${id} failed twice after edits; stop retrying. Run \`tdd-kernel run ${id}\`, rethink, and claim again.`);
  }
  return lines.join('\n');
}
