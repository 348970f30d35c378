import { describe, expect, it } from 'vitest';
import { locatePlant } from '../src/review/locate.js';
import { gateVerdict, locateFindings, score } from '../src/score/score.js';
import { EQUIVALENT_REASON, type Finding, type Identification, type Plant } from '../src/types.js';

function plant(file: string, line: number, category = 'off-by-one'): Plant {
  return {
    id: `${file}:${line}`,
    file,
    line,
    column: 1,
    endColumn: 2,
    replacement: 'x',
    original: 'a',
    mutated: 'b',
    category,
    operator: 'op',
    description: 'd',
    language: 'typescript',
  };
}

function finding(index: number, file: string | null, line: number | null, extra: Partial<Finding> = {}): Finding {
  return { index, file, line, description: 'x', ...extra };
}

describe('locatePlant', () => {
  const plants = [plant('src/a.ts', 10), plant('src/a.ts', 30), plant('lib/a.ts', 12), plant('src/b.py', 5)];
  const cases: Array<[string, Finding, string | null]> = [
    ['exact line', finding(0, 'src/a.ts', 10), 'src/a.ts:10'],
    ['three lines below', finding(0, 'src/a.ts', 13), 'src/a.ts:10'],
    ['three lines above', finding(0, 'src/a.ts', 27), 'src/a.ts:30'],
    ['four lines away', finding(0, 'src/a.ts', 14), null],
    ['basename only', finding(0, 'b.py', 6), 'src/b.py:5'],
    ['absolute path', finding(0, '/home/u/repo/src/b.py', 5), 'src/b.py:5'],
    ['diff prefix', finding(0, 'b/src/b.py', 5), 'src/b.py:5'],
    ['same basename: the longer path match wins', finding(0, 'lib/a.ts', 11), 'lib/a.ts:12'],
    ['a contradicting directory does not locate', finding(0, 'other/a.ts', 11), null],
    ['a path relative to a subdirectory', finding(0, 'a.ts', 30), 'src/a.ts:30'],
    ['same basename: nearest wins when paths tie', finding(0, 'a.ts', 11), 'src/a.ts:10'],
    ['another file', finding(0, 'src/c.ts', 10), null],
    ['no line', finding(0, 'src/a.ts', null), null],
    ['no file', finding(0, null, 10), null],
  ];
  it.each(cases)('%s', (_name, f, expected) => {
    expect(locatePlant(f, plants)?.id ?? null).toBe(expected);
  });
});

describe('score', () => {
  const plants = [plant('a.ts', 10, 'off-by-one'), plant('a.ts', 30, 'logic-inversion'), plant('b.ts', 5, 'logic-inversion'), plant('b.ts', 50, 'null-handling')];
  const run = (findings: Finding[], identified: Record<number, boolean>, equivalent: string[] = []) => {
    const located = locateFindings(findings, plants);
    const identifications: Identification[] = located.flatMap(({ finding: f, plant: p }) =>
      p ? [{ finding: f.index, plant: p.id, identified: identified[f.index] === true, by: identified[f.index] ? ('repro' as const) : ('none' as const) }] : [],
    );
    return score({ plants, equivalent: new Set(equivalent), located, identifications });
  };

  it('counts caught, located, missed, and per-category recall', () => {
    const s = run([finding(0, 'a.ts', 11), finding(1, 'a.ts', 30), finding(2, 'b.ts', 5)], { 0: true, 2: true });
    expect(s.plants.map((p) => p.status)).toEqual(['caught', 'located', 'caught', 'missed']);
    expect([s.caught, s.located, s.total, s.recall]).toEqual([2, 3, 4, 0.5]);
    expect(s.perCategory).toEqual({
      'off-by-one': { caught: 1, located: 1, total: 1, recall: 1 },
      'logic-inversion': { caught: 1, located: 2, total: 2, recall: 0.5 },
      'null-handling': { caught: 0, located: 0, total: 1, recall: 0 },
    });
    expect(s.plants[0]).toMatchObject({ identifiedBy: 'repro', locatedBy: [0], caughtBy: [0] });
  });

  it('precision: located-but-not-identified counts on neither side; a far finding is a false positive', () => {
    const s = run([finding(0, 'a.ts', 10), finding(1, 'a.ts', 30), finding(2, 'a.ts', 200), finding(3, null, null)], { 0: true });
    expect([s.truePositives, s.falsePositives, s.unanchored]).toEqual([1, 1, 1]);
    expect(s.precision).toBe(0.5);
    expect(s.findings.map((f) => f.kind)).toEqual(['true-positive', 'located', 'false-positive', 'unanchored']);
  });

  it('no findings: recall 0, precision null', () => {
    const s = run([], {});
    expect([s.recall, s.precision, s.caught]).toEqual([0, null, 0]);
    expect(s.plants.every((p) => p.status === 'missed')).toBe(true);
  });

  it('equivalent plants leave the denominator, and findings on them are neither true nor false', () => {
    const s = run([finding(0, 'a.ts', 10), finding(1, 'b.ts', 50)], { 0: true, 1: true }, ['b.ts:50']);
    expect([s.caught, s.total, s.equivalentExcluded, s.recall]).toEqual([1, 3, 1, 1 / 3]);
    expect(s.plants[3]!.status).toBe('equivalent');
    expect(s.findings[1]!.kind).toBe('equivalent');
    expect([s.truePositives, s.falsePositives]).toEqual([1, 0]);
  });

  it('an equivalent plant carries why it was excluded, not what a finding on it said', () => {
    const located = locateFindings([finding(0, 'b.ts', 50)], plants);
    const identifications: Identification[] = [{ finding: 0, plant: 'b.ts:50', identified: false, by: 'none', reason: 'no repro' }];
    const why = new Map([['b.ts:50', 'equivalent mutant: its witness passes with the plant applied too']]);
    expect(score({ plants, equivalent: why, located, identifications }).plants[3]!.reason).toBe(why.get('b.ts:50'));
    expect(score({ plants, equivalent: new Set(['b.ts:50']), located, identifications }).plants[3]!.reason).toBe(EQUIVALENT_REASON);
  });

  it('two findings on one plant: both true positives, the plant caught once', () => {
    const s = run([finding(0, 'a.ts', 10), finding(1, 'a.ts', 12)], { 0: true, 1: true });
    expect([s.caught, s.truePositives]).toEqual([1, 2]);
    expect(s.plants[0]!.caughtBy).toEqual([0, 1]);
  });
});

describe('gateVerdict', () => {
  const cases: Array<[number, number | null, number, number | null, boolean]> = [
    [0.5, null, 0.5, null, true],
    [0.49, null, 0.5, null, false],
    [0, null, 0, null, true],
    [0.8, 0.5, 0.5, 0.6, false],
    [0.8, 0.6, 0.5, 0.6, true],
    [0.8, null, 0.5, 0.9, true],
  ];
  it.each(cases)('recall %s precision %s vs %s/%s → %s', (recall, precision, minRecall, minPrecision, ok) => {
    expect(gateVerdict({ recall, precision }, minRecall, minPrecision).pass).toBe(ok);
  });
});
