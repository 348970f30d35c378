// The files a fix may change: --files (or the localized files) resolved inside the repository
// (refused up front if they land outside it) and read once, their bytes and modes kept so every
// workspace can put them back; and where a candidate's own paths land on disk.

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInsideRoot, opError } from '@adlc/core';
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
 * Resolves --files (relative to cwd) to repository-relative paths and reads them. A file named more
 * than once (`a.js,a.js`, `a.js,./a.js`) counts once; `onRepeat` hears of it with the names it was given as.
 */
export function resolveFiles(files: readonly string[], cwd: string, root: string, onRepeat?: (file: string, given: string[]) => void): AllowedFile[] {
  const seen = new Map<string, AllowedFile>();
  const named = new Map<string, string[]>();
  for (const given of files) {
    const where = isInsideRoot(root, path.resolve(cwd, given));
    if (!where.ok) {
      throw opError(`--files ${given} resolves outside the repository ${root}${where.reason === 'symlink-escape' ? ' (through a symlink)' : ''}`, {
        hint: 'list only files inside the repository',
      });
    }
    named.set(where.rel, [...(named.get(where.rel) ?? []), given]);
    if (seen.has(where.rel)) continue;
    seen.set(where.rel, { file: where.rel, ...readOriginal(given, where.abs) });
  }
  if (seen.size === 0) throw opError('--files lists no file', { hint: 'give the source files the fix may change, comma-separated' });
  for (const [file, given] of named) if (given.length > 1) onRepeat?.(file, given);
  return [...seen.values()];
}

function readOriginal(given: string, abs: string): Omit<AllowedFile, 'file'> {
  const stat = statSync(abs, { throwIfNoEntry: false });
  // The seed: unreadable files are an operational error. A typo must not send N prompts about an empty file.
  if (stat === undefined) {
    throw opError(`--files ${given} does not exist (looked for ${abs})`, {
      hint: '--files paths are relative to the current directory; list existing source files',
    });
  }
  if (stat.isDirectory()) {
    throw opError(`--files ${given} is a directory`, { hint: 'list the source files in it that the fix may change, comma-separated, or leave --files out to localize them' });
  }
  if (!stat.isFile()) throw opError(`--files ${given} is not a regular file`, { hint: 'list the source files the fix may change' });
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
