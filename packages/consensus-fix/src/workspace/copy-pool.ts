// Private copies of the working tree in the OS temp dir, for parallel evaluation: everything but
// .git is copied, dependency folders are linked, so each candidate runs alone and the user's tree
// is never written.

import * as fs from 'node:fs';
import { chmod, copyFile, lstat, mkdir, mkdtemp, readdir, readlink, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isProcessAlive, onInterrupt } from '@adlc/core';
import type { Workspace } from './in-place.js';

/** Linked, not copied: big, read-mostly, and what test commands resolve imports from. */
export const LINKED_DIRS = new Set(['node_modules', 'bower_components', '.venv', 'venv', '__pypackages__', '.tox', '.nox', '.pnpm-store']);
const SKIPPED = new Set(['.git']);

const PREFIX = 'consensus-fix-work-';

export interface Original {
  /** Repository-relative. */
  file: string;
  content: Buffer | null;
  mode: number | null;
}

/** Copies `root` into `dest`, which exists and is empty. Absolute symlinks into the tree are re-pointed into the copy. */
export async function copyTree(root: string, dest: string): Promise<void> {
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    await Promise.all(
      entries.map(async (entry) => {
        if (SKIPPED.has(entry.name)) return;
        const relPath = rel === '' ? entry.name : path.join(rel, entry.name);
        const from = path.join(root, relPath);
        const to = path.join(dest, relPath);
        if (entry.isDirectory() && LINKED_DIRS.has(entry.name)) return symlink(from, to, 'dir');
        if (entry.isSymbolicLink()) {
          const target = await readlink(from);
          const inside = path.isAbsolute(target) && (target === root || target.startsWith(`${root}${path.sep}`));
          return symlink(inside ? path.join(dest, path.relative(root, target)) : target, to);
        }
        if (entry.isDirectory()) {
          const mode = (await lstat(from)).mode & 0o7777;
          await mkdir(to);
          await walk(relPath);
          return chmod(to, mode);
        }
        if (entry.isFile()) return copyFile(from, to, fs.constants.COPYFILE_FICLONE);
        // Sockets, FIFOs and devices are not part of what a test reads.
      }),
    );
  };
  await walk('');
}

/** A copy of the tree; writes land in it and `restore` puts the originals back in it. */
export class TreeCopy implements Workspace {
  private constructor(
    readonly dir: string,
    readonly cwd: string,
    private readonly originals: ReadonlyArray<Original>,
  ) {}

  /** An empty directory for the copy; `populate` fills it (separate, so its owner can track it first). */
  static async allocate(root: string, userCwd: string, originals: ReadonlyArray<Original>): Promise<TreeCopy> {
    const dir = await mkdtemp(path.join(tmpdir(), `${PREFIX}${process.pid}-`));
    return new TreeCopy(dir, path.join(dir, path.relative(root, userCwd)), originals);
  }

  populate(root: string): Promise<void> {
    return copyTree(root, this.dir);
  }

  async write(changes: ReadonlyArray<{ file: string; content: string }>): Promise<void> {
    for (const change of changes) {
      const abs = path.join(this.dir, change.file);
      await mkdir(path.dirname(abs), { recursive: true });
      await removeIfNotFile(abs);
      await writeFile(abs, change.content);
    }
  }

  async restore(): Promise<void> {
    for (const original of this.originals) {
      const abs = path.join(this.dir, original.file);
      if (original.content === null) {
        await rm(abs, { recursive: true, force: true });
        continue;
      }
      await removeIfNotFile(abs);
      await writeFile(abs, original.content);
      if (original.mode !== null) await chmod(abs, original.mode);
    }
  }

  async dispose(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

async function removeIfNotFile(abs: string): Promise<void> {
  const stat = await lstat(abs).catch(() => null);
  if (stat && !stat.isFile()) await (stat.isDirectory() ? rm(abs, { recursive: true, force: true }) : unlink(abs));
}

/** Copies made by `make`, removed at the end, on a signal, or by the next run if this one was killed. */
export class CopyPool {
  private readonly copies: TreeCopy[] = [];
  private readonly unregister: () => void;

  constructor() {
    this.unregister = onInterrupt(() => {
      for (const copy of this.copies) fs.rmSync(copy.dir, { recursive: true, force: true });
    });
  }

  async make(root: string, userCwd: string, originals: ReadonlyArray<Original>): Promise<TreeCopy> {
    const copy = await TreeCopy.allocate(root, userCwd, originals);
    this.copies.push(copy);
    await copy.populate(root);
    return copy;
  }

  /** An existing copy (every candidate restores its copy when done), or a new one. */
  async reuseOrMake(root: string, userCwd: string, originals: ReadonlyArray<Original>): Promise<TreeCopy> {
    return this.copies[0] ?? this.make(root, userCwd, originals);
  }

  async dispose(): Promise<void> {
    await Promise.all(this.copies.map((c) => c.dispose()));
    this.unregister();
  }
}

/** Removes copies left by runs that were killed (their pid is gone). Best effort. */
export function sweepStaleCopies(): void {
  let names: string[];
  try {
    names = fs.readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || isProcessAlive(pid)) continue;
    fs.rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
}
