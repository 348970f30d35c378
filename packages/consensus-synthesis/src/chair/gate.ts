// The CI gate: which tier the consensus reaches, and whether --fail-on makes that a failure.
// A tier counts when the chairman listed an issue under it or named it in FINAL RECOMMENDATION.

import type { FailOn, Gate, Mode, RecommendationCode } from '../report/output-schema.js';

/** What the gate reads of a parsed chairman report. */
export interface Tiers {
  high: readonly unknown[];
  medium: readonly unknown[];
  consider: readonly unknown[];
  recommendation: RecommendationCode;
}

export type Level = 'high' | 'medium' | 'consider' | 'none';

export function highestLevel(synthesis: Tiers): Level {
  if (synthesis.high.length > 0 || synthesis.recommendation === 'address-high-priority') return 'high';
  if (synthesis.medium.length > 0 || synthesis.recommendation === 'review-medium') return 'medium';
  if (synthesis.consider.length > 0 || synthesis.recommendation === 'optional-improvements') return 'consider';
  return 'none';
}

const RANK: Record<Level, number> = { none: 0, consider: 1, medium: 2, high: 3 };
const THRESHOLD: Record<Exclude<FailOn, 'never'>, Level> = { high: 'high', medium: 'medium', any: 'consider' };
const LABEL: Record<Level, string> = {
  high: 'High Priority',
  medium: 'Medium Priority',
  consider: 'Consider',
  none: 'no',
};

function count(synthesis: Omit<Tiers, 'recommendation'>, level: Level): string {
  if (level === 'none') return 'no issues';
  const n = synthesis[level].length;
  return n === 0 ? `${LABEL[level]} (named in the recommendation)` : `${n} ${LABEL[level]} issue${n === 1 ? '' : 's'}`;
}

export function decideGate(
  mode: Mode,
  synthesis: Tiers | null,
  failOn: FailOn,
): Gate {
  if (mode === 'general-prompt' || synthesis === null) {
    return { failOn, failed: false, reason: mode === 'general-prompt' ? 'general-prompt mode has no gate' : 'nothing to review' };
  }
  const level = highestLevel(synthesis);
  if (failOn === 'never') return { failOn, failed: false, reason: `--fail-on never (consensus: ${count(synthesis, level)})` };
  const failed = RANK[level] >= RANK[THRESHOLD[failOn]];
  return { failOn, failed, reason: `${count(synthesis, level)} (--fail-on ${failOn})` };
}
