// Temporary git repositories with given files and commits, for tests that run tools on real repos.

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type FileTree = Record<string, string | Buffer | { content: string | Buffer; mode: number }>;

export interface TempRepo {
  readonly dir: string;
  git(...args: string[]): string;
  write(files: FileTree): void;
  read(path: string): string;
  /** Writes the files (if given), stages everything and commits; returns the new sha. */
  commit(message: string, files?: FileTree): string;
  /** `git status --porcelain` output. */
  status(): string;
  cleanup(): void;
}

export interface TempRepoOptions {
  /** Files of the first commit. */
  files?: FileTree;
  /** More commits after the first, in order. */
  commits?: Array<{ message: string; files: FileTree }>;
  /** Create the directory without `git init` (to test non-repositories). */
  noGit?: boolean;
  prefix?: string;
}

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'adlc test',
  GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'adlc test',
  GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

export function makeTempRepo(options: TempRepoOptions = {}): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), options.prefix ?? 'adlc-repo-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const write = (files: FileTree) => {
    for (const [path, value] of Object.entries(files)) {
      const abs = join(dir, path);
      mkdirSync(dirname(abs), { recursive: true });
      if (typeof value === 'string' || Buffer.isBuffer(value)) writeFileSync(abs, value);
      else {
        writeFileSync(abs, value.content);
        chmodSync(abs, value.mode);
      }
    }
  };
  const repo: TempRepo = {
    dir,
    git,
    write,
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    commit(message, files) {
      if (files) write(files);
      git('add', '-A');
      git('commit', '-q', '--no-gpg-sign', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD').trim();
    },
    status: () => git('status', '--porcelain'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
  if (options.noGit) {
    if (options.files) write(options.files);
    return repo;
  }
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', GIT_ENV.GIT_AUTHOR_NAME);
  git('config', 'user.email', GIT_ENV.GIT_AUTHOR_EMAIL);
  git('config', 'commit.gpgsign', 'false');
  if (options.files) repo.commit('initial', options.files);
  for (const c of options.commits ?? []) repo.commit(c.message, c.files);
  return repo;
}
