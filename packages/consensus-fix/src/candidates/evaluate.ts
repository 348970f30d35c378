// Runs the gates for every candidate still standing: one at a time in the user's tree (--jobs 1,
// the seed's way), or k at a time, each in a private copy of the tree. Either way every candidate
// starts from the snapshot's originals (bar the files it writes itself), and they are back at the end.

import { mapLimit } from '@adlc/core';
import type { ResolvedChange } from './candidate.js';
import { runGates, type Gates } from './gates.js';
import type { Prepared } from './prepare-candidate.js';
import type { Workspace } from '../workspace/in-place.js';

export type WorkspaceSource = { kind: 'in-place'; workspace: Workspace } | { kind: 'copies'; jobs: number; make: () => Promise<Workspace> };

export interface EvaluateHooks {
  onStage?: (index: number, stage: 'repro' | 'rails') => void;
  /** `gateMs`: time spent in the test and rails commands. */
  onDone?: (prepared: Prepared, gateMs: number) => void;
}

/** Settles every runnable candidate (status 'survived' or 'failed'), in place. */
export async function evaluateAll(prepared: ReadonlyArray<Prepared>, gates: Gates, source: WorkspaceSource, hooks: EvaluateHooks = {}): Promise<void> {
  const queue = prepared.filter((p) => p.runnable).sort((a, b) => a.record.index - b.record.index);
  if (queue.length === 0) return;
  if (source.kind === 'in-place') {
    for (const p of queue) await evaluateOne(p, gates, source.workspace, hooks);
    return;
  }
  // One private copy per lane, made when the lane starts its first candidate and reused after.
  // On a failure (an interrupt) no further candidate starts and the running ones finish before
  // this rejects, so the pool's copies are idle when the caller removes them.
  const workspaces: Workspace[] = [];
  await mapLimit(queue, source.jobs, async (p, _index, { lane }) => {
    workspaces[lane] ??= await source.make();
    await evaluateOne(p, gates, workspaces[lane], hooks);
  });
}

async function evaluateOne(p: Prepared, gates: Gates, workspace: Workspace, hooks: EvaluateHooks): Promise<void> {
  const outcome = await tryChanges(p.record.changes ?? [], gates, workspace, (stage) => hooks.onStage?.(p.record.index, stage));
  if (!outcome.ok) {
    p.record.status = 'failed';
    p.record.failure = { stage: outcome.stage, exitCode: outcome.exitCode, outputTail: outcome.outputTail };
  }
  await p.details;
  hooks.onDone?.(p, outcome.durationMs);
}

/** Writes the changes, runs the gates, and has the workspace restore the originals whatever happens (in place: deferred). */
export async function tryChanges(
  changes: ReadonlyArray<ResolvedChange>,
  gates: Gates,
  workspace: Workspace,
  onStage?: (stage: 'repro' | 'rails') => void,
): ReturnType<typeof runGates> {
  try {
    await workspace.write(changes);
    return await runGates(gates, workspace.cwd, onStage);
  } finally {
    await workspace.restore();
  }
}
