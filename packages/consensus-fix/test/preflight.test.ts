// The pre-flight proves a test failed: a command that ran no test stops the run before any model call
// (exit 1, one line saying why and how to fix it); a failing test run names its failing tests in the
// text report and in --json's `preflight.failingTests`. Built CLI, real git repositories, the real SDK
// client against the loopback fake provider server (which records every request).

import { describe, expect, it } from 'vitest';
import { runCli, type TempRepo } from '@adlc/testkit';
import { ErrorOutputSchema } from '@adlc/core';
import { BIN, FIX, fix, parseOutput, useSuite } from './support.js';

const suite = useSuite('preflight');
const run = (r: TempRepo, args: string[]) => runCli(BIN, args, { cwd: r.dir, env: { ...suite.server.env(), ADLC_RETRY_BASE_MS: '1' } });

/** A node:test file with nested suites over the repository's buggy add(). */
const NODE_TEST = `import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { add, mul } from '../src/calc.mjs';

describe('calc', () => {
  describe('add', () => {
    test('adds two numbers', () => {
      assert.equal(add(2, 3), 5);
    });
  });
  test('multiplies', () => {
    assert.equal(mul(2, 3), 6);
  });
});
`;

describe('a test command that runs no test: exit 1 before any model call', () => {
  it.each([
    ['a runner option misspelt (node exits 9)', 'node --tset test/calc.test.mjs', 'the test command did not run any test: node: bad option: --tset', 'options'],
    ['a program that does not exist (exit 127)', 'no-such-test-runner test/calc.test.mjs', 'the test command did not run any test: ', 'installed'],
    ['a test file that does not exist', 'node --test test/nope.test.mjs', "the test command did not run any test: Could not find '", 'paths'],
  ])('%s', async (_, testCmd, message, hint) => {
    const r = suite.repo({ 'test/calc.test.mjs': NODE_TEST });
    const res = await run(r, ['--test-cmd', testCmd, '--files', 'src/calc.mjs', '--json']);
    expect(res.exitCode, res.stderr).toBe(1);
    const { error } = ErrorOutputSchema.parse(JSON.parse(res.stdout));
    expect(error.message).toContain(message);
    expect(error.hint).toContain(hint);
    expect(suite.server.requests).toHaveLength(0);
    expect(r.status()).toBe('');
  });

  it('the same without --files: localization never starts ranking, and no model is asked', async () => {
    const r = suite.repo({ 'test/calc.test.mjs': NODE_TEST });
    const res = await run(r, ['--test-cmd', 'node --tset test/calc.test.mjs']);
    expect(res.exitCode, res.stderr).toBe(1);
    expect(res.stderr).toContain('the test command did not run any test: node: bad option: --tset');
    expect(suite.server.requests).toHaveLength(0);
    expect(r.status()).toBe('');
  });
});

describe('a failing test: its name in the report and in --json', () => {
  it('node:test: the failing test by its full name, the passing ones not', async () => {
    const r = suite.repo({ 'test/calc.test.mjs': NODE_TEST });
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const args = ['--test-cmd', 'node --test test/calc.test.mjs', '--files', 'src/calc.mjs'];
    const res = await run(r, [...args, '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(parseOutput(res.stdout).preflight).toEqual({ failingTests: ['calc > add > adds two numbers'] });

    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const text = await run(r, args);
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/pre-flight {6}`node --test test\/calc\.test\.mjs` fails \(exit 1\), 1 failing test:\n {20}calc > add > adds two numbers\n/);
  });

  it('a plain script that exits 1 is a failing test too, with no names to read', async () => {
    const r = suite.repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const res = await run(r, ['--test-cmd', 'node test/add-repro.mjs', '--files', 'src/calc.mjs', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(parseOutput(res.stdout).preflight).toEqual({ failingTests: [] });
  });
});
