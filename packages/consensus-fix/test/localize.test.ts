// Localization end to end: the built CLI on real git repositories, real `node --test` and pytest
// runs, and (for the full run) the real provider SDK against the loopback fake server.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempRepo, runCli, type FileTree, type TempRepo } from '@adlc/testkit';
import { LocalizeOnlyOutputSchema, type LocalizeOnlyOutput } from '../src/output/schema.js';
import { calcPackage, compiledCouponPackage, couponPackage, couponPackageCommonJs, couponPackageTsx, enginePackage, ledgerPackage, LEDGER_REPRO, routerPackage, settingsPackage, settingsPackageVitest, unitsPackage, greetCliPackage } from '../../localize/test/fixtures.js';
import { answer, BIN, parseOutput, useSuite } from './support.js';

const suite = useSuite('localize');
const repos: TempRepo[] = [];
function repo(files: FileTree): TempRepo {
  const r = makeTempRepo({ files, prefix: 'cf-localize-' });
  repos.push(r);
  return r;
}
afterAll(() => {
  for (const r of repos) r.cleanup();
});

/** --localize-only --json with no provider configured at all. */
async function localizeOnly(r: TempRepo, args: string[]): Promise<LocalizeOnlyOutput> {
  const res = await runCli(BIN, ['--localize-only', '--json', ...args], { cwd: r.dir, env: {} });
  expect(res.exitCode, res.stderr).toBe(0);
  return LocalizeOnlyOutputSchema.parse(JSON.parse(res.stdout));
}

const ranked = (doc: LocalizeOnlyOutput) => doc.localization.files.map((f) => f.file);

