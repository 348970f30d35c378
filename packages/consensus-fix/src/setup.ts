// Before any model is asked: where the repository is, which files may change (refused up front if
// they land outside it), and which providers answer. The dirty-tree guard is core's assertCleanTree.

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  assertConfigured,
  isInsideRoot,
  isProviderId,
  opError,
  requireProvider,
  PROVIDER_IDS,
  type ProviderId,
} from '@adlc/core';
import { MAX_CONTENT_BYTES, type ResolvePath } from './candidate.js';

export interface AllowedFile {
  /** Repository-relative, forward slashes. */
  file: string;
  /** The current text; null when the file does not exist yet. */
  text: string | null;
  /** The exact bytes and mode, for restoring copies. */
  bytes: Buffer | null;
  mode: number | null;
}

/** Resolves --files (relative to cwd) to repository-relative paths and reads them. */
export function resolveFiles(files: readonly string[], cwd: string, root: string): AllowedFile[] {
  const seen = new Map<string, AllowedFile>();
  for (const given of files) {
    const where = isInsideRoot(root, path.resolve(cwd, given));
    if (!where.ok) {
      throw opError(`--files ${given} resolves outside the repository ${root}${where.reason === 'symlink-escape' ? ' (through a symlink)' : ''}`, {
        hint: 'list only files inside the repository',
      });
    }
    if (where.rel === '' || seen.has(where.rel)) continue;
    seen.set(where.rel, { file: where.rel, ...readOriginal(given, where.abs) });
  }
  if (seen.size === 0) throw opError('--files lists no file', { hint: 'give the source files the fix may change, comma-separated' });
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
  if (!stat.isFile()) throw opError(`--files ${given} is not a regular file`);
  if (stat.size > MAX_CONTENT_BYTES) throw opError(`--files ${given} is ${stat.size} bytes; consensus-fix edits files up to ${MAX_CONTENT_BYTES} bytes`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (error) {
    throw opError(`cannot read --files ${given}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  if (bytes.includes(0)) throw opError(`--files ${given} is binary (has a NUL byte); consensus-fix edits text files`);
  return { text: bytes.toString('utf8'), bytes, mode: stat.mode & 0o7777 };
}

/** How a candidate's `file` lands on disk, relative to the repository root. */
export function diskResolver(root: string): ResolvePath {
  return (file) => {
    const where = isInsideRoot(root, file);
    return where.ok ? { ok: true, rel: where.rel } : { ok: false, reason: where.reason };
  };
}

/** --providers (validated, each configured), or the detected provider. */
export function resolveProviders(names: readonly string[] | undefined, env: NodeJS.ProcessEnv): ProviderId[] {
  if (names === undefined || names.length === 0) return [requireProvider(env)];
  return names.map((name) => {
    if (!isProviderId(name)) throw opError(`--providers: ${name} is not a provider`, { hint: `use some of ${PROVIDER_IDS.join(', ')}` });
    assertConfigured(name, env);
    return name;
  });
}
