// The run's result as data, and the pure mapping to the `--json` document.

import type { Discard, ResolvedChange } from './candidate.js';
import type { Group, Verdict } from './grouping.js';
import type { ConsensusFixOutput, Stage } from './schema.js';

export type Normalize = 'whitespace' | 'syntax';

export interface CandidateRecord {
  index: number;
  provider: string;
  model: string;
  status: 'survived' | 'failed' | 'discarded';
  discard?: Discard & { status?: number | string };
  failure?: { stage: Stage; exitCode: number | null; outputTail: string };
  /** The files as they would be written (original line endings kept). */
  changes?: ResolvedChange[];
  changedLines?: number;
  diff?: string;
  /** The normalized changeset, for grouping. */
  key?: string;
}

export interface Winner {
  index: number;
  changedLines: number;
  largestGroupSize: number;
  groupIndex: number;
  changes: ResolvedChange[];
  diff: string;
  applied: boolean;
  flaky: boolean;
}

export interface RunResult {
  testCmd: string;
  rails: string | undefined;
  n: number;
  jobs: number;
  normalize: Normalize;
  railsChecked: boolean;
  candidates: CandidateRecord[];
  groups: Group[];
  verdict: Verdict;
  winner: Winner | null;
  message: string;
  baseline: { testExitCode: number | null; railsExitCode: number | null; railsTimedOut: boolean };
  postApply: { testExitCode: number | null; railsExitCode: number | null; passed: boolean } | null;
  usage: { inputTokens: number; outputTokens: number; calls: number; failedCalls: number };
  durationMs: number;
  warnings: string[];
}

export const ALL_DIVERGENT_MESSAGE = 'all-divergent: spec ambiguity — escalate';

/** The one-line explanation of a verdict. */
export function verdictMessage(verdict: Verdict, survivors: number, n: number): string {
  switch (verdict) {
    case 'no-survivors':
      return `no survivors: none of the ${n} candidates passed the gates`;
    case 'all-divergent':
      // Exactly the seed's words: orchestrators match on them; the counts are in `summary`.
      return ALL_DIVERGENT_MESSAGE;
    case 'pass':
      return `consensus: ${survivors} of ${n} candidates survived`;
  }
}

export function toJson(result: RunResult): ConsensusFixOutput {
  const count = (status: CandidateRecord['status']) => result.candidates.filter((c) => c.status === status).length;
  const groupOf = new Map<number, number>();
  for (const g of result.groups) for (const i of g.candidateIndices) groupOf.set(i, g.groupIndex);
  const largest = Math.max(0, ...result.groups.map((g) => g.size));
  return {
    summary: {
      total: result.n,
      passed: count('survived'),
      failed: count('failed'),
      discarded: count('discarded'),
      groups: result.groups.length,
      allDivergent: result.verdict === 'all-divergent',
      railsChecked: result.railsChecked,
      confidence: result.n === 0 ? 0 : largest / result.n,
    },
    groups: result.groups.map((g) => ({ groupIndex: g.groupIndex, size: g.size, candidateIndices: [...g.candidateIndices] })),
    winner: result.winner
      ? {
          index: result.winner.index,
          changedLines: result.winner.changedLines,
          largestGroupSize: result.winner.largestGroupSize,
          changes: result.winner.changes.map((c) => ({ file: c.file, content: c.content })),
          applied: result.winner.applied,
          groupIndex: result.winner.groupIndex,
          diff: result.winner.diff,
          flaky: result.winner.flaky,
        }
      : null,
    discardedDetails: result.candidates.flatMap((c) =>
      c.status === 'discarded' && c.discard
        ? [{
            index: c.index,
            reason: c.discard.reason,
            message: c.discard.message,
            ...(c.discard.reason === 'provider-error' ? { provider: c.provider } : {}),
            ...(c.discard.status === undefined ? {} : { status: c.discard.status }),
          }]
        : [],
    ),
    failedDetails: result.candidates.flatMap((c) =>
      c.status === 'failed' && c.failure
        ? [{ index: c.index, stage: c.failure.stage, exitCode: c.failure.exitCode, outputTail: c.failure.outputTail }]
        : [],
    ),
    verdict: result.verdict,
    message: result.message,
    candidates: result.candidates.map((c) => ({
      index: c.index,
      provider: c.provider,
      model: c.model,
      status: c.status,
      ...(c.failure ? { stage: c.failure.stage } : {}),
      ...(c.discard ? { reason: c.discard.reason } : {}),
      ...(c.changedLines === undefined ? {} : { changedLines: c.changedLines }),
      ...(groupOf.has(c.index) ? { groupIndex: groupOf.get(c.index)! } : {}),
    })),
    baseline: { ...result.baseline },
    postApply: result.postApply ? { ...result.postApply } : null,
    usage: { ...result.usage },
    durationMs: result.durationMs,
    n: result.n,
    jobs: result.jobs,
    normalize: result.normalize,
    warnings: [...result.warnings],
  };
}
