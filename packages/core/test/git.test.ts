import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpError } from '../src/errors.js';
import { dirtyFiles, git, isDirty, isGitRepo } from '../src/git.js';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';

const lines = (n: number, tag = 'line') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}\n`).join('');

describe('dirty checks', () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = makeTempRepo({ files: { 'a.txt': 'a\n', 'b.txt': 'b\n', '.gitignore': 'ignored/\n' } });
  });
  afterAll(() => repo.cleanup());

  it('knows a repository from a plain directory', async () => {
    const plain = mkdtempSync(path.join(os.tmpdir(), 'adlc-plain-'));
    mkdirSync(path.join(repo.dir, 'sub'), { recursive: true });
    try {
      expect(await isGitRepo(repo.dir)).toBe(true);
      expect(await isGitRepo(path.join(repo.dir, 'sub'))).toBe(true);
      expect(await isGitRepo(plain)).toBe(false);
      expect(await isGitRepo(path.join(plain, 'missing'))).toBe(false);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  const cases: Array<[string, () => void, string[]]> = [
    ['a clean tree', () => undefined, []],
    ['an ignored file', () => repo.write({ 'ignored/x.log': 'x' }), []],
    ['an unstaged change', () => repo.write({ 'a.txt': 'changed\n' }), ['a.txt']],
    ['a staged change', () => void (repo.write({ 'a.txt': 'changed\n' }), repo.git('add', 'a.txt')), ['a.txt']],
    [
      'an untracked file, even when status hides them',
      () => void (repo.git('config', 'status.showUntrackedFiles', 'no'), repo.write({ 'new dir/n é.txt': 'n' })),
      ['new dir/n é.txt'],
    ],
    ['a staged rename (both paths)', () => void repo.git('mv', 'b.txt', 'c.txt'), ['c.txt', 'b.txt']],
  ];
  it.each(cases)('%s', async (_case, setup, expected) => {
    setup();
    try {
      expect(await dirtyFiles(repo.dir)).toEqual(expected);
      expect(await isDirty(path.join(repo.dir))).toBe(expected.length > 0);
    } finally {
      repo.git('reset', '-q', '--hard');
      repo.git('clean', '-fdxq');
      if (repo.git('config', '--list').includes('status.showuntrackedfiles')) repo.git('config', '--unset-all', 'status.showUntrackedFiles');
    }
  });
});

describe('git queries', () => {
  let repo: TempRepo;
  let first: string;
  let second: string;
  beforeAll(() => {
    repo = makeTempRepo({
      files: { 'src/a.js': lines(6), 'src/gone.js': 'bye\n', 'ab.js': '1\n', 'a*.js': '1\n', 'odd name é.txt': 'x\n' },
    });
    first = repo.git('rev-parse', 'HEAD').trim();
    const a = lines(6).replace('line 2\n', 'line two\n').replace('line 4\n', '').replace('line 6\n', 'line 6\nline 7\nline 8\n');
    repo.git('rm', '-q', 'src/gone.js');
    second = repo.commit('second', { 'src/a.js': a, 'src/new.js': 'new\n', 'ab.js': '1\n2\n', 'a*.js': '1\n2\n3\n', 'odd name é.txt': 'y\n' });
    // Settings that would break naive parsing of diffs.
    repo.git('config', 'diff.noprefix', 'true');
    repo.git('config', 'color.ui', 'always');
    mkdirSync(path.join(repo.dir, 'src/deeper'), { recursive: true });
  });
  afterAll(() => repo.cleanup());

  it('finds the top level and the common dir, from a subdirectory and from a worktree', async () => {
    const sub = path.join(repo.dir, 'src/deeper');
    expect(await git.root(sub)).toBe(realpathSync(repo.dir));
    expect(await git.commonDir(sub)).toBe(realpathSync(path.join(repo.dir, '.git')));
    const parent = mkdtempSync(path.join(os.tmpdir(), 'adlc-wt-'));
    const worktree = path.join(parent, 'wt');
    repo.git('worktree', 'add', '-q', '--detach', worktree);
    try {
      expect(await git.root(worktree)).toBe(realpathSync(worktree));
      expect(await git.commonDir(worktree)).toBe(realpathSync(path.join(repo.dir, '.git')));
    } finally {
      repo.git('worktree', 'remove', '--force', worktree);
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('asks git once for a directory\'s top level and common dir, and once more for neither', async () => {
    // A `git` on PATH that logs each call before running the real one.
    const shimDir = mkdtempSync(path.join(os.tmpdir(), 'adlc-git-shim-'));
    const calls = path.join(shimDir, 'calls.log');
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(shimDir, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${realGit}' "$@"\n`, { mode: 0o755 });
    const savedPath = process.env.PATH;
    process.env.PATH = `${shimDir}${path.delimiter}${savedPath ?? ''}`;
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'adlc-fresh-'));
    try {
      execFileSync(realGit, ['init', '-q', fresh]);
      mkdirSync(path.join(fresh, 'sub'));
      const sub = path.join(fresh, 'sub');
      const [top, common] = await Promise.all([git.root(sub), git.commonDir(sub)]);
      expect(top).toBe(realpathSync(fresh));
      expect(common).toBe(realpathSync(path.join(fresh, '.git')));
      // Handed the root afterwards (as a snapshot is), nothing more is asked.
      expect(await git.commonDir(top)).toBe(common);
      expect(readFileSync(calls, 'utf8').trim().split('\n')).toHaveLength(1);
      // Subjects up to HEAD: the base is verified, HEAD is not (one rev-parse and the log).
      for (const n of [1, 2]) execFileSync(realGit, ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', `c${n}`], { cwd: fresh });
      const base = execFileSync(realGit, ['rev-parse', 'HEAD~1'], { cwd: fresh, encoding: 'utf8' }).trim();
      writeFileSync(calls, '');
      expect(await git.subjects(sub, base)).toEqual(['c2']);
      expect(readFileSync(calls, 'utf8').trim().split('\n').map((line) => line.split(' ')[0])).toEqual(['rev-parse', 'log']);
    } finally {
      process.env.PATH = savedPath;
      rmSync(shimDir, { recursive: true, force: true });
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('finds the common dir of a bare repository, which has no top level', async () => {
    const bare = mkdtempSync(path.join(os.tmpdir(), 'adlc-bare-'));
    try {
      execFileSync('git', ['init', '-q', '--bare', bare]);
      expect(await git.commonDir(bare)).toBe(realpathSync(bare));
      await expect(git.root(bare)).rejects.toThrow();
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('resolves revisions to full shas and names the unknown ones', async () => {
    expect(await git.revParse(repo.dir, 'HEAD')).toBe(second);
    expect(await git.revParse(repo.dir, 'HEAD~1')).toBe(first);
    for (const ref of ['no-such-branch', '--output=/tmp/x', '']) {
      const error = await git.revParse(repo.dir, ref).catch((e: unknown) => e);
      expect(OpError.isInstance(error)).toBe(true);
      expect((error as OpError).message).toBe(`unknown revision ${ref}`);
    }
  });

  it('an ancestor past the start of the history says the history may be short (one commit, a shallow clone)', async () => {
    const tooFar = await git.revParse(repo.dir, 'HEAD~5').catch((e: unknown) => e);
    expect((tooFar as OpError).message).toBe('unknown revision HEAD~5');
    expect((tooFar as OpError).hint).toMatch(/the history here has fewer commits than HEAD~5 goes back.*fetch-depth: 0/);
    const branch = await git.revParse(repo.dir, 'no-such-branch').catch((e: unknown) => e);
    expect((branch as OpError).hint).toBe('give a commit, branch or tag that exists in this repository');
  });

  it('lists the files a commit added or modified, not the deleted ones; the root commit lists all', async () => {
    expect((await git.changedFiles(repo.dir, second)).sort()).toEqual(['a*.js', 'ab.js', 'odd name é.txt', 'src/a.js', 'src/new.js']);
    expect((await git.changedFiles(repo.dir, first)).sort()).toEqual(['a*.js', 'ab.js', 'odd name é.txt', 'src/a.js', 'src/gone.js']);
  });

  it('a range A..B lists and numbers what the commits after A changed up to B', async () => {
    expect((await git.changedFiles(repo.dir, `${first}..${second}`)).sort()).toEqual(['a*.js', 'ab.js', 'odd name é.txt', 'src/a.js', 'src/new.js']);
    expect(await git.changedLines(repo.dir, `${first}..${second}`, 'src/a.js')).toEqual([2, 6, 7]);
    await expect(git.changedFiles(repo.dir, `${first}..nope`)).rejects.toThrow('unknown revision nope');
  });

  it.each([
    // line 2 replaced, line 4 deleted (nothing on the new side), two lines appended after line 6 (now 5)
    ['src/a.js', 'HEAD', [2, 6, 7]],
    ['src/a.js', 'HEAD~1', [1, 2, 3, 4, 5, 6]],
    ['src/new.js', 'HEAD', [1]],
    ['a*.js', 'HEAD', [2, 3]], // a literal name, not a glob matching ab.js too
    ['ab.js', 'HEAD', [2]],
    ['src/gone.js', 'HEAD', []],
  ] as const)('changed lines of %s in %s', async (file, ref, expected) => {
    // From a subdirectory: the path is still repository-relative.
    expect(await git.changedLines(path.join(repo.dir, 'src/deeper'), ref, file)).toEqual(expected);
  });

  it('diffs two commits, or a commit and the working tree, with a/ b/ prefixes whatever the config', async () => {
    const committed = await git.diff(repo.dir, first, second);
    expect(committed).toContain('--- a/src/a.js\n+++ b/src/a.js\n');
    expect(committed).toContain('+line two\n');
    expect(committed).not.toContain('\u001b[');
    expect(await git.diffFiles(repo.dir, first, second)).toEqual(['a*.js', 'ab.js', 'odd name é.txt', 'src/a.js', 'src/gone.js', 'src/new.js']);

    repo.write({ 'ab.js': 'uncommitted\n' });
    try {
      const working = await git.diff(path.join(repo.dir, 'src'), 'HEAD');
      expect(working).toContain('+++ b/ab.js\n');
      expect(working).toContain('+uncommitted\n');
      expect(await git.diffFiles(repo.dir, 'HEAD')).toEqual(['ab.js']);
      expect(await git.diff(repo.dir, 'HEAD', 'HEAD')).toBe('');
    } finally {
      repo.git('checkout', '-q', '--', 'ab.js');
    }
  });

  it('lists untracked, non-ignored files one by one, repository-relative, from a subdirectory', async () => {
    repo.write({ 'new dir/n é.txt': 'n\n', 'new dir/deep/x.js': 'x\n', '.gitignore': 'ignored/\n', 'ignored/secret.txt': 's\n' });
    repo.git('config', 'status.showUntrackedFiles', 'no');
    try {
      expect((await git.untrackedFiles(path.join(repo.dir, 'src'))).sort()).toEqual(['.gitignore', 'new dir/deep/x.js', 'new dir/n é.txt']);
    } finally {
      repo.git('config', '--unset-all', 'status.showUntrackedFiles');
      repo.git('clean', '-fdxq');
    }
    expect(await git.untrackedFiles(repo.dir)).toEqual([]);
  });

  it('lists commit subjects base..head oldest first, HEAD by default', async () => {
    expect(await git.subjects(path.join(repo.dir, 'src'), first)).toEqual(['second']);
    expect(await git.subjects(repo.dir, first, second)).toEqual(['second']);
    expect(await git.subjects(repo.dir, second, first)).toEqual([]);
    await expect(git.subjects(repo.dir, 'nope')).rejects.toThrow('unknown revision nope');
  });

  it('asks git for a top level and a commit once per process (fewer spawns before a first model call)', async () => {
    const shim = mkdtempSync(path.join(os.tmpdir(), 'adlc-git-shim-'));
    const log = path.join(shim, 'calls.log');
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(shim, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
    const savedPath = process.env.PATH;
    process.env.PATH = `${shim}${path.delimiter}${savedPath ?? ''}`;
    try {
      // A repository of its own: the other tests' answers are already remembered.
      const fresh = makeTempRepo({ files: { 'src/deeper/a.js': 'a\n' } });
      try {
        const one = fresh.git('rev-parse', 'HEAD').trim();
        const two = fresh.commit('two', { 'src/deeper/a.js': 'b\n' });
        const sub = path.join(fresh.dir, 'src/deeper');
        const top = await git.root(sub);
        const base = await git.revParse(top, one);
        await Promise.all([git.diff(top, base, two), git.diffFiles(top, base, two), git.root(sub), git.root(top)]);
        const calls = readFileSync(log, 'utf8').trim().split('\n');
        expect(calls.filter((c) => c.includes('--show-toplevel'))).toHaveLength(1);
        expect(calls.filter((c) => c.includes(`${one}^{commit}`))).toHaveLength(1);
        expect(calls.filter((c) => c.includes(`${two}^{commit}`))).toHaveLength(1);
        // Still a real check: a name that is not a commit is refused every time it is asked.
        await expect(git.revParse(top, 'no-such-ref')).rejects.toThrow('unknown revision no-such-ref');
        await expect(git.revParse(top, 'f'.repeat(40))).rejects.toThrow(`unknown revision ${'f'.repeat(40)}`);
        await expect(git.revParse(top, 'f'.repeat(40))).rejects.toThrow(`unknown revision ${'f'.repeat(40)}`);
      } finally {
        fresh.cleanup();
      }
    } finally {
      process.env.PATH = savedPath;
      rmSync(shim, { recursive: true, force: true });
    }
  });

  it('shows a file at a ref, null when it is not there, and refuses an unknown ref', async () => {
    expect(await git.show(repo.dir, 'HEAD~1', 'src/gone.js')).toBe('bye\n');
    expect(await git.show(path.join(repo.dir, 'src'), 'HEAD', 'odd name é.txt')).toBe('y\n');
    expect(await git.show(repo.dir, 'HEAD', 'src/gone.js')).toBeNull();
    await expect(git.show(repo.dir, 'nope', 'src/a.js')).rejects.toThrow('unknown revision nope');
  });

  it('reports operational errors outside a repository', async () => {
    const plain = mkdtempSync(path.join(os.tmpdir(), 'adlc-plain-'));
    writeFileSync(path.join(plain, 'x'), '');
    try {
      await expect(git.root(plain)).rejects.toThrow(OpError);
      await expect(dirtyFiles(plain)).rejects.toThrow(OpError);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('git attributes', () => {
  it('reads .gitattributes values for each file, names with spaces included', async () => {
    const repo = makeTempRepo({
      files: {
        '.gitattributes': 'gen/** linguist-generated\n*.snap -diff\nkeep.js linguist-generated=false\n',
        'gen/api client.js': 'x\n',
        'a.snap': 'y\n',
        'keep.js': 'z\n',
      },
    });
    try {
      const attrs = await git.checkAttr(repo.dir, ['linguist-generated', 'diff'], ['gen/api client.js', 'a.snap', 'keep.js']);
      expect(attrs.get('gen/api client.js')).toEqual({ 'linguist-generated': 'set', diff: 'unspecified' });
      expect(attrs.get('a.snap')).toEqual({ 'linguist-generated': 'unspecified', diff: 'unset' });
      expect(attrs.get('keep.js')).toEqual({ 'linguist-generated': 'false', diff: 'unspecified' });
      expect(await git.checkAttr(repo.dir, ['diff'], [])).toEqual(new Map());
    } finally {
      repo.cleanup();
    }
  });
});
