import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpError } from '../src/errors.js';
import { runGit } from '../src/run-git.js';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';

let repo: TempRepo;
beforeAll(() => {
  repo = makeTempRepo({ files: { 'a.txt': 'a\n' } });
});
afterAll(() => repo.cleanup());

async function failure(promise: Promise<unknown>): Promise<OpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(OpError.isInstance(error)).toBe(true);
  return error as OpError;
}

describe('runGit', () => {
  it('resolves stdout', async () => {
    expect(await runGit(['ls-files'], { cwd: repo.dir })).toBe('a.txt\n');
  });

  it('writes input to stdin', async () => {
    // The blob id of "hello\n" is fixed by git's object format.
    expect((await runGit(['hash-object', '--stdin'], { cwd: repo.dir, input: 'hello\n' })).trim()).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });

  it('merges env over the process environment', async () => {
    const ident = await runGit(['var', 'GIT_AUTHOR_IDENT'], { cwd: repo.dir, env: { GIT_AUTHOR_NAME: 'Someone Else' } });
    expect(ident).toMatch(/^Someone Else </);
  });

  it('names the command, the directory and git\'s stderr on a failure, past global options', async () => {
    const error = await failure(runGit(['-c', 'core.quotePath=false', 'rev-parse', '--verify', 'no-such-ref'], { cwd: repo.dir }));
    expect(error.message).toMatch(new RegExp(`^git rev-parse failed in ${repo.dir}: fatal: `));
  });

  it('accepts the exit codes it is told are not failures', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'adlc-run-git-'));
    try {
      writeFileSync(path.join(dir, 'x'), 'one\n');
      writeFileSync(path.join(dir, 'y'), 'two\n');
      const args = ['diff', '--no-index', '--no-color', 'x', 'y'];
      await failure(runGit(args, { cwd: dir }));
      expect(await runGit(args, { cwd: dir, okExitCodes: [0, 1] })).toContain('-one\n+two\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says when git cannot be found, and when the directory does not exist', async () => {
    const noGit = await failure(runGit(['status'], { cwd: repo.dir, env: { PATH: path.join(repo.dir, 'nowhere') } }));
    expect(noGit.message).toBe('could not run git status: git is not installed or not on PATH');
    const missing = path.join(repo.dir, 'missing');
    const noDir = await failure(runGit(['status'], { cwd: missing }));
    expect(noDir.message).toBe(`could not run git status: directory ${missing} does not exist`);
  });
});
