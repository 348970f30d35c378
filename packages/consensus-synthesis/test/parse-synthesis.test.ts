import { describe, expect, it } from 'vitest';
import { citedLetters, decideGate, parseCodeReviewSynthesis, parseGeneralSynthesis, recommendationCode } from '../src/index.js';

const NAMES = { A: 'Gemini', B: 'Claude', C: 'Codex' };
const FILES = ['src/auth.ts', 'src/db/query.ts'];

const FULL = `## High Priority - Multiple Reviewers Agree
- [CRITICAL] Password compared with == (src/auth.ts:42)
  - Reviewer A: "timing attack"
  - Reviewer C: "use a constant-time compare"

## Medium Priority - Single Reviewer, Significant
- [IMPORTANT] SQL built by concatenation in src/db/query.ts:10
  - Reviewer B: "injection"
- [CRITICAL] Token never expires
  - Reviewer A: "no expiry check"

## Consider - Suggestions
- [SUGGESTION] Rename q
  - Reviewer B: "unclear name"

FINAL RECOMMENDATION: Address high priority issues before merging`;

describe('parseCodeReviewSynthesis', () => {
  it('reads the three tiers, their severities, cited reviewers and locations', () => {
    const parsed = parseCodeReviewSynthesis(FULL, NAMES, FILES);
    expect(parsed.tiersFound).toEqual(['high', 'medium', 'consider']);
    expect(parsed.high).toEqual([
      { severity: 'CRITICAL', description: 'Password compared with == (src/auth.ts:42)', reviewers: ['Gemini', 'Codex'], file: 'src/auth.ts', line: 42,
        quotes: ['Reviewer A: "timing attack"', 'Reviewer C: "use a constant-time compare"'] },
    ]);
    expect(parsed.medium.map((i) => [i.severity, i.reviewers, i.file, i.line])).toEqual([
      ['IMPORTANT', ['Claude'], 'src/db/query.ts', 10],
      ['CRITICAL', ['Gemini'], null, null],
    ]);
    expect(parsed.consider).toHaveLength(1);
    expect(parsed.recommendation).toBe('address-high-priority');
    expect(parsed.recommendationText).toBe('Address high priority issues before merging');
  });

  const drift: Array<[string, string, { high: number; medium: number; consider: number; recommendation: string }]> = [
    [
      'None under every tier, recommendation on the next line, quoted',
      `## High Priority - Multiple Reviewers Agree
None

## Medium Priority - Single Reviewer, Significant
None

## Consider - Suggestions
- None

FINAL RECOMMENDATION:
"All reviewers approve - safe to merge"`,
      { high: 0, medium: 0, consider: 0, recommendation: 'approve' },
    ],
    [
      'bold headings without hashes, lower case, * bullets',
      `**high priority - multiple reviewers agree**
* [important] Missing null check — Reviewers A and B

**Medium priority:**
None

**Consider:**
* [suggestion] add a test

**Final recommendation:** Address high priority issues before merging.`,
      { high: 1, medium: 0, consider: 1, recommendation: 'address-high-priority' },
    ],
    [
      '### headings, numbered items, only Consider',
      `### High Priority
(none)
### Medium Priority
(none)
### Consider - Suggestions
1. [SUGGESTION] Prefer const
2. [SUGGESTION] Add a docstring
### FINAL RECOMMENDATION
Optional improvements suggested`,
      { high: 0, medium: 0, consider: 2, recommendation: 'optional-improvements' },
    ],
    [
      'echoed rule list before the chosen sentence',
      `## High Priority
None
## Medium Priority
- [IMPORTANT] Retry loop never ends
  - Reviewer A: "infinite"
## Consider
None
FINAL RECOMMENDATION:
- If High Priority issues exist → "Address high priority issues before merging"
Review medium priority concerns`,
      { high: 0, medium: 1, consider: 0, recommendation: 'review-medium' },
    ],
  ];
  it.each(drift)('%s', (_name, text, expected) => {
    const parsed = parseCodeReviewSynthesis(text, NAMES, FILES);
    expect({ high: parsed.high.length, medium: parsed.medium.length, consider: parsed.consider.length, recommendation: parsed.recommendation }).toEqual(expected);
  });

  it('does not count the template placeholder echoed back as an issue', () => {
    const parsed = parseCodeReviewSynthesis(`## High Priority - Multiple Reviewers Agree
[Issues mentioned by 2+ reviewers - group similar issues]
- [SEVERITY] Description
  - Reviewer A: "specific quote"
## Medium Priority
None
## Consider
None
FINAL RECOMMENDATION: All reviewers approve - safe to merge`);
    expect(parsed.high).toEqual([]);
    expect(parsed.recommendation).toBe('approve');
  });

  it('finds nothing in prose that ignores the format', () => {
    const parsed = parseCodeReviewSynthesis('The reviewers broadly liked the change.');
    expect(parsed.tiersFound).toEqual([]);
    expect(parsed.recommendationText).toBeNull();
    expect(parsed.recommendation).toBe('unknown');
  });

  it('reads lower-case headings and a recommendation after a dash, citing reviewers in lower case', () => {
    const parsed = parseCodeReviewSynthesis(
      'Sure! Here is the report.\n\n### high priority – multiple reviewers agree\nnone\n\n### medium priority\n* **[IMPORTANT]** division by zero in `src/a.ts` line 2 (reviewer A)\n\n### consider\n- none\n\nfinal recommendation - review medium priority concerns\n',
      { A: 'Claude' },
      ['src/a.ts'],
    );
    expect(parsed.tiersFound).toEqual(['high', 'medium', 'consider']);
    expect(parsed.high).toEqual([]);
    expect(parsed.medium).toEqual([
      { severity: 'IMPORTANT', description: 'division by zero in `src/a.ts` line 2 (reviewer A)', reviewers: ['Claude'], file: 'src/a.ts', line: 2, quotes: [] },
    ]);
    expect(parsed.consider).toEqual([]);
    expect(parsed.recommendationText).toBe('review medium priority concerns');
    expect(parsed.recommendation).toBe('review-medium');
  });

  it('reads issues written as sub-headings of their tier', () => {
    const parsed = parseCodeReviewSynthesis(
      '## High Priority - Multiple Reviewers Agree\n\n### 1. [CRITICAL] SQL injection in src/db.ts:10\nReviewer A: "string concatenation"\nReviewer B: "injection"\n\n## Medium Priority\nNone\n\n## Consider\n#### Naming\nReviewer B: "rename x"\n\n## Notes\nnot an issue\n\nFINAL RECOMMENDATION: Address high priority issues before merging',
      { A: 'Claude', B: 'Codex' },
      ['src/db.ts'],
    );
    expect(parsed.high).toEqual([{ severity: 'CRITICAL', description: 'SQL injection in src/db.ts:10', reviewers: ['Claude', 'Codex'], file: 'src/db.ts', line: 10, quotes: ['Reviewer A: "string concatenation"', 'Reviewer B: "injection"'] }]);
    expect(parsed.medium).toEqual([]);
    expect(parsed.consider.map((item) => item.description)).toEqual(['Naming']);
    // Under bold (not `#`) tier headings, a `#` heading ends the tier instead.
    const bold = parseCodeReviewSynthesis('**Consider - Suggestions**\n- [SUGGESTION] rename x\n\n## Notes\nnot an issue\n\nFINAL RECOMMENDATION: Optional improvements suggested');
    expect(bold.consider.map((item) => item.description)).toEqual(['rename x']);
  });

  it('does not take a bullet that mentions "high priority" for a heading', () => {
    const parsed = parseCodeReviewSynthesis(`## Medium Priority\n- [IMPORTANT] high priority queue starves\n## Consider\nNone\nFINAL RECOMMENDATION: Review medium priority concerns`);
    expect(parsed.medium).toHaveLength(1);
    expect(parsed.high).toHaveLength(0);
  });
});

