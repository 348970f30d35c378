// The settle phase: every completion becomes a candidate with a status. Failed calls and invalid
// answers are discarded before anything is written; the rest face the repro and the rails, in the
// user's tree (--jobs 1) or in private copies (--jobs k).

import type { FanResult, FileSnapshot } from '@adlc/core';
import { evaluateAll, type WorkspaceSource } from '../candidates/evaluate.js';
import { prepareCandidate, type PrepareContext, type Prepared } from '../candidates/prepare-candidate.js';
import type { CandidateRecord } from '../output/result.js';
import { diskResolver, originalsOf } from '../workspace/allowed-files.js';
import type { Run } from './start-up.js';
import { coreSyntaxTools } from '../candidates/syntax.js';
import type { CopyPool } from '../workspace/copy-pool.js';
import { inPlaceWorkspace } from '../workspace/in-place.js';

/** Where candidates are tried: the in-place snapshot (--jobs 1) or the pool of copies (--jobs k). */
export interface Workspaces {
  snapshot: FileSnapshot | undefined;
  pool: CopyPool | undefined;
}

/**
 * Prepares each completion as soon as it settles (its parse and `git diff` run while the other
 * models still answer); `prepared` resolves them all, in slot order, preparing any not seen yet.
 */
export function earlyPreparation(run: Run, round = 1): { onAnswer: (slot: FanResult) => void; prepared: (completions: FanResult[]) => Promise<Prepared[]> } {
  const ctx = { ...prepareContext(run), round };
  const started = new Map<number, Promise<Prepared>>();
  return {
    onAnswer: (slot) => {
      const preparing = prepareCandidate(slot, ctx);
      // Awaited by `prepared`; a run that stops before then must not die of an unhandled rejection.
      preparing.catch(() => undefined);
      started.set(slot.slot, preparing);
    },
    prepared: (completions) => Promise.all(completions.map((slot) => started.get(slot.slot) ?? prepareCandidate(slot, ctx))),
  };
}

function prepareContext(run: Run): PrepareContext {
  const { opts, target, allowed } = run;
  return {
    originals: new Map(allowed.map((f) => [f.file, f.text] as const)),
    resolve: diskResolver(target.root),
    maxChangedLines: opts.maxChangedLines,
    normalize: opts.normalize,
    syntax: opts.normalize === 'syntax' ? coreSyntaxTools : undefined,
    // Agreeing answers are often byte-identical: one `git diff` serves them all.
    diffs: new Map<string, Promise<string>>(),
    sliced: run.sliced,
    maxTokens: opts.maxTokens,
  };
}

/** Settle: the prepared completions face the gates where still standing; the records in index order. */
export async function settle(run: Run, prepared: Prepared[], { snapshot, pool }: Workspaces): Promise<CandidateRecord[]> {
  const { opts, ctx, target, allowed, gates, reporter, log } = run;
  for (const p of prepared) if (!p.runnable) log.event('settled', verdictEvent(p));

  const source: WorkspaceSource = snapshot
    ? { kind: 'in-place', workspace: inPlaceWorkspace(snapshot, ctx.cwd) }
    : {
        kind: 'copies',
        jobs: opts.jobs,
        make: () => pool!.make(target.root, ctx.cwd, originalsOf(allowed)),
      };
  await evaluateAll(prepared, gates, source, {
    onStage: (index, stage) => {
      const label = opts.rounds === 1 ? `candidate ${index + 1}/${opts.n}` : `candidate ${index + 1}/${opts.n * opts.rounds}`;
      reporter.progress(`${label}: ${stage === 'repro' ? 'running --test-cmd' : 'running --rails'}`);
      log.event('stage', { index, stage });
    },
    onDone: (p, gateMs) => log.event('settled', { ...verdictEvent(p), gateMs }),
  });
  reporter.endProgress();
  // Every record's diff, including any candidate the gates did not reach.
  await Promise.all(prepared.map((p) => p.details));

  const candidates = prepared.map((p) => p.record).sort((a, b) => a.index - b.index);
  for (const c of candidates) log.file(`answers/candidate-${c.index}.verdict.json`, JSON.stringify(c, null, 2));
  return candidates;
}

function verdictEvent(p: Prepared): Record<string, unknown> {
  const { index, status, failure, discard, changedLines } = p.record;
  return {
    index,
    status,
    ...(failure ? { stage: failure.stage, exitCode: failure.exitCode } : {}),
    ...(discard ? { reason: discard.reason, message: discard.message } : {}),
    ...(discard?.file === undefined ? {} : { file: discard.file }),
    ...(discard?.editIndex === undefined ? {} : { editIndex: discard.editIndex }),
    changedLines: changedLines ?? null,
  };
}
