// Where a shell command is after `cd`: a directory relative to where it started ('' there), absolute,
// `~`-based, or null when the reading cannot tell (a variable, a glob).

import path from 'node:path';

export function changeDir(dir: string | null, target: string | undefined): string | null {
  if (target === undefined || target === '~') return '~';
  if (/[$`*?]/.test(target)) return null;
  if (path.isAbsolute(target) || target.startsWith('~/')) return path.normalize(target);
  return dir === null ? null : path.join(dir, target);
}

export function inDir(dir: string | null, file: string): string {
  if (dir === null || dir === '' || path.isAbsolute(file) || /^[~$]/.test(file)) return file;
  return path.join(dir, file);
}