describe('recommendationCode', () => {
  it.each([
    ['Address high priority issues before merging', 'address-high-priority'],
    ['Review medium priority concerns', 'review-medium'],
    ['Optional improvements suggested', 'optional-improvements'],
    ['All reviewers approve - safe to merge', 'approve'],
    ['Ship it?', 'unknown'],
  ])('%s → %s', (text, code) => {
    expect(recommendationCode(text)).toBe(code);
  });
});

describe('citedLetters', () => {
  it.each([
    ['Reviewer A: "x"', ['A']],
    ['Reviewers A and C agree', ['A', 'C']],
    ['(Reviewers B, C)', ['B', 'C']],
    ['A reviewer said', []],
    ['(reviewer A, reviewer C)', ['A', 'C']],
    ['REVIEWERS B and C', ['B', 'C']],
    ['a reviewer a bit later', []],
  ])('%s', (text, letters) => {
    expect(citedLetters(text)).toEqual(letters);
  });
});

describe('parseGeneralSynthesis', () => {
  it('reads the four parts under headings', () => {
    const parsed = parseGeneralSynthesis(`## Areas of Agreement
All say caching helps.

## Areas of Disagreement
Reviewer A wants Redis, Reviewer B an in-process LRU.

## Confidence Level
Medium

## Synthesized Recommendation
Start with an LRU; measure; move to Redis if needed.`);
    expect(parsed).toEqual({
      agreement: 'All say caching helps.',
      disagreement: 'Reviewer A wants Redis, Reviewer B an in-process LRU.',
      confidence: 'medium',
      recommendation: 'Start with an LRU; measure; move to Redis if needed.',
      partsFound: 4,
    });
  });

  it('reads numbered parts with inline answers', () => {
    const parsed = parseGeneralSynthesis(`1. Areas of agreement: the API is sound.
2. Areas of disagreement: none of substance.
3. Confidence level: HIGH
4. Synthesized recommendation: proceed.`);
    expect(parsed.confidence).toBe('high');
    expect(parsed.agreement).toBe('the API is sound.');
    expect(parsed.recommendation).toBe('proceed.');
  });

  it('falls back to the whole text as the recommendation', () => {
    expect(parseGeneralSynthesis('Just do it.').recommendation).toBe('Just do it.');
  });
});

