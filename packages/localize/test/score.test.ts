import { describe, expect, it } from 'vitest';
import { EvidenceSchema, type Evidence } from '../src/schema.js';
import { diverged, rankFiles, runMass, scoreContext, scoreFile, testCallMass, WEIGHTS } from '../src/rank/score.js';
import { ochiai, scoreSpectrum, type Execution, type FileLines } from '../src/rank/spectrum.js';

describe('ochiai', () => {
  it.each([
    // ef, ep, F, expected
    [1, 0, 1, 1], // only the failing run reaches it
    [1, 1, 1, 1 / Math.sqrt(2)], // the failing run and one passing run
    [1, 3, 1, 0.5],
    [0, 5, 1, 0], // never reached by a failing run
    [1, 0, 2, 1 / Math.sqrt(2)], // one of two failing runs
    [2, 0, 2, 1],
    [0, 0, 0, 0],
  ])('ef=%i ep=%i F=%i -> %f', (ef, ep, total, expected) => {
    expect(ochiai(ef, ep, total)).toBeCloseTo(expected, 10);
  });
});

/** FileLines from `{line: functionStart}` for called lines and extra load-time lines. */
function lines(called: Record<number, number>, loadOnly: number[] = [], names: Record<number, string> = {}): FileLines {
  const calledMap = new Map(Object.entries(called).map(([l, s]) => [Number(l), s] as const));
  return {
    executed: new Set([...calledMap.keys(), ...loadOnly]),
    called: calledMap,
    functionNames: new Map(Object.entries(names).map(([l, n]) => [Number(l), n] as const)),
  };
}
const run = (files: Record<string, FileLines>): Execution => new Map(Object.entries(files));

describe('scoreSpectrum', () => {
  it('without rails every line the failing run reached in a called function scores 1; load-time lines do not count', () => {
    const failing = [run({ 'lib/a.js': lines({ 3: 2, 4: 2, 9: 8 }, [1, 2, 8], { 2: 'parse', 8: 'other' }), 'index.js': lines({}, [1]) })];
    const scores = scoreSpectrum(failing, []);
    expect(scores.get('lib/a.js')).toEqual({
      ochiai: 3,
      coveredLines: 3,
      loaded: true,
      functions: [
        { name: 'parse', line: 2, ochiai: 2, top: 1, coveredLines: 2, exclusiveLines: 0 },
        { name: 'other', line: 8, ochiai: 1, top: 1, coveredLines: 1, exclusiveLines: 0 },
      ],
      exclusiveLines: 0,
    });
    expect(scores.get('index.js')).toEqual({ ochiai: 0, coveredLines: 0, exclusiveLines: 0, loaded: true, functions: [] });
  });

  it('a failing process that called no function (a runner loading a config file of the repository) is no failing execution', () => {
    const test = run({ 'lib/a.js': lines({ 3: 2, 4: 2 }) });
    const runner = run({ 'map.js': lines({}, [1, 2]) });
    const a = scoreSpectrum([runner, test], []).get('lib/a.js')!;
    expect(a.ochiai).toBe(2);
    expect(a.functions[0]!.top).toBe(1);
    expect(scoreSpectrum([runner, test], []).get('map.js')).toMatchObject({ loaded: true, coveredLines: 0 });
    // Two processes that both called code are two failing executions: a line only one ran is less sure.
    const other = run({ 'lib/b.js': lines({ 1: 1 }) });
    expect(scoreSpectrum([other, test], []).get('lib/a.js')!.functions[0]!.top).toBeCloseTo(Math.SQRT1_2, 10);
  });

  it('with passing runs, lines they reach too weigh less (summed per function and file)', () => {
    const failing = [run({ 'lib/a.js': lines({ 3: 2, 4: 2 }) })];
    const passing = [run({ 'lib/a.js': lines({ 3: 2 }) }), run({ 'lib/a.js': lines({ 3: 2 }) }), run({ 'lib/b.js': lines({ 1: 1 }) })];
    const a = scoreSpectrum(failing, passing).get('lib/a.js')!;
    // line 3: ef 1, ep 2 -> 1/sqrt(3); line 4: failing only -> 1
    expect(a.ochiai).toBeCloseTo(1 + 1 / Math.sqrt(3), 10);
    expect(a.coveredLines).toBe(2);
    expect(scoreSpectrum(failing, passing).has('lib/b.js')).toBe(false);
  });

  it.each<[string, Record<number, number>, number, number]>([
    // passing run's called lines of lib/a.js, exclusive lines of the file, top Ochiai of function 2
    ['the passing run ran none of it', {}, 3, 1],
    ['it ran line 3', { 3: 2 }, 2, 1],
    ['it ran every line', { 3: 2, 4: 2, 9: 8 }, 0, Math.SQRT1_2],
  ])('lines only the failing run executed: %s', (_name, passingLines, exclusive, top) => {
    const failing = [run({ 'lib/a.js': lines({ 3: 2, 4: 2, 9: 8 }) })];
    const a = scoreSpectrum(failing, [run({ 'lib/a.js': lines(passingLines) })]).get('lib/a.js')!;
    expect(a.exclusiveLines).toBe(exclusive);
    expect(a.functions.find((f) => f.line === 2)!.top).toBeCloseTo(top, 10);
  });
});

