import { describe, expect, it } from 'vitest';
import { renderReport } from '../src/output/report.js';
import { toJson, verdictMessage, type RunResult } from '../src/output/result.js';
import { ConsensusFixOutputSchema } from '../src/output/schema.js';

function result(overrides: Partial<RunResult> = {}): RunResult {
  return {
    testCmd: 'node test/a.mjs',
    rails: 'node --test',
    n: 4,
    jobs: 1,
    normalize: 'whitespace',
    editFormat: 'whole',
    railsChecked: true,
    candidates: [
      { index: 0, provider: 'openai', model: 'm', status: 'survived', changedLines: 2, changes: [{ file: 'a.js', content: 'x' }], diff: '@@ -1 +1 @@\n-y\n+x\n' },
      { index: 1, provider: 'openai', model: 'm', status: 'survived', changedLines: 2 },
      { index: 2, provider: 'openai', model: 'm', status: 'failed', failure: { stage: 'rails', exitCode: 1, outputTail: 'not ok 3' }, changedLines: 1 },
      { index: 3, provider: 'openai', model: 'm', status: 'discarded', discard: { reason: 'outside-files', message: '"test/a.test.js" is not in --files' } },
    ],
    groups: [{ groupIndex: 0, size: 2, candidateIndices: [0, 1] }],
    verdict: 'pass',
    winner: { index: 0, changedLines: 2, largestGroupSize: 2, groupIndex: 0, changes: [{ file: 'a.js', content: 'x' }], diff: '@@ -1 +1 @@\n-y\n+x\n', applied: false, flaky: false },
    message: verdictMessage('pass', 2, 4),
    baseline: { testExitCode: 1, railsExitCode: 1, railsTimedOut: false },
    postApply: null,
    usage: { inputTokens: 10, outputTokens: 20, calls: 4, failedCalls: 0 },
    durationMs: 1234,
    warnings: [],
    ...overrides,
  };
}

describe('toJson', () => {
  it('has the seed shape and validates against the exported schema', () => {
    const doc = ConsensusFixOutputSchema.parse(toJson(result()));
    expect(doc.summary).toEqual({ total: 4, passed: 2, failed: 1, discarded: 1, groups: 1, allDivergent: false, railsChecked: true, confidence: 0.5 });
    expect(doc.groups).toEqual([{ groupIndex: 0, size: 2, candidateIndices: [0, 1] }]);
    expect(doc.winner).toMatchObject({ index: 0, changedLines: 2, largestGroupSize: 2, applied: false, changes: [{ file: 'a.js', content: 'x' }] });
    expect(doc.discardedDetails).toEqual([{ index: 3, reason: 'outside-files', message: '"test/a.test.js" is not in --files' }]);
    expect(doc.failedDetails).toEqual([{ index: 2, stage: 'rails', exitCode: 1, outputTail: 'not ok 3' }]);
    expect(doc.candidates.map((c) => c.groupIndex)).toEqual([0, 0, undefined, undefined]);
  });

  it('marks all-divergent and has no winner then', () => {
    const doc = toJson(result({ verdict: 'all-divergent', winner: null, groups: [{ groupIndex: 0, size: 1, candidateIndices: [0] }, { groupIndex: 1, size: 1, candidateIndices: [1] }] }));
    expect(doc.summary.allDivergent).toBe(true);
    expect(doc.winner).toBeNull();
    expect(doc.summary.confidence).toBe(0.25);
  });

  it('names the provider and status of a failed completion', () => {
    const doc = toJson(result({ candidates: [{ index: 0, provider: 'gemini', model: 'g', status: 'discarded', discard: { reason: 'provider-error', message: 'HTTP 500', status: 500 } }] }));
    expect(doc.discardedDetails).toEqual([{ index: 0, reason: 'provider-error', message: 'HTTP 500', provider: 'gemini', status: 500 }]);
  });

  it('says which edit of which file did not apply, and the edit format', () => {
    const discard = { reason: 'edit: not found' as const, message: 'edits[1] of lib/a.js: its search text is not in the file', file: 'lib/a.js', editIndex: 1 };
    const doc = ConsensusFixOutputSchema.parse(toJson(result({ editFormat: 'replace', candidates: [{ index: 0, provider: 'openai', model: 'm', status: 'discarded', discard }] })));
    expect(doc.discardedDetails).toEqual([{ index: 0, reason: 'edit: not found', message: discard.message, stage: 'edit', file: 'lib/a.js', editIndex: 1 }]);
    expect(doc.editFormat).toBe('replace');
    expect(renderReport(result({ editFormat: 'replace' }))).toContain('--edit-format replace');
  });
});

describe('verdictMessage', () => {
  it.each([
    ['all-divergent', 3, 3, 'all-divergent: spec ambiguity — escalate'],
    ['all-divergent', 1, 5, 'all-divergent: spec ambiguity — escalate'],
    ['no-survivors', 0, 3, 'no survivors'],
    ['pass', 2, 3, 'consensus'],
  ] as const)('%s', (verdict, survivors, n, text) => {
    expect(verdictMessage(verdict, survivors, n)).toContain(text);
  });
});

describe('renderReport', () => {
  it('shows each candidate in one line, the groups, the winner diff and the verdict', () => {
    const text = renderReport(result());
    const lines = text.split('\n');
    expect(lines.filter((l) => /^ {2}#\d/.test(l))).toHaveLength(4);
    expect(text).toMatch(/#2 +failed +rails gate \(exit 1\)/);
    expect(text).toMatch(/#3 +discarded +outside-files/);
    expect(text).toContain('group 0: 2 candidates (#0, #1)');
    expect(text).toContain('confidence: 2/4 = 0.50');
    expect(text).toContain('-y\n+x');
    expect(text).toContain('dry run');
    expect(lines.at(-1)).toMatch(/^PASS: consensus/);
    expect(text).toContain('pre-flight      `node test/a.mjs` fails (exit 1)');
    expect(text).toContain('baseline rails  `node --test` exit 1 (red before any change)');
    expect(text).toContain('completions     4 of 4 answered');
  });

  it('shows a timeout and a failed verdict', () => {
    const text = renderReport(
      result({
        verdict: 'no-survivors',
        winner: null,
        groups: [],
        message: verdictMessage('no-survivors', 0, 1),
        candidates: [{ index: 0, provider: 'fixture', model: 'fixture', status: 'failed', failure: { stage: 'timeout', exitCode: null, outputTail: '' } }],
      }),
    );
    expect(text).toContain('timeout (timed out)');
    expect(text).not.toContain('winner');
    expect(text.split('\n').at(-1)).toMatch(/^FAIL: no survivors/);
  });
});

describe('the pre-flight\'s failing tests', () => {
  it('--json: preflight.failingTests, empty when the report could not be read', () => {
    expect(ConsensusFixOutputSchema.parse(toJson(result({ failingTests: ['calc > add > adds', 'calc > mul'] }))).preflight).toEqual({ failingTests: ['calc > add > adds', 'calc > mul'] });
    expect(ConsensusFixOutputSchema.parse(toJson(result())).preflight).toEqual({ failingTests: [] });
  });

  it('the text report lists them under the pre-flight line, the first ten', () => {
    const names = Array.from({ length: 12 }, (_, i) => `suite > test ${i}`);
    const text = renderReport(result({ failingTests: names }));
    expect(text).toContain('pre-flight      `node test/a.mjs` fails (exit 1), 12 failing tests:\n                    suite > test 0\n');
    expect(text).toContain('                    suite > test 9\n                    and 2 more\n');
    expect(text).not.toContain('suite > test 10');
  });
});
