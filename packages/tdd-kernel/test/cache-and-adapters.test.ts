// The red cache (a red never outlives an edit of the test file or a claimed file), and the generic
// JUnit XML and per-test command adapters on real runs of small real runners.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/testkit';
import { ClaimOutputSchema, FlushOutputSchema, RunOutputSchema } from '../src/index.js';
import { gitStatus, kernel, makeProject, PRICE_ID, PRICE_SRC, PRICE_TEST } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

const claimJson = async (r: TempRepo, id: string, ...files: string[]) => ClaimOutputSchema.parse(JSON.parse((await kernel(r, ['claim', id, ...files, '--json'])).stdout));

describe('red cache', () => {
  it('a claim reuses a red only while the claimed files are unchanged; run refreshes it', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC, 'src/tax.ts': 'export const rate = 0;\n' });
    await kernel(repo, ['run', PRICE_ID]);
    expect((await claimJson(repo, PRICE_ID, 'src/price.ts')).claimed).toBe(true);

    // A file changed after the red (here by hand) cannot be claimed on that red: the test may pass now.
    await new Promise((r) => setTimeout(r, 5));
    repo.write({ 'src/tax.ts': 'export const rate = 0.2;\n' });
    const stale = await claimJson(repo, PRICE_ID, 'src/tax.ts');
    expect(stale.claimed).toBe(false);
    expect(stale.reason).toContain('src/tax.ts changed since');

    // `run` always executes and gives a fresh red for the current content.
    const run = RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', PRICE_ID, '--json'])).stdout));
    expect(run.invocations).toBe(1);
    expect((await claimJson(repo, PRICE_ID, 'src/price.ts', 'src/tax.ts')).claimed).toBe(true);

    // Another test command is another cache key.
    repo.write({ '.tdd-kernel/config.json': JSON.stringify({ command: 'node ./node_modules/vitest/vitest.mjs' }) });
    expect((await claimJson(repo, PRICE_ID, 'src/price.ts')).reason).toContain('another test command');
  });

  it('after a flush reverts a wrong edit, the still-red test can be claimed again: a red at the same bytes counts', async () => {
    repo = makeProject('vitest', { 'src/price.test.ts': PRICE_TEST, 'src/price.ts': PRICE_SRC });
    await kernel(repo, ['run', PRICE_ID]);
    expect((await claimJson(repo, PRICE_ID, 'src/price.ts')).claimed).toBe(true);
    const wrongEdit = async (content: string) => {
      expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(0);
      repo.write({ 'src/price.ts': content });
      const flush = await kernel(repo, ['flush', '--json']);
      expect(flush.exitCode).toBe(2);
      expect(readFileSync(path.join(repo.dir, 'src/price.ts'), 'utf8')).toBe(PRICE_SRC);
      return FlushOutputSchema.parse(JSON.parse(flush.stdout));
    };

    // The flush's own red saw the wrong bytes; the first red saw these, which are back.
    expect((await wrongEdit('export const price = (n: number) => n + 1;\n')).closed_test_ids).toEqual([]);
    expect(await claimJson(repo, PRICE_ID, 'src/price.ts')).toMatchObject({ claimed: true });

    // Claiming again does not give the claim back its two tries: the second failed green closes it,
    // and a closed claim needs a new red run (the old reds, at the same bytes, no longer do).
    expect((await wrongEdit('export const price = (n: number) => n + 2;\n')).closed_test_ids).toEqual([PRICE_ID]);
    const closed = await claimJson(repo, PRICE_ID, 'src/price.ts');
    expect(closed.claimed).toBe(false);
    expect(closed.reason).toContain(`closed after two failed greens; run \`tdd-kernel run '${PRICE_ID}'\``);
    expect((await kernel(repo, ['run', PRICE_ID])).exitCode).toBe(2);
    expect((await claimJson(repo, PRICE_ID, 'src/price.ts')).claimed).toBe(true);

    // Other bytes than any red saw still do not count.
    await new Promise((r) => setTimeout(r, 5));
    repo.write({ 'src/price.ts': 'export const price = (n: number) => n * 2;\n' });
    expect((await claimJson(repo, PRICE_ID, 'src/price.ts')).reason).toContain('src/price.ts changed since');
  });
});

