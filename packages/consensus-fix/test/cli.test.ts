// The CLI end to end: real git repositories, real test commands, the real SDK clients against the
// loopback fake provider server.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempRepo, runCli, type TempRepo } from '@adlc/testkit';
import { ErrorOutputSchema } from '@adlc/core';
import { BASE_ARGS, BIN, BUGGY, FIX, FIX_OTHER, FIX_SPACED, FIX_THIRD, GAMING, RAILS, REPRO, WRONG, answer, bytes, fix, parseOutput, useSuite } from './support.js';

const suite = useSuite('cli');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const repo = (extra = {}) => suite.repo(extra);

const env = () => ({ ...suite.server.env(), ADLC_RETRY_BASE_MS: '1' });
const run = (r: TempRepo, args: string[], extraEnv: Record<string, string> = {}) =>
  runCli(BIN, args, { cwd: r.dir, env: { ...env(), ...extraEnv } });

describe('gate verdicts', () => {
  it('exit 0: two agreeing fixes win; the gaming fix lands in failed at the rails; nothing is written', async () => {
    const r = repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(GAMING), fix(FIX_SPACED));
    const res = await run(r, [...BASE_ARGS, '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.summary).toMatchObject({ total: 3, passed: 2, failed: 1, discarded: 0, groups: 1, allDivergent: false, railsChecked: true });
    expect(doc.summary.confidence).toBeCloseTo(2 / 3);
    const gaming = doc.failedDetails[0]!;
    expect(doc.failedDetails).toHaveLength(1);
    expect(gaming.stage).toBe('rails');
    expect(gaming.exitCode).toBe(1);
    expect(gaming.outputTail).toContain('not ok');
    expect(doc.groups[0]!.candidateIndices).not.toContain(gaming.index);
    expect(doc.winner).not.toBeNull();
    expect(doc.winner!.changedLines).toBe(2);
    expect(doc.winner!.largestGroupSize).toBe(2);
    expect(doc.winner!.applied).toBe(false);
    expect(doc.winner!.diff).toContain('+  return a + b;');
    expect(doc.winner!.changes[0]!.file).toBe('src/calc.mjs');
    expect(doc.baseline).toEqual({ testExitCode: 1, railsExitCode: 1, railsTimedOut: false });
    expect(doc.usage.calls).toBe(3);
    // The APIs report real token counts: nothing is marked as an estimate.
    expect(doc.usage.estimated).toBeUndefined();
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
    expect(r.status()).toBe('');
    // Candidate 0 at temperature 0, the others above it.
    const temps = suite.server.requests.map((q) => q.temperature).sort();
    expect(temps).toEqual([0, 0.8, 0.8]);
    expect(suite.server.requests[0]!.prompt).toContain('add(2, 3) should be 5, got -1');
    expect(suite.server.requests[0]!.prompt).toContain(BUGGY.trimEnd());
  });

  it('a provider that counts no tokens (fixture): --json usage is marked estimated, in the output and through the schema', async () => {
    const r = repo();
    const scratch = mkdtempSync(join(tmpdir(), 'cf-estimated-'));
    dirs.push(scratch);
    const fixture = join(scratch, 'answers.jsonl');
    writeFileSync(fixture, `${[fix(FIX), fix(FIX), fix(FIX)].map((a) => JSON.stringify(a)).join('\n')}\n`);
    const res = await runCli(BIN, [...BASE_ARGS, '--json'], { cwd: r.dir, env: { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: fixture } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).usage).toMatchObject({ estimated: true, calls: 3, failedCalls: 0 });
    const doc = parseOutput(res.stdout);
    expect(doc.usage.estimated).toBe(true);
    expect(doc.usage.inputTokens).toBeGreaterThan(0);
    expect(r.status()).toBe('');
  });

  it('exit 2: no survivors', async () => {
    const r = repo();
    suite.server.enqueue('anthropic', fix(WRONG), fix(GAMING), fix(BUGGY));
    const res = await run(r, [...BASE_ARGS, '--json']);
    expect(res.exitCode).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.verdict).toBe('no-survivors');
    expect(doc.summary.passed).toBe(0);
    expect(doc.summary.failed).toBe(3);
    expect(doc.winner).toBeNull();
    expect(r.status()).toBe('');
  });

  it('exit 2: all-divergent survivors mean spec ambiguity', async () => {
    const r = repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX_OTHER), fix(FIX_THIRD));
    const res = await run(r, BASE_ARGS);
    expect(res.exitCode).toBe(2);
    expect(res.stdout).toContain('all-divergent: spec ambiguity — escalate');
    // The seed's message, word for word, on a line of its own.
    expect(res.stderr.split('\n')).toContain('all-divergent: spec ambiguity — escalate');
    const json = await run(r, [...BASE_ARGS, '--json'], {});
    // The queue is empty now: every call fails, which is an operational error, not a verdict.
    expect(json.exitCode).toBe(1);
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX_OTHER), fix(FIX_THIRD));
    const doc = parseOutput((await run(r, [...BASE_ARGS, '--json'])).stdout);
    expect(doc.summary.allDivergent).toBe(true);
    expect(doc.summary.groups).toBe(3);
    expect(doc.message).toBe('all-divergent: spec ambiguity — escalate');
    expect(doc.summary.passed).toBe(3);
  });

  it('exit 0 with --n < 3 and a single survivor; the text report shows each fate', async () => {
    const r = repo();
    suite.server.enqueue('anthropic', fix(FIX));
    const res = await run(r, [...BASE_ARGS, '--n', '1']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/#0 +survived +2 changed lines, group 0/);
    expect(res.stdout).toContain('winner: #0');
    expect(res.stdout).toContain('+  return a + b;');
  });

  it('without --rails, warns on stderr and checks the repro only', async () => {
    const r = repo();
    suite.server.enqueue('anthropic', fix(GAMING), fix(GAMING));
    const res = await run(r, ['--test-cmd', REPRO, '--files', 'src/calc.mjs', '--n', '2', '--json']);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toMatch(/WARNING: no --rails/);
    expect(parseOutput(res.stdout).summary.railsChecked).toBe(false);
  });
});