const ctx = { bestOchiai: 10, queryIdentifiers: 4 };

describe('scoreFile', () => {
  it.each<{ name: string; evidence: Evidence; score: number }>([
    { name: 'nothing', evidence: {}, score: 0 },
    { name: 'the throwing frame', evidence: { frames: [{ line: 9, depth: 0 }] }, score: 16 },
    { name: 'a caller one frame out', evidence: { frames: [{ line: 7, depth: 1 }, { line: 30, depth: 3 }] }, score: 8 },
    { name: 'a line only the failing run executed', evidence: { ochiai: 0, coveredLines: 1, exclusiveLines: 1 }, score: 4 },
    { name: 'a passing side, and no such line', evidence: { ochiai: 0, coveredLines: 1, exclusiveLines: 0 }, score: 0 },
    { name: 'the busiest covered file', evidence: { ochiai: 10, coveredLines: 10 }, score: 4 },
    { name: 'a quarter of the busiest (square root: half the term)', evidence: { ochiai: 2.5, coveredLines: 3 }, score: 2 },
    { name: 'imported by the test', evidence: { graphDistance: 1 }, score: 2 },
    { name: 'two hops away', evidence: { graphDistance: 2 }, score: 1 },
    { name: 'half the identifiers', evidence: { identifiers: ['a', 'b'] }, score: 0.75 },
    { name: 'defines one of them: the unit under test', evidence: { identifiers: ['a'], defines: ['a'] }, score: 1.5 },
    { name: 'all of it', evidence: { frames: [{ line: 1, depth: 0 }], ochiai: 10, graphDistance: 1, identifiers: ['a', 'b', 'c', 'd'] }, score: 23.5 },
  ])('$name -> $score', ({ evidence, score }) => {
    expect(EvidenceSchema.parse(evidence)).toEqual(evidence);
    expect(scoreFile(evidence, ctx)).toBeCloseTo(score, 3);
  });

  it('a depth-0 frame outweighs every other signal together', () => {
    const calls = { ...ctx, testCallSpread: new Map([['parse', 1]]), bestTestCalls: 1 };
    const everythingElse = scoreFile(
      { ochiai: 10, exclusiveLines: 3, graphDistance: 1, identifiers: ['a', 'b', 'c', 'd'], testCalls: [{ name: 'parse', hops: 0 }] },
      calls,
    );
    expect(scoreFile({ frames: [{ line: 1, depth: 0 }] }, calls)).toBeGreaterThan(everythingElse);
    expect(everythingElse).toBe(WEIGHTS.exclusive + WEIGHTS.coverage + WEIGHTS.testCalls + WEIGHTS.graph + WEIGHTS.identifiers);
  });

  it('rails run every line the failing test runs (flat Ochiai): the module defining the called function beats a larger helper', () => {
    const helper = scoreFile({ ochiai: 4.95, coveredLines: 7 }, { bestOchiai: 4.95, queryIdentifiers: 3 });
    const unit = scoreFile({ ochiai: 2.83, coveredLines: 4, identifiers: ['parseTags'], defines: ['parseTags'] }, { bestOchiai: 4.95, queryIdentifiers: 3 });
    expect(unit).toBeGreaterThan(helper);
  });

  it('the CommonJS case: the module whose functions ran beats the entry file the test imports', () => {
    const entry = scoreFile({ graphDistance: 1 }, ctx);
    const module = scoreFile({ ochiai: 10, coveredLines: 10, graphDistance: 2 }, ctx);
    expect(module).toBeGreaterThan(entry);
  });
});

