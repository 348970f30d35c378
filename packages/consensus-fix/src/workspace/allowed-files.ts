// The files a fix may change: --files (or the localized files) resolved inside the repository
// (refused up front if they land outside it) and read once, their bytes and modes kept so every
// workspace can put them back; and where a candidate's own paths land on disk.

import { readFileSync } from 'node:fs';
import { isInsideRoot, opError, resolveListedFiles, type ListedFile } from '@adlc/core';
import { MAX_CONTENT_BYTES, type ResolvePath } from '../candidates/candidate.js';

export interface AllowedFile {
  /** Repository-relative, forward slashes. */
  file: string;
  /** The current text; null when the file does not exist yet. */
  text: string | null;
  /** The exact bytes and mode, for restoring copies. */
  bytes: Buffer | null;
  mode: number | null;
}

/**
 * Resolves --files (relative to cwd) to repository-relative paths (core's resolveListedFiles: the same
 * refusals and hints as review-calibration's --files) and reads them. A file named more than once
 * (`a.js,a.js`, `a.js,./a.js`) counts once; `onRepeat` hears the note that says so.
 */
export function resolveFiles(files: readonly string[], cwd: string, root: string, onRepeat?: (note: string) => void): AllowedFile[] {
  const listed = resolveListedFiles(files, { cwd, root, directoryHint: 'list the source files in it that the fix may change, comma-separated, or leave --files out to localize them' });
  if (listed.files.length === 0) throw opError('--files lists no file', { hint: 'give the source files the fix may change, comma-separated' });
  listed.repeats.forEach((note) => onRepeat?.(note));
  return listed.files.map((f) => ({ file: f.file, ...readOriginal(f) }));
}

function readOriginal({ given: [given], abs, stat }: ListedFile): Omit<AllowedFile, 'file'> {
  if (stat.size > MAX_CONTENT_BYTES) {
    throw opError(`--files ${given} is ${stat.size} bytes; consensus-fix edits files up to ${MAX_CONTENT_BYTES} bytes`, { hint: 'leave it out of --files, and list the smaller files the fix may change' });
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (error) {
    throw opError(`cannot read --files ${given}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { hint: 'check that you may read it' });
  }
  if (bytes.includes(0)) throw opError(`--files ${given} is binary (has a NUL byte); consensus-fix edits text files`, { hint: 'list only the text source files the fix may change' });
  return { text: bytes.toString('utf8'), bytes, mode: stat.mode & 0o7777 };
}

/** How a candidate's `file` lands on disk, relative to the repository root. */
export function diskResolver(root: string): ResolvePath {
  return (file) => {
    const where = isInsideRoot(root, file);
    return where.ok ? { ok: true, rel: where.rel } : { ok: false, reason: where.reason };
  };
}

/** What a copy of the tree, or a restore, puts back: each allowed file's bytes and mode. */
export function originalsOf(allowed: readonly AllowedFile[]) {
  return allowed.map((f) => ({ file: f.file, content: f.bytes, mode: f.mode }));
}
