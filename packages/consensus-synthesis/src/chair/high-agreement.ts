// High Priority means two or more reviewers agree (the seed's first tier). The chairman's prompt
// asks for that; this enforces it on what the chairman wrote, so the gate never fails on one
// model's word: a High item citing fewer than two distinct reviewers of the panel moves to Medium.

import type { ConsensusItem, RecommendationCode } from '../report/output-schema.js';

/** Distinct reviewers a High Priority item must cite. */
export const MIN_AGREEING_REVIEWERS = 2;

export const SINGLE_REVIEWER_REASON = 'only one reviewer answered, so no issue has agreement';

export interface AgreementInput {
  high: readonly ConsensusItem[];
  medium: readonly ConsensusItem[];
  recommendation: RecommendationCode;
  /** The partial-success rule's verdict: one reviewer answered, so nothing can have agreement. */
  singleReviewer: boolean;
  /** Names of the reviewers the chairman saw (the owners of the blind letters). */
  panel: readonly string[];
}

export interface AgreementResult {
  high: ConsensusItem[];
  medium: ConsensusItem[];
  recommendation: RecommendationCode;
  /** One note per demoted item (one for the whole tier when a single reviewer answered). */
  warnings: string[];
}

/**
 * The panel members an item cites, each once. Names compare case-insensitively, and a name
 * outside the panel (a letter the chairman made up, `Reviewer D` of three) does not count.
 */
export function agreeingReviewers(item: Pick<ConsensusItem, 'reviewers'>, panel: readonly string[]): string[] {
  const members = new Map(panel.map((name) => [name.toLowerCase(), name]));
  const cited = new Set(item.reviewers.map((name) => name.toLowerCase()).filter((key) => members.has(key)));
  return [...cited].map((key) => members.get(key)!);
}

function citesReason(agreeing: readonly string[]): string {
  const who = agreeing.length === 0 ? 'no reviewer of the panel' : `only ${agreeing.join(', ')}`;
  return `cites ${who}; High Priority needs at least ${MIN_AGREEING_REVIEWERS} reviewers who agree`;
}

const demote = (item: ConsensusItem, reason: string): ConsensusItem => ({ ...item, demoted: { from: 'high', reason } });

export function enforceHighAgreement(input: AgreementInput): AgreementResult {
  const { high, medium, recommendation } = input;
  // With one answer the whole tier goes, under one note; the per-item rule below would only repeat it.
  if (input.singleReviewer) {
    const warnings = high.length > 0 ? [`${high.length} High Priority item(s) moved to Medium Priority: ${SINGLE_REVIEWER_REASON}`] : [];
    return {
      high: [],
      medium: [...high.map((item) => demote(item, SINGLE_REVIEWER_REASON)), ...medium],
      recommendation: recommendation === 'address-high-priority' ? 'review-medium' : recommendation,
      warnings,
    };
  }
  const kept: ConsensusItem[] = [];
  const demoted: ConsensusItem[] = [];
  for (const item of high) {
    const agreeing = agreeingReviewers(item, input.panel);
    if (agreeing.length >= MIN_AGREEING_REVIEWERS) kept.push(item);
    else demoted.push(demote(item, citesReason(agreeing)));
  }
  // A recommendation to address High Priority issues stands only while one is left.
  const emptied = demoted.length > 0 && kept.length === 0;
  return {
    high: kept,
    medium: [...demoted, ...medium],
    recommendation: emptied && recommendation === 'address-high-priority' ? 'review-medium' : recommendation,
    warnings: demoted.map((item) => `High Priority item moved to Medium Priority: "${item.description}" ${item.demoted!.reason}`),
  };
}
