// "High Priority needs at least two reviewers", enforced on the chairman's parsed report.

import { describe, expect, it } from 'vitest';
import { agreeingReviewers, enforceHighAgreement, parseCodeReviewSynthesis, type ConsensusItem, type RecommendationCode } from '../src/index.js';

const PANEL = ['Claude', 'Gemini', 'Codex'];
const item = (description: string, reviewers: string[]): ConsensusItem => ({ severity: 'CRITICAL', description, reviewers, file: null, line: null });
const MEDIUM = item('existing medium', ['Codex']);

describe('agreeingReviewers', () => {
  it.each([
    [['Claude', 'Gemini'], ['Claude', 'Gemini']],
    [['Claude', 'claude', 'CLAUDE'], ['Claude']],
    [['gemini', 'Codex'], ['Gemini', 'Codex']],
    [['Claude', 'Reviewer D'], ['Claude']],
    [[], []],
  ])('%j → %j', (reviewers, expected) => {
    expect(agreeingReviewers({ reviewers }, PANEL)).toEqual(expected);
  });
});

describe('enforceHighAgreement', () => {
  it.each([
    // cited reviewers of the one High item, single reviewer run?, recommendation in → kept?, reason, recommendation out
    [['Claude', 'Gemini'], false, 'address-high-priority', true, null, 'address-high-priority'],
    [['Claude', 'Gemini', 'Codex'], false, 'address-high-priority', true, null, 'address-high-priority'],
    [['Claude'], false, 'address-high-priority', false, /^cites only Claude; High Priority needs at least 2 reviewers who agree$/, 'review-medium'],
    [['Claude', 'claude'], false, 'address-high-priority', false, /^cites only Claude;/, 'review-medium'],
    [['Claude', 'Reviewer D'], false, 'review-medium', false, /^cites only Claude;/, 'review-medium'],
    [[], false, 'unknown', false, /^cites no reviewer of the panel;/, 'unknown'],
    [['Claude'], true, 'address-high-priority', false, /^only one reviewer answered, so no issue has agreement$/, 'review-medium'],
    [['Claude', 'Gemini'], true, 'address-high-priority', false, /^only one reviewer answered/, 'review-medium'],
  ] as const)('cites %j (single reviewer: %s, %s) → kept %s', (reviewers, singleReviewer, recommendation, kept, reason, out) => {
    const high = item('Division by zero', [...reviewers]);
    const result = enforceHighAgreement({ high: [high], medium: [MEDIUM], recommendation, singleReviewer, panel: PANEL });
    expect(result.recommendation).toBe(out);
    if (kept) {
      expect(result).toEqual({ high: [high], medium: [MEDIUM], recommendation: out, warnings: [] });
      return;
    }
    expect(result.high).toEqual([]);
    expect(result.medium).toEqual([{ ...high, demoted: { from: 'high', reason: expect.stringMatching(reason!) } }, MEDIUM]);
    // One note for the demotion, never one from each rule.
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/moved to Medium Priority/);
    expect(result.warnings[0]).toContain(singleReviewer ? '1 High Priority item(s)' : '"Division by zero" cites');
  });

  it('keeps the agreed items and moves only the others; the recommendation stands while a High item is left', () => {
    const agreed = item('agreed', ['Claude', 'Codex']);
    const lone = item('lone', ['Gemini']);
    const result = enforceHighAgreement({ high: [agreed, lone], medium: [], recommendation: 'address-high-priority', singleReviewer: false, panel: PANEL });
    expect(result.high).toEqual([agreed]);
    expect(result.medium.map((i) => [i.description, i.demoted?.from])).toEqual([['lone', 'high']]);
    expect(result.recommendation).toBe('address-high-priority');
    expect(result.warnings).toEqual(['High Priority item moved to Medium Priority: "lone" cites only Gemini; High Priority needs at least 2 reviewers who agree']);
  });

  it.each([
    [false, 'address-high-priority', 'address-high-priority'],
    [true, 'address-high-priority', 'review-medium'],
    [false, 'approve', 'approve'],
  ] as const)('no High item at all (single reviewer: %s): %s → %s, no note', (singleReviewer, recommendation, out) => {
    const result = enforceHighAgreement({ high: [], medium: [], recommendation: recommendation as RecommendationCode, singleReviewer, panel: PANEL });
    expect(result).toEqual({ high: [], medium: [], recommendation: out, warnings: [] });
  });

  it.each([
    ['- [CRITICAL] x\n  - Reviewer A: "a"\n  - reviewer A: "again"', false],
    ['- [CRITICAL] x\n  - REVIEWER A: "a"\n  - Reviewer A: "again"', false],
    ['- [CRITICAL] x (Reviewers A and A)', false],
    ['- [CRITICAL] x\n  - Reviewer A: "a"\n  - reviewer B: "b"', true],
    ['- [CRITICAL] x (Reviewers A, C)', true],
  ])('cited letters in the chairman text %j count once each → kept %s', (items, kept) => {
    const parsed = parseCodeReviewSynthesis(`## High Priority - Multiple Reviewers Agree\n${items}\n\nFINAL RECOMMENDATION: Address high priority issues before merging`, {
      A: 'Claude',
      B: 'Gemini',
      C: 'Codex',
    });
    const result = enforceHighAgreement({ ...parsed, singleReviewer: false, panel: PANEL });
    expect(result.high).toHaveLength(kept ? 1 : 0);
    expect(result.medium).toHaveLength(kept ? 0 : 1);
  });
});