const CALC_BAD = 'export const add = (a, b) => a - b;\n';
const CALC_GOOD = 'export const add = (a, b) => a + b;\n';
const CHECKS = `import { add } from '../calc.mjs';
export default {
  'add (ints) 1+1': () => { if (add(1, 1) !== 2) throw new Error('expected 2, got ' + add(1, 1)); },
  'zero': () => { if (add(0, 0) !== 0) throw new Error('expected 0'); },
};
`;
// A tiny runner that writes JUnit XML: each test file default-exports {name: fn}.
const JUNIT_RUNNER = `import { readdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [report, ...files] = process.argv.slice(2);
const list = files.length > 0 ? files : readdirSync('checks').map((f) => 'checks/' + f);
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
let xml = '<?xml version="1.0" encoding="UTF-8"?>\\n<testsuites><testsuite name="checks">\\n';
for (const f of list) {
  let mod;
  try { mod = await import(pathToFileURL(f).href); } catch (e) { xml += '<testcase classname="' + f + '" name="(load)" file="' + f + '"><error message="' + esc(e.message) + '"/></testcase>\\n'; continue; }
  for (const [name, fn] of Object.entries(mod.default)) {
    try { fn(); xml += '<testcase classname="' + f + '" name="' + esc(name) + '" file="' + f + '" time="0.001"/>\\n'; }
    catch (e) { xml += '<testcase classname="' + f + '" name="' + esc(name) + '" file="' + f + '" time="0.001"><failure message="' + esc(e.message) + '">' + esc(e.stack) + '</failure></testcase>\\n'; }
  }
}
writeFileSync(report, xml + '</testsuite></testsuites>\\n');
`;
// One test per invocation: exit 0 green, 1 assertion red, 2 anything else.
const ONE_RUNNER = `import { pathToFileURL } from 'node:url';
const [file, name] = process.argv.slice(2);
let mod;
try { mod = await import(pathToFileURL(file).href); } catch (e) { console.error(e.message); process.exit(2); }
const fn = mod.default[name];
if (!fn) { console.error('no test ' + name); process.exit(2); }
try { fn(); } catch (e) { console.error(e.message); process.exit(1); }
`;

function checksProject(config: Record<string, unknown>): TempRepo {
  return makeProject('none', {
    'calc.mjs': CALC_BAD,
    'checks/calc.check.mjs': CHECKS,
    'checks/broken.check.mjs': "import { nope } from '../missing.mjs';\nexport default { b: () => {} };\n",
    'junit-runner.mjs': JUNIT_RUNNER,
    'one.mjs': ONE_RUNNER,
    '.tdd-kernel/config.json': JSON.stringify({ extraTestGlobs: ['checks/**'], ...config }),
  });
}

describe('generic JUnit XML adapter', () => {
  it('runs a real command writing JUnit XML: red, green, not found; the full cycle with one invocation', async () => {
    repo = checksProject({ runner: 'junit', junitCommand: 'node junit-runner.mjs {report} {tests}' });
    const before = gitStatus(repo);
    const RED = 'checks/calc.check.mjs::add (ints) 1+1';
    const unknown = await kernel(repo, ['run', RED, 'checks/calc.check.mjs::nope']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('no test with id checks/calc.check.mjs::nope');
    const out = await kernel(repo, ['run', RED, 'checks/calc.check.mjs::zero', 'checks/broken.check.mjs::b', '--json']);
    expect(out.exitCode).toBe(2);
    const run = RunOutputSchema.parse(JSON.parse(out.stdout));
    expect(run.invocations).toBe(1);
    expect(Object.fromEntries(run.results.map((r) => [r.test_id, `${r.status}/${r.failure_kind ?? ''}`]))).toEqual({
      [RED]: 'fail/assertion',
      'checks/calc.check.mjs::zero': 'pass/',
      'checks/broken.check.mjs::b': 'fail/error',
    });
    expect(run.results.find((r) => r.test_id === RED)?.message).toContain('expected 2, got 0');
    expect((await claimJson(repo, RED, 'calc.mjs')).claimed).toBe(true);
    expect((await kernel(repo, ['check', 'calc.mjs'])).exitCode).toBe(0);
    repo.write({ 'calc.mjs': CALC_GOOD });
    const flush = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout));
    expect(flush).toMatchObject({ kept: ['calc.mjs'], reverted: [], invocations: 1 });
    expect(gitStatus(repo)).toBe(`${before} M calc.mjs\n?? .tdd-kernel/events.jsonl\n`);
  });
});

describe('testCommandFor adapter', () => {
  it('one real command per test: exit 1 is an assertion red, 2 an error; a bad edit is reverted', async () => {
    repo = checksProject({ runner: 'command', testCommandFor: 'node one.mjs {file} {name}' });
    const RED = 'checks/calc.check.mjs::add (ints) 1+1';
    const run = RunOutputSchema.parse(JSON.parse((await kernel(repo, ['run', RED, 'checks/calc.check.mjs::zero', 'checks/broken.check.mjs::b', '--json'])).stdout));
    expect(Object.fromEntries(run.results.map((r) => [r.test_id, `${r.status}/${r.failure_kind ?? ''}`]))).toEqual({
      [RED]: 'fail/assertion',
      'checks/calc.check.mjs::zero': 'pass/',
      'checks/broken.check.mjs::b': 'fail/error',
    });
    expect((await claimJson(repo, 'checks/broken.check.mjs::b', 'calc.mjs')).reason).toContain('not an assertion');
    expect((await claimJson(repo, RED, 'calc.mjs')).claimed).toBe(true);
    expect((await kernel(repo, ['check', 'calc.mjs'])).exitCode).toBe(0);
    repo.write({ 'calc.mjs': 'export const add = (a, b) => a * b;\n' });
    const bad = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout));
    expect(bad.reverted).toEqual([{ file: 'calc.mjs', action: 'restored', test_ids: [RED] }]);
    expect(readFileSync(path.join(repo.dir, 'calc.mjs'), 'utf8')).toBe(CALC_BAD);
    expect((await kernel(repo, ['check', 'calc.mjs'])).exitCode).toBe(0);
    repo.write({ 'calc.mjs': CALC_GOOD });
    expect(FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout)).kept).toEqual(['calc.mjs']);
  });
});
