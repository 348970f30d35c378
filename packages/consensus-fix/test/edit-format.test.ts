// --edit-format end to end: the built CLI on real git repositories, real test commands, the real SDK
// clients against the loopback fake server. `replace` answers end as whole files, so they group,
// diff, apply and patch like `whole` ones, and every safety rule holds for them.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempRepo, runCli, type FileTree, type TempRepo } from '@adlc/testkit';
import { LogEventSchema, type LogEvent } from '../src/output/log-event-schema.js';
import { MAX_CONTENT_BYTES } from '../src/candidates/candidate.js';
import { BIG_RAILS, BIG_REPRO, BUG_LINE_NUMBER, BUGGY_LINE, CJS_FILES, ESM_FILES, FIXED_LINE, bigModule, edits } from './edit-fixture.js';
import { BASE_ARGS, BIN, BUGGY, FIX, answer, bytes, fix, parseOutput, useSuite } from './support.js';

const suite = useSuite('edit-format');
const repos: TempRepo[] = [];
const repoOf = (files: FileTree) => {
  const r = makeTempRepo({ files, prefix: 'cf-edits-' });
  repos.push(r);
  return r;
};
afterAll(() => repos.forEach((r) => r.cleanup()));

const run = (r: TempRepo, args: string[]) => runCli(BIN, args, { cwd: r.dir, env: { ...suite.server.env(), ADLC_RETRY_BASE_MS: '1' } });
const events = (dir: string): LogEvent[] =>
  readFileSync(join(dir, 'events.ndjson'), 'utf8').trim().split('\n').map((l) => LogEventSchema.parse(JSON.parse(l)));
const BIG_ARGS = ['--test-cmd', BIG_REPRO, '--rails', BIG_RAILS, '--files', 'src/big.mjs'];

describe('--edit-format auto with --files: a file over 300 lines gets replace', () => {
  it('slices around the failing line in the prompt; agreeing edits win and apply; an edit not found and a whole content are discarded', async () => {
    const r = repoOf(ESM_FILES);
    const logDir = join(suite.scratch, 'log-auto');
    const out = join(suite.scratch, 'auto.patch');
    suite.server.enqueue(
      'anthropic',
      edits(['src/big.mjs', ['port >= 65535', 'port > 65535']]),
      `Here is the fix:\n${edits(['src/big.mjs', [BUGGY_LINE, FIXED_LINE]])}`,
      edits(['src/big.mjs', ['port >= 65535', 'port > 65535'], ['return port - 0;', 'return port;']]),
      answer(['src/big.mjs', bigModule('esm', true)]),
    );
    const res = await run(r, [...BIG_ARGS, '--n', '4', '--json', '--apply', '--log-dir', logDir, '--out', out]);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.editFormat).toBe('replace');
    expect(doc.groups).toEqual([{ groupIndex: 0, size: 2, candidateIndices: [0, 1] }]);
    expect(doc.discardedDetails).toEqual([
      expect.objectContaining({ index: 2, reason: 'edit: not found', stage: 'edit', file: 'src/big.mjs', editIndex: 1, message: expect.stringMatching(/edits\[1\] of src\/big\.mjs: .*not in the file/) }),
      expect.objectContaining({ index: 3, reason: 'sliced-file-content', file: 'src/big.mjs' }),
    ]);
    expect(doc.winner!.changedLines).toBe(2);
    expect(doc.winner!.changes).toEqual([{ file: 'src/big.mjs', content: bigModule('esm', true) }]);
    expect(doc.postApply).toEqual({ testExitCode: 0, railsExitCode: 0, passed: true });
    expect(bytes(r, 'src/big.mjs').toString()).toBe(bigModule('esm', true));

    // The prompt: the failing function with its line numbers, not the far helpers; edits asked for.
    const prompt = suite.server.requests[0]!.prompt;
    expect(prompt).toContain(`${BUG_LINE_NUMBER} | ${BUGGY_LINE}`);
    expect(prompt).not.toContain('function helper0(');
    expect(prompt).not.toContain('function helper59(');
    expect(prompt).toContain('"edits": [{"search"');
    expect(res.stderr).toMatch(/--edit-format replace: the prompt shows src\/big\.mjs in slices \(lines \d+-\d+\)/);

    const log = events(logDir);
    expect(log.find((e) => e.event === 'start')).toMatchObject({ editFormat: 'replace', files: ['src/big.mjs'] });
    expect(log.find((e) => e.event === 'settled' && e.index === 2)).toMatchObject({ reason: 'edit: not found', file: 'src/big.mjs', editIndex: 1 });

    // The --out patch is the same change, and git takes it on the original file.
    r.git('checkout', '--', '.');
    execFileSync('git', ['apply', '--check', out], { cwd: r.dir });
    expect(readFileSync(out, 'utf8')).toContain(`+${FIXED_LINE}`);
  });

  it('an ambiguous search text names the edit; with every candidate discarded the gate fails (exit 2)', async () => {
    const r = repoOf(ESM_FILES);
    suite.server.enqueue('anthropic', edits(['src/big.mjs', ['  return y;', '  return y + 0;']]));
    const res = await run(r, [...BIG_ARGS, '--n', '1', '--json']);
    expect(res.exitCode, res.stderr).toBe(2);
    expect(parseOutput(res.stdout).discardedDetails).toEqual([
      expect.objectContaining({ reason: 'edit: ambiguous', stage: 'edit', file: 'src/big.mjs', editIndex: 0, message: expect.stringContaining('found more than once') }),
    ]);
    expect(r.status()).toBe('');
  });
});

