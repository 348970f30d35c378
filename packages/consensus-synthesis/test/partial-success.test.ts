// The stage-1 partial-success rule, one line per case: answered × requested × --min-reviewers.

import { describe, expect, it } from 'vitest';
import { FAILURE_HINTS } from '@adlc/core';
import { decidePartialSuccess, minReviewersProblem } from '../src/index.js';

const SINGLE = /^WARNING: only 1 of \d+ reviewers? answered: this is a single analysis, not a consensus; the gate ran on a single reviewer, so nothing can reach High Priority$/;
const failures = (n: number) => Array.from({ length: n }, (_, i) => `R${i} did not answer: HTTP 503`);

describe('decidePartialSuccess', () => {
  it.each([
    // answered, requested, min, outcome (error text or kind), demoteHigh
    [3, 3, 1, 'consensus', false],
    [3, 3, 3, 'consensus', false],
    [2, 3, 1, 'consensus', false],
    [2, 3, 2, 'consensus', false],
    [2, 3, 3, /^only 2\/3 reviewers answered, fewer than --min-reviewers 3: R0 did not answer: HTTP 503$/, null],
    [1, 3, 1, 'single-analysis', true],
    [1, 3, 2, /^only 1\/3 reviewers answered, fewer than --min-reviewers 2: R0 did not answer: HTTP 503; R1 did not answer: HTTP 503$/, null],
    [0, 3, 1, /^no reviewer answered \(0\/3\): R0 did not answer: HTTP 503; R1 .*; R2 did not answer: HTTP 503$/, null],
    [0, 3, 3, /^no reviewer answered \(0\/3\)/, null],
    [1, 1, 1, 'single-analysis', true],
    [0, 1, 1, /^no reviewer answered \(0\/1\)/, null],
    [2, 2, 2, 'consensus', false],
    [5, 5, 4, 'consensus', false],
  ] as const)('%i of %i answered, --min-reviewers %i → %s', (answered, requested, minReviewers, outcome, demoteHigh) => {
    const decision = decidePartialSuccess({ answered, requested, minReviewers, failures: failures(requested - answered) });
    if (outcome instanceof RegExp) {
      expect(decision.ok).toBe(false);
      if (!decision.ok) expect(decision.error).toMatch(outcome);
      return;
    }
    expect(decision).toMatchObject({ ok: true, kind: outcome, demoteHigh });
    if (!decision.ok) return;
    if (outcome === 'single-analysis') {
      expect(decision.warnings).toHaveLength(1);
      expect(decision.warnings[0]).toMatch(SINGLE);
      expect(decision.warnings[0]).toContain(`only 1 of ${requested} reviewer${requested === 1 ? '' : 's'} answered`);
    } else {
      expect(decision.warnings).toEqual([]);
    }
  });

  it('a refusal carries a hint', () => {
    expect(decidePartialSuccess({ answered: 0, requested: 2, minReviewers: 1, failures: [], kinds: ['timeout', 'timeout'] })).toMatchObject({ hint: 'the call ran out of time: raise --timeout, or run again' });
    // The hint follows the causes (core's table): a command not found is told to check the command.
    expect(decidePartialSuccess({ answered: 0, requested: 2, minReviewers: 1, failures: [], kinds: ['command', 'key'] })).toMatchObject({
      hint: `${FAILURE_HINTS.command}; ${FAILURE_HINTS.key}`,
    });
    expect(decidePartialSuccess({ answered: 1, requested: 2, minReviewers: 2, failures: [] })).toMatchObject({ hint: 'run again, or lower --min-reviewers' });
    // Too few answers: the causes' hints first (a command not found will not answer a second run either).
    expect(decidePartialSuccess({ answered: 1, requested: 2, minReviewers: 2, failures: [], kinds: ['command'] })).toMatchObject({ hint: `${FAILURE_HINTS.command}; or lower --min-reviewers` });
  });
});

describe('minReviewersProblem', () => {
  it.each([
    [1, 3, null],
    [3, 3, null],
    [4, 3, '--min-reviewers 4 is more than the 3 reviewer(s) configured'],
    [1, 0, '--min-reviewers 1 is more than the 0 reviewer(s) configured'],
  ] as const)('--min-reviewers %i with %i configured → %s', (min, configured, error) => {
    expect(minReviewersProblem(min, configured)?.error ?? null).toBe(error);
  });
});
