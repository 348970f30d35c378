// --apply (line endings and mode kept, re-checked after writing), --prompt-only, --out, --log-dir,
// --max-changed-lines, the flaky re-check and the rails-red-at-baseline diagnosis.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, type TempRepo } from '@adlc/testkit';
import { shellQuote } from '@adlc/core';
import { FAILED_TAIL_CHARS, failureTail } from '../src/candidates/gates.js';
import { coverageThresholdLine } from '../src/phases/decide.js';
import { PromptOnlyOutputSchema } from '../src/output/schema.js';
import { BASE_ARGS, BIN, BUGGY, FIX, FIX_SPACED, RAILS, REPRO, bytes, fix, parseOutput, useSuite } from './support.js';

const suite = useSuite('features');
const scratch = suite.scratch;

const repo = (extra = {}) => suite.repo(extra);
const run = (r: TempRepo, args: string[], env: Record<string, string> = {}) => runCli(BIN, args, { cwd: r.dir, env: { ...suite.server.env(), ...env } });

describe('--apply', () => {
  it('writes the winner with the original CRLF endings and mode, then re-runs the gates on it', async () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const r = repo({ 'src/calc.mjs': { content: crlf(BUGGY), mode: 0o755 } });
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX_SPACED), fix(FIX));
    const res = await run(r, [...BASE_ARGS, '--apply', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.winner!.applied).toBe(true);
    expect(doc.postApply).toEqual({ testExitCode: 0, railsExitCode: 0, passed: true });
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(crlf(FIX));
    expect(statSync(join(r.dir, 'src/calc.mjs')).mode & 0o777).toBe(0o755);
    expect(r.git('diff', '--numstat').trim()).toBe('1\t1\tsrc/calc.mjs');
    expect(doc.winner!.changedLines).toBe(2);
    expect(r.status()).toBe(' M src/calc.mjs\n');
  });

  it('writes nothing when the gate fails', async () => {
    const r = repo();
    suite.server.enqueue('anthropic', fix(BUGGY), fix(BUGGY), fix(BUGGY));
    const res = await run(r, [...BASE_ARGS, '--apply']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('nothing applied');
    expect(r.status()).toBe('');
  });
});

describe('--prompt-only', () => {
  it('prints the prompt with no key at all and exits 0', async () => {
    const r = repo();
    const res = await runCli(BIN, [...BASE_ARGS, '--prompt-only'], { cwd: r.dir, env: {} });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain(`Failing command: ${REPRO}`);
    expect(res.stdout).toContain('add(2, 3) should be 5, got -1');
    expect(res.stdout).toContain(`=== FILE: src/calc.mjs ===\n${BUGGY}=== END FILE: src/calc.mjs ===`);
    expect(res.stdout).toContain(RAILS);
    const json = await runCli(BIN, [...BASE_ARGS, '--prompt-only', '--json'], { cwd: r.dir, env: {} });
    const doc = PromptOnlyOutputSchema.parse(JSON.parse(json.stdout));
    expect(doc.prompts).toHaveLength(1);
    expect(doc.prompts[0]!.prompt).toContain('{"changes": [{"file":');
  });
});

describe('evidence', () => {
  it('--out writes a patch git apply accepts; --log-dir keeps events, prompt, answers, verdicts and the patch', async () => {
    const r = repo();
    const logDir = join(scratch, 'log');
    const patch = join(scratch, "winner's fix.patch");
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), 'not json');
    const res = await run(r, [...BASE_ARGS, '--out', patch, '--log-dir', logDir]);
    expect(res.exitCode, res.stderr).toBe(0);
    // The hint can be pasted as it is, even with a space and a quote in the path.
    expect(res.stderr).toContain(`git apply ${shellQuote(patch)}`);
    expect(shellQuote(patch)).not.toBe(patch);
    execFileSync('git', ['apply', patch], { cwd: r.dir });
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(FIX);
    const events = readFileSync(join(logDir, 'events.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event: string });
    const kinds = new Set(events.map((e) => e.event));
    for (const kind of ['start', 'preflight', 'completion', 'baseline', 'stage', 'settled', 'recheck', 'end']) expect(kinds).toContain(kind);
    expect(readFileSync(join(logDir, 'prompt.txt'), 'utf8')).toContain(BUGGY);
    expect(readdirSync(join(logDir, 'answers')).sort()).toEqual([
      'candidate-0.txt', 'candidate-0.verdict.json', 'candidate-1.txt', 'candidate-1.verdict.json', 'candidate-2.txt', 'candidate-2.verdict.json',
    ]);
    expect(readFileSync(join(logDir, 'final.patch'), 'utf8')).toBe(readFileSync(patch, 'utf8'));
    expect(JSON.stringify(events)).not.toContain('sk-ant-fake');
  });

  it('--out and --log-dir inside the repository (as the README shows them) do not make the next run refuse the tree; the files of the user there still do', async () => {
    const r = repo();
    const args = [...BASE_ARGS, '--out', 'fix.patch', '--log-dir', '.consensus-logs', '--json'];
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const first = await run(r, args);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(r.status()).toContain('fix.patch');
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const second = await run(r, args);
    expect(second.exitCode, second.stderr).toBe(0);
    expect(parseOutput(second.stdout).verdict).toBe('pass');
    // A file of the user's own, even inside the log dir, is still work to protect.
    r.write({ '.consensus-logs/notes.txt': 'mine\n' });
    const third = await run(r, args);
    expect(third.exitCode).toBe(1);
    expect(third.stderr).toContain('the working tree has uncommitted changes: .consensus-logs/notes.txt\n');
  });

  it('--max-changed-lines discards candidates over the cap', async () => {
    const r = repo();
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const res = await run(r, [...BASE_ARGS, '--max-changed-lines', '1', '--json']);
    expect(res.exitCode).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.discardedDetails.map((d) => d.reason)).toEqual(['too-many-changed-lines', 'too-many-changed-lines', 'too-many-changed-lines']);
  });
});

