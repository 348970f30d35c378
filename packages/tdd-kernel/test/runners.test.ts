// Jest and pytest adapters on real runs: reds, greens, collection errors, not-found, batches.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { ClaimOutputSchema, FlushOutputSchema, RunOutputSchema } from '../src/index.js';
import { gitStatus, hasPytest, kernel, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

describe('jest adapter', () => {
  it('one batched run with an anchored pattern; assertion red, error and not_found told apart', async () => {
    repo = makeProject('jest', {
      'src/sum.js': 'module.exports = (a, b) => a - b;\n',
      'src/sum.test.js': `const sum = require('./sum');
describe('sum (ints)', () => {
  test('adds [1+1]', () => { expect(sum(1, 1)).toBe(2); });
  test('adds [1+1] twice', () => { expect(sum(1, 1)).toBe(2); });
  test('zero', () => { expect(sum(0, 0)).toBe(0); });
});
`,
      // A syntax error: a test file that does not load for another cause than something missing (missing-red.test.ts).
      'src/broken.test.js': "const x = ;\ntest('b', () => {});\n",
    });
    const ids = ['src/sum.test.js::sum (ints) adds [1+1]', 'src/sum.test.js::sum (ints) zero', 'src/broken.test.js::b', 'src/sum.test.js::sum (ints) nope'];
    // An id no test has is a mistake in the request: exit 1, never a red.
    const unknown = await kernel(repo, ['run', ...ids]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('no test with id src/sum.test.js::sum (ints) nope; nearest: src/sum.test.js::sum (ints) zero');
    const out = await kernel(repo, ['run', ...ids.slice(0, 3), '--json']);
    expect(out.exitCode).toBe(2);
    const run = RunOutputSchema.parse(JSON.parse(out.stdout));
    expect(run.invocations).toBe(1);
    expect(run.command).toContain('--testNamePattern=');
    expect(Object.fromEntries(run.results.map((r) => [r.test_id, `${r.status}/${r.failure_kind ?? ''}`]))).toEqual({
      'src/sum.test.js::sum (ints) adds [1+1]': 'fail/assertion',
      'src/sum.test.js::sum (ints) zero': 'pass/',
      'src/broken.test.js::b': 'fail/error',
    });

    // The cycle works on Jest too.
    expect((await kernel(repo, ['claim', ids[0]!, 'src/sum.js'])).exitCode).toBe(0);
    expect((await kernel(repo, ['check', 'src/sum.js'])).exitCode).toBe(0);
    writeFileSync(path.join(repo.dir, 'src/sum.js'), 'module.exports = (a, b) => a + b;\n');
    const flush = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout));
    expect(flush.kept).toEqual(['src/sum.js']);
    expect(flush.invocations).toBe(1);
  });
});

describe('secrets in what a test run reports', () => {
  it('a key the agent runs with, printed or asserted on by a test, reaches neither the output nor the state and log', async () => {
    const token = 'tok-4f9a1c2e7b3d5a60-leak';
    repo = makeProject('jest', {
      'src/deploy.js': 'module.exports = () => process.env.DEPLOY_TOKEN;\n',
      'src/deploy.test.js': `const deploy = require('./deploy');
test('no token is used', () => {
  console.log('env DEPLOY_TOKEN=' + process.env.DEPLOY_TOKEN);
  expect(deploy()).toBe('none');
});
`,
    });
    const id = 'src/deploy.test.js::no token is used';
    const out = await kernel(repo, ['run', id, '--json'], undefined, { DEPLOY_TOKEN: token });
    expect(out.exitCode).toBe(2);
    const run = RunOutputSchema.parse(JSON.parse(out.stdout));
    expect(run.results[0]).toMatchObject({ test_id: id, status: 'fail', failure_kind: 'assertion' });
    expect(run.results[0]!.message).toContain('[REDACTED'); // Jest's message had the value in it
    expect(out.stdout + out.stderr).not.toContain(token);
    // The claim and check that follow write the state and the log: none of it holds the token either.
    await kernel(repo, ['claim', id, 'src/deploy.js'], undefined, { DEPLOY_TOKEN: token });
    const files = (readdirSync(repo.dir, { recursive: true }) as string[]).filter((f) => !f.split(path.sep).includes('node_modules'));
    const written = files.map((f) => path.join(repo.dir, f)).filter((f) => statSync(f).isFile());
    expect(written.some((f) => f.includes(`${path.sep}tdd-kernel${path.sep}`))).toBe(true); // the state under .git was read
    for (const file of written) expect(readFileSync(file, 'latin1'), file).not.toContain(token);
  });
});

const pytest = hasPytest();
if (!pytest) console.warn('tdd-kernel: pytest is not installed (apt-get install python3-pytest): the pytest adapter tests are skipped');

// Skipping is for a developer's machine; CI must run the pytest adapter, so there a missing pytest is red.
it.runIf(process.env.CI === 'true')('CI has pytest (the pytest adapter tests are not skipped)', () => {
  expect(pytest, 'pytest is missing under CI=true: .ci/run installs python3-pytest').toBe(true);
});

describe.skipIf(!pytest)('pytest adapter (needs python3-pytest)', () => {
  it('node ids as test ids; assertion red, collection error, not found; no cache files left in the tree', async () => {
    repo = makeTempRepo({
      prefix: 'tdd-kernel-py-',
      files: {
        'pyproject.toml': '[tool.pytest.ini_options]\n',
        'calc.py': 'def add(a, b):\n    return a - b\n',
        'tests/test_calc.py': 'from calc import add\n\nclass TestAdd:\n    def test_ints(self):\n        assert add(1, 1) == 2\n\n# @test-id: add-zero\ndef test_zero():\n    assert add(0, 0) == 0\n',
        'tests/test_broken.py': 'import calc\n\ndef test_b(:\n    pass\n',
        'conftest.py': 'import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n',
      },
    });
    const before = gitStatus(repo);
    const ids = ['tests/test_calc.py::TestAdd::test_ints', 'add-zero', 'tests/test_broken.py::test_b', 'tests/test_calc.py::test_missing'];
    const unknown = await kernel(repo, ['run', ...ids]);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('no test with id tests/test_calc.py::test_missing');
    const run = RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', ...ids.slice(0, 3), '--json'])).stdout));
    expect(Object.fromEntries(run.results.map((r) => [r.test_id, `${r.status}/${r.failure_kind ?? ''}`]))).toEqual({
      'tests/test_calc.py::TestAdd::test_ints': 'fail/assertion',
      'add-zero': 'pass/',
      'tests/test_broken.py::test_b': 'fail/error',
    });
    expect(ClaimOutputSchema.parse(JSON.parse((await kernel(repo, ['claim', ids[0]!, 'calc.py', '--json'])).stdout)).claimed).toBe(true);
    expect((await kernel(repo, ['check', 'calc.py'])).exitCode).toBe(0);
    writeFileSync(path.join(repo.dir, 'calc.py'), 'def add(a, b):\n    return a + b\n');
    const flush = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout));
    expect(flush.kept).toEqual(['calc.py']);
    expect(gitStatus(repo)).toBe(`${before} M calc.py\n?? .tdd-kernel/events.jsonl\n`);
  });
});
