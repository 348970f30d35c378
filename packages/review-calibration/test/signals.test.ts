import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cleanEnv, type TempRepo } from '@adlc/core/testkit';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RestoreJsonSchema } from '../src/index.js';
import { alive, assertBuilt, BIN, cleanScratch, scratch, cli, makeRepo, MATH, parseJson, PLANTS, reviewer, until } from './helpers.js';

let repo: TempRepo;
const stray: number[] = [];
beforeAll(assertBuilt);
afterEach(() => {
  for (const pid of stray.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  repo?.cleanup();
  cleanScratch();
});

/** Starts a run whose reviewer sleeps forever; resolves once the reviewer runs (the plants are in). */
async function startSleepingRun() {
  repo = makeRepo();
  const plantsFile = scratch('plants.json');
  writeFileSync(plantsFile, JSON.stringify(PLANTS));
  const pidFile = scratch('reviewer.pid');
  const child = spawn(process.execPath, [BIN, '--review-cmd', reviewer('sleep', pidFile), '--plants-file', plantsFile, '--scorer', 'repro'], {
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
    await until(() => !alive(run.reviewerPid), 'the reviewer to be killed', 5000);
    expect(run.stderr()).toContain('interrupted');
  });

  it('SIGTERM too: exit 143, files restored', async () => {
    const run = await startSleepingRun();
    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(143);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });

  it('after a SIGKILL, --restore puts the files back; a later run recovers before its dirty-tree check', async () => {
    const run = await startSleepingRun();
    run.child.kill('SIGKILL');
    await run.exited;
    process.kill(run.reviewerPid, 'SIGKILL');
    await until(() => !alive(run.reviewerPid), 'the reviewer to die', 5000);
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

  it('a normal run after a SIGKILL recovers first instead of refusing a dirty tree', async () => {
    const run = await startSleepingRun();
    run.child.kill('SIGKILL');
    await run.exited;
    process.kill(run.reviewerPid, 'SIGKILL');
    await until(() => !alive(run.reviewerPid), 'the reviewer to die', 5000);
    const result = await cli(repo, ['--review-cmd', reviewer('lgtm'), '--plants-file', run.plantsFile, '--scorer', 'repro', '--min-recall', '0', '--json']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('restored 1 file');
    expect(parseJson(result).total).toBe(4);
    expect(repo.read('src/math.js')).toBe(MATH);
    expect(repo.status()).toBe('');
  });
});
