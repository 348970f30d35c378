// The text of the lines the consensus flags, read from the change as reviewed (the head commit, or
// the working tree when there is none), so that a SARIF fingerprint can hash a line's content.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { git } from '@adlc/core';
import type { ConsensusItem } from './output-schema.js';

export type LineText = (file: string, line: number) => string | null;

export async function readFlaggedLines(items: readonly ConsensusItem[], change: { root: string; headSha: string | null }): Promise<LineText> {
  const files = [...new Set(items.flatMap((item) => (item.file !== null && item.line !== null ? [item.file] : [])))];
  const contents = new Map<string, string[]>();
  await Promise.all(
    files.map(async (file) => {
      const text = change.headSha === null ? await readInside(change.root, file) : await git.show(change.root, change.headSha, file).catch(() => null);
      if (text !== null) contents.set(file, text.split(/\r?\n/));
    }),
  );
  return (file, line) => contents.get(file)?.[line - 1] ?? null;
}

/** A working-tree file under the root; a path the model made up that leaves the root reads as nothing. */
async function readInside(root: string, file: string): Promise<string | null> {
  const abs = path.resolve(root, file);
  if (path.relative(root, abs).startsWith('..') || path.isAbsolute(path.relative(root, abs))) return null;
  return readFile(abs, 'utf8').catch(() => null);
}