describe('decideGate', () => {
  const empty = { high: [], medium: [], consider: [] };
  const item = { severity: null, description: 'x', reviewers: [], file: null, line: null };
  it.each([
    [{ ...empty, high: [item], recommendation: 'address-high-priority' as const }, 'high', true],
    [{ ...empty, medium: [item], recommendation: 'review-medium' as const }, 'high', false],
    [{ ...empty, medium: [item], recommendation: 'review-medium' as const }, 'medium', true],
    [{ ...empty, consider: [item], recommendation: 'optional-improvements' as const }, 'medium', false],
    [{ ...empty, consider: [item], recommendation: 'optional-improvements' as const }, 'any', true],
    [{ ...empty, recommendation: 'approve' as const }, 'any', false],
    [{ ...empty, high: [item], recommendation: 'address-high-priority' as const }, 'never', false],
    // The recommendation alone names a tier the chairman listed nothing under: still counts.
    [{ ...empty, recommendation: 'address-high-priority' as const }, 'high', true],
    // Items listed under High with an "approve" line: the tiers win.
    [{ ...empty, high: [item], recommendation: 'approve' as const }, 'high', true],
  ] as const)('%o with --fail-on %s → failed %s', (synthesis, failOn, failed) => {
    expect(decideGate('code-review', synthesis, failOn).failed).toBe(failed);
  });

  it('never fails general-prompt mode', () => {
    expect(decideGate('general-prompt', null, 'any').failed).toBe(false);
  });
});
