import { describe, expect, it } from 'vitest';
import type { Usage } from '../src/providers/types.js';
import { estimateUsage, sumUsage, UsageSchema } from '../src/usage.js';

const real = (inputTokens: number, outputTokens: number): Usage => ({ inputTokens, outputTokens });
const guessed = (inputTokens: number, outputTokens: number): Usage => ({ inputTokens, outputTokens, estimated: true });

describe('sumUsage', () => {
  it.each<[string, Usage[], Usage]>([
    ['nothing', [], real(0, 0)],
    ['one real', [real(3, 4)], real(3, 4)],
    ['real parts', [real(1, 2), real(10, 20)], real(11, 22)],
    ['one estimated part marks the sum', [real(1, 2), guessed(10, 20), real(100, 200)], guessed(111, 222)],
    ['estimated parts only', [guessed(1, 1), guessed(2, 2)], guessed(3, 3)],
  ])('%s', (_case, parts, expected) => {
    // toStrictEqual: a real sum carries no `estimated` key at all, not `estimated: undefined`.
    expect(sumUsage(...parts)).toStrictEqual(expected);
  });
});

describe('estimateUsage', () => {
  it('counts four characters a token, rounding up, and says it is an estimate', () => {
    expect(estimateUsage('12345', '')).toStrictEqual(guessed(2, 0));
  });
});

describe('UsageSchema', () => {
  it.each<[unknown, boolean]>([
    [real(1, 2), true],
    [guessed(1, 2), true],
    [{ inputTokens: 1, outputTokens: 2, estimated: false }, false],
    [{ inputTokens: -1, outputTokens: 2 }, false],
    [{ inputTokens: 1.5, outputTokens: 2 }, false],
    [{ inputTokens: 1 }, false],
  ])('%j valid: %s', (value, valid) => {
    expect(UsageSchema.safeParse(value).success).toBe(valid);
  });
});
