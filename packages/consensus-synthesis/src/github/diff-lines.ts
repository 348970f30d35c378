// The lines of a pull request's diff a review comment may sit on: the new side (RIGHT) of each
// hunk, added and context lines alike. GitHub refuses a comment anywhere else, so none is tried. Pure.

import { parseHunkHeader } from '@adlc/core';

/** New-side line numbers inside the hunks of one file's patch (as the pull request files API gives it). */
export function rightSideLines(patch: string): Set<number> {
  const lines = new Set<number>();
  let next: number | null = null;
  const rows = patch.replace(/\n$/, '').split('\n');
  for (const text of rows) {
    const hunk = parseHunkHeader(text);
    if (hunk !== null) {
      next = hunk.newStart;
      continue;
    }
    if (next === null) continue;
    // A context line that lost its leading space (an empty line) is still a line of the hunk.
    if (text.startsWith('+') || text.startsWith(' ') || text === '') lines.add(next++);
    // '-' lines are the old side only; '\ No newline at end of file' is no line at all.
  }
  return lines;
}

/** For each file of the pull request that has a patch, the lines a comment may sit on. */
export function commentableLines(files: ReadonlyArray<{ filename: string; patch?: string | null }>): Map<string, Set<number>> {
  return new Map(files.flatMap((file) => (file.patch ? [[file.filename, rightSideLines(file.patch)] as const] : [])));
}
