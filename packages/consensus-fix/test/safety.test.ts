// Nothing lost: SIGINT and SIGKILL in the middle of an evaluation, recovery, and parallel
// evaluation that never writes the user's tree.

import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, RestoreDocumentSchema } from '@adlc/core';
import { runCli } from '@adlc/testkit';
import { RestoreOutputSchema } from '../src/output/schema.js';
import { BASE_ARGS, BIN, BUGGY, FIX, FIX_SPACED, GAMING, RAILS, REPRO, WRONG, answer, bytes, fix, interruptMidEvaluation, killQuietly, parseOutput, useSuite, waitFor } from './support.js';

const suite = useSuite('safety');
const scratch = suite.scratch;

const repo = (extra = {}) => suite.repo(extra);

describe('signals during evaluation', () => {
  it('SIGINT: exit 130, the test process group is killed, files byte-identical, git status clean', async () => {
    const r = repo();
    const { exit, stderr, testPid, duringRun } = await interruptMidEvaluation(suite, r, 'SIGINT', 'sigint');
    expect(duringRun).not.toBe(BUGGY); // the candidate really was on disk
    expect(exit.code).toBe(130);
    expect(stderr()).toContain('interrupted by SIGINT');
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
    expect(r.status()).toBe('');
    await waitFor(() => !isProcessAlive(testPid), 5000);
  });

  it('SIGKILL, then --restore: files byte-identical, says what it restored, exit 0', async () => {
    const r = repo();
    const { exit, testPid, duringRun } = await interruptMidEvaluation(suite, r, 'SIGKILL', 'sigkill-restore');
    killQuietly(testPid);
    expect(exit.signal).toBe('SIGKILL');
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(duringRun); // left behind by the killed run
    expect(duringRun).not.toBe(BUGGY);
    const restore = await runCli(BIN, ['--restore', '--json'], { cwd: r.dir });
    expect(restore.exitCode).toBe(0);
    expect(restore.stderr).toMatch(/restored 1 file\(s\) left by an interrupted consensus-fix run .*src\/calc\.mjs/);
    const doc = RestoreOutputSchema.parse(JSON.parse(restore.stdout));
    expect(doc.restore.restored).toEqual([expect.objectContaining({ tool: 'consensus-fix', files: ['src/calc.mjs'] })]);
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
    expect(r.status()).toBe('');
    const again = await runCli(BIN, ['--restore'], { cwd: r.dir });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('nothing to restore');
    expect(again.stdout).toBe('');
  });

  it('SIGKILL, then a person edits a file, then --restore: the edit stays, its original is saved under .git and named, the other file is restored, exit 0', async () => {
    const EXTRA = 'export const extra = 1;\n';
    const r = repo({ 'src/extra.mjs': EXTRA });
    const args = ['--test-cmd', REPRO, '--rails', RAILS, '--files', 'src/calc.mjs,src/extra.mjs'];
    const first = (slow: string) => answer(['src/calc.mjs', slow], ['src/extra.mjs', 'export const extra = 2;\n']);
    const { exit, testPid } = await interruptMidEvaluation(suite, r, 'SIGKILL', 'sigkill-edit', { args, first });
    killQuietly(testPid);
    expect(exit.signal).toBe('SIGKILL');
    expect(r.read('src/extra.mjs')).not.toBe(EXTRA); // left behind by the killed run
    const edited = FIX.replace('// Arithmetic helpers.', '// Arithmetic helpers, fixed by hand.');
    writeFileSync(join(r.dir, 'src/calc.mjs'), edited);

    const restore = await runCli(BIN, ['--restore', '--json'], { cwd: r.dir });
    expect(restore.exitCode, restore.stderr).toBe(0);
    const doc = RestoreOutputSchema.parse(JSON.parse(restore.stdout));
    expect(doc.restore.restored).toEqual([expect.objectContaining({ tool: 'consensus-fix', files: ['src/extra.mjs'] })]);
    expect(doc.restore.kept).toEqual([expect.objectContaining({ tool: 'consensus-fix', path: 'src/calc.mjs', now: 'changed' })]);
    const saved = doc.restore.kept[0]!.saved!;
    expect(saved.startsWith(join(realpathSync(join(r.dir, '.git')), 'adlc'))).toBe(true);
    expect(readFileSync(saved, 'utf8')).toBe(BUGGY);
    expect(restore.stderr).toContain(saved);
    expect(restore.stderr).toContain('git diff --no-index');
    expect(r.read('src/calc.mjs')).toBe(edited);
    expect(r.read('src/extra.mjs')).toBe(EXTRA);
    expect(r.status()).toBe(' M src/calc.mjs\n');
  });

  it('--restore reports a journal it cannot read in the shape review-calibration prints too, leaves it, exit 0', async () => {
    const r = repo();
    const journals = join(r.dir, '.git', 'adlc', 'journals');
    mkdirSync(journals, { recursive: true });
    writeFileSync(join(journals, 'broken-1-0000.json'), '{"version": 2');
    const restore = await runCli(BIN, ['--restore', '--json'], { cwd: r.dir });
    expect(restore.exitCode, restore.stderr).toBe(0);
    const doc = RestoreOutputSchema.parse(JSON.parse(restore.stdout));
    expect(RestoreDocumentSchema.strict().parse(doc)).toEqual(doc);
    expect({ restored: doc.restored, skipped: doc.skipped, kept: doc.kept }).toEqual(doc.restore);
    expect(doc.restore.skipped).toEqual([expect.objectContaining({ status: 'corrupt', why: expect.any(String), reason: expect.any(String) })]);
    expect(restore.stderr).toContain('left a corrupt journal in place');
    expect(existsSync(join(journals, 'broken-1-0000.json'))).toBe(true);
  });

  it('SIGKILL, then the next run restores first, says so, and passes the dirty-tree guard', async () => {
    const r = repo();
    const { testPid } = await interruptMidEvaluation(suite, r, 'SIGKILL', 'sigkill-next');
    killQuietly(testPid);
    expect(r.status()).not.toBe('');
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const next = await runCli(BIN, [...BASE_ARGS, '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stderr).toContain('restored 1 file(s) left by an interrupted consensus-fix run');
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
    expect(r.status()).toBe('');
  });
});

describe('--jobs', () => {
  it('--jobs 3 gives the same result as --jobs 1 and never writes the user tree', async () => {
    const r = repo();
    const fixture = join(scratch, 'jobs.jsonl');
    const answers = [fix(FIX), fix(GAMING), 'no json here', fix(FIX_SPACED), fix(WRONG), fix(FIX)];
    writeFileSync(fixture, `${answers.map((a) => JSON.stringify(a)).join('\n')}\n`);
    const env = { ADLC_PROVIDER: 'fixture', ADLC_FIXTURE: fixture };
    const args = [...BASE_ARGS, '--n', '6', '--json'];
    const sequential = await runCli(BIN, [...args, '--jobs', '1'], { cwd: r.dir, env });
    expect(sequential.exitCode, sequential.stderr).toBe(0);
    const mtime = statSync(join(r.dir, 'src/calc.mjs')).mtimeMs;
    const parallel = await runCli(BIN, [...args, '--jobs', '3'], { cwd: r.dir, env });
    expect(parallel.exitCode, parallel.stderr).toBe(0);
    expect(statSync(join(r.dir, 'src/calc.mjs')).mtimeMs).toBe(mtime);
    const comparable = (stdout: string) => {
      const doc = parseOutput(stdout);
      return {
        summary: doc.summary,
        groups: doc.groups,
        winner: doc.winner,
        discarded: doc.discardedDetails,
        failed: doc.failedDetails.map((f) => ({ index: f.index, stage: f.stage, exitCode: f.exitCode })),
        candidates: doc.candidates,
        verdict: doc.verdict,
      };
    };
    const a = comparable(sequential.stdout);
    expect(comparable(parallel.stdout)).toEqual(a);
    expect(a.summary).toMatchObject({ passed: 3, failed: 2, discarded: 1 });
    expect(a.groups[0]!.candidateIndices).toEqual([0, 3, 5]);
    expect(r.status()).toBe('');
  });
});

describe('in place, one candidate after another', () => {
  it('writes agreeing candidates once (same inode through their gates and the re-check), and ends with the original bytes', async () => {
    const r = repo();
    const log = join(scratch, 'inodes.log');
    suite.server.enqueue('anthropic', fix(FIX), fix(FIX), fix(FIX));
    const test = `stat -c %i src/calc.mjs >> '${log}'; ${REPRO}`;
    const res = await runCli(BIN, ['--test-cmd', test, '--files', 'src/calc.mjs', '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const [preflight, ...candidates] = readFileSync(log, 'utf8').trim().split('\n');
    // Three candidates and the winner's re-check ran on the one file written once, not on four rewrites.
    expect(candidates).toHaveLength(4);
    expect(new Set(candidates).size).toBe(1);
    expect(candidates[0]).not.toBe(preflight);
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
  });

  it('puts back a file the previous candidate wrote and the next one does not name, before the next one\'s gates', async () => {
    const r = repo({ 'src/other.mjs': 'export const other = 1;\n' });
    const log = join(scratch, 'seen.log');
    suite.server.enqueue('anthropic', fix(WRONG), fix('export const other = 2;\n', 'src/other.mjs'));
    const test = `cat src/calc.mjs src/other.mjs >> '${log}'; echo ---- >> '${log}'; ${REPRO}`;
    const res = await runCli(BIN, ['--test-cmd', test, '--files', 'src/calc.mjs,src/other.mjs', '--n', '2', '--json'], { cwd: r.dir, env: suite.server.env() });
    expect(res.exitCode, res.stderr).toBe(2);
    const [preflight, first, second] = readFileSync(log, 'utf8').split('----\n');
    expect(preflight).toBe(`${BUGGY}export const other = 1;\n`);
    expect(first).toBe(`${WRONG}export const other = 1;\n`);
    expect(second).toBe(`${BUGGY}export const other = 2;\n`);
    expect(bytes(r, 'src/calc.mjs').toString()).toBe(BUGGY);
    expect(bytes(r, 'src/other.mjs').toString()).toBe('export const other = 1;\n');
  });
});