describe('the failing test\'s calls', () => {
  const spread = new Map([['location', 1], ['listen', 1], ['close', 4]]);

  it.each<[string, Evidence['testCalls'], number]>([
    ['none', undefined, 0],
    ['one call in the test body', [{ name: 'location', hops: 0 }], 1],
    ['through a helper: half', [{ name: 'location', hops: 1 }], 0.5],
    ['through two helpers: a third', [{ name: 'location', hops: 2 }], 1 / 3],
    ['a name four files ran: a quarter', [{ name: 'close', hops: 0 }], 0.25],
    ['summed', [{ name: 'location', hops: 1 }, { name: 'listen', hops: 1 }], 1],
    ['a function the passing tests ran too: its Ochiai', [{ name: 'location', hops: 0, ochiai: 0.707 }], 0.707],
  ])('testCallMass: %s -> %f', (_name, calls, mass) => {
    expect(testCallMass(calls, spread)).toBeCloseTo(mass, 10);
  });

  it('the module the test calls beats a busier module that only helped (coverage alone would rank it first)', () => {
    const table = [
      { file: 'lib/router.js', evidence: { ochiai: 121, coveredLines: 121 } },
      { file: 'lib/response.js', evidence: { ochiai: 22, coveredLines: 22, testCalls: [{ name: 'location', hops: 1 }, { name: 'status', hops: 1 }] } },
      { file: 'lib/application.js', evidence: { ochiai: 71, coveredLines: 71, testCalls: [{ name: 'listen', hops: 1 }] } },
    ];
    expect(rankFiles(table, 0).map((r) => r.file)).toEqual(['lib/response.js', 'lib/application.js', 'lib/router.js']);
    const withoutCalls = table.map((row) => ({ file: row.file, evidence: { ochiai: row.evidence.ochiai, coveredLines: row.evidence.coveredLines } }));
    expect(rankFiles(withoutCalls, 0)[0]!.file).toBe('lib/router.js');
  });

  it('scoreContext counts the files answering each call and the best mass; the best file gets the full weight', () => {
    const table = [
      { evidence: { testCalls: [{ name: 'get', hops: 0 }, { name: 'parse', hops: 0 }] } },
      { evidence: { testCalls: [{ name: 'get', hops: 0 }] } },
    ];
    const ctx = scoreContext(table, 0);
    expect(Object.fromEntries(ctx.testCallSpread!)).toEqual({ get: 2, parse: 1 });
    expect(ctx.bestTestCalls).toBeCloseTo(1.5, 10);
    expect(scoreFile(table[0]!.evidence, ctx)).toBeCloseTo(WEIGHTS.testCalls, 3);
    expect(scoreFile(table[1]!.evidence, ctx)).toBeCloseTo(WEIGHTS.testCalls / 3, 3);
  });
});

