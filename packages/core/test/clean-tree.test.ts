import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertCleanTree } from '../src/clean-tree.js';
import { OpError } from '../src/errors.js';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});
function repo(options: Parameters<typeof makeTempRepo>[0] = {}): TempRepo {
  const r = makeTempRepo({ files: { 'a.txt': 'a\n' }, ...options });
  repos.push(r);
  return r;
}

async function failure(promise: Promise<void>): Promise<OpError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(OpError.isInstance(error), String(error)).toBe(true);
  return error as OpError;
}

describe('assertCleanTree', () => {
  it('passes a clean tree, and a tree dirty only in the allowed files', async () => {
    const r = repo();
    await assertCleanTree(r.dir);
    writeFileSync(path.join(r.dir, 'history.jsonl'), '{}\n');
    await assertCleanTree(r.dir, { allow: new Set(['history.jsonl']) });
  });

  it.each([
    [{}, 'commit or stash them first'],
    [{ runAnyway: 'pass --allow-dirty' }, 'commit or stash them first, or pass --allow-dirty'],
    [{ why: 'bugs are planted into the working tree and taken out again' }, 'commit or stash them first: bugs are planted into the working tree and taken out again'],
  ])('names the dirty files, with the hint for %o', async (opts, hint) => {
    const r = repo();
    writeFileSync(path.join(r.dir, 'a.txt'), 'changed\n');
    writeFileSync(path.join(r.dir, 'notes.txt'), 'untracked\n');
    const error = await failure(assertCleanTree(r.dir, opts));
    expect(error.message).toBe('the working tree has uncommitted changes: a.txt, notes.txt');
    expect(error.hint).toBe(hint);
  });

  it('shows five files and the count', async () => {
    const r = repo();
    for (let i = 1; i <= 7; i++) writeFileSync(path.join(r.dir, `f${i}.txt`), 'x');
    const error = await failure(assertCleanTree(r.dir));
    expect(error.message).toBe('the working tree has uncommitted changes: f1.txt, f2.txt, f3.txt, f4.txt, f5.txt, … (7 in all)');
  });

  it('trusts a listing already under way', async () => {
    const r = repo();
    const error = await failure(assertCleanTree(r.dir, { listed: Promise.resolve(['seen-earlier.txt']) }));
    expect(error.message).toBe('the working tree has uncommitted changes: seen-earlier.txt');
  });

  it('refuses a directory outside git: its work cannot be protected', async () => {
    const plain = repo({ noGit: true });
    const error = await failure(assertCleanTree(plain.dir, { runAnyway: 'pass --allow-dirty' }));
    expect(error.message).toBe(`${plain.dir} is not a git repository, so uncommitted work cannot be protected`);
    expect(error.hint).toBe('run inside a git repository, or pass --allow-dirty to run anyway');
  });
});
