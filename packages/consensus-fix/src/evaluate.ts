// Runs the gates for every candidate still standing: one at a time in the user's tree (--jobs 1,
// the seed's way), or k at a time, each in a private copy of the tree. Either way every candidate
// starts from the snapshot and the originals are restored in `finally`.

import type { ResolvedChange } from './candidate.js';
import { runGates, type Gates } from './gates.js';
import type { Prepared } from './prepare.js';
import type { Workspace } from './workspace.js';

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
  let next = 0;
  const worker = async (): Promise<void> => {
    let workspace: Workspace | undefined;
    while (next < queue.length) {
      const p = queue[next]!;
      next += 1;
      workspace ??= await source.make();
      await evaluateOne(p, gates, workspace, hooks);
    }
  };
  await Promise.all(Array.from({ length: Math.min(source.jobs, queue.length) }, worker));
}

async function evaluateOne(p: Prepared, gates: Gates, workspace: Workspace, hooks: EvaluateHooks): Promise<void> {
  const outcome = await tryChanges(p.record.changes ?? [], gates, workspace, (stage) => hooks.onStage?.(p.record.index, stage));
  if (!outcome.ok) {
    p.record.status = 'failed';
    p.record.failure = { stage: outcome.stage, exitCode: outcome.exitCode, outputTail: outcome.outputTail };
  }
  hooks.onDone?.(p, outcome.durationMs);
}

/** Writes the changes, runs the gates, and restores the originals whatever happens. */
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
