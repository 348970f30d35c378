// A bounded walk of a project's files: dependencies, build output and hidden folders are skipped.

import * as fs from 'node:fs';
import path from 'node:path';

const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', '.venv', 'venv', '__pycache__', '.tdd-kernel']);

export interface WalkBounds {
  /** Stop after this many directory entries (files and folders) have been seen. */
  maxEntries?: number;
  /** Stop after this many files have been accepted. */
  maxFiles?: number;
}

/** Root-relative paths (forward slashes) of the files `accept` takes, depth first, within the bounds. */
export function* projectFiles(root: string, accept: (rel: string, name: string) => boolean, bounds: WalkBounds): Generator<string> {
  const stack = [''];
  let entriesSeen = 0;
  let filesTaken = 0;
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (bounds.maxEntries !== undefined && entriesSeen++ >= bounds.maxEntries) return;
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) stack.push(rel);
      } else if (accept(rel, e.name)) {
        if (bounds.maxFiles !== undefined && filesTaken++ >= bounds.maxFiles) return;
        yield rel;
      }
    }
  }
}