describe('a whole and a replace answer that produce the same file agree', () => {
  it('--edit-format whole on the long file: the full file in the prompt; an edits answer joins the whole answer\'s group', async () => {
    const r = repoOf(ESM_FILES);
    suite.server.enqueue('anthropic', answer(['src/big.mjs', bigModule('esm', true)]), edits(['src/big.mjs', ['port >= 65535', 'port > 65535']]));
    const res = await run(r, [...BIG_ARGS, '--n', '2', '--edit-format', 'whole', '--json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.editFormat).toBe('whole');
    expect(doc.groups).toEqual([{ groupIndex: 0, size: 2, candidateIndices: [0, 1] }]);
    expect(suite.server.requests[0]!.prompt).toContain(`=== FILE: src/big.mjs ===\n${bigModule('esm')}=== END FILE`);
  });

  it('--edit-format replace on a short CRLF file (shown whole, numbered): whole and edits agree, the winner is written in CRLF', async () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const r = suite.repo({ 'src/calc.mjs': crlf(BUGGY) });
    suite.server.enqueue('anthropic', fix(FIX), edits(['src/calc.mjs', ['return a - b;', 'return a + b;']]), edits(['src/calc.mjs', ['  return a - b;\n}\n\nexport function mul', '  return a + b;\n}\n\nexport function mul']]));
    const res = await run(r, [...BASE_ARGS, '--edit-format', 'replace', '--json', '--apply']);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.editFormat).toBe('replace');
    expect(doc.groups).toEqual([{ groupIndex: 0, size: 3, candidateIndices: [0, 1, 2] }]);
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(crlf(FIX));
    expect(r.git('diff', '--numstat').trim()).toBe('1\t1\tsrc/calc.mjs');
    expect(suite.server.requests[0]!.prompt).toContain('=== FILE: src/calc.mjs (8 lines) ===\n1 | // Arithmetic helpers.\n2 | export function add(a, b) {\n3 |   return a - b;');
  });

  it('a file mixing CRLF and LF lines: an LF edit of CRLF lines is found, and the winner changes that line only', async () => {
    // The add function's lines are CRLF, the rest LF: the edits (in LF, as models write) still match.
    const mixed = (text: string) => text.replace('export function add(a, b) {\n  return a - b;\n}\n', 'export function add(a, b) {\r\n  return a - b;\r\n}\r\n');
    const r = suite.repo({ 'src/calc.mjs': mixed(BUGGY) });
    suite.server.enqueue('anthropic', ...Array.from({ length: 3 }, () => edits(['src/calc.mjs', ['add(a, b) {\n  return a - b;', 'add(a, b) {\n  return a + b;']])));
    const res = await run(r, [...BASE_ARGS, '--edit-format', 'replace', '--json', '--apply']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(parseOutput(res.stdout).groups).toEqual([{ groupIndex: 0, size: 3, candidateIndices: [0, 1, 2] }]);
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(mixed(BUGGY).replace('return a - b;', 'return a + b;'));
    expect(r.git('diff', '--numstat').trim()).toBe('1\t1\tsrc/calc.mjs');
  });
});

describe('hostile replace answers', () => {
  it('outside the repository, a test file, `..`, an absolute path, a replace text over 5 MB: all discarded, nothing written', async () => {
    const r = suite.repo();
    suite.server.enqueue(
      'anthropic',
      edits(['../outside.mjs', ['', 'export const evil = 1;\n']]),
      edits(['test/add-repro.mjs', ['if (got !== 5)', 'if (false)']]),
      edits(['src/../../escape/src/calc.mjs', ['return a - b;', 'return a + b;']]),
      edits([join(r.dir, 'src/calc.mjs'), ['return a - b;', 'return a + b;']]),
      edits(['src/calc.mjs', ['return a - b;', `return a + b; // ${'x'.repeat(MAX_CONTENT_BYTES)}`]]),
    );
    const res = await run(r, [...BASE_ARGS, '--edit-format', 'replace', '--n', '5', '--json', '--apply']);
    expect(res.exitCode, res.stderr).toBe(2);
    const doc = parseOutput(res.stdout);
    expect(doc.discardedDetails.map((d) => d.reason)).toEqual(['path-escape', 'outside-files', 'path-escape', 'absolute-path', 'too-large']);
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
    expect(existsSync(join(r.dir, '..', 'outside.mjs'))).toBe(false);
    expect(r.status()).toBe('');
  });
});

describe('--edit-format auto without --files', () => {
  it('the localized file is long: replace, sliced around the function the failing run executed', async () => {
    const r = repoOf(CJS_FILES);
    const logDir = join(suite.scratch, 'log-localized');
    const fixEdit = edits(['lib/ports.js', ['port >= 65535', 'port > 65535']]);
    suite.server.enqueue('anthropic', fixEdit, fixEdit);
    const res = await run(r, ['--test-cmd', 'node --test test/port.test.js', '--max-files', '1', '--n', '2', '--json', '--log-dir', logDir]);
    expect(res.exitCode, res.stderr).toBe(0);
    const doc = parseOutput(res.stdout);
    expect(doc.localization!.files.map((f) => f.file)).toEqual(['lib/ports.js']);
    expect(doc.editFormat).toBe('replace');
    expect(doc.winner!.changes).toEqual([{ file: 'lib/ports.js', content: bigModule('cjs', true) }]);
    const prompt = suite.server.requests[0]!.prompt;
    expect(prompt).toContain(`| ${BUGGY_LINE}`);
    expect(prompt).not.toContain('function helper0(');
    const log = events(logDir);
    // `auto` waits for the localized files: null at start, settled in the localization event.
    expect(log.find((e) => e.event === 'start')).toMatchObject({ editFormat: null, localize: true });
    expect(log.find((e) => e.event === 'localization')).toMatchObject({ editFormat: 'replace' });
    expect(r.status()).toBe('');
  });
});
