// What a later round of --rounds is told about the previous one: a table of rounds and the section
// they give. Pure.

import { describe, expect, it } from 'vitest';
import { roundFeedback } from '../src/candidates/round-feedback.js';
import type { CandidateRecord } from '../src/output/result.js';

const base = { round: 1, provider: 'anthropic', model: 'm' };
const failed = (index: number, key: string, outputTail: string, stage: 'repro' | 'rails' = 'repro'): CandidateRecord => ({
  ...base, index, status: 'failed', key, diff: `diff ${key}`, changedLines: 2, failure: { stage, exitCode: 1, outputTail },
});
const survived = (index: number, key: string): CandidateRecord => ({ ...base, index, status: 'survived', key, diff: `diff ${key}`, changedLines: 2 });
const discarded = (index: number, reason: 'invalid-json' | 'outside-files', message: string): CandidateRecord => ({ ...base, index, status: 'discarded', discard: { reason, message } });
const none = () => [];
const tried = (text: string) => text.match(/Tried change \d/g) ?? [];

describe('roundFeedback', () => {
  it.each([
    ['a round of one survivor leaves nothing to learn', [survived(0, 'a')], []],
    ['identical failed changes are one way of failing', [failed(0, 'a', 'x'), failed(1, 'a', 'x'), failed(2, 'b', 'y')], ['Tried change 1', 'Tried change 2']],
    ['at most three failed changes', [failed(0, 'a', ''), failed(1, 'b', ''), failed(2, 'c', ''), failed(3, 'd', '')], ['Tried change 1', 'Tried change 2', 'Tried change 3']],
  ] as const)('%s', (_name, round, expected) => {
    const text = roundFeedback(round, 2, none);
    expect(tried(text)).toEqual(expected);
    if (expected.length === 0) expect(text).toBe('');
  });

  it('each failed change: its gate, its diff and the messages its run produced, read as the first prompt reads them', () => {
    const text = roundFeedback([failed(0, 'a', 'not ok 1 - adds\n  expected 5, got 6\n', 'rails')], 2, (output) => [{ name: 'adds', details: output.split('\n')[1]! }]);
    expect(text).toContain('this is round 2');
    expect(text).toContain('Tried change 1 (failed at the regression suite, exit 1):\n<<<DIFF\ndiff a\nDIFF>>>');
    expect(text).toContain('FAILING TEST: adds\n  expected 5, got 6');
  });

  it('the discards, each distinct reason once; survivors that all disagree are said to', () => {
    const text = roundFeedback([discarded(0, 'invalid-json', 'no JSON'), discarded(1, 'invalid-json', 'no JSON'), discarded(2, 'outside-files', '"x.js" is not in --files')], 2, none);
    expect(text.match(/^- .*/gm)).toEqual(['- invalid-json: no JSON', '- outside-files: "x.js" is not in --files']);
    expect(roundFeedback([survived(0, 'a'), survived(1, 'b'), survived(2, 'c')], 3, none)).toContain('3 different changes passed, and no two of them agreed');
  });
});