describe('operational errors (exit 1)', () => {
  it('the test already passes at pre-flight', async () => {
    const r = repo();
    const res = await run(r, ['--test-cmd', 'node -e 0', '--files', 'src/calc.mjs', '--json']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('already passes');
    expect(ErrorOutputSchema.parse(JSON.parse(res.stdout)).error.exitCode).toBe(1);
    expect(suite.server.requests).toHaveLength(0);
  });

  it('a test command that outlives --timeout: one line saying so, and how to end a runner that stays alive', async () => {
    const r = repo();
    const hangs = `node -e "console.log('1 failing'); process.exitCode = 1; setInterval(() => {}, 1000)"`;
    const res = await run(r, ['--test-cmd', hangs, '--files', 'src/calc.mjs', '--timeout', '2', '--json']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('did not finish within 2s');
    expect(res.stderr).toContain('Mocha: add --exit');
    expect(ErrorOutputSchema.parse(JSON.parse(res.stdout)).error.exitCode).toBe(1);
    expect(suite.server.requests).toHaveLength(0);
    expect(r.status()).toBe('');
  });

  it('a dirty tree, and a directory outside git, unless --allow-dirty', async () => {
    const r = repo();
    writeFileSync(join(r.dir, 'notes.txt'), 'unsaved work\n');
    const dirty = await run(r, BASE_ARGS);
    expect(dirty.exitCode).toBe(1);
    expect(dirty.stderr).toContain('uncommitted changes: notes.txt');
    const plain = makeTempRepo({ noGit: true, files: { 'src/calc.mjs': BUGGY } });
    dirs.push(plain.dir);
    const outside = await runCli(BIN, ['--test-cmd', 'node -e "process.exit(1)"', '--files', 'src/calc.mjs'], { cwd: plain.dir, env: env() });
    expect(outside.exitCode).toBe(1);
    expect(outside.stderr).toContain('not a git repository');
    suite.server.enqueue('anthropic', fix(FIX));
    const allowed = await run(r, [...BASE_ARGS, '--allow-dirty', '--n', '1']);
    expect(allowed.exitCode, allowed.stderr).toBe(0);
    expect(readFileSync(join(r.dir, 'notes.txt'), 'utf8')).toBe('unsaved work\n');
  });

  it('no provider configured', async () => {
    const r = repo();
    const res = await runCli(BIN, BASE_ARGS, { cwd: r.dir, env: {} });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('ANTHROPIC_API_KEY');
  });

  it('every completion failing names the provider and the status', async () => {
    const r = repo();
    suite.server.handle(() => ({ status: 401, message: 'invalid x-api-key' }));
    const res = await run(r, [...BASE_ARGS, '--json']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/anthropic .*HTTP 401/);
    const doc = ErrorOutputSchema.parse(JSON.parse(res.stdout));
    expect(doc.error).toMatchObject({ provider: 'anthropic', status: 401 });
    expect(res.stdout + res.stderr).not.toContain('sk-ant-fake');
    expect(r.status()).toBe('');
  });

  it('--files outside the repository is refused up front', async () => {
    const r = repo();
    const res = await run(r, ['--test-cmd', REPRO, '--files', '../elsewhere.mjs']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('outside the repository');
    // The seed: unreadable files are an operational error; a typo must not reach a model.
    const absent = await run(r, ['--test-cmd', REPRO, '--files', 'src/calc.mjs,src/clac.mjs']);
    expect(absent.exitCode).toBe(1);
    expect(absent.stderr).toContain('--files src/clac.mjs does not exist');
    expect(suite.server.requests).toHaveLength(0);
    const missing = await run(r, ['--files', 'src/calc.mjs']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('--test-cmd is required');
    const bad = await run(r, [...BASE_ARGS, '--n', 'many']);
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).not.toContain('    at ');
  });

  it('--timeout past what Node\'s timers hold (2^31−1 ms) is refused, not run with a timer that fires at once', async () => {
    const r = repo();
    const res = await run(r, [...BASE_ARGS, '--timeout', '2147484']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain("option '--timeout <seconds>' argument '2147484' is invalid. expected a whole number from 1 to 2147483");
    expect(suite.server.requests).toHaveLength(0);
  });

  it('--files naming a directory is refused with a hint', async () => {
    const r = repo();
    const res = await run(r, ['--test-cmd', REPRO, '--files', 'src']);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/^consensus-fix: error: --files src is a directory$/m);
    expect(res.stderr).toMatch(/^consensus-fix: list the source files in it that the fix may change/m);
    expect(suite.server.requests).toHaveLength(0);
  });
});

it('--files naming a file twice counts it once, and says so on stderr', async () => {
  const r = repo();
  suite.server.enqueue('anthropic', fix(FIX));
  const res = await run(r, ['--test-cmd', REPRO, '--rails', RAILS, '--files', 'src/calc.mjs,src/calc.mjs,./src/calc.mjs', '--n', '1', '--json']);
  expect(res.exitCode, res.stderr).toBe(0);
  expect(res.stderr).toContain('--files names src/calc.mjs 3 times (as src/calc.mjs, ./src/calc.mjs); it counts once');
  const doc = parseOutput(res.stdout);
  expect(doc.winner!.changes.map((c) => c.file)).toEqual(['src/calc.mjs']);
});

describe('hostile and broken answers', () => {
  it('discards test edits, .., absolute and symlink escapes and invalid JSON; writes nothing outside', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'cf-outside-'));
    dirs.push(outside);
    const r = repo();
    symlinkSync(outside, join(r.dir, 'escape'));
    r.commit('add a symlink');
    suite.server.enqueue(
      'anthropic',
      fix(FIX),
      answer(['test/add-repro.mjs', 'process.exit(0);\n']),
      answer(['../pwned.mjs', 'pwned\n']),
      answer([join(outside, 'abs.mjs'), 'pwned\n']),
      answer(['escape/link.mjs', 'pwned\n']),
      'Sure! {"changes": [{"file": "src/calc.mjs", "content": "oops"',
      answer(['src/calc.mjs', FIX], ['test/add-repro.mjs', '']),
    );
    const res = await run(r, [...BASE_ARGS, '--n', '7', '--json']);
    expect(res.exitCode).toBe(2); // one survivor of 7: no agreement
    const doc = parseOutput(res.stdout);
    const reasons = doc.discardedDetails.map((d) => d.reason).sort();
    expect(reasons).toEqual(['absolute-path', 'invalid-json', 'outside-files', 'outside-files', 'path-escape', 'symlink-escape']);
    expect(doc.summary).toMatchObject({ total: 7, passed: 1, discarded: 6, allDivergent: true });
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(join(r.dir, '..', 'pwned.mjs'))).toBe(false);
    expect(r.status()).toBe('');
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
  });

  it('a completion that fails after retries is discarded with its reason; --providers rotates', async () => {
    const r = repo();
    suite.server.handle(() => ({ status: 500, message: 'overloaded' }), 'anthropic');
    suite.server.handle(() => fix(FIX), 'openai');
    const res = await run(r, [...BASE_ARGS, '--providers', 'openai,anthropic', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.candidates.map((c) => c.provider)).toEqual(['openai', 'anthropic', 'openai']);
    expect(doc.discardedDetails).toEqual([expect.objectContaining({ index: 1, reason: 'provider-error', provider: 'anthropic', status: 500 })]);
    expect(doc.discardedDetails[0]!.message).toContain('overloaded');
    expect(doc.groups).toEqual([{ groupIndex: 0, size: 2, candidateIndices: [0, 2] }]);
    expect(doc.usage).toMatchObject({ calls: 2, failedCalls: 1 });
  });

  it('a candidate whose repro outlives --timeout fails with stage timeout', async () => {
    const r = repo();
    const hang = BUGGY.replace('  return a - b;', '  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30000);\n  return a + b;');
    suite.server.enqueue('anthropic', fix(hang), fix(FIX));
    const res = await run(r, [...BASE_ARGS, '--n', '2', '--timeout', '2', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.summary.failed).toBe(1);
    expect(doc.failedDetails[0]).toMatchObject({ stage: 'timeout', exitCode: null });
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
  });
});
