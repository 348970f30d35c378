// Node's own test runner on real `node --test` projects: ids with the file and the parents, one test
// selected by file and an anchored name pattern, the batched flush in one call, doctor's detection and count.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { DoctorOutputSchema, FlushOutputSchema, RunOutputSchema } from '../src/index.js';
import { nodeNamePattern, splitNodeTestScript } from '../src/runners/node-test.js';
import { gitStatus, kernel, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const NESTED = `import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { total } from '../src/total.js';

describe('total', () => {
  it('adds', () => { assert.equal(total([1, 2]), 3); });
  describe('empty', () => {
    it('adds', () => { assert.equal(total([]), 0); });
  });
});

test('cart', async (t) => {
  await t.test('adds', () => { assert.equal(total([2, 2]), 4); });
  // @test-id: cart-tax
  await t.test('with "tax" & fees', () => { assert.equal(total([10], 0.2), 12); });
});
`;
const TOTAL = 'export const total = (xs, tax = 0) => xs.reduce((a, b) => a + b, 0);\n';

function nodeProject(files: Record<string, string>, script = 'node --test') {
  return makeProject('none', { 'package.json': `${JSON.stringify({ name: 'p', type: 'module', scripts: { test: script } })}\n`, ...files });
}

function outcomes(stdout: string) {
  const run = RunOutputSchema.parse(JSON.parse(stdout));
  return Object.fromEntries(run.results.map((r) => [r.test_id, `${r.status}/${r.failure_kind ?? ''}`]));
}

describe('node --test runner', () => {
  it('a full run gives <file>::<parents> <name> ids; same names under different parents differ; annotations as for Vitest', async () => {
    repo = nodeProject({ 'test/total.test.js': NESTED, 'src/total.js': TOTAL });
    const out = await kernel(repo, ['run', '--json']);
    expect(out.exitCode).toBe(2);
    expect(outcomes(out.stdout)).toEqual({
      'test/total.test.js::total adds': 'pass/',
      'test/total.test.js::total empty adds': 'pass/',
      'test/total.test.js::cart adds': 'pass/',
      'cart-tax': 'fail/assertion',
    });
    expect(RunOutputSchema.parse(JSON.parse(out.stdout)).invocations).toBe(1);
    const doctor = DoctorOutputSchema.parse(JSON.parse((await kernel(repo, ['doctor', '--json'])).stdout));
    // As node counts them: tests and subtests (the parent `cart` too), not the describe blocks.
    expect(doctor).toMatchObject({ runner: 'node', test_files: 1, tests_found: 5 });
  });

  it('one test by file and anchored pattern; the red cycle through claim, check and one batched flush', async () => {
    repo = nodeProject({ 'test/total.test.js': NESTED, 'src/total.js': TOTAL });
    const before = gitStatus(repo);
    const one = await kernel(repo, ['run', 'test/total.test.js::total empty adds', '--json']);
    expect(one.exitCode).toBe(0);
    const run = RunOutputSchema.parse(JSON.parse(one.stdout));
    expect(run.command).toContain('--test-name-pattern=^(?:total empty adds|');
    expect(run.command).toContain('test/total.test.js');
    expect(outcomes(one.stdout)).toEqual({ 'test/total.test.js::total empty adds': 'pass/' });

    expect((await kernel(repo, ['run', 'cart-tax', 'test/total.test.js::cart adds'])).exitCode).toBe(2);
    expect((await kernel(repo, ['claim', 'cart-tax', 'src/total.js'])).exitCode).toBe(0);
    expect((await kernel(repo, ['check', 'src/total.js'])).exitCode).toBe(0);
    writeFileSync(path.join(repo.dir, 'src/total.js'), 'export const total = (xs, tax = 0) => xs.reduce((a, b) => a + b, 0) * (1 + tax);\n');
    const flush = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout));
    expect(flush.kept).toEqual(['src/total.js']);
    expect(flush.invocations).toBe(1);
    expect(flush.command).toMatch(/^node --test /);
    // Only the edited file changed in the tree: no reporter or report file was left in the project.
    const changed = gitStatus(repo).split('\n').filter((l) => l !== '' && !l.includes('.tdd-kernel/'));
    expect(changed).toEqual([...before.split('\n').filter((l) => l !== ''), ' M src/total.js']);
  });

  it('a test file that does not load is a file error; a project whose tests import node:test is detected without a script', async () => {
    repo = makeProject('none', {
      'test/ok.test.mjs': "import { test } from 'node:test';\ntest('fine', () => {});\n",
      'test/broken.test.mjs': "import { test } from 'node:test';\nimport { nothing } from '../src/none.mjs';\ntest('never', () => {});\n",
      'src/none.mjs': 'export const something = 1;\n',
    });
    const out = await kernel(repo, ['run', '--json']);
    expect(out.exitCode).toBe(2);
    const run = RunOutputSchema.parse(JSON.parse(out.stdout));
    expect(run.command).toMatch(/^node --test /);
    expect(outcomes(out.stdout)).toEqual({ 'test/ok.test.mjs::fine': 'pass/' });
    expect(run.file_errors['test/broken.test.mjs']).toContain("does not provide an export named 'nothing'");
  });
});

describe('node --test pieces', () => {
  it.each([
    ['node --test', { base: 'node --test', files: [] }],
    ['node --import tsx --test test/ --test-reporter spec', { base: 'node --import tsx --test', files: ['test/'] }],
    ['npm run build && node --test --test-concurrency 1 "test/**/*.test.js"', { base: 'node --test --test-concurrency 1', files: ['test/**/*.test.js'] }],
    ['vitest run', null],
  ])('splits the test script %j', (script, expected) => {
    expect(splitNodeTestScript(script)).toEqual(expected);
  });

  it('the name pattern matches the full name (Node 22+) and each title (Node 20), anchored and escaped', () => {
    const pattern = nodeNamePattern([{ name: 'cart with (tax)', titles: ['cart', 'with (tax)'] }]);
    expect(pattern).toBe('^(?:cart with \\(tax\\)|cart|with \\(tax\\))$');
    const re = new RegExp(pattern);
    expect(['cart with (tax)', 'cart', 'with (tax)'].every((n) => re.test(n))).toBe(true);
    expect(re.test('cart with (tax) too')).toBe(false);
  });
});
