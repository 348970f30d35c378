// The pre-flight's rule on real outputs: each fixture under runner-outputs/ is what a real runner
// printed (runner-outputs/generate.mjs ran it in a temp dir, whose path reads /repo here).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classifyTestRun } from '../src/report/test-run.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runner-outputs');
const cases = JSON.parse(readFileSync(path.join(dir, 'cases.json'), 'utf8')) as Record<string, { cmd: string; exitCode: number; kind: string }>;
const classify = (name: string) => classifyTestRun({ exitCode: cases[name]!.exitCode, output: readFileSync(path.join(dir, `${name}.txt`), 'utf8') }, '/repo');

describe('a failing run that ran tests: the failing tests, by their full names', () => {
  it.each([
    ['node-tap-nested', ['slugify > accents > drops accents', 'slugify > words > keeps digits']],
    ['node-spec-nested', ['slugify > accents > drops accents', 'slugify > words > keeps digits']],
    ['node-junit-nested', ['slugify > accents > drops accents', 'slugify > words > keeps digits']],
    ['node-import-throws', ['test/slug.test.mjs']],
    ['vitest-fail', ['test/slug.test.ts > slugify > accents > drops accents']],
    ['vitest-import-throws', ['test/slug.test.ts']],
    ['jest-fail', ['slugify > accents > drops accents']],
    ['jest-import-throws', ['test/slug.test.js']],
    ['mocha-fail', ['slugify > accents > drops accents']],
    ['mocha-unknown-option', ['slugify > accents > drops accents']],
    ['pytest-fail', ['test_slug.py::TestAccents::test_drops_accents']],
    ['pytest-import-throws', ['test_slug.py']],
    // No report to read: a script that exits 1, one whose import throws, Mocha's exception while loading the tests.
    ['node-script-fails', []],
    ['node-script-throws', []],
    ['mocha-import-throws', []],
  ])('%s', (name, failingTests) => {
    expect(cases[name]!.kind).toBe('tests-failed');
    expect(classify(name)).toEqual({ kind: 'tests-failed', failingTests });
  });
});

describe('a failing run that ran no test: the line that says why', () => {
  it.each([
    ['node-bad-option', 'node: bad option: --tset', /options/],
    ['node-missing-file', "Could not find '/repo/test/nope.test.mjs'", /paths/],
    ['vitest-bad-option', 'CACError: Unknown option `--tset`', /options/],
    ['vitest-no-tests', 'No test files found, exiting with code 1', /paths/],
    ['jest-bad-option', 'Unrecognized option "tset".', /options/],
    ['jest-no-tests', 'No tests found, exiting with code 1', /paths/],
    ['mocha-no-files', 'Error: No test files found: "test/nope.test.mjs"', /paths/],
    ['pytest-bad-option', '__main__.py: error: unrecognized arguments: --tset', /options/],
    ['pytest-no-tests', 'collected 2 items / 2 deselected / 0 selected', /selection/],
    ['pytest-missing-file', 'ERROR: file or directory not found: test_nope.py', /paths/],
    ['sh-not-found', 'sh: 1: nosuch-test-runner: not found', /installed/],
    ['sh-not-executable', 'sh: 1: ./test/run.sh: Permission denied', /chmod/],
    ['npm-missing-script', 'npm error Missing script: "tset"', /script name/],
  ])('%s', (name, reason, hint) => {
    expect(cases[name]!.kind).toBe('no-test');
    const run = classify(name);
    expect(run).toMatchObject({ kind: 'no-test', reason });
    expect(run.kind === 'no-test' && run.hint).toMatch(hint);
  });

  it('every fixture is in one of the tables', () => {
    expect(Object.keys(cases)).toHaveLength(28);
  });
});

describe('the rules without a fixture', () => {
  it.each([
    ['a runner crash outside the repository', 1, 'TypeError: config.plugins is not iterable\n    at load (/usr/lib/node_modules/runner/index.js:3:9)\n', 'no-test'],
    ['the same crash in the repository code', 1, 'TypeError: x is not iterable\n    at load (/repo/src/a.js:3:9)\n', 'tests-failed'],
    ['no output at all', 1, '', 'tests-failed'],
    ['TAP that ran nothing', 1, 'TAP version 13\n1..0\n# tests 0\n# pass 0\n', 'no-test'],
  ])('%s', (_, exitCode, output, kind) => {
    expect(classifyTestRun({ exitCode, output }, '/repo').kind).toBe(kind);
  });
});
