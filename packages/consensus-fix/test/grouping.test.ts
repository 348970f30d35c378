import { describe, expect, it } from 'vitest';
import { changesetKey, decideVerdict, groupSurvivors, normalizeWhitespace, selectWinner, type Survivor } from '../src/candidates/grouping.js';

describe('normalizeWhitespace', () => {
  it.each([
    ['a  b', 'a b'],
    ['  a\tb  ', 'a b'],
    ['a\r\nb\n', 'a\nb\n'],
    // Per line, as the seed says: a blank line added or removed is a different changeset.
    ['a\n\n\nb', 'a\n\n\nb'],
    ['a\n \t\nb', 'a\n\nb'],
    ['return x+1;', 'return x+1;'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeWhitespace(input)).toBe(expected);
  });

  it('keeps differences inside tokens', () => {
    expect(normalizeWhitespace('a+b')).not.toBe(normalizeWhitespace('a + b'));
  });
});

describe('changesetKey', () => {
  it('does not depend on the order of files', () => {
    const a = changesetKey([{ file: 'b.js', normalized: '2' }, { file: 'a.js', normalized: '1' }]);
    const b = changesetKey([{ file: 'a.js', normalized: '1' }, { file: 'b.js', normalized: '2' }]);
    expect(a).toBe(b);
  });
  it('separates file name from content unambiguously', () => {
    expect(changesetKey([{ file: 'a', normalized: 'b\nc' }])).not.toBe(changesetKey([{ file: 'a\nb', normalized: 'c' }]));
  });
});

const s = (index: number, key: string, changedLines: number): Survivor => ({ index, key, changedLines });

describe('groupSurvivors', () => {
  it.each([
    { name: 'none', survivors: [], groups: [] },
    { name: 'one pair', survivors: [s(0, 'x', 1), s(2, 'x', 1)], groups: [[0, 2]] },
    { name: 'largest first', survivors: [s(0, 'a', 1), s(1, 'b', 1), s(2, 'b', 1)], groups: [[1, 2], [0]] },
    { name: 'ties by lowest member', survivors: [s(3, 'b', 1), s(1, 'a', 1)], groups: [[1], [3]] },
  ])('$name', ({ survivors, groups }) => {
    const result = groupSurvivors(survivors);
    expect(result.map((g) => g.candidateIndices)).toEqual(groups);
    expect(result.map((g) => g.groupIndex)).toEqual(groups.map((_, i) => i));
    expect(result.map((g) => g.size)).toEqual(groups.map((g) => g.length));
  });
});

describe('selectWinner', () => {
  it.each([
    { name: 'no survivors', survivors: [], winner: null },
    { name: 'fewest lines in the largest group', survivors: [s(0, 'a', 5), s(1, 'a', 2), s(2, 'b', 1)], winner: 1 },
    { name: 'a smaller singleton never beats a group', survivors: [s(0, 'a', 9), s(1, 'a', 9), s(2, 'b', 1)], winner: 0 },
    { name: 'ties broken by index', survivors: [s(4, 'a', 2), s(1, 'a', 2)], winner: 1 },
    { name: 'two largest groups: fewest lines across both', survivors: [s(0, 'a', 4), s(1, 'a', 4), s(2, 'b', 3), s(3, 'b', 3)], winner: 2 },
    { name: 'all singletons: fewest lines', survivors: [s(0, 'a', 4), s(1, 'b', 2)], winner: 1 },
  ])('$name', ({ survivors, winner }) => {
    const groups = groupSurvivors(survivors);
    expect(selectWinner(survivors, groups)?.index ?? null).toBe(winner);
  });

  it('reports the group and its size', () => {
    const survivors = [s(0, 'a', 3), s(1, 'b', 1), s(2, 'b', 2)];
    expect(selectWinner(survivors, groupSurvivors(survivors))).toEqual({ index: 1, changedLines: 1, largestGroupSize: 2, groupIndex: 0 });
  });
});

describe('decideVerdict', () => {
  const g = (...sizes: number[]) => sizes.map((size, groupIndex) => ({ groupIndex, size, candidateIndices: [] }));
  it.each([
    { n: 3, groups: g(), verdict: 'no-survivors' },
    { n: 1, groups: g(), verdict: 'no-survivors' },
    { n: 3, groups: g(1, 1, 1), verdict: 'all-divergent' },
    { n: 5, groups: g(1), verdict: 'all-divergent' },
    { n: 3, groups: g(2, 1), verdict: 'pass' },
    { n: 2, groups: g(1, 1), verdict: 'pass' },
    { n: 1, groups: g(1), verdict: 'pass' },
  ])('n=$n sizes=$groups.length -> $verdict', ({ n, groups, verdict }) => {
    expect(decideVerdict(n, groups)).toBe(verdict);
  });
});