describe('baseline and flakiness', () => {
  it('marks a winner flaky when a second run of its gates disagrees', async () => {
    const counter = join(scratch, 'flaky-count');
    const r = repo({
      'test/flaky.mjs': `import { readFileSync, writeFileSync } from 'node:fs';\nimport { add } from '../src/calc.mjs';\nconst file = ${JSON.stringify(counter)};\nlet n = 0;\ntry { n = Number(readFileSync(file, 'utf8')); } catch {}\nn += 1;\nwriteFileSync(file, String(n));\nif (add(2, 3) !== 5 || n % 2 === 1) process.exit(1);\n`,
    });
    suite.server.enqueue('anthropic', fix(FIX));
    const res = await run(r, ['--test-cmd', 'node test/flaky.mjs', '--rails', RAILS, '--files', 'src/calc.mjs', '--n', '1', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(parseOutput(res.stdout).winner!.flaky).toBe(true);
    expect(res.stderr).toContain('is flaky');
  });

  it('says so when every candidate failed at rails that were already red at baseline', async () => {
    const r = repo({ 'test/other.mjs': `console.log('not ok 1 - legacy export is broken');\nprocess.exit(1);\n` });
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const res = await run(r, ['--test-cmd', REPRO, '--rails', `${RAILS}; node test/other.mjs`, '--files', 'src/calc.mjs', '--json']);
    expect(res.exitCode).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.baseline.railsExitCode).toBe(1);
    expect(doc.failedDetails.map((f) => f.stage)).toEqual(['rails', 'rails', 'rails']);
    expect(res.stderr).toContain('already red before any change');
    expect(res.stderr).toContain('legacy export is broken');
    expect(doc.warnings.join('\n')).toContain('legacy export is broken');
  });
});

describe('a repro gate that no fix can pass', () => {
  it('says so when the candidates fail the test command on a coverage threshold, not on a test (Jest run on one test of a 100% threshold)', async () => {
    const r = repo({
      'package.json': '{ "name": "calc", "private": true }\n',
      '.gitignore': 'node_modules\n',
      'src/calc.js': `function add(a, b) {\n  return a - b;\n}\n\nfunction mul(a, b) {\n  return a * b;\n}\n\nmodule.exports = { add, mul };\n`,
      'test/calc.test.js': `const { add, mul } = require('../src/calc.js');\ntest('add', () => {\n  expect(add(2, 3)).toBe(5);\n});\ntest('mul', () => {\n  expect(mul(2, 3)).toBe(6);\n});\n`,
      'jest.config.js': `module.exports = { collectCoverage: true, coverageReporters: ['text'], coverageThreshold: { global: { functions: 100 } } };\n`,
    });
    // Jest is tdd-kernel's dependency in this workspace.
    mkdirSync(join(r.dir, 'node_modules'));
    symlinkSync(dirname(createRequire(new URL('../../tdd-kernel/package.json', import.meta.url)).resolve('jest/package.json')), join(r.dir, 'node_modules', 'jest'));
    const right = readFileSync(join(r.dir, 'src/calc.js'), 'utf8').replace('a - b', 'a + b');
    suite.server.enqueue('anthropic', fix(right, 'src/calc.js'), fix(right, 'src/calc.js'), fix(right, 'src/calc.js'));
    const res = await run(r, ['--test-cmd', 'node node_modules/jest/bin/jest.js test/calc.test.js -t add', '--files', 'src/calc.js', '--json']);
    expect(res.exitCode, res.stderr).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.failedDetails.map((f) => f.stage)).toEqual(['repro', 'repro', 'repro']);
    const warning = doc.warnings.find((w) => w.includes('coverage threshold'));
    expect(warning, res.stderr).toContain('Coverage for functions (50%) does not meet "global" threshold (100%)');
    expect(warning).toContain('--coverage=false');
    expect(res.stderr).toContain(warning!.split('\n')[0]);
    expect(res.stderr.trimEnd().split('\n').at(-1)).toBe('no survivors: none of the 3 candidates passed the gates');
    expect(r.status()).toBe('');
  });
});

