// What a code review looks at, read from git without a checkout: the diff base..head, or base
// against the working tree (uncommitted and untracked files included) when head is omitted.

import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { git, opError } from '@adlc/core';
import { orderDiffSections } from './diff-order.js';

export interface ChangeSet {
  root: string;
  baseSha: string;
  headSha: string | null;
  diff: string;
  files: string[];
  /** Commit subjects base..head (or base..HEAD for the working tree), oldest first. */
  subjects: string[];
}

/** Untracked files larger than this are listed but not inlined. */
const MAX_UNTRACKED_BYTES = 1_000_000;

/** A `git diff`-shaped patch adding an untracked file, so reviewers see new files too. */
export function newFilePatch(file: string, content: Buffer | null, size: number): string {
  const header = `diff --git a/${file} b/${file}\nnew file mode 100644\n`;
  if (content === null) return `${header}--- /dev/null\n+++ b/${file}\n[untracked file of ${size} bytes not shown]\n`;
  if (content.includes(0)) return `${header}Binary files /dev/null and b/${file} differ\n`;
  const text = content.toString('utf8');
  if (text === '') return header;
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  const tail = text.endsWith('\n') ? '' : '\n\\ No newline at end of file';
  return `${header}--- /dev/null\n+++ b/${file}\n@@ -0,0 +1${lines.length === 1 ? '' : `,${lines.length}`} @@\n${lines.map((l) => `+${l}`).join('\n')}${tail}\n`;
}

async function untrackedPatches(root: string): Promise<{ files: string[]; patch: string }> {
  const files = await git.untrackedFiles(root);
  const patches: string[] = [];
  for (const file of files) {
    const abs = path.join(root, file);
    const stat = await lstat(abs).catch(() => null);
    if (!stat || !stat.isFile()) continue;
    const content = stat.size > MAX_UNTRACKED_BYTES ? null : await readFile(abs).catch(() => null);
    patches.push(newFilePatch(file, content, stat.size));
  }
  return { files, patch: patches.join('') };
}

export async function readChangeSet(cwd: string, base: string, head: string | undefined): Promise<ChangeSet> {
  let root: string;
  try {
    root = await git.root(cwd);
  } catch {
    throw opError(`not a git repository: ${cwd}`, { hint: 'run consensus-synthesis --mode=code-review inside the repository to review' });
  }
  // Independent git calls run side by side: start-up time is what a user waits for before the first model call.
  const [baseSha, headSha] = await Promise.all([git.revParse(root, base), head === undefined ? null : git.revParse(root, head)]);
  const [diff, files, subjects, untracked] = await Promise.all([
    git.diff(root, baseSha, headSha ?? undefined),
    git.diffFiles(root, baseSha, headSha ?? undefined),
    // An unborn or unrelated HEAD has no subjects to offer; the description then says so.
    git.subjects(root, baseSha, headSha ?? 'HEAD').catch(() => []),
    headSha === null ? untrackedPatches(root) : null,
  ]);
  return {
    root,
    baseSha,
    headSha,
    // Ordered so the 10 KB the reviewers see is code, not a lockfile that happens to sort first.
    diff: orderDiffSections(untracked === null ? diff : diff + untracked.patch),
    files: untracked === null ? files : [...files, ...untracked.files.filter((f) => !files.includes(f))],
    subjects,
  };
}
