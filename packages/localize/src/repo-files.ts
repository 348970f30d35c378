// The repository as localization sees it: its files (git's list: tracked plus untracked ones that
// are not ignored, so build output and dependencies drop out by themselves), their text (read once),
// and its package.json entries.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { runGit } from '@adlc/core';

/** Outside git, a bounded walk; these folders are never a fix's place and can be huge. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.venv', 'venv', '__pycache__', '.tox', 'dist', 'build', 'coverage']);
const MAX_WALK = 20_000;

/** A file over this many bytes is never read: no fix edits one that big (consensus-fix's own bound is the same). */
export const MAX_FILE_BYTES = 5_000_000;

/** `/root/lib/a.js` → `lib/a.js` (forward slashes); null for a path outside the root, or the root itself. */
export function insideRoot(abs: string, root: string): string | null {
  const rel = path.relative(root, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/');
}

/** Repository-relative paths, forward slashes. */
export async function listFiles(root: string, isRepo: boolean): Promise<Set<string>> {
  if (!isRepo) return walk(root);
  const stdout = await runGit(['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root });
  return new Set(stdout.split('\0').filter((f) => f.length > 0));
}

function walk(root: string): Set<string> {
  const files = new Set<string>();
  const pending = [''];
  while (pending.length > 0 && files.size < MAX_WALK) {
    const dir = pending.pop()!;
    let entries;
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) pending.push(rel);
      else if (entry.isFile()) files.add(rel);
    }
  }
  return files;
}

/** Reads repository files once each; null for a missing, huge or binary file (never a candidate). */
export class TextCache {
  private readonly texts = new Map<string, string | null>();
  constructor(private readonly root: string) {}

  get(file: string): string | null {
    if (!this.texts.has(file)) this.texts.set(file, readText(path.join(this.root, file)));
    return this.texts.get(file)!;
  }
}

function readText(abs: string): string | null {
  try {
    if (statSync(abs).size > MAX_FILE_BYTES) return null;
    const bytes = readFileSync(abs);
    return bytes.includes(0) ? null : bytes.toString('utf8');
  } catch {
    return null;
  }
}

/** `name` and `main` of the package.json in `dir` ('' = the root), when it has one. */
export function packageJson(texts: TextCache, dir: string): { name?: string; main?: string; scripts?: Record<string, string> } {
  const text = texts.get(dir === '' ? 'package.json' : `${dir}/package.json`);
  if (text === null) return {};
  try {
    const doc = JSON.parse(text) as { name?: unknown; main?: unknown; scripts?: unknown };
    const scripts = doc.scripts !== null && typeof doc.scripts === 'object' ? Object.entries(doc.scripts).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
    return {
      ...(typeof doc.name === 'string' ? { name: doc.name } : {}),
      ...(typeof doc.main === 'string' ? { main: doc.main } : {}),
      ...(scripts.length > 0 ? { scripts: Object.fromEntries(scripts) } : {}),
    };
  } catch {
    return {};
  }
}
