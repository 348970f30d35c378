// Unified diffs of a candidate against the snapshot, made by `git diff --no-index` between two
// temp trees (a/ and b/) in the OS temp dir: one diff serves the changed-line count, the report and
// the `--out` patch, and `git apply` accepts it.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseHunkHeader, runGit } from '@adlc/core';

export interface FileChange {
  /** Repository-relative, forward slashes. */
  file: string;
  /** The snapshot's text, or null when the file did not exist. */
  before: string | null;
  after: string;
}

// Whatever the user's git config says, the output must parse and apply.
const GIT_FLAGS = ['-c', 'core.autocrlf=false', '-c', 'core.safecrlf=false', '-c', 'diff.noprefix=false'];
const DIFF_FLAGS = ['--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', '--no-prefix', '--full-index'];

/** The patch (paths a/<file>, b/<file>) turning every `before` into its `after`; '' when nothing changes. */
export async function unifiedDiff(changes: ReadonlyArray<FileChange>): Promise<string> {
  const changed = changes.filter((c) => c.before !== c.after);
  if (changed.length === 0) return '';
  const dir = await mkdtemp(path.join(tmpdir(), 'consensus-fix-diff-'));
  try {
    await mkdir(path.join(dir, 'a'));
    await mkdir(path.join(dir, 'b'));
    for (const c of changed) {
      if (c.before !== null) await writeAt(path.join(dir, 'a', c.file), c.before);
      await writeAt(path.join(dir, 'b', c.file), c.after);
    }
    const out = await gitDiff(dir);
    // A new file is listed as `b/x b/x`; patch tools expect `a/x b/x`.
    return out.replace(/^diff --git ("?)b\//gm, 'diff --git $1a/');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function writeAt(abs: string, content: string): Promise<void> {
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, content);
}

function gitDiff(dir: string): Promise<string> {
  // Exit 1 means "there are differences"; anything else is a failure.
  return runGit([...GIT_FLAGS, 'diff', '--no-index', ...DIFF_FLAGS, 'a', 'b'], {
    cwd: dir,
    env: { GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
    okExitCodes: [0, 1],
  });
}

/** Added + removed lines of a unified diff, counted inside hunks (so `---`/`+++` content lines count too). */
export function countChangedLines(patch: string): number {
  let count = 0;
  let oldLeft = 0;
  let newLeft = 0;
  for (const line of patch.split('\n')) {
    if (oldLeft > 0 || newLeft > 0) {
      if (line.startsWith('\\')) continue; // "\ No newline at end of file"
      if (line.startsWith('-')) {
        count += 1;
        oldLeft -= 1;
      } else if (line.startsWith('+')) {
        count += 1;
        newLeft -= 1;
      } else {
        oldLeft -= 1;
        newLeft -= 1;
      }
      continue;
    }
    const hunk = parseHunkHeader(line);
    if (hunk) {
      oldLeft = hunk.oldCount;
      newLeft = hunk.newCount;
    }
  }
  return count;
}
