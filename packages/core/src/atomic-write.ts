// Atomic file replacement: write a temp file, fsync it, rename it over the target. A reader (or a
// crash) sees the old bytes or the new ones, never half a file. Temps live outside the working tree
// (callers pass `<git dir>/adlc/tmp`) so a SIGKILL mid-write leaves nothing untracked in it.

import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import path from 'node:path';
import { randomHex } from './hash.js';

export interface AtomicWriteOptions {
  /** Permission bits of the result; default: the existing file's, or 0o666 minus umask for a new file. */
  mode?: number;
  /** Where the temp file goes; must be on the target's filesystem, else we fall back to the target's directory. */
  tmpDir?: string;
  /**
   * false skips the fsync before the rename, for a cache that is rebuilt when it does not parse: a crash
   * may then leave it empty or old, never half written by one writer over another. Default true.
   */
  durable?: boolean;
}

/** Temp names start with our pid, so a cleaner can tell a dead writer's leftovers from a live one's. */
export function atomicTempName(prefix = ''): string {
  return `${prefix}${process.pid}-${randomHex(12)}.tmp`;
}

export function writeFileAtomicSync(absPath: string, content: Buffer | string, opts: AtomicWriteOptions = {}): void {
  const target = followSymlinkSync(absPath);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const mode = opts.mode ?? existingModeSync(target);
  const first = tempPathFor(target, opts.tmpDir);
  if (opts.tmpDir !== undefined) fs.mkdirSync(opts.tmpDir, { recursive: true });
  try {
    writeTempSync(first, content, mode, opts.durable ?? true);
    fs.renameSync(first, target);
  } catch (error) {
    removeQuietlySync(first);
    if (!isExdev(error)) throw error;
    const fallback = tempPathFor(target, undefined);
    try {
      writeTempSync(fallback, content, mode, opts.durable ?? true);
      fs.renameSync(fallback, target);
    } catch (fallbackError) {
      removeQuietlySync(fallback);
      throw fallbackError;
    }
  }
}

export async function writeFileAtomic(absPath: string, content: Buffer | string, opts: AtomicWriteOptions = {}): Promise<void> {
  const target = await followSymlink(absPath);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const mode = opts.mode ?? (await existingMode(target));
  const first = tempPathFor(target, opts.tmpDir);
  if (opts.tmpDir !== undefined) await fsp.mkdir(opts.tmpDir, { recursive: true });
  try {
    await writeTemp(first, content, mode, opts.durable ?? true);
    await fsp.rename(first, target);
  } catch (error) {
    await fsp.rm(first, { force: true }).catch(() => undefined);
    if (!isExdev(error)) throw error;
    const fallback = tempPathFor(target, undefined);
    try {
      await writeTemp(fallback, content, mode, opts.durable ?? true);
      await fsp.rename(fallback, target);
    } catch (fallbackError) {
      await fsp.rm(fallback, { force: true }).catch(() => undefined);
      throw fallbackError;
    }
  }
}

function tempPathFor(target: string, tmpDir: string | undefined): string {
  if (tmpDir !== undefined) return path.join(tmpDir, atomicTempName());
  // Same-directory fallback: a dot-name that says what it is, in case a kill strands it.
  return path.join(path.dirname(target), atomicTempName(`.${path.basename(target)}.adlc-`));
}

function writeTempSync(tempPath: string, content: Buffer | string, mode: number | undefined, durable: boolean): void {
  const fd = fs.openSync(tempPath, 'wx', mode ?? 0o666);
  try {
    fs.writeFileSync(fd, content);
    // open() applies the umask; an explicit mode (an executable being restored) must survive it.
    if (mode !== undefined) fs.fchmodSync(fd, mode);
    if (durable) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function writeTemp(tempPath: string, content: Buffer | string, mode: number | undefined, durable: boolean): Promise<void> {
  const handle = await fsp.open(tempPath, 'wx', mode ?? 0o666);
  try {
    await handle.writeFile(content);
    if (mode !== undefined) await handle.chmod(mode);
    if (durable) await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writing through a symlink updates its target, as a plain writeFile would; renaming over it would replace the link. */
function followSymlinkSync(absPath: string): string {
  try {
    return fs.realpathSync(absPath);
  } catch {
    return absPath;
  }
}

async function followSymlink(absPath: string): Promise<string> {
  try {
    return await fsp.realpath(absPath);
  } catch {
    return absPath;
  }
}

function existingModeSync(target: string): number | undefined {
  try {
    return fs.statSync(target).mode & 0o7777;
  } catch {
    return undefined;
  }
}

async function existingMode(target: string): Promise<number | undefined> {
  try {
    return (await fsp.stat(target)).mode & 0o7777;
  } catch {
    return undefined;
  }
}

function removeQuietlySync(p: string): void {
  try {
    fs.rmSync(p, { force: true });
  } catch {
    // Best effort: the temp dir is swept by recovery.
  }
}

function isExdev(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EXDEV';
}
