// The git queries the tools need (dirty check, commit diffs, file contents at a ref), through simple-git:
// its typed results where it has them (status, rev-parse, cat-file, log), its raw runner for plumbing.
// Commands that take paths run at the top level, so every path in and out is repository-relative.

import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { OpError } from './errors.js';
import { parseHunkHeader } from './hunk-header.js';
import { runGit, withGit } from './run-git.js';

/** A ref starting with '-' would be read by git as an option. */
function assertRef(ref: string): void {
  if (ref.length === 0 || ref.startsWith('-')) throw new OpError(`unknown revision ${ref}`);
}

function splitNul(out: string): string[] {
  return out.split('\0').filter((entry) => entry.length > 0);
}

/** True when `cwd` is inside a git work tree. */
export async function isGitRepo(cwd: string): Promise<boolean> {
  try {
    return await withGit(cwd, 'rev-parse', (git) => git.checkIsRepo());
  } catch {
    return false;
  }
}

/**
 * Repository-relative paths with tracked changes (staged or not) or untracked, non-ignored files.
 * A rename lists both of its paths. Untracked files are listed one by one whatever the user's
 * `status.showUntrackedFiles` says: hiding them would let a tool overwrite unsaved work.
 */
export async function dirtyFiles(cwd: string): Promise<string[]> {
  // simple-git asks for `--untracked-files` (all) and NUL-terminated entries; a rename carries `from`.
  const status = await withGit(cwd, 'status', (git) => git.status());
  return status.files.flatMap((file) => (file.from === undefined ? [file.path] : [file.path, file.from]));
}

export async function isDirty(cwd: string): Promise<boolean> {
  return (await dirtyFiles(cwd)).length > 0;
}

// A directory's top level and common dir do not move while a tool runs, so each is asked of git
// once per process, both in one `git rev-parse`: the queries below start from them, and every spawn
// delays a CLI's first model call.
const places = new Map<string, Promise<{ root: string; common: string }>>();
const commons = new Map<string, Promise<string>>();

function locate(cwd: string): Promise<{ root: string; common: string }> {
  let found = places.get(cwd);
  if (found === undefined) {
    found = withGit(cwd, 'rev-parse', (git) => git.revparse(['--show-toplevel', '--git-common-dir'])).then(async (out) => {
      const [top = '', common = ''] = out.split('\n');
      const place = { root: await realpath(top.trim()), common: await realpath(path.resolve(cwd, common.trim())) };
      // The top level is its own top level: queries handed the root need not ask again.
      if (!places.has(place.root)) places.set(place.root, Promise.resolve(place));
      return place;
    });
    places.set(cwd, found);
    // A failure is not remembered: the directory may become a repository later.
    found.catch(() => places.delete(cwd));
  }
  return found;
}

async function root(cwd: string): Promise<string> {
  return (await locate(cwd)).root;
}

/** The directory shared by all worktrees of the repository (`.git` of the main worktree). */
function commonDir(cwd: string): Promise<string> {
  let common = commons.get(cwd);
  if (common === undefined) {
    // Inside a bare repository or a .git directory there is no top level; ask for the common dir alone.
    common = locate(cwd).then(
      (place) => place.common,
      async () => realpath(path.resolve(cwd, await withGit(cwd, 'rev-parse', (git) => git.revparse(['--git-common-dir'])))),
    );
    commons.set(cwd, common);
    common.catch(() => commons.delete(cwd));
  }
  return common;
}

/**
 * Full commit names verified in this process, per directory (a commit's name never comes to mean
 * another object), so queries handed resolved shas do not ask git again. Symbolic refs are always asked.
 */
const commits = new Map<string, Promise<string>>();
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** `HEAD~1` in a repository of one commit, or in CI's shallow clone, is the common miss: say so. */
function unknownRevisionHint(ref: string): string {
  const exists = 'give a commit, branch or tag that exists in this repository';
  if (!/[~^]\d*$/.test(ref)) return exists;
  return `${exists}; the history here has fewer commits than ${ref} goes back (a new repository, or a shallow clone: in GitHub Actions, checkout with fetch-depth: 0)`;
}

async function revParse(cwd: string, ref: string): Promise<string> {
  assertRef(ref);
  const key = `${cwd}\0${ref}`;
  const known = FULL_SHA.test(ref) ? commits.get(key) : undefined;
  if (known !== undefined) return known;
  const verify = withGit(cwd, 'rev-parse', (git) => git.revparse(['--verify', `${ref}^{commit}`])).catch(
    (error: unknown) => {
      throw new OpError(`unknown revision ${ref}`, { cause: error, hint: unknownRevisionHint(ref) });
    },
  );
  if (FULL_SHA.test(ref)) {
    commits.set(key, verify);
    verify.catch(() => commits.delete(key));
  }
  const sha = await verify;
  if (!commits.has(`${cwd}\0${sha}`)) commits.set(`${cwd}\0${sha}`, Promise.resolve(sha));
  return sha;
}

/** The first parent of a commit, or null for a root commit. */
async function firstParent(cwd: string, sha: string): Promise<string | null> {
  const [, parent] = (await runGit(['rev-list', '--parents', '-n', '1', sha], { cwd })).trim().split(/\s+/);
  return parent ?? null;
}

/**
 * `diff-tree` arguments comparing a commit with its first parent (or the empty tree for a root
 * commit), or the two ends of a range `A..B`.
 */
