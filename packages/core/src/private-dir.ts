// A cache directory only we can write to. The caches hold compiled code that Node and V8 run without
// compiling the source again, so a directory another user can write to (a shared temp dir is one
// place they could create it first) must not be used: it would let them choose the code we run.

import fs from 'node:fs';
import path from 'node:path';

/** What decides whether a directory is safe: its type, its owner and its permission bits. */
export interface DirStat {
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  uid: number;
  mode: number;
}

/**
 * A real directory (not a symlink), ours, that neither group nor others may write to. Without user ids
 * (Windows: `uid` undefined) the temp directory is per user already and the mode bits mean little.
 */
export function isPrivateDir(stat: DirStat, uid: number | undefined): boolean {
  if (stat.isSymbolicLink() || !stat.isDirectory()) return false;
  if (uid === undefined) return true;
  return stat.uid === uid && (stat.mode & 0o022) === 0;
}

/**
 * Creates `root` (and `root/sub`) if needed, owner-only, and returns the innermost path when every
 * level is private; undefined when one is not, or when it cannot be created. Never throws.
 */
export function privateDir(root: string, uid: number | undefined, sub?: string): string | undefined {
  const levels = sub === undefined ? [root] : [root, path.join(root, sub)];
  try {
    for (const dir of levels) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      if (!isPrivateDir(fs.lstatSync(dir), uid)) return undefined;
    }
    return levels.at(-1);
  } catch {
    return undefined;
  }
}
