// --exclude: globs whose files are kept out of the reviewed diff (generated code, vendored code,
// snapshots). A pattern without a slash matches a file's name in any directory, as in .gitignore.

import picomatch from 'picomatch';
import { sectionFile } from './diff-order.js';

export interface Excluded {
  diff: string;
  files: string[];
  /** The changed files the globs kept out, in the order of the file list. */
  excluded: string[];
}

export function isExcluded(file: string, globs: readonly string[]): boolean {
  return globs.some((glob) => picomatch.isMatch(file, glob, { dot: true, basename: !glob.includes('/') }));
}

/** The diff without the sections of excluded files, and the file list without them. */
export function excludePaths(diff: string, files: readonly string[], globs: readonly string[]): Excluded {
  if (globs.length === 0) return { diff, files: [...files], excluded: [] };
  const kept = diff.split(/(?=^diff --git )/m).filter((section) => !section.startsWith('diff --git ') || !isExcluded(sectionFile(section), globs));
  return { diff: kept.join(''), files: files.filter((f) => !isExcluded(f, globs)), excluded: files.filter((f) => isExcluded(f, globs)) };
}
