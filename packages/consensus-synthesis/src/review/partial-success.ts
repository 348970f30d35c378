// The seed's stage-1 partial-success rule in one place: 3/3 a full consensus, 2/3 a consensus from
// two, 1/3 a single analysis with a warning (and nothing can be High Priority), 0/3 an abort;
// --min-reviewers raises the floor. Pure: run.ts turns a refusal into the operational error.

import type { FailureKind } from '@adlc/core';
import { callFailureHint } from '../panel/call-models.js';

export interface PartialSuccessInput {
  /** Reviewers that answered in stage 1. */
  answered: number;
  /** Reviewers asked. */
  requested: number;
  /** --min-reviewers. */
  minReviewers: number;
  /** One line per reviewer that did not answer ("Gemini did not answer: <cause>"), named in a refusal. */
  failures: readonly string[];
  /** The causes of those failures, for the hint (core's table). */
  kinds?: readonly FailureKind[];
}

export type PartialSuccess =
  | { ok: false; error: string; hint: string }
  | {
      ok: true;
      /** A consensus needs two answers; one answer is a single analysis. */
      kind: 'consensus' | 'single-analysis';
      /** The rule's own warnings, shown before the per-reviewer notes. */
      warnings: string[];
      /** High Priority means agreement, so with one answer every High item moves to Medium. */
      demoteHigh: boolean;
    };

export function decidePartialSuccess({ answered, requested, minReviewers, failures, kinds = [] }: PartialSuccessInput): PartialSuccess {
  const causes = failures.join('; ');
  if (answered === 0) {
    return { ok: false, error: `no reviewer answered (0/${requested}): ${causes}`, hint: callFailureHint(kinds) };
  }
  if (answered < minReviewers) {
    return {
      ok: false,
      error: `only ${answered}/${requested} reviewers answered, fewer than --min-reviewers ${minReviewers}: ${causes}`,
      // A reviewer whose command is not found will not answer the next run either: the causes first.
      hint: kinds.length === 0 ? 'run again, or lower --min-reviewers' : `${callFailureHint(kinds)}; or lower --min-reviewers`,
    };
  }
  if (answered === 1) {
    const plural = requested === 1 ? '' : 's';
    const warning = `WARNING: only 1 of ${requested} reviewer${plural} answered: this is a single analysis, not a consensus; the gate ran on a single reviewer, so nothing can reach High Priority`;
    return { ok: true, kind: 'single-analysis', warnings: [warning], demoteHigh: true };
  }
  return { ok: true, kind: 'consensus', warnings: [], demoteHigh: false };
}

/** Before anything is sent: a --min-reviewers that even a full panel cannot meet is refused. */
export function minReviewersProblem(minReviewers: number, configured: number): { error: string; hint: string } | null {
  if (minReviewers <= configured) return null;
  return {
    error: `--min-reviewers ${minReviewers} is more than the ${configured} reviewer(s) configured`,
    hint: 'lower --min-reviewers, or configure more providers (or name them with --reviewers)',
  };
}
