// The run's result as data, and the pure mapping to the `--json` document.

import type { Usage } from '@adlc/core';
import type { Discard, ResolvedChange } from '../candidates/candidate.js';
import type { EditFormat } from '../edits/format.js';
import type { Group, Verdict } from '../candidates/grouping.js';
import type { Localization } from '@adlc/localize';
import type { ConsensusFixOutput, Rerank, Stage } from './schema.js';
import type { ConsensusFixOptions } from '../cli/options.js';

export type Normalize = ConsensusFixOptions['normalize'];

export interface CandidateRecord {
  index: number;
  /** The round of --rounds that asked for it (absent: 1). */
  round?: number;
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
  /** What the models were asked for: whole files or search/replace edits. */
  editFormat: EditFormat;
  railsChecked: boolean;
  candidates: CandidateRecord[];
  groups: Group[];
  verdict: Verdict;
  winner: Winner | null;
  message: string;
  baseline: { testExitCode: number | null; railsExitCode: number | null; railsTimedOut: boolean };
  /** The failing tests the pre-flight's report named (none when it could not be read). */
  failingTests?: string[] | undefined;
  postApply: { testExitCode: number | null; railsExitCode: number | null; passed: boolean } | null;
  /** `estimated` when a provider reports no token counts (command, fixture): characters ÷ 4. */
  usage: Usage & { calls: number; failedCalls: number };
  durationMs: number;
  warnings: string[];
  /** The ranking that chose the files, when --files was omitted. */
  localization?: Localization | undefined;
  /** Each round of --rounds asked: its candidates and survivors (absent: one round, all the candidates). */
  rounds?: RoundSummary[] | undefined;
  /** The model's pick among the ranked files, when one was asked. */
  rerank?: Rerank | undefined;
}

export interface RoundSummary {
  round: number;
  candidates: number;
  survivors: number;
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

type Json = ConsensusFixOutput;

/** The `--json` document, field by field in the seed's order, additions after. */
export function toJson(result: RunResult): Json {
  return {
    summary: summaryJson(result),
    groups: result.groups.map((g) => ({ groupIndex: g.groupIndex, size: g.size, candidateIndices: [...g.candidateIndices] })),
    winner: result.winner ? winnerJson(result.winner) : null,
    discardedDetails: result.candidates.flatMap(discardedJson),
    failedDetails: result.candidates.flatMap((c) =>
      c.status === 'failed' && c.failure
        ? [{ index: c.index, stage: c.failure.stage, exitCode: c.failure.exitCode, outputTail: c.failure.outputTail }]
        : [],
    ),
    verdict: result.verdict,
    message: result.message,
    candidates: candidatesJson(result),
    baseline: { ...result.baseline },
    postApply: result.postApply ? { ...result.postApply } : null,
    usage: { ...result.usage },
    durationMs: result.durationMs,
    n: result.n,
    jobs: result.jobs,
    normalize: result.normalize,
    warnings: [...result.warnings],
    editFormat: result.editFormat,
    ...(result.localization ? { localization: localizationJson(result.localization) } : {}),
    preflight: { failingTests: [...(result.failingTests ?? [])] },
    rounds: roundsOf(result).map((r) => ({ ...r })),
    ...(result.rerank ? { rerank: structuredClone(result.rerank) } : {}),
  };
}

/** Candidates asked for: N per round (N without rounds recorded). */
export function askedCount(result: Pick<RunResult, 'rounds' | 'n'>): number {
  return result.rounds ? result.rounds.reduce((sum, r) => sum + r.candidates, 0) : result.n;
}

/** The rounds asked; a result built without them is one round of all its candidates. */
export function roundsOf(result: Pick<RunResult, 'rounds' | 'candidates'>): RoundSummary[] {
  return result.rounds ?? [{ round: 1, candidates: result.candidates.length, survivors: result.candidates.filter((c) => c.status === 'survived').length }];
}

function localizationJson(localization: Localization): NonNullable<Json['localization']> {
  return { files: localization.files.map((f) => ({ file: f.file, score: f.score, evidence: structuredClone(f.evidence) })), tookMs: localization.tookMs, ...(localization.coverage ? { coverage: structuredClone(localization.coverage) } : {}) };
}

function summaryJson(result: RunResult): Json['summary'] {
  const count = (status: CandidateRecord['status']) => result.candidates.filter((c) => c.status === status).length;
  const largest = Math.max(0, ...result.groups.map((g) => g.size));
  const asked = askedCount(result);
  return {
    total: asked,
    passed: count('survived'),
    failed: count('failed'),
    discarded: count('discarded'),
    groups: result.groups.length,
    allDivergent: result.verdict === 'all-divergent',
    railsChecked: result.railsChecked,
    confidence: asked === 0 ? 0 : largest / asked,
  };
}

function winnerJson(winner: Winner): NonNullable<Json['winner']> {
  return {
    index: winner.index,
    changedLines: winner.changedLines,
    largestGroupSize: winner.largestGroupSize,
    changes: winner.changes.map((c) => ({ file: c.file, content: c.content })),
    applied: winner.applied,
    groupIndex: winner.groupIndex,
    diff: winner.diff,
    flaky: winner.flaky,
  };
}

function discardedJson(c: CandidateRecord): Json['discardedDetails'] {
  if (c.status !== 'discarded' || !c.discard) return [];
  return [{
    index: c.index,
    reason: c.discard.reason,
    message: c.discard.message,
    ...(c.discard.reason === 'provider-error' ? { provider: c.provider } : {}),
    ...(c.discard.status === undefined ? {} : { status: c.discard.status }),
    ...(c.discard.reason.startsWith('edit:') ? { stage: 'edit' as const } : {}),
    ...(c.discard.file === undefined ? {} : { file: c.discard.file }),
    ...(c.discard.editIndex === undefined ? {} : { editIndex: c.discard.editIndex }),
  }];
}

function candidatesJson(result: RunResult): Json['candidates'] {
  const groupOf = new Map<number, number>();
  for (const g of result.groups) for (const i of g.candidateIndices) groupOf.set(i, g.groupIndex);
  return result.candidates.map((c) => ({
    index: c.index,
    provider: c.provider,
    model: c.model,
    status: c.status,
    ...(c.failure ? { stage: c.failure.stage } : {}),
    ...(c.discard ? { reason: c.discard.reason } : {}),
    ...(c.changedLines === undefined ? {} : { changedLines: c.changedLines }),
    ...(groupOf.has(c.index) ? { groupIndex: groupOf.get(c.index)! } : {}),
    round: c.round ?? 1,
  }));
}