describe('--localize-only on a CommonJS package', () => {
  it('a bug that throws deep in a module: its frame ranks it first; tests and node_modules never appear; nothing changes', async () => {
    const r = repo(ledgerPackage('throws'));
    const doc = await localizeOnly(r, ['--test-cmd', LEDGER_REPRO.throws, '--max-files', '20']);
    const [top] = doc.localization.files;
    expect(top!.file).toBe('lib/amount.js');
    expect(top!.evidence.frames![0]).toMatchObject({ depth: 0 });
    // The callers are in the trace too, further from the failure.
    expect(doc.localization.files.find((f) => f.file === 'lib/line.js')!.evidence.frames![0]!.depth).toBeGreaterThan(0);
    // The test and its helper ran, and so did the committed dependency: none is ever a candidate.
    expect(ranked(doc).filter((f) => f.startsWith('test/') || f.includes('node_modules'))).toEqual([]);
    expect(doc.localization.tookMs).toBeGreaterThanOrEqual(0);
    expect(r.status()).toBe('');
  });

  it('a wrong value with no throw: coverage of called functions ranks the module above the files that only load', async () => {
    const r = repo(ledgerPackage('wrong-value'));
    const doc = await localizeOnly(r, ['--test-cmd', LEDGER_REPRO['wrong-value'], '--max-files', '20']);
    const files = ranked(doc);
    expect(files[0]).toBe('lib/defaults.js');
    const top = doc.localization.files[0]!;
    expect(top.evidence.frames).toBeUndefined();
    expect(top.evidence.coveredLines).toBeGreaterThan(0);
    expect(top.evidence.functions![0]!.name).toBe('mergeDefaults');
    // One test, and it fails: no passing side.
    expect(top.evidence.exclusiveLines).toBeUndefined();
    // index.js and lib/index.js are the nearest in the graph but only run at module load.
    expect(files.indexOf('lib/defaults.js')).toBeLessThan(files.indexOf('index.js'));
    expect(doc.localization.files.find((f) => f.file === 'index.js')!.evidence.coveredLines).toBeUndefined();
    expect(files.filter((f) => f.startsWith('test/') || f.includes('node_modules'))).toEqual([]);
    // The document says the ranking had its whole coverage (docs/json-output.md: files, tookMs, coverage).
    expect(doc.localization.coverage).toMatchObject({ complete: true, missing: [] });
    expect(r.status()).toBe('');
  });

  it('without --rails, the passing tests of the test command run by themselves: the lines only the failing test ran are counted', async () => {
    const r = repo(ledgerPackage('throws'));
    const doc = await localizeOnly(r, ['--test-cmd', `${LEDGER_REPRO.throws} test/report.test.js`, '--max-files', '20']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(ranked(doc)[0]).toBe('lib/amount.js');
    // The failing test's own path through the amount parser; report.test.js ran the common lines as well.
    expect(byFile.get('lib/amount.js')!.exclusiveLines).toBeGreaterThan(0);
    const shared = [...byFile.values()].filter((e) => e.coveredLines !== undefined && e.exclusiveLines === 0);
    expect(shared.length).toBeGreaterThan(0);
    expect(r.status()).toBe('');
  });

  it('--max-files bounds the list (default 3); the text form prints the ranking on stdout', async () => {
    const r = repo(ledgerPackage('throws'));
    const doc = await localizeOnly(r, ['--test-cmd', LEDGER_REPRO.throws]);
    expect(doc.localization.files).toHaveLength(3);
    const text = await runCli(BIN, ['--test-cmd', LEDGER_REPRO.throws, '--localize-only', '--max-files', '1'], { cwd: r.dir, env: {} });
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/the fix may change 1 file\n {2}1\. lib\/amount\.js +\d+\.\d{3} +frames line 9 \(depth 0\)/);
  });

  it('with --rails, lines the passing tests also reach weigh less (Ochiai), and the ranking holds', async () => {
    const r = repo(ledgerPackage('wrong-value'));
    const doc = await localizeOnly(r, ['--test-cmd', LEDGER_REPRO['wrong-value'], '--rails', 'node --test']);
    const top = doc.localization.files[0]!;
    expect(top.file).toBe('lib/defaults.js');
    // report.test.js (a passing process of the rails) runs mergeDefaults too.
    expect(top.evidence.ochiai!).toBeLessThan(top.evidence.coveredLines!);
    expect(top.evidence.ochiai!).toBeGreaterThan(0);
    expect(r.status()).toBe('');
  });

  it('an entry file re-exporting more modules than the graph holds: the module the test exercised keeps its place in it', async () => {
    // index.js requires 45 modules, all loaded at start; the test exercises the last one required.
    const names = Array.from({ length: 45 }, (_, i) => `m${String(i).padStart(2, '0')}`);
    const files: FileTree = {
      'package.json': JSON.stringify({ name: 'wide', version: '1.0.0', main: 'index.js' }),
      'index.js': `'use strict';\nmodule.exports = {\n${names.map((n) => `  ${n}: require('./lib/${n}'),`).join('\n')}\n};\n`,
      ...Object.fromEntries(names.map((n) => [`lib/${n}.js`, `'use strict';\nmodule.exports = function ${n}(x) {\n  return x + 1;\n};\n`])),
      'test/last.test.js': `const test = require('node:test');\nconst assert = require('node:assert/strict');\nconst { m44 } = require('..');\n\ntest('m44 adds two', () => {\n  assert.equal(m44(1), 3);\n});\n`,
    };
    const r = repo(files);
    const doc = await localizeOnly(r, ['--test-cmd', 'node --test test/last.test.js', '--max-files', '50']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(ranked(doc)[0]).toBe('lib/m44.js');
    // Within the 40 nodes (index.js and 39 modules): the called module first, then the others by require order.
    expect(byFile.get('lib/m44.js')!.graphDistance).toBe(2);
    expect(byFile.get('index.js')!.graphDistance).toBe(1);
    expect(byFile.get('lib/m37.js')!.graphDistance).toBe(2);
    expect(byFile.has('lib/m38.js')).toBe(false);
    expect(r.status()).toBe('');
  });

  it('a test that already passes is the usual pre-flight error; --files with --localize-only is refused', async () => {
    const r = repo(ledgerPackage('fixed'));
    const passing = await runCli(BIN, ['--test-cmd', LEDGER_REPRO.throws, '--localize-only'], { cwd: r.dir, env: {} });
    expect(passing.exitCode).toBe(1);
    expect(passing.stderr).toContain('already passes');
    const both = await runCli(BIN, ['--test-cmd', LEDGER_REPRO.throws, '--localize-only', '--files', 'lib/amount.js'], { cwd: r.dir, env: {} });
    expect(both.exitCode).toBe(1);
    expect(both.stderr).toContain('--localize-only ranks the files to fix, so it takes no --files');
  });
});

describe('--localize-only: the unit the failing test calls', () => {
  it('a wrong value behind a helper of the test: the module whose function the test hands its input ranks above the busier router', async () => {
    const r = repo(routerPackage('buggy'));
    const doc = await localizeOnly(r, ['--test-cmd', 'node --test test/redirect.test.js', '--max-files', '10']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(ranked(doc)[0]).toBe('lib/response.js');
    // locationFor(target) calls res.location(target): the act; createApp(), app.get(...), app.handle(...) set up.
    // The passing test ('a plain path is kept') ran these functions too, run by itself: each call carries that Ochiai.
    expect(byFile.get('lib/response.js')!.testCalls).toEqual([
      { name: 'end', hops: 1, setup: true, ochiai: 0.707 },
      { name: 'location', hops: 1, ochiai: 0.707 },
      { name: 'status', hops: 1, setup: true, ochiai: 0.707 },
    ]);
    expect(byFile.get('lib/app.js')!.testCalls!.every((c) => c.setup)).toBe(true);
    // Coverage alone would have ranked the router first: it did most of the work.
    expect(byFile.get('lib/router.js')!.coveredLines!).toBeGreaterThan(byFile.get('lib/response.js')!.coveredLines!);
    expect(byFile.get('lib/router.js')!.testCalls).toBeUndefined();
    expect(r.status()).toBe('');
  });

  it('the module the test calls ran as in the passing test, the run diverged below it: the module below ranks first', async () => {
    const r = repo(enginePackage('buggy'));
    const doc = await localizeOnly(r, ['--test-cmd', 'node --test test/engine.test.js', '--max-files', '10']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(ranked(doc)[0]).toBe('lib/rewrite.js');
    // The test calls the engine, whose lines the passing test ran just as well: the calls carry that Ochiai.
    expect(byFile.get('lib/engine.js')!.testCalls).toEqual([
      { name: 'Engine', hops: 0, ochiai: 0.707 },
      { name: 'run', hops: 0, ochiai: 0.707 },
    ]);
    expect(byFile.get('lib/engine.js')!.exclusiveLines).toBe(0);
    // The caret's branch of the rewriter is the one place only the failing test went.
    expect(byFile.get('lib/rewrite.js')!.exclusiveLines).toBeGreaterThan(0);
    expect(byFile.get('lib/evaluate.js')!.exclusiveLines).toBe(0);
    expect(r.status()).toBe('');
  });
});

describe('--localize-only on a prototype pollution (the prototype-write probe)', () => {
  it('the store that wrote onto Object.prototype ranks above the busier settings module the test calls; a polyfill\'s method is no evidence', async () => {
    const fixed = repo(settingsPackage('fixed'));
    // The repro holds: the test passes once the store refuses the segment.
    execFileSync(process.execPath, ['--test', 'test/settings.test.js'], { cwd: fixed.dir, stdio: 'ignore' });

    const r = repo(settingsPackage('buggy'));
    const doc = await localizeOnly(r, ['--test-cmd', 'node --test test/settings.test.js', '--max-files', '10']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(ranked(doc)[0]).toBe('lib/store.js');
    expect(byFile.get('lib/store.js')!.prototypeWrites).toEqual([{ key: 'pollutedBySettings', line: 8, depth: 0 }]);
    expect(byFile.get('lib/settings.js')!.prototypeWrites).toEqual([{ key: 'pollutedBySettings', line: 26, depth: 1 }]);
    // Without the write, coverage and the test's calls point at the settings module.
    expect(byFile.get('lib/settings.js')!.exclusiveLines).toBeGreaterThan(0);
    expect(byFile.get('lib/settings.js')!.testCalls?.map((c) => c.name)).toContain('set');
    // lib/polyfill.js assigns a method onto Object.prototype in every test's run: not the failure's.
    expect(byFile.get('lib/polyfill.js')?.prototypeWrites).toBeUndefined();
    expect(r.status()).toBe('');

    // The models are told where the write was: the test's output cannot say.
    const shown = await runCli(BIN, ['--prompt-only', '--test-cmd', 'node --test test/settings.test.js', '--max-files', '2'], { cwd: r.dir, env: {} });
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('A value was written onto Object.prototype under the name "pollutedBySettings" at lib/store.js:8 (called from lib/settings.js:26).');
  });
});

describe('--localize-only on a prototype pollution under Jest and Vitest', () => {
  it('Jest: the trap runs in the vm context of each test file, and the write is placed by Jest\'s source maps', async () => {
    const r = withRunner(settingsPackage('buggy', 'jest'), 'jest', new URL('../../tdd-kernel/package.json', import.meta.url).href);
    const doc = await localizeOnly(r, ['--test-cmd', 'node node_modules/jest/bin/jest.js', '--max-files', '10']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(ranked(doc)[0]).toBe('lib/store.js');
    expect(byFile.get('lib/store.js')!.prototypeWrites).toEqual([{ key: 'pollutedBySettings', line: 8, depth: 0 }]);
    expect(byFile.get('lib/polyfill.js')?.prototypeWrites).toBeUndefined();
    expect(r.status()).toBe('');
  });


  it('Vitest: the trap runs in its workers, and the write is placed in the TypeScript source', async () => {
    const r = withRunner(settingsPackageVitest(), 'vitest');
    const doc = await localizeOnly(r, ['--test-cmd', 'npx vitest run', '--max-files', '10']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(ranked(doc)[0]).toBe('src/store.ts');
    expect(byFile.get('src/store.ts')!.prototypeWrites).toEqual([{ key: 'pollutedBySettings', line: 8, depth: 0 }]);
    expect(byFile.get('src/settings.ts')!.prototypeWrites).toEqual([{ key: 'pollutedBySettings', line: 14, depth: 1 }]);
    expect(r.status()).toBe('');
  });
});

const pytestAvailable = (() => {
  try {
    execFileSync('python3', ['-m', 'pytest', '--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!pytestAvailable)('--localize-only on a Python package (pytest)', () => {
  it('the raising function three calls below the test ranks first; tests never appear', async () => {
    const r = repo(calcPackage());
    const doc = await localizeOnly(r, ['--test-cmd', 'python3 -m pytest -q -p no:cacheprovider tests/test_calc.py', '--max-files', '10']);
    const files = ranked(doc);
    expect(files[0]).toBe('calc/util.py');
    expect(doc.localization.files[0]!.evidence.frames![0]).toEqual({ line: 4, depth: 0 });
    expect(files).toContain('calc/parse.py');
    expect(files.filter((f) => f.startsWith('tests/'))).toEqual([]);
    expect(r.status()).toBe('');
  });
});

/** An interpreter that has both pytest and coverage.py, if this machine has one. */
const coveragePython = ['python3', '/usr/bin/python3'].find((python) => {
  try {
    execFileSync(python, ['-c', 'import coverage, pytest'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

describe.skipIf(coveragePython === undefined)('--localize-only with coverage.py', () => {
  it('a wrong value that raises nothing: pytest runs under coverage, the called functions are counted, no data is left in the tree', async () => {
    const r = repo(calcPackage('wrong-value'));
    const doc = await localizeOnly(r, ['--test-cmd', `${coveragePython} -m pytest -q -p no:cacheprovider tests/test_calc.py`, '--max-files', '10']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(byFile.get('calc/util.py')).toMatchObject({ coveredLines: 3, functions: [{ name: 'to_number', line: 1 }] });
    expect(byFile.get('calc/ops.py')?.coveredLines).toBe(2);
    expect(ranked(doc).slice(0, 3)).toContain('calc/util.py');
    // Never imported, never run: nothing points at it.
    expect(byFile.has('calc/format.py')).toBe(false);
    expect(ranked(doc).filter((f) => f.startsWith('tests/'))).toEqual([]);
    expect(r.status()).toBe('');
  });

  it('the passing tests run again by themselves (the failing one deselected): the line only the failing test ran is counted', async () => {
    const r = repo(calcPackage('wrong-value', { withPassingTest: true }));
    const doc = await localizeOnly(r, ['--test-cmd', `${coveragePython} -m pytest -q -p no:cacheprovider tests/test_calc.py`, '--max-files', '10']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    // `return 0`, for a number of two digits: only the failing test gives one. The passing test adds
    // one-digit numbers through the same functions, so nothing else is the failing test's own.
    expect(byFile.get('calc/util.py')!.exclusiveLines).toBe(1);
    for (const file of ['calc/engine.py', 'calc/parse.py', 'calc/ops.py']) expect(byFile.get(file)!.exclusiveLines, file).toBe(0);
    // Against the function the test calls (engine's evaluate, which ran as in the passing test), a near tie.
    expect(ranked(doc).slice(0, 2)).toContain('calc/util.py');
    expect(r.status()).toBe('');
  });
});

/** A package in a repository, its test runner linked in from the workspace as its dependency. */
function withRunner(files: FileTree, runner: 'vitest' | 'jest' | 'mocha' | 'tsx' | 'ts-node', from = import.meta.url): TempRepo {
  const r = repo(files);
  mkdirSync(join(r.dir, 'node_modules'));
  const dir = dirname(createRequire(from).resolve(`${runner}/package.json`));
  symlinkSync(dir, join(r.dir, 'node_modules', runner));
  // Its command, for the package's scripts.
  const declared = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { bin: string | Record<string, string> }).bin;
  const bin = typeof declared === 'string' ? declared : declared[runner]!;
  mkdirSync(join(r.dir, 'node_modules', '.bin'));
  symlinkSync(join('..', runner, bin), join(r.dir, 'node_modules', '.bin', runner));
  return r;
}

describe('--localize-only under Vitest, Jest and Mocha', () => {
  it('coverage of the compiled files is laid onto the sources, the workers\' coverage is kept, and the tests but the failing one are the passing side', async () => {
    const r = withRunner(couponPackage(), 'vitest');
    const doc = await localizeOnly(r, ['--test-cmd', 'node node_modules/vitest/vitest.mjs run', '--max-files', '10']);
    // The module below the one the test calls, among the three files the models would be given, with
    // the lines only the failing test ran, at the function that holds the bug (no frame points there).
    const rules = doc.localization.files.find((f) => f.file === 'src/rules.ts')!;
    expect(ranked(doc).slice(0, 3)).toContain('src/rules.ts');
    expect(rules.evidence.frames).toBeUndefined();
    expect(rules.evidence.exclusiveLines).toBe(2); // the PCT branch's two lines
    expect(rules.evidence.functions![0]).toMatchObject({ name: 'couponRate', line: 11 });
    const cart = doc.localization.files.find((f) => f.file === 'src/cart.ts')!;
    expect(cart.evidence.functions!.map((f) => f.name)).toContain('applyCoupon');
    expect(ranked(doc).filter((f) => f.startsWith('test/'))).toEqual([]);
    expect(r.status()).toBe('');
    // Vitest colours its report even into a pipe: the models read it without the codes.
    const prompt = await runCli(BIN, ['--prompt-only', '--test-cmd', 'node node_modules/vitest/vitest.mjs run'], { cwd: r.dir, env: {} });
    expect(prompt.exitCode, prompt.stderr).toBe(0);
    expect(prompt.stdout).toContain('FAIL  test/cart.test.ts > cart > takes 20 percent off with PCT20');
    expect(prompt.stdout).not.toContain('\u001b');
  });

  it('given as `npm test`: the passing side goes through the script (`npm test -- --testNamePattern=…`)', async () => {
    const r = withRunner(couponPackage(), 'vitest');
    const doc = await localizeOnly(r, ['--test-cmd', 'npm test', '--max-files', '10']);
    const rules = doc.localization.files.find((f) => f.file === 'src/rules.ts')!;
    expect(rules.evidence.exclusiveLines).toBe(2);
    expect(ranked(doc).slice(0, 3)).toContain('src/rules.ts');
    expect(r.status()).toBe('');
  });

  it('a full run on it: the models fix the localized TypeScript module, the gates run Vitest, --apply writes the fix', async () => {
    const r = withRunner(couponPackage(), 'vitest');
    const fixed = String(couponPackage()['src/rules.ts']).replace('return percent / 10;', 'return percent / 100;');
    // The ranking may have no clear winner here: then a cheap model is first asked to pick among the top files.
    const picks = JSON.stringify({ files: [{ file: 'src/rules.ts', reason: 'the rate is computed there' }] });
    suite.server.handle((q) => (q.prompt.includes('Which of these files should the fix change?') ? picks : answer(['src/rules.ts', fixed])), 'anthropic');
    const res = await runCli(BIN, ['--test-cmd', 'node node_modules/vitest/vitest.mjs run', '--n', '3', '--apply', '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.winner!.changes.map((c) => c.file)).toEqual(['src/rules.ts']);
    expect(doc.postApply).toMatchObject({ testExitCode: 0, passed: true });
    expect(r.status()).toBe(' M src/rules.ts\n');
  });

  it.each([
    // Jest is tdd-kernel's dependency in this workspace; babel-jest rewrites every file.
    { runner: 'jest' as const, command: 'node node_modules/jest/bin/jest.js', from: new URL('../../tdd-kernel/package.json', import.meta.url).href },
    // Mocha runs the files as they are.
    { runner: 'mocha' as const, command: 'node node_modules/mocha/bin/mocha.js', from: import.meta.url },
  ])('$runner: the functions that ran are where they are in the files, and every test but the failing one is the passing side', async ({ runner, command, from }) => {
    const r = withRunner(couponPackageCommonJs(runner), runner, from);
    const doc = await localizeOnly(r, ['--test-cmd', command, '--max-files', '10']);
    const rules = doc.localization.files.find((f) => f.file === 'src/rules.js')!;
    expect(rules.evidence.exclusiveLines).toBe(2); // the PCT branch's two lines
    expect(rules.evidence.functions![0]).toMatchObject({ name: 'couponRate', line: 6 });
    const cart = doc.localization.files.find((f) => f.file === 'src/cart.js')!;
    expect(cart.evidence.functions!.map((f) => [f.name, f.line])).toContainEqual(['add', 8]);
    expect(ranked(doc).slice(0, 2).sort()).toEqual(['src/cart.js', 'src/rules.js']);
    expect(r.status()).toBe('');
  });
});

describe('--localize-only on TypeScript run by node --test through a loader', () => {
  it.each([
    { loader: 'tsx' as const, command: 'node --import tsx --test test/cart.test.ts' },
    // ts-node without type checking (the fixture has no @types/node), as it is mostly run in tests.
    { loader: 'ts-node' as const, command: 'node -r ts-node/register/transpile-only --test test/cart.test.ts' },
  ])("$loader: the loader's compiled files are laid onto the sources, and node --test's passing tests run by themselves", async ({ loader, command }) => {
    const r = withRunner(couponPackageTsx(loader), loader);
    if (loader === 'ts-node') symlinkSync(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), join(r.dir, 'node_modules', 'typescript'));
    const doc = await localizeOnly(r, ['--test-cmd', command, '--max-files', '10']);
    const rules = doc.localization.files.find((f) => f.file === 'src/rules.ts')!;
    expect(rules.evidence.exclusiveLines).toBe(2);
    expect(rules.evidence.functions![0]).toMatchObject({ name: 'couponRate', line: 11 });
    expect(doc.localization.files.find((f) => f.file === 'src/cart.ts')!.evidence.functions!.map((f) => [f.name, f.line])).toContainEqual(['applyCoupon', 15]);
    expect(ranked(doc).slice(0, 3)).toContain('src/rules.ts');
    expect(r.status()).toBe('');
  });
});

describe("--localize-only on a TypeScript package whose tests run tsc's output", () => {
  it('the compiled files are generated (never candidates); their coverage is laid onto the sources through the source maps', async () => {
    const r = repo(compiledCouponPackage());
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const doc = await localizeOnly(r, ['--test-cmd', `node ${tsc} -p tsconfig.json && node --test test/`, '--max-files', '10']);
    expect(ranked(doc).filter((f) => f.startsWith('dist/'))).toEqual([]);
    const rules = doc.localization.files.find((f) => f.file === 'src/rules.ts')!;
    expect(rules.evidence.exclusiveLines).toBe(2); // the PCT branch's two lines
    expect(rules.evidence.functions![0]).toMatchObject({ name: 'couponRate', line: 11 });
    expect(doc.localization.files.find((f) => f.file === 'src/cart.ts')!.evidence.functions!.map((f) => [f.name, f.line])).toContainEqual(['applyCoupon', 15]);
    expect(ranked(doc).slice(0, 3)).toContain('src/rules.ts');
    expect(r.status()).toBe('');
  });

  it("a throw in the compiled code: Node's frame in dist/ is placed in the source, which ranks first", async () => {
    const r = repo(compiledCouponPackage({ throws: true }));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const doc = await localizeOnly(r, ['--test-cmd', `node ${tsc} -p tsconfig.json && node --test test/`, '--max-files', '10']);
    const [top] = doc.localization.files;
    expect(top!.file).toBe('src/rules.ts');
    const throwLine = String(compiledCouponPackage({ throws: true })['src/rules.ts']).split('\n').findIndex((l) => l.includes('throw new RangeError')) + 1;
    expect(top!.evidence.frames![0]).toEqual({ line: throwLine, depth: 0 });
    // The caller's frame is placed too, one further from the failure.
    expect(doc.localization.files.find((f) => f.file === 'src/cart.ts')!.evidence.frames![0]!.depth).toBe(1);
  });
});

describe('--localize-only on a test that runs the CLI', () => {
  it('the file the test started a process with counts as a call of the test; the library it calls does not outrank it', async () => {
    const r = repo(greetCliPackage('buggy'));
    const doc = await localizeOnly(r, ['--test-cmd', 'node --test test/cli.test.js', '--max-files', '5']);
    const byFile = new Map(doc.localization.files.map((f) => [f.file, f.evidence] as const));
    expect(ranked(doc)[0]).toBe('bin/greet.js');
    expect(byFile.get('bin/greet.js')!.program).toBeDefined();
    // The modules it requires ran in that process too, but are no programs of their own.
    expect(byFile.get('lib/words.js')!.program).toBeUndefined();
    expect(byFile.get('lib/greeting.js')!.program).toBeUndefined();
    expect(r.status()).toBe('');
  });
});

describe('--prompt-only without --files: what a replace prompt shows of a long localized file', () => {
  it('every function the failing run called, within the budget: the three-line helper past the evidence\'s three', async () => {
    const r = repo(unitsPackage('buggy'));
    const doc = await localizeOnly(r, ['--test-cmd', 'node --test test/convert.test.js']);
    const top = doc.localization.files[0]!;
    expect(top.file).toBe('lib/convert.js');
    // roundTo is not among the functions the evidence names.
    expect(top.evidence.functions!.map((f) => f.name)).not.toContain('roundTo');
    const res = await runCli(BIN, ['--prompt-only', '--json', '--test-cmd', 'node --test test/convert.test.js'], { cwd: r.dir, env: {} });
    expect(res.exitCode, res.stderr).toBe(0);
    const prompt = (JSON.parse(res.stdout) as { prompts: Array<{ prompt: string }> }).prompts[0]!.prompt;
    expect(prompt).toMatch(/=== FILE: lib\/convert\.js \(\d+ lines; showing [\d, -]+\) ===/);
    expect(prompt).toMatch(/\d+ \|   return Math\.floor\(value \* scale\) \/ scale;/);
    // Still slices: the functions the test never called, far from any called one, are left out.
    expect(prompt).not.toContain('describe20(x)');
    expect(r.status()).toBe('');
  });
});

describe('a full run without --files', () => {
  it('localizes, fixes the localized file, and carries the ranking in --json and --log-dir', async () => {
    const r = repo(ledgerPackage('throws'));
    const fixed = String(ledgerPackage('fixed')['lib/amount.js']);
    suite.server.enqueue('anthropic', answer(['lib/amount.js', fixed]), answer(['lib/amount.js', fixed]), answer(['lib/amount.js', fixed]));
    const logDir = join(suite.scratch, 'full-run-log');
    const res = await runCli(BIN, ['--test-cmd', LEDGER_REPRO.throws, '--rails', 'node --test', '--apply', '--json', '--log-dir', logDir], {
      cwd: r.dir,
      env: suite.server.env(),
    });
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.localization!.files.map((f) => f.file)[0]).toBe('lib/amount.js');
    expect(doc.winner!.changes.map((c) => c.file)).toEqual(['lib/amount.js']);
    expect(doc.postApply).toEqual({ testExitCode: 0, railsExitCode: 0, passed: true });
    // The rails localization ran on the untouched tree are the baseline: red, since they hold the repro.
    expect(doc.baseline.railsExitCode).toBe(1);
    expect(suite.server.requests[0]!.prompt).toContain('=== FILE: lib/amount.js ===');
    expect(res.stderr).toMatch(/localization \(\d+ ms beyond the test runs\): the fix may change 3 files\n {2}1\. lib\/amount\.js/);
    const events = readFileSync(join(logDir, 'events.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event: string });
    expect(events.map((e) => e.event)).toContain('localization');
    expect(JSON.parse(readFileSync(join(logDir, 'localization.json'), 'utf8'))).toEqual(doc.localization);
    expect(r.status()).toBe(' M lib/amount.js\n');
  });
});
