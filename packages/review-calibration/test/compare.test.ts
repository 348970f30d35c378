import { describe, expect, it } from 'vitest';
import { addUsage, parseUsage } from '../src/review/parse-usage.js';
import { nameOf } from '../src/review/reviewers.js';
import { summarizeDecoys } from '../src/review/decoys.js';

describe('parseUsage', () => {
  const cases: Array<[string, ReturnType<typeof parseUsage>]> = [
    ['{"findings": [], "usage": {"inputTokens": 10, "outputTokens": 2}}', { inputTokens: 10, outputTokens: 2 }],
    ['log\n{"findings": [], "usage": {"inputTokens": 10, "outputTokens": 2, "costUsd": 0.5}}', { inputTokens: 10, outputTokens: 2, costUsd: 0.5 }],
    ['{"findings": []}', null],
    ['{"usage": {"inputTokens": -1, "outputTokens": 2}}', null],
    ['LGTM', null],
  ];
  it.each(cases)('%j → %j', (output, usage) => expect(parseUsage(output)).toEqual(usage));
});

describe('addUsage', () => {
  const cases: Array<[Parameters<typeof addUsage>[0], ReturnType<typeof addUsage>]> = [
    [[], null],
    [[null, null], null],
    [[{ inputTokens: 1, outputTokens: 2 }, null, { inputTokens: 3, outputTokens: 4 }], { inputTokens: 4, outputTokens: 6 }],
    [[{ inputTokens: 1, outputTokens: 2, costUsd: 0.25 }, { inputTokens: 3, outputTokens: 4 }], { inputTokens: 4, outputTokens: 6, costUsd: 0.25 }],
  ];
  it.each(cases)('%j → %j', (usages, sum) => expect(addUsage(usages)).toEqual(sum));
});

describe('nameOf', () => {
  const cases: Array<[string, string]> = [
    ['bot --model a {base}', 'bot --model a {base}'],
    ['node  /very/long/path/to/the/reviewer/script.mjs --model claude-x {base}', '…ewer/script.mjs --model claude-x {base}'],
  ];
  it.each(cases)('%j → %j', (command, name) => {
    expect(nameOf(command)).toBe(name);
    expect(nameOf(command).length).toBeLessThanOrEqual(40);
  });
  it('redacts a key in the command', () => {
    expect(nameOf('bot --key sk-ant-abcdefghijklmnopqrstuvwxyz0123', { ANTHROPIC_API_KEY: 'sk-ant-abcdefghijklmnopqrstuvwxyz0123' })).not.toContain('abcdefghijklmnop');
  });
});

describe('summarizeDecoys', () => {
  const run = (files: Array<string | null>) => ({ files, wallMs: 1, usage: null });
  const cases: Array<[ReturnType<typeof run>[], ReturnType<typeof summarizeDecoys>]> = [
    [[run([]), run([])], { runs: 2, findings: 0, findingsPerRun: 0, filesFlagged: 0 }],
    [[run(['a.ts', 'a.ts', null]), run(['b.ts'])], { runs: 2, findings: 4, findingsPerRun: 2, filesFlagged: 2 }],
  ];
  it.each(cases)('%j → %j', (runs, summary) => expect(summarizeDecoys(runs)).toEqual(summary));
});
