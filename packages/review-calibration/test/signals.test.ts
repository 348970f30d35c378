import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive, RestoreDocumentSchema } from '@adlc/core';
import { cleanEnv, runCli, type TempRepo } from '@adlc/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { RestoreJsonSchema } from '../src/index.js';
import { BIN, scratch, cli, MATH, parseJson, plantedRepo, PLANTS, removedAfterTest, reviewer, until, useCleanRuns, makeRepo } from './helpers.js';

let repo: TempRepo;
const stray: number[] = [];
useCleanRuns();
afterEach(() => {
  for (const pid of stray.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

const OTHER = 'export function twice(x) {\n  return x * 2;\n}\n';
const OTHER_PLANT = { file: 'src/other.js', line: 2, original: '  return x * 2;', mutated: '  return x * 3;', category: 'arithmetic', description: 'triples instead of doubling' };

/**
 * Starts a run whose reviewer sleeps forever (by default the only one; `args` may name others, and
 * decoys); resolves once the sleeping reviewer runs.
 */
async function startSleepingRun(opts: { twoFiles?: boolean; args?: (sleeper: string) => string[] } = {}) {
  let plantsFile: string;
  ({ repo, plantsFile } = plantedRepo(opts.twoFiles ? { 'src/other.js': OTHER } : {}, opts.twoFiles ? [...PLANTS, OTHER_PLANT] : PLANTS));
  const pidFile = scratch('reviewer.pid');
  const sleeper = reviewer('sleep', pidFile);
  const args = opts.args ? opts.args(sleeper) : ['--review-cmd', sleeper];
  const child = spawn(process.execPath, [BIN, ...args, '--plants-file', plantsFile, '--scorer', 'repro', '--min-recall', '0'], {
    cwd: repo.dir,
    env: cleanEnv() as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the reviewer to start');
  const reviewerPid = Number(readFileSync(pidFile, 'utf8'));
  stray.push(reviewerPid);
  return { child, exited, reviewerPid, plantsFile, stderr: () => stderr };
}

/** A SIGKILL to the run and to its reviewer, as a crash or `kill -9` leaves them: nothing could clean up. */
async function killHard(run: Awaited<ReturnType<typeof startSleepingRun>>): Promise<void> {
  run.child.kill('SIGKILL');
  await run.exited;
  process.kill(run.reviewerPid, 'SIGKILL');
  await until(() => !isProcessAlive(run.reviewerPid), 'the reviewer to die', 5000);
}

describe('signals', () => {
  it('SIGINT during the review kills the reviewer, restores every file byte for byte, exits 130', async () => {
    const run = await startSleepingRun();
    // The plants are in while the reviewer runs.
    expect(repo.read('src/math.js')).not.toBe(MATH);
    run.child.kill('SIGINT');
    const { code } = await run.exited;
    expect(code).toBe(130);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
    await until(() => !isProcessAlive(run.reviewerPid), 'the reviewer to be killed', 5000);
    expect(run.stderr()).toContain('interrupted');
  });

  it('SIGTERM too: exit 143, files restored', async () => {
    const run = await startSleepingRun();
    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(143);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });

  it('SIGINT while the second of two reviewers runs: its plants (written afresh) come out, byte for byte, exit 130', async () => {
    const run = await startSleepingRun({ twoFiles: true, args: (sleeper) => ['--review-cmd', reviewer('report', '5', '--repro'), '--review-cmd', sleeper] });
    // The first reviewer is done and its tree was restored; the plants are in again for the second.
    expect(repo.read('src/math.js')).not.toBe(MATH);
    expect(repo.read('src/other.js')).not.toBe(OTHER);
    run.child.kill('SIGINT');
    expect((await run.exited).code).toBe(130);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.read('src/other.js')).toBe(OTHER);
    expect(repo.status()).toBe('');
    await until(() => !isProcessAlive(run.reviewerPid), 'the second reviewer to be killed', 5000);
    // Nothing is left for a recovery to do.
    const restore = await cli(repo, ['--restore']);
    expect(restore.stderr).toContain('nothing to restore');
  });

  it('SIGTERM during a decoy run (the clean commit, after the planted one): the reviewer is killed, the tree as before, exit 143', async () => {
    // Planted: the diff against {base} is not empty and it reports; clean: it sleeps.
    const run = await startSleepingRun({
      args: (sleeper) => ['--review-cmd', `git diff --quiet {base} && ${sleeper} || ${reviewer('report', '4', '--repro')}`, '--decoys', '2'],
    });
    // The sleeping run is a decoy: no plant is in the tree.
    expect(repo.read('src/math.js')).toBe(MATH);
    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(143);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
    await until(() => !isProcessAlive(run.reviewerPid), 'the decoy reviewer to be killed', 5000);
    expect((await cli(repo, ['--restore'])).stderr).toContain('nothing to restore');
  });

  it('after a SIGKILL, --restore puts the files back; a later run recovers before its dirty-tree check', async () => {
    const run = await startSleepingRun();
    await killHard(run);
    // The killed run could not clean up: the plants are still in the file.
    expect(repo.read('src/math.js')).not.toBe(MATH);

    const restored = await cli(repo, ['--restore', '--json']);
    expect(restored.exitCode).toBe(0);
    const doc = RestoreJsonSchema.parse(JSON.parse(restored.stdout));
    expect(doc.restored).toEqual([expect.objectContaining({ tool: 'review-calibration', files: ['src/math.js'] })]);
    expect(restored.stderr).toContain('restored 1 file');
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');

    const again = await cli(repo, ['--restore']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('nothing to restore');
  });

  it('after a SIGKILL and a person\'s edit, --restore keeps the edit, saves the original under .git, restores the rest, exit 0', async () => {
    const run = await startSleepingRun({ twoFiles: true });
    await killHard(run);
    expect(repo.read('src/other.js')).not.toBe(OTHER);
    // The person opens the planted file and fixes something of their own in it.
    const edited = `${repo.read('src/math.js')}// my own note\n`;
    writeFileSync(join(repo.dir, 'src/math.js'), edited);

    const restored = await cli(repo, ['--restore', '--json']);
    expect(restored.exitCode, restored.stderr).toBe(0);
    const doc = RestoreJsonSchema.parse(JSON.parse(restored.stdout));
    expect(doc.restored).toEqual([expect.objectContaining({ tool: 'review-calibration', files: ['src/other.js'] })]);
    expect(doc.kept).toEqual([expect.objectContaining({ tool: 'review-calibration', path: 'src/math.js', now: 'changed' })]);
    const saved = doc.kept[0]!.saved!;
    expect(saved.startsWith(join(realpathSync(join(repo.dir, '.git')), 'adlc'))).toBe(true);
    expect(readFileSync(saved, 'utf8')).toBe(MATH);
    expect(restored.stderr).toContain(saved);
    expect(restored.stderr).toContain('git diff --no-index');
    expect(repo.read('src/math.js')).toBe(edited);
    expect(repo.read('src/other.js')).toBe(OTHER);
    expect(repo.status()).toBe(' M src/math.js\n');

    const again = await cli(repo, ['--restore']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('nothing to restore');
    expect(repo.read('src/math.js')).toBe(edited);
  });

  it('--restore reports a journal it cannot read in the shape consensus-fix prints too, leaves it, exit 0', async () => {
    repo = removedAfterTest(makeRepo());
    const journals = join(repo.dir, '.git', 'adlc', 'journals');
    mkdirSync(journals, { recursive: true });
    writeFileSync(join(journals, 'broken-1-0000.json'), '{"version": 2');
    const restored = await cli(repo, ['--restore', '--json']);
    expect(restored.exitCode, restored.stderr).toBe(0);
    const doc = RestoreJsonSchema.parse(JSON.parse(restored.stdout));
    expect(RestoreDocumentSchema.strict().parse(doc)).toEqual(doc);
    expect(doc.restore).toEqual({ restored: doc.restored, skipped: doc.skipped, kept: doc.kept });
    expect(doc.skipped).toEqual([expect.objectContaining({ status: 'corrupt', why: expect.any(String), reason: expect.any(String) })]);
    expect(restored.stderr).toContain('left a corrupt journal in place');
    expect(existsSync(join(journals, 'broken-1-0000.json'))).toBe(true);
  });

  it('--restore outside any git repository: nothing to restore, said on stderr, exit 0', async () => {
    const dir = scratch('not-a-repo');
    mkdirSync(dir, { recursive: true });
    const res = await runCli(BIN, ['--restore', '--json'], { cwd: dir, env: {} });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toContain('review-calibration: nothing to restore');
    expect(RestoreJsonSchema.parse(JSON.parse(res.stdout))).toMatchObject({ restored: [], skipped: [], kept: [] });
  });

  it('a normal run after a SIGKILL recovers first instead of refusing a dirty tree', async () => {
    const run = await startSleepingRun();
    await killHard(run);
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', run.plantsFile, '--scorer', 'repro', '--min-recall', '0', '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('restored 1 file');
    expect(parseJson(result).total).toBe(4);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });
});
