// Judges a path by where it lands on disk, not by its text: `..`, absolute paths and symlinks
// (dangling ones included) are resolved the way the kernel would before deciding it is inside a root.

import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export type InsideRootResult =
  | { ok: true; /** Forward slashes, relative to the root's real path; '' for the root itself. */ rel: string; /** Where it lands. */ abs: string; wasAbsolute: boolean }
  | { ok: false; reason: 'absolute' | 'escapes' | 'symlink-escape'; wasAbsolute: boolean };

/**
 * Resolves `candidate` (relative to `root`, or absolute) to the file it would touch on disk.
 * - `absolute`: an absolute path outside the root;
 * - `escapes`: a relative path whose `..` leave the root;
 * - `symlink-escape`: reads as inside the root, but a symlink on the way lands outside (or loops).
 * Callers that refuse absolute paths even inside the root check `wasAbsolute`.
 */
export function isInsideRoot(root: string, candidate: string): InsideRootResult {
  const wasAbsolute = path.isAbsolute(candidate);
  const lexicalRoot = path.resolve(root);
  const lexical = path.resolve(lexicalRoot, candidate);
  let realRoot: string;
  let landed: string;
  try {
    realRoot = resolveOnDisk(lexicalRoot);
    // Unnormalized: `link/..` must climb from the link's target, which path.resolve would skip.
    landed = resolveOnDisk(wasAbsolute ? candidate : `${lexicalRoot}${path.sep}${candidate}`);
  } catch {
    return { ok: false, reason: 'symlink-escape', wasAbsolute };
  }
  if (isWithin(realRoot, landed)) {
    return { ok: true, rel: toPosix(path.relative(realRoot, landed)), abs: landed, wasAbsolute };
  }
  const readsInside = isWithin(lexicalRoot, lexical) || isWithin(realRoot, lexical);
  if (readsInside) return { ok: false, reason: 'symlink-escape', wasAbsolute };
  return { ok: false, reason: wasAbsolute ? 'absolute' : 'escapes', wasAbsolute };
}

/**
 * `file` (relative to root, or absolute) as a forward-slash path relative to the root's real path,
 * or null when it is the root itself or lands outside it. Judged like isInsideRoot, by where it lands
 * on disk (a dangling symlink pointing out counts as outside, since writing through it would land
 * there); a file that does not exist yet is fine.
 */
export function relativeToRoot(root: string, file: string): string | null {
  const where = isInsideRoot(root, file);
  return where.ok && where.rel !== '' ? where.rel : null;
}

/** True when `child` is `parent` or below it (both absolute, normalized). */
export function isWithin(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  // `..foo` is a fine file name inside; only a whole `..` component leaves.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

export function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/');
}

const MAX_SYMLINK_HOPS = 40;

/**
 * Walks `absPath` component by component like path resolution in the kernel: a symlink is
 * replaced by its target (even when dangling, since writing through it creates the target), and a
 * `..` after a symlink climbs from the target, not from the link's text. Components that do not
 * exist are appended as text. Throws on a symlink loop.
 */
export function resolveOnDisk(absPath: string): string {
  const { root } = path.parse(absPath);
  let resolved = root;
  const pending = splitComponents(absPath.slice(root.length));
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.shift() as string;
    if (part === '.') continue;
    if (part === '..') {
      resolved = path.dirname(resolved);
      continue;
    }
    const next = path.join(resolved, part);
    let isLink = false;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      // Missing (or not a directory): nothing below it can be a symlink, keep the text.
    }
    if (!isLink) {
      resolved = next;
      continue;
    }
    if (++hops > MAX_SYMLINK_HOPS) throw new Error(`too many levels of symbolic links: ${absPath}`);
    const target = readlinkSync(next);
    if (path.isAbsolute(target)) resolved = path.parse(target).root;
    pending.unshift(...splitComponents(path.isAbsolute(target) ? target.slice(path.parse(target).root.length) : target));
  }
  return resolved;
}

function splitComponents(p: string): string[] {
  return p.split(/[\\/]+/).filter((part) => part.length > 0);
}