async function commitRange(cwd: string, commit: string): Promise<string[]> {
  const range = /^(.+?)\.\.(?!\.)(.+)$/.exec(commit);
  if (range) return [await revParse(cwd, range[1] as string), await revParse(cwd, range[2] as string)];
  const sha = await revParse(cwd, commit);
  const parent = await firstParent(cwd, sha);
  return parent === null ? ['--root', sha] : [parent, sha];
}

/** Files the commit (or range `A..B`) added or modified (deletions excluded), repository-relative. */
async function changedFiles(cwd: string, commit: string): Promise<string[]> {
  const range = await commitRange(cwd, commit);
  // Plumbing on purpose: no rename detection or user diff config changes what is listed.
  const out = await runGit(['diff-tree', '-r', '--no-commit-id', '--name-only', '--diff-filter=AM', '-z', ...range], { cwd });
  return splitNul(out);
}

/** 1-based line numbers, new side, that the commit (or range `A..B`) added or changed in `file` (repository-relative). */
async function changedLines(cwd: string, commit: string, file: string): Promise<number[]> {
  const top = await root(cwd);
  const range = await commitRange(top, commit);
  // The path is a file name, never a glob pattern.
  const out = await runGit(['--literal-pathspecs', 'diff-tree', '-r', '-p', '-U0', '--no-commit-id', ...range, '--', toRepoPath(file)], { cwd: top });
  return parseNewSideLines(out);
}

/** New-side line numbers of every hunk in a `-U0` patch. */
export function parseNewSideLines(patch: string): number[] {
  const lines: number[] = [];
  for (const text of patch.split('\n')) {
    const hunk = parseHunkHeader(text);
    if (hunk === null) continue;
    for (let line = hunk.newStart; line < hunk.newStart + hunk.newCount; line++) lines.push(line);
  }
  return lines;
}

// Fixed prefixes and no colour or external diff tool, whatever the user's config, so the output parses.
const DIFF_FLAGS = ['--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/'];

async function revs(cwd: string, base: string, head: string | undefined): Promise<string[]> {
  const from = await revParse(cwd, base);
  return head === undefined ? [from] : [from, await revParse(cwd, head)];
}

/** Unified diff base..head, or base against the working tree (tracked files, staged or not) without head. */
async function diff(cwd: string, base: string, head?: string): Promise<string> {
  const top = await root(cwd);
  const range = await revs(top, base, head);
  return withGit(top, 'diff', (git) => git.diff([...DIFF_FLAGS, ...range, '--']));
}

/** Repository-relative paths that differ between base and head (or the working tree); renames as delete + add. */
async function diffFiles(cwd: string, base: string, head?: string): Promise<string[]> {
  const top = await root(cwd);
  const range = await revs(top, base, head);
  // Plain names with -z: diffSummary cannot parse -z, and without it git quotes unusual names.
  return splitNul(await withGit(top, 'diff', (git) => git.diff(['--name-only', '-z', '--no-renames', ...range, '--'])));
}

/** The content of `file` (repository-relative) at `ref`, or null when it does not exist there. */
async function show(cwd: string, ref: string, file: string): Promise<string | null> {
  const top = await root(cwd);
  const sha = await revParse(top, ref);
  try {
    // cat-file, not show: the stored bytes, never a textconv of them.
    return await withGit(top, 'cat-file', (git) => git.catFile(['blob', `${sha}:${toRepoPath(file)}`]));
  } catch {
    return null;
  }
}

/**
 * Untracked, non-ignored files, repository-relative and listed one by one (never collapsed into
 * their directory): what a review of the working tree must include besides `diff`.
 */
async function untrackedFiles(cwd: string): Promise<string[]> {
  const top = await root(cwd);
  return splitNul(await runGit(['ls-files', '--others', '--exclude-standard', '-z'], { cwd: top }));
}

/** Subjects of the commits base..head (head defaults to HEAD), oldest first. */
async function subjects(cwd: string, base: string, head = 'HEAD'): Promise<string[]> {
  const top = await root(cwd);
  // HEAD needs no check of its own (it cannot be read as an option): one git process fewer.
  const [from, to] = await Promise.all([revParse(top, base), head === 'HEAD' ? head : revParse(top, head)]);
  const log = await withGit(top, 'log', (git) => git.log({ from, to, symmetric: false, format: { subject: '%s' }, '--reverse': null }));
  return log.all.map((commit) => commit.subject.trim()).filter((subject) => subject.length > 0);
}

/**
 * Values of git attributes for repository-relative files, as `.gitattributes` sets them:
 * `set`, `unset`, `unspecified`, or the attribute's value. Files map to attribute to value.
 */
async function checkAttr(cwd: string, attributes: readonly string[], files: readonly string[]): Promise<Map<string, Record<string, string>>> {
  const result = new Map<string, Record<string, string>>();
  if (files.length === 0 || attributes.length === 0) return result;
  const top = await root(cwd);
  // check-attr takes paths, not pathspecs (no --literal-pathspecs), and reads them from stdin so
  // that no list of files is too long for one command line.
  const out = await runGit(['check-attr', '-z', '--stdin', ...attributes], { cwd: top, input: `${files.map(toRepoPath).join('\0')}\0` });
  const parts = out.split('\0');
  for (let i = 0; i + 2 < parts.length; i += 3) {
    const file = parts[i] as string;
    const values = result.get(file) ?? {};
    values[parts[i + 1] as string] = parts[i + 2] as string;
    result.set(file, values);
  }
  return result;
}

function toRepoPath(file: string): string {
  return path.posix.normalize(file.replaceAll('\\', '/')).replace(/^\.\//, '');
}

export const git = { root, commonDir, revParse, changedFiles, changedLines, diff, diffFiles, show, untrackedFiles, subjects, checkAttr };
