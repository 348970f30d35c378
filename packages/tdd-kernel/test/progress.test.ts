// The commands that run the tests (run, flush, refactor) say so on stderr where there is no terminal (a
// CI log, an agent's shell): one plain line as the run starts, no ANSI codes; --quiet turns it off; stdout
// under --json stays one document; a hook, whose stderr the agent reads, prints none.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { FlushOutputSchema, RefactorOutputSchema, RunOutputSchema } from '../src/index.js';
import { kernel, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const TEST = "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { double } from '../src/double.js';\n\ntest('doubles', () => { assert.equal(double(2), 4); });\n";

function project() {
  return makeProject('none', {
    'package.json': `${JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } })}\n`,
    'test/double.test.js': TEST,
    'src/double.js': 'export const double = (x) => x + 2;\n',
  });
}

const lines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('tdd-kernel: running'));

describe('progress of the commands that run the tests', () => {
  it('run, flush and refactor print one plain line as the tests start; --quiet prints none; --json stdout is one document', async () => {
    repo = project();
    const all = await kernel(repo, ['run', '--json']);
    expect(all.exitCode).toBe(0);
    expect(RunOutputSchema.parse(JSON.parse(all.stdout)).green).toBe(true);
    expect(lines(all.stderr)).toEqual(['tdd-kernel: running every test (node: node --test)']);
    expect(all.stderr).not.toContain('\u001b');

    const quiet = await kernel(repo, ['run', '--json', '--quiet']);
    expect(quiet.exitCode).toBe(0);
    expect(RunOutputSchema.parse(JSON.parse(quiet.stdout)).green).toBe(true);
    expect(quiet.stderr).toBe('');

    const refactor = await kernel(repo, ['refactor', 'on', '--json']);
    expect(refactor.exitCode, refactor.stderr).toBe(0);
    RefactorOutputSchema.parse(JSON.parse(refactor.stdout));
    expect(lines(refactor.stderr)).toEqual(['tdd-kernel: running every test (node: node --test)']);
    expect((await kernel(repo, ['refactor', 'off', '--quiet'])).stderr).toBe('');

    // A red test, claimed and fixed: the flush runs the one buffered test.
    writeFileSync(path.join(repo.dir, 'test/double.test.js'), TEST.replace('double(2), 4', 'double(3), 6'));
    expect((await kernel(repo, ['run', 'test/double.test.js::doubles', '--quiet'])).exitCode).toBe(2);
    expect((await kernel(repo, ['claim', 'test/double.test.js::doubles', 'src/double.js'])).exitCode).toBe(0);
    const check = await kernel(repo, ['check', 'src/double.js']);
    expect(check.exitCode).toBe(0);
    expect(check.stderr).toBe('');
    writeFileSync(path.join(repo.dir, 'src/double.js'), 'export const double = (x) => x * 2;\n');
    const flush = await kernel(repo, ['flush', '--json']);
    expect(flush.exitCode, flush.stderr).toBe(0);
    expect(FlushOutputSchema.parse(JSON.parse(flush.stdout)).kept).toEqual(['src/double.js']);
    expect(lines(flush.stderr)).toEqual(['tdd-kernel: running 1 test (node: node --test)']);
  });
});