describe('coverageThresholdLine', () => {
  it.each([
    ['Jest: "global" coverage threshold for statements (100%) not met: 48.38%', 'Jest 29'],
    ['Jest: Coverage for functions (50%) does not meet "global" threshold (100%)', 'Jest 30'],
    ['ERROR: Coverage for lines (48.38%) does not meet global threshold (90%)', 'nyc, c8, Vitest'],
    ['FAIL Required test coverage of 90% not reached. Total coverage: 48.38%', 'pytest-cov'],
    ['# Error: 48.38% line coverage does not meet threshold of 100%.', 'node --test'],
  ])('%s (%s)', (line) => {
    expect(coverageThresholdLine(`Tests: 1 passed\n\u001b[31m${line}\u001b[39m\nTime: 1 s\n`)).toBe(line);
  });

  it('a failing test is no threshold', () => {
    expect(coverageThresholdLine('FAIL test/calc.test.js\n  ✕ add (3 ms)\nTests: 1 failed, 1 total\n')).toBeNull();
  });
});

describe('secrets in the failing output', () => {
  // A test that prints the environment on failure (many do) prints the key the run was given.
  const LEAKY_REPRO = `import { add } from '../src/calc.mjs';
const got = add(2, 3);
if (got !== 5) {
  console.error('debug: ANTHROPIC_API_KEY=' + process.env.ANTHROPIC_API_KEY);
  console.error('add(2, 3) should be 5, got ' + got);
  process.exit(1);
}
`;

  it.each([
    { name: 'with --files', args: ['--files', 'src/calc.mjs'] },
    { name: 'localized', args: ['--max-files', '1'] },
  ])('$name: the key reaches neither the models, nor the log, nor the output', async ({ args }) => {
    const r = repo({ 'test/add-repro.mjs': LEAKY_REPRO });
    const key = suite.server.env().ANTHROPIC_API_KEY!;
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const logDir = join(scratch, `leak-${args[0]}`);
    const res = await run(r, ['--test-cmd', REPRO, '--rails', RAILS, ...args, '--json', '--log-dir', logDir]);
    expect(res.exitCode, res.stderr).toBe(0);
    const sent = suite.server.requestsFor('anthropic').map((req) => JSON.stringify(req.body));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.join('\n')).toContain('should be 5, got -1'); // the output did reach the prompt
    expect(sent.join('\n')).not.toContain(key);
    for (const file of readdirSync(logDir, { recursive: true }) as string[]) {
      const path = join(logDir, file);
      if (statSync(path).isFile()) expect(readFileSync(path, 'utf8'), file).not.toContain(key);
    }
    expect(res.stdout + res.stderr).not.toContain(key);
  });

  it("a failed gate's tail: a key its cut goes through leaves nothing of itself behind", () => {
    const key = 'sk-ant-fake-test-key-0123456789abcdef';
    // The cut falls 12 characters before the key's end.
    const output = `key=${key}${'x'.repeat(FAILED_TAIL_CHARS - 12)}`;
    const shown = failureTail(output, { ANTHROPIC_API_KEY: key });
    expect(shown.length).toBeLessThanOrEqual(FAILED_TAIL_CHARS);
    expect(shown).not.toContain(key.slice(-12));
  });

  it('rails red at baseline: the failing lines quoted to say so leave the key out', async () => {
    const r = repo({ 'test/other.mjs': `console.log('not ok 1 - legacy export is broken; ANTHROPIC_API_KEY=' + process.env.ANTHROPIC_API_KEY);\nprocess.exit(1);\n` });
    const key = suite.server.env().ANTHROPIC_API_KEY!;
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const res = await run(r, ['--test-cmd', REPRO, '--rails', `${RAILS}; node test/other.mjs`, '--files', 'src/calc.mjs', '--json']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('legacy export is broken');
    expect(res.stdout + res.stderr).not.toContain(key);
  });
});
