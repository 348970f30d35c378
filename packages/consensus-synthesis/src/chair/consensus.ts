// From settled calls to the structured result: per-reviewer parsing, blind letters, the parsed
// consensus with the single-reviewer rule, and the warnings a degraded run must show. Pure.

import type { Settled } from '../panel/call-models.js';
import { decideGate } from './gate.js';
import { enforceHighAgreement } from './high-agreement.js';
import { parseReview } from '../review/parse-review.js';
import { parseCodeReviewSynthesis, parseGeneralSynthesis, type ParsedCodeReviewSynthesis } from './parse-synthesis.js';
import { CHAIRMAN_OPENING } from '../prompts.js';
import type { Assessment, Consensus, FailOn, Gate, Mode, ReviewerResult } from '../report/output-schema.js';

export function reviewerResults(
  mode: Mode,
  settled: readonly Settled[],
  letters: ReadonlyArray<{ letter: string; name: string }>,
  knownFiles: readonly string[],
): ReviewerResult[] {
  return settled.map((s) => {
    const letter = letters.find((l) => l.name === s.spec.name)?.letter ?? null;
    const base = { name: s.spec.name, provider: s.spec.provider, model: s.model, durationMs: Math.max(0, Math.round(s.durationMs)), letter, usage: s.usage };
    if (!s.ok) return { ...base, status: s.status, assessment: null, findings: [], parsed: false, text: s.partial ?? null, error: s.error };
    if (mode === 'general-prompt') {
      const parsed = /^\s*#*\s*\**\s*(ANALYSIS|CONCERNS|RECOMMENDATIONS)\b/im.test(s.text);
      return { ...base, status: 'ok' as const, assessment: null, findings: [], parsed, text: s.text, error: null };
    }
    // A review in parts is read part by part: each answer follows the format on its own.
    const reviews = (s.parts ?? [{ text: s.text }]).flatMap((part) => (part.text === null ? [] : [parseReview(part.text, knownFiles)]));
    return {
      ...base,
      status: 'ok' as const,
      assessment: strictestAssessment(reviews.map((r) => r.assessment)),
      findings: reviews.flatMap((review) => review.findings.map((f) => ({ ...f, reviewer: s.spec.name }))),
      parsed: reviews.every((r) => r.parsed),
      text: s.text,
      error: null,
    };
  });
}

const ASSESSMENT_RANK: readonly Assessment[] = ['APPROVE', 'APPROVE_WITH_CONCERNS', 'REQUEST_CHANGES'];

/** A review in parts approves only what every part approves: the strictest assessment given. */
function strictestAssessment(assessments: ReadonlyArray<Assessment | null>): Assessment | null {
  const given = assessments.filter((a): a is Assessment => a !== null);
  return given.length === 0 ? null : given.reduce((a, b) => (ASSESSMENT_RANK.indexOf(b) > ASSESSMENT_RANK.indexOf(a) ? b : a));
}

/** Why a chairman's answer cannot serve as the report, or null when it can. */
export function synthesisProblem(mode: Mode, text: string): string | null {
  if (text.trim() === '') return 'the answer was empty';
  // The prompt's own template holds tier headings and a FINAL RECOMMENDATION line: an echo would parse.
  if (text.includes(CHAIRMAN_OPENING[mode])) return 'the answer repeats the prompt instead of answering it';
  if (mode === 'general-prompt') return null;
  const parsed = parseCodeReviewSynthesis(text);
  if (parsed.tiersFound.length === 0 && parsed.recommendationText === null) {
    return 'the answer does not follow the report format (no priority tiers and no FINAL RECOMMENDATION line)';
  }
  return null;
}

export interface BuiltConsensus {
  consensus: Consensus;
  gate: Gate;
  warnings: string[];
}

export function buildConsensus(
  mode: Mode,
  synthesis: string,
  names: Record<string, string>,
  knownFiles: readonly string[],
  /** The partial-success rule's verdict: one answer, so nothing can be High Priority. */
  demoteHigh: boolean,
  failOn: FailOn,
): BuiltConsensus {
  const warnings: string[] = [];
  if (mode === 'general-prompt') {
    const general = parseGeneralSynthesis(synthesis);
    const consensus: Consensus = {
      high: [],
      medium: [],
      consider: [],
      recommendation: general.recommendation,
      recommendationText: null,
      ...(general.confidence ? { confidence: general.confidence } : {}),
      ...(general.agreement ? { agreement: general.agreement } : {}),
      ...(general.disagreement ? { disagreement: general.disagreement } : {}),
    };
    return { consensus, gate: decideGate(mode, null, failOn), warnings };
  }
  const parsed: ParsedCodeReviewSynthesis = parseCodeReviewSynthesis(synthesis, names, knownFiles);
  // High Priority means two or more reviewers agree; one reviewer alone cannot put an issue there.
  const agreed = enforceHighAgreement({
    high: parsed.high,
    medium: parsed.medium,
    recommendation: parsed.recommendation,
    singleReviewer: demoteHigh,
    panel: Object.values(names),
  });
  warnings.push(...agreed.warnings);
  const missing = (['high', 'medium', 'consider'] as const).filter((tier) => !parsed.tiersFound.includes(tier));
  if (missing.length > 0 && missing.length < 3) warnings.push(`the chairman's report has no ${missing.join(', ')} tier heading`);
  if (parsed.recommendation === 'unknown') warnings.push('the chairman gave no recognisable FINAL RECOMMENDATION; the gate used the tiers');
  const consensus: Consensus = {
    high: agreed.high,
    medium: agreed.medium,
    consider: parsed.consider,
    recommendation: agreed.recommendation,
    recommendationText: parsed.recommendationText,
  };
  return { consensus, gate: decideGate(mode, { ...consensus, recommendation: agreed.recommendation }, failOn), warnings };
}
