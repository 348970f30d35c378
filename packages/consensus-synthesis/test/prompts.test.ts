// The four prompts keep the seed's structure: its sentences, sections and formats, in its order.

import { describe, expect, it } from 'vitest';
import { chairmanCodeReviewPrompt, chairmanGeneralPrompt, codeReviewPrompt, generalPrompt } from '../src/prompts.js';

/** Each of `parts` occurs in `text`, each after the previous one. */
function expectInOrder(text: string, parts: readonly string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after offset ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

const reviews = [
  { letter: 'A', text: 'review one' },
  { letter: 'B', text: 'review two' },
];

describe('the seed prompts', () => {
  it('code review, stage 1', () => {
    const prompt = codeReviewPrompt({ description: 'Add auth', plan: 'the plan', diff: '+x', diffTruncated: true, files: ['src/a.ts'] });
    expect(prompt.startsWith('You are reviewing a code change for potential issues.\n')).toBe(true);
    expectInOrder(prompt, [
      'CHANGE DESCRIPTION: Add auth',
      'PLAN:\nthe plan',
      'CODE CHANGES:\n+x\n[Diff truncated - showing first 10KB]',
      'FILES CHANGED:\n- src/a.ts',
      'Provide your review in this EXACT format:',
      '## ISSUES FOUND\n[If no issues, write "None"]',
      '- SEVERITY: CRITICAL | IMPORTANT | SUGGESTION\n- LOCATION: file:line (if applicable)\n- DESCRIPTION: What\'s wrong and why it matters',
      '## OVERALL ASSESSMENT\nAPPROVE | APPROVE_WITH_CONCERNS | REQUEST_CHANGES',
      'Be thorough but concise.',
    ]);
  });

  it('code review, stage 2: no diff, the tiers and the four recommendations', () => {
    const prompt = chairmanCodeReviewPrompt({ description: 'Add auth', files: ['src/a.ts'], reviews, asked: 3 });
    expect(prompt.startsWith('You are compiling a code review consensus from multiple reviewers.\n')).toBe(true);
    expectInOrder(prompt, [
      'CRITICAL: Report all issues mentioned by any reviewer. Group similar issues together, but if reviewers disagree about an issue, report the disagreement explicitly.',
      'CHANGE DESCRIPTION: Add auth',
      'FILES CHANGED: src/a.ts',
      'REVIEWS RECEIVED (2 of 3):',
      '--- Reviewer A ---\nreview one',
      '--- Reviewer B ---\nreview two',
      'Compile a consensus report with three tiers:',
      '## High Priority - Multiple Reviewers Agree',
      '## Medium Priority - Single Reviewer, Significant',
      '## Consider - Suggestions',
      'FINAL RECOMMENDATION:',
      '"Address high priority issues before merging"',
      '"Review medium priority concerns"',
      '"Optional improvements suggested"',
      '"All reviewers approve - safe to merge"',
      'Be direct. Group similar issues but preserve different perspectives.',
    ]);
    expect(prompt).not.toContain('CODE CHANGES');
  });

  it('general prompt, stage 1', () => {
    const prompt = generalPrompt({ prompt: 'What could go wrong?', context: 'design', contextTruncated: false });
    expect(prompt.startsWith('What could go wrong?\n\nCONTEXT:\ndesign\n')).toBe(true);
    expectInOrder(prompt, ['Provide your analysis in this format:', '## ANALYSIS', '## CONCERNS', '## RECOMMENDATIONS', 'Be specific and actionable.']);
  });

  it('general prompt, stage 2', () => {
    const prompt = chairmanGeneralPrompt({ prompt: 'What could go wrong?', reviews, asked: 3 });
    expect(prompt.startsWith('You are compiling consensus from multiple analyses.\n')).toBe(true);
    expectInOrder(prompt, [
      'CRITICAL: If analyses disagree or conflict, highlight disagreements explicitly. Do NOT smooth over conflicts. Conflicting views are valuable.',
      'ORIGINAL PROMPT:\nWhat could go wrong?',
      'ANALYSES RECEIVED (2 of 3):',
      '--- Reviewer A ---',
      'Provide final consensus:',
      '1. Areas of agreement (what do reviewers agree on?)',
      '2. Areas of disagreement (where do perspectives differ?)',
      '3. Confidence level (High/Medium/Low)',
      '4. Synthesized recommendation incorporating all perspectives',
      'Be direct. Disagreement is valuable - report it clearly.',
    ]);
  });
});
