// The dirty-tree guard of the tools that write into the working tree: uncommitted work must be
// safe in git before anything is written, so a dirty tree (or a directory outside git) is an
// operational error, never something to write over.

import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { OpError } from './errors.js';
import { dirtyFiles, isGitRepo } from './git.js';

export interface CleanTreeOptions {
  /** Repository-relative paths that may be dirty: the run's own outputs (history, reports, logs). */
  allow?: ReadonlySet<string>;
  /** The tool's way to run anyway, e.g. `pass --allow-dirty`; ends both hints when given. */
  runAnyway?: string;
  /** Why a clean tree matters to this tool, shown after "commit or stash them first: ". */
  why?: string;
  /** A `git status` listing already under way for this tree (start-up runs it beside other work). */
  listed?: Promise<string[]>;
}

/** Throws OpError (exit 1) naming up to five dirty files, or saying `cwd` is not in a git repository. */
export async function assertCleanTree(cwd: string, opts: CleanTreeOptions = {}): Promise<void> {
  const dirty = (await listDirty(cwd, opts)).filter((file) => !opts.allow?.has(file));
  if (dirty.length === 0) return;
  const shown = dirty.slice(0, 5).join(', ') + (dirty.length > 5 ? `, … (${dirty.length} in all)` : '');
  const hint = `commit or stash them first${opts.runAnyway ? `, or ${opts.runAnyway}` : ''}${opts.why ? `: ${opts.why}` : ''}`;
  throw new OpError(`the working tree has uncommitted changes: ${shown}`, { hint });
}

async function listDirty(cwd: string, opts: CleanTreeOptions): Promise<string[]> {
  try {
    return await (opts.listed ?? dirtyFiles(cwd));
  } catch (error) {
    // Asked only once `git status` failed, so a clean repository costs no extra git process.
    if (await isGitRepo(cwd)) throw error;
    throw new OpError(`${cwd} is not a git repository, so uncommitted work cannot be protected`, {
      hint: `run inside a git repository${opts.runAnyway ? `, or ${opts.runAnyway} to run anyway` : ''}`,
    });
  }
}

/** A run's own output files (given relative to `cwd`) as `allow` takes them: relative to the repository `root`, those outside it left out. */
export async function ownOutputs(files: readonly string[], cwd: string, root: string): Promise<Set<string>> {
  const base = await realpath(cwd).catch(() => cwd);
  const inRepo = files.map((f) => path.relative(root, path.resolve(base, f)));
  return new Set(inRepo.filter((f) => f !== '' && !f.startsWith('..') && !path.isAbsolute(f)).map((f) => f.split(path.sep).join('/')));
}