describe('the passing side', () => {
  it('a module with a line only the failing test ran gains the exclusive term over a busier one the passing tests ran alike', () => {
    const table = [
      { file: 'lib/plumbing.js', evidence: { ochiai: 101, coveredLines: 143, exclusiveLines: 0 } },
      { file: 'lib/lower.js', evidence: { ochiai: 40, coveredLines: 57, exclusiveLines: 1 } },
    ];
    expect(rankFiles(table, 0).map((r) => r.file)).toEqual(['lib/lower.js', 'lib/plumbing.js']);
    const without = table.map(({ file, evidence: { exclusiveLines: _x, ...rest } }) => ({ file, evidence: rest }));
    expect(rankFiles(without, 0)[0]!.file).toBe('lib/plumbing.js');
  });

  it.each<[string, number, number]>([
    // the other file's call's Ochiai, the share of the testCalls weight the shared call gets
    ['both calls shared alike: nothing moves', 0.707, 1],
    ['only the other call ran exclusive lines', 1, 0.707],
  ])('a shared call against another: %s', (_name, otherOchiai, share) => {
    const table = [
      { evidence: { testCalls: [{ name: 'run', hops: 0, ochiai: 0.707 }] } },
      // A call into a function with a line only the failing test ran: that file has an exclusive line.
      { evidence: otherOchiai < 1 ? { testCalls: [{ name: 'parse', hops: 0, ochiai: otherOchiai }] } : { exclusiveLines: 1, testCalls: [{ name: 'parse', hops: 0 }] } },
    ];
    const ctx = scoreContext(table, 0);
    expect(scoreFile(table[0]!.evidence, ctx)).toBeCloseTo(WEIGHTS.testCalls * share, 3);
  });

  it.each<[string, Array<{ exclusiveLines?: number }>, boolean]>([
    ['no passing side (no exclusiveLines at all)', [{}, {}], false],
    ['a passing side, every line shared', [{ exclusiveLines: 0 }, { exclusiveLines: 0 }], false],
    ['one candidate with a line only the failing tests ran', [{ exclusiveLines: 0 }, { exclusiveLines: 2 }], true],
  ])('diverged: %s -> %s', (_name, rows, expected) => {
    expect(diverged(rows.map((evidence) => ({ evidence })))).toBe(expected);
  });

  it.each<[string, boolean, number]>([
    ['discounted', true, 0.707 + 0.5],
    ['undiscounted (the scale the term is relative to)', false, 1 + 0.5],
  ])('testCallMass of calls the passing tests ran alike, %s', (_name, discount, mass) => {
    const calls = [{ name: 'run', hops: 0, ochiai: 0.707 }, { name: 'parse', hops: 1 }];
    expect(testCallMass(calls, new Map(), discount)).toBeCloseTo(mass, 10);
  });

  it.each<[string, Evidence, boolean, number]>([
    ['a program the test started, alone', { program: {} }, true, 1],
    ['a program the passing tests ran alike, discounted', { program: { ochiai: 0.6 } }, true, 0.6],
    ['the same, undiscounted', { program: { ochiai: 0.6 } }, false, 1],
    ['a program and a call the test makes', { program: {}, testCalls: [{ name: 'main', hops: 0 }] }, true, 2],
    ['no program', { testCalls: [{ name: 'main', hops: 1 }] }, true, 0.5],
  ])('runMass: %s -> %f', (_name, evidence, discount, mass) => {
    expect(runMass(evidence, new Map(), discount)).toBeCloseTo(mass, 10);
  });

  it('a CLI the test spawns weighs as the unit the test calls: above the busier library it calls', () => {
    const bin = { file: 'bin/greet.js', evidence: { ochiai: 6, coveredLines: 6, program: {} } };
    const library = { file: 'lib/words.js', evidence: { ochiai: 12, coveredLines: 12, graphDistance: 2 } };
    expect(rankFiles([library, bin], 0).map((f) => f.file)).toEqual(['bin/greet.js', 'lib/words.js']);
    expect(rankFiles([library, { ...bin, evidence: { ochiai: 6, coveredLines: 6 } }], 0).map((f) => f.file)).toEqual(['lib/words.js', 'bin/greet.js']);
  });

  // The test calls `new Engine().run(code)`; a passing test called both and ran every line of them
  // that the failing test ran. The failing run's only line of its own is in the module below.
  const called = { file: 'lib/engine.js', evidence: { ochiai: 64, coveredLines: 91, exclusiveLines: 0, testCalls: [{ name: 'Engine', hops: 0, ochiai: 0.707 }, { name: 'run', hops: 0, ochiai: 0.707 }] } };
  const below = { file: 'lib/rewrite.js', evidence: { ochiai: 40, coveredLines: 57, exclusiveLines: 1 } };
  const plumbing = { file: 'lib/bridge.js', evidence: { ochiai: 101, coveredLines: 143, exclusiveLines: 0 } };

  it('the run diverged below the module the test calls, which ran as in a passing test: the module below ranks first', () => {
    const ranking = rankFiles([called, below, plumbing], 0);
    expect(ranking.map((r) => r.file)).toEqual(['lib/rewrite.js', 'lib/engine.js', 'lib/bridge.js']);
    // The calls count at their Ochiai against the undiscounted best, not relative to themselves.
    expect(scoreFile(called.evidence, scoreContext([called, below, plumbing], 0))).toBeCloseTo(WEIGHTS.coverage * Math.sqrt(64 / 101) + WEIGHTS.testCalls * 0.707, 3);
  });

  it('no candidate diverged (every line shared): the calls are not discounted and the module the test calls ranks first', () => {
    const shared = { ...below, evidence: { ...below.evidence, exclusiveLines: 0 } };
    const ranking = rankFiles([called, shared, plumbing], 0);
    expect(ranking[0]!.file).toBe('lib/engine.js');
    expect(scoreFile(called.evidence, scoreContext([called, shared, plumbing], 0))).toBeCloseTo(WEIGHTS.coverage * Math.sqrt(64 / 101) + WEIGHTS.testCalls, 3);
  });
});

describe('rankFiles', () => {
  it('orders by score, then path; leaves out files nothing points at; normalizes coverage to the busiest file', () => {
    const ranking = rankFiles(
      [
        { file: 'index.js', evidence: { graphDistance: 1 } },
        { file: 'lib/b.js', evidence: { ochiai: 4, coveredLines: 4 } },
        { file: 'lib/a.js', evidence: { ochiai: 16, coveredLines: 16 } },
        { file: 'lib/c.js', evidence: { graphDistance: 1 } },
        { file: 'lib/d.js', evidence: {} },
      ],
      0,
    );
    expect(ranking.map((r) => [r.file, r.score])).toEqual([
      ['lib/a.js', 4],
      ['index.js', 2],
      ['lib/b.js', 2],
      ['lib/c.js', 2],
    ]);
  });
});
