// The full red-green cycle through the built CLI on a temp project with real Vitest.

import { readFileSync, existsSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { CheckOutputSchema, ClaimOutputSchema, FlushOutputSchema, RefactorOutputSchema, RunOutputSchema, StatusOutputSchema, KernelEventSchema } from '../src/index.js';
import { gitStatus, kernel, makeProject, PRICE_ID, PRICE_SRC, PRICE_TEST } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

function events(r: TempRepo) {
  return readFileSync(path.join(r.dir, '.tdd-kernel/events.jsonl'), 'utf8').trim().split('\n').map((l) => KernelEventSchema.parse(JSON.parse(l)));
}

describe('vitest: the full cycle', () => {
  it('refused → red → claim → allowed → good edit green; bad edit reverted byte-identical; new file deleted', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    const before = gitStatus(repo);

    const refused = await kernel(repo, ['check', 'src/price.ts', '--json']);
    expect(refused.exitCode).toBe(2);
    const r0 = CheckOutputSchema.parse(JSON.parse(refused.stdout));
    expect(r0.code).toBe('no-red');
    expect(r0.reason).toContain('tdd-kernel claim <test_id> src/price.ts');

    const run = await kernel(repo, ['--json', 'run', PRICE_ID]);
    expect(run.exitCode).toBe(2);
    const runOut = RunOutputSchema.parse(JSON.parse(run.stdout));
    expect(runOut.results).toMatchObject([{ test_id: PRICE_ID, status: 'fail', failure_kind: 'assertion' }]);

    const noClaim = await kernel(repo, ['check', 'src/price.ts']);
    expect(noClaim.exitCode).toBe(2);
    expect(noClaim.stdout).toContain(`tdd-kernel claim '${PRICE_ID}' src/price.ts`);

    const claimed = await kernel(repo, ['claim', PRICE_ID, 'src/price.ts', 'src/util.ts', '--json']);
    expect(claimed.exitCode).toBe(0);
    expect(ClaimOutputSchema.parse(JSON.parse(claimed.stdout)).files).toEqual(['src/price.ts', 'src/util.ts']);

    // A bad edit and a new file: both reverted (the new file deleted).
    expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(0);
    expect((await kernel(repo, ['check', 'src/util.ts'])).exitCode).toBe(0);
    repo.write({ 'src/price.ts': 'export const price = (n: number) => n + 1;\n', 'src/util.ts': 'export const x = 1;\n' });
    const bad = await kernel(repo, ['flush', '--json']);
    expect(bad.exitCode).toBe(2);
    const badOut = FlushOutputSchema.parse(JSON.parse(bad.stdout));
    expect(badOut.invocations).toBe(1);
    expect(badOut.reverted).toEqual([
      { file: 'src/price.ts', action: 'restored', test_ids: [PRICE_ID] },
      { file: 'src/util.ts', action: 'deleted', test_ids: [PRICE_ID] },
    ]);
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);
    expect(existsSync(path.join(repo.dir, 'src/util.ts'))).toBe(false);
    expect(badOut.message).toContain('reverted: src/price.ts');

    // The claim survives one failed green: the good edit goes through.
    expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(0);
    repo.write({ 'src/price.ts': 'export const price = (n: number) => n * 1.2;\n' });
    const good = await kernel(repo, ['flush', '--json']);
    expect(good.exitCode).toBe(0);
    const goodOut = FlushOutputSchema.parse(JSON.parse(good.stdout));
    expect(goodOut.kept).toEqual(['src/price.ts']);
    expect(goodOut.results).toMatchObject([{ test_id: PRICE_ID, status: 'pass' }]);

    // Green closed the claim: the next source edit needs a new red.
    expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(2);

    const types = events(repo).map((e) => e.type);
    expect(types).toContain('repair');
    expect(types.filter((t) => t === 'edit_claim')).toHaveLength(2);

    // Only the intended edit and the kernel's documented home changed in the tree.
    expect(gitStatus(repo)).toBe(`${before} M src/price.ts\n?? .tdd-kernel/events.jsonl\n`);
  });

  it('two failed greens close the claim', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await kernel(repo, ['run', PRICE_ID]);
    expect((await kernel(repo, ['claim', PRICE_ID, 'src/price.ts'])).exitCode).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(0);
      repo.write({ 'src/price.ts': `export const price = (n: number) => n + ${i + 1};\n` });
      const f = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout));
      expect(f.closed_test_ids).toEqual(i === 1 ? [PRICE_ID] : []);
    }
    const after = CheckOutputSchema.parse(JSON.parse((await kernel(repo, ['check', 'src/price.ts', '--json'])).stdout));
    expect(after.code).toBe('claim-closed');
    expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);
  });

  it('a red from a syntax error does not open the gate', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST.replace('toBe(120);', 'toBe(120;'), 'src/price.ts': PRICE_SRC });
    const run = RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', PRICE_ID, '--json'])).stdout));
    expect(run.results).toMatchObject([{ test_id: PRICE_ID, status: 'fail', failure_kind: 'error' }]);
    const claimed = await kernel(repo, ['claim', PRICE_ID, 'src/price.ts', '--json']);
    expect(claimed.exitCode).toBe(2);
    expect(ClaimOutputSchema.parse(JSON.parse(claimed.stdout)).reason).toContain('not an assertion');
    expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(2);
  });

  it('a test that does not exist is an error in the request (exit 1), never green or red', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    const out = await kernel(repo, ['run', 'src/price.test.ts::price nothing', '--json']);
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toContain('no test with id src/price.test.ts::price nothing; nearest: src/price.test.ts::adds tax');
  });

  it('a batch of names with regex characters runs exactly those tests, in one invocation', async () => {
    const test = `import { describe, it, expect } from 'vitest';
describe('a (b)', () => {
  it('x [1+1]', () => { expect(1).toBe(2); });
  it('x [1+1] more', () => { expect(1).toBe(1); });
  it('y.*', () => { expect(1).toBe(1); });
  it('yz', () => { expect(1).toBe(1); });
});
it('top | level', () => { expect(1).toBe(1); });
`;
    repo = makeProject('vitest', { 'src/re.test.ts': test });
    const ids = ['src/re.test.ts::a (b) x [1+1]', 'src/re.test.ts::a (b) y.*', 'src/re.test.ts::top | level'];
    const out = RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', ...ids, '--json'])).stdout));
    expect(out.invocations).toBe(1);
    expect(out.results.map((r) => [r.test_id, r.status]).sort()).toEqual([
      ['src/re.test.ts::a (b) x [1+1]', 'fail'],
      ['src/re.test.ts::a (b) y.*', 'pass'],
      ['src/re.test.ts::top | level', 'pass'],
    ]);
  });

  it('annotation ids: @test-id and @reasonix-test-id', async () => {
    const test = `import { it, expect } from 'vitest';
import { price } from './price.js';
// @test-id: price-tax
it('adds tax', () => { expect(price(100)).toBe(120); });
// @reasonix-test-id: price-zero
it('zero', () => { expect(price(0)).toBe(0); });
`;
    repo = makeProject('vitest', { 'src/price.test.ts': test, 'src/price.ts': PRICE_SRC });
    const all = RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', '--json'])).stdout));
    expect(all.results.map((r) => [r.test_id, r.test_id_source, r.status]).sort()).toEqual([
      ['price-tax', 'annotation', 'fail'],
      ['price-zero', 'annotation', 'pass'],
    ]);
    const one = RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', 'price-tax', '--json'])).stdout));
    expect(one.results).toMatchObject([{ test_id: 'price-tax', status: 'fail', failure_kind: 'assertion' }]);
    expect((await kernel(repo, ['claim', 'price-tax', 'src/price.ts'])).exitCode).toBe(0);
    expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(0);
  });

  it('test files are always editable; the log is not', async () => {
    repo = makeProject('vitest', { 'src/price.ts': PRICE_SRC });
    for (const f of ['src/price.test.ts', 'src/a.spec.js', 'test/x.ts', 'tests/y.py', 'lib/__tests__/z.ts', 'app/test_mod.py', 'app/mod_test.py', 'pkg/m_test.go']) {
      expect((await kernel(repo, ['check', f])).exitCode, f).toBe(0);
    }
    const log = CheckOutputSchema.parse(JSON.parse((await kernel(repo, ['check', '.tdd-kernel/events.jsonl', '--json'])).stdout));
    expect(log.code).toBe('protected');
    expect((await kernel(repo, ['check', '.tdd-kernel/config.json'])).exitCode).toBe(2);
  });

  it('refactor on from green; off with a failing, then a passing verify', async () => {
    repo = makeProject('vitest', {
      'src/price.test.ts': PRICE_TEST,
      'src/price.ts': 'export const price = (n: number) => n * 1.2;\n',
      '.tdd-kernel/config.json': JSON.stringify({ verify: 'node verify.mjs' }),
      // A verify command that prints a key it was given: the agent must not read it back.
      'verify.mjs': "console.log('DEPLOY_TOKEN=' + process.env.DEPLOY_TOKEN); process.exit(1);\n",
    });
    const on = await kernel(repo, ['refactor', 'on', '--json']);
    expect(on.exitCode).toBe(0);
    expect(RefactorOutputSchema.parse(JSON.parse(on.stdout)).suite).toMatchObject({ passed: 1, failed: 0 });
    expect((await kernel(repo, ['check', 'src/other.ts'])).exitCode).toBe(0);
    const token = 'tok-93b1e0c4d2a7f615-leak';
    const failing = await kernel(repo, ['refactor', 'off', '--json'], undefined, { DEPLOY_TOKEN: token });
    expect(failing.exitCode).toBe(2);
    const verify = RefactorOutputSchema.parse(JSON.parse(failing.stdout));
    expect(verify).toMatchObject({ refactor: true, verify: { passed: false } });
    expect(verify.verify!.output_tail).toContain('DEPLOY_TOKEN=[REDACTED');
    expect(failing.stdout + failing.stderr).not.toContain(token);
    expect((await kernel(repo, ['check', 'src/other.ts'])).exitCode).toBe(0);
    repo.write({ 'verify.mjs': 'process.exit(0);\n' });
    const passing = await kernel(repo, ['refactor', 'off', '--json']);
    expect(passing.exitCode).toBe(0);
    expect(RefactorOutputSchema.parse(JSON.parse(passing.stdout))).toMatchObject({ refactor: false, changed: true });
    expect((await kernel(repo, ['check', 'src/other.ts'])).exitCode).toBe(2);
  });

  it('a failing default verify (npm test) says where to set another command', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': 'export const price = (n: number) => n * 1.2;\n' });
    repo.write({ 'package.json': `${JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'no-such-tool-7f3a && vitest run' }, devDependencies: { vitest: '*' } }, null, 2)}\n` });
    expect((await kernel(repo, ['refactor', 'on'])).exitCode).toBe(0);
    const off = await kernel(repo, ['refactor', 'off', '--json']);
    expect(off.exitCode).toBe(2);
    const reason = RefactorOutputSchema.parse(JSON.parse(off.stdout)).reason!;
    expect(reason).toContain('`npm test` failed (exit 127): refactor mode stays on until it passes');
    expect(reason).toContain('set "verify" in .tdd-kernel/config.json');
  });

  it('refactor mode starts only from green', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    const on = await kernel(repo, ['refactor', 'on', '--json']);
    expect(on.exitCode).toBe(2);
    expect(RefactorOutputSchema.parse(JSON.parse(on.stdout)).reason).toContain('only from green');
  });

  it('20 concurrent claims leave 20 intact lines; a corrupt line is skipped with a warning', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await kernel(repo, ['run', PRICE_ID]);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kernel(repo, ['claim', PRICE_ID, `src/f${i}.ts`])));
    expect(results.map((r) => r.exitCode)).toEqual(Array(20).fill(0));
    const claims = events(repo).filter((e) => e.type === 'edit_claim');
    expect(claims.map((c) => (c.type === 'edit_claim' ? c.edit_target : '')).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `src/f${i}.ts`).sort());

    appendFileSync(path.join(repo.dir, '.tdd-kernel/events.jsonl'), '{"type":"edit_claim","test_id":"x", TORN\n{"type":"test_run","partial');
    const status = await kernel(repo, ['status', '--json']);
    expect(status.exitCode).toBe(0);
    expect(status.stderr).toContain('corrupt line');
    const s = StatusOutputSchema.parse(JSON.parse(status.stdout));
    expect(s.claims).toHaveLength(20);
    // The next append starts on a new line after the torn tail.
    await kernel(repo, ['claim', PRICE_ID, 'src/late.ts']);
    const lines = readFileSync(path.join(repo.dir, '.tdd-kernel/events.jsonl'), 'utf8').split('\n');
    expect(JSON.parse(lines[lines.length - 2]!)).toMatchObject({ type: 'edit_claim', edit_target: 'src/late.ts' });
    expect(StatusOutputSchema.parse(JSON.parse((await kernel(repo, ['status', '--json'])).stdout)).claims).toHaveLength(21);
  });

  it('global flags work after the subcommand, and --log moves the log', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await kernel(repo, ['run', PRICE_ID, '--log', 'custom/ev.jsonl']);
    expect(existsSync(path.join(repo.dir, 'custom/ev.jsonl'))).toBe(true);
    expect((await kernel(repo, ['--log=custom/ev.jsonl', 'claim', PRICE_ID, 'src/price.ts'])).exitCode).toBe(0);
    expect((await kernel(repo, ['check', 'src/price.ts', '--log', 'custom/ev.jsonl'])).exitCode).toBe(0);
    expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(2);
  });

  it('a runner that cannot run is exit 1 and the turn stays buffered, nothing reverted', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await kernel(repo, ['run', PRICE_ID]);
    await kernel(repo, ['claim', PRICE_ID, 'src/price.ts']);
    await kernel(repo, ['check', 'src/price.ts']);
    repo.write({ 'src/price.ts': 'export const price = (n: number) => n * 1.2;\n', '.tdd-kernel/config.json': JSON.stringify({ command: 'node -e "process.exit(3)"' }) });
    const broken = await kernel(repo, ['flush']);
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toContain('wrote no report');
    expect(StatusOutputSchema.parse(JSON.parse((await kernel(repo, ['status', '--json'])).stdout)).buffered).toMatchObject([{ file: 'src/price.ts' }]);
    repo.write({ '.tdd-kernel/config.json': '{}' });
    const ok = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout));
    expect(ok.kept).toEqual(['src/price.ts']);
  });

  it('bad input is an operational error (exit 1) with one line, no stack', async () => {
    repo = makeProject('vitest', { 'src/price.ts': PRICE_SRC, '.tdd-kernel/config.json': '{"runnr": "vitest"}' });
    const bad = await kernel(repo, ['status']);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('unknown key "runnr"');
    expect(bad.stderr).not.toContain('    at ');
    const badCheck = await kernel(repo, ['check', 'src/price.ts']);
    expect(badCheck.exitCode).toBe(1);
  });
});
