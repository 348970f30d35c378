// What a model must answer ({changes: [{file, content}]}) and the rules a candidate must pass
// before anything is written: valid JSON, files inside the repository and inside --files, text only.

import { z } from 'zod';
import { JsonExtractError, extractJson } from '@adlc/core';

export const CandidateSchema = z.object({
  changes: z
    .array(z.object({ file: z.string().min(1), content: z.string() }))
    .min(1, 'at least one change is needed'),
});
export type CandidateAnswer = z.infer<typeof CandidateSchema>;

/** "Over 5 MB" means over 5,000,000 bytes. */
export const MAX_CONTENT_BYTES = 5_000_000;

export type DiscardReason =
  | 'provider-error'
  | 'invalid-json'
  | 'outside-files'
  | 'path-escape'
  | 'absolute-path'
  | 'symlink-escape'
  | 'duplicate-file'
  | 'too-large'
  | 'binary'
  | 'too-many-changed-lines';

export interface Discard {
  reason: DiscardReason;
  message: string;
}

/** A change whose path has been resolved to a repository-relative file in the allowed list. */
export interface ResolvedChange {
  /** Repository-relative, forward slashes. */
  file: string;
  content: string;
}

/** How a candidate's `file` lands on disk (injected: core's isInsideRoot in the tool). */
export type PathResolution =
  | { ok: true; rel: string }
  | { ok: false; reason: 'absolute' | 'escapes' | 'symlink-escape' };

export type ResolvePath = (file: string) => PathResolution;

export type ParsedCandidate = { ok: true; answer: CandidateAnswer } | { ok: false; discard: Discard };

/** Parses a raw answer. An invalid answer is discarded, never re-asked (the seed's rule). */
export function parseCandidate(text: string): ParsedCandidate {
  try {
    return { ok: true, answer: extractJson(text, CandidateSchema) };
  } catch (error) {
    if (JsonExtractError.isInstance(error)) {
      return { ok: false, discard: { reason: 'invalid-json', message: error.message } };
    }
    throw error;
  }
}

export type ValidatedCandidate = { ok: true; changes: ResolvedChange[] } | { ok: false; discard: Discard };

/**
 * Checks every change: the path must land inside the repository (judged on disk by `resolve`), be
 * relative, be one of `allowed` (repository-relative), appear once, and carry text under the size cap.
 */
export function validateCandidate(answer: CandidateAnswer, allowed: ReadonlySet<string>, resolve: ResolvePath): ValidatedCandidate {
  const seen = new Set<string>();
  const changes: ResolvedChange[] = [];
  for (const change of answer.changes) {
    const shown = JSON.stringify(change.file);
    if (change.file.includes('\0')) return discard('outside-files', `${shown} is not a file name`);
    if (isAbsolutePath(change.file)) return discard('absolute-path', `${shown} is an absolute path; only the listed files may change`);
    const where = resolve(change.file);
    if (!where.ok) {
      if (where.reason === 'symlink-escape') return discard('symlink-escape', `${shown} goes through a symlink that leaves the repository`);
      if (where.reason === 'absolute') return discard('absolute-path', `${shown} is an absolute path outside the repository`);
      return discard('path-escape', `${shown} leaves the repository`);
    }
    if (!allowed.has(where.rel)) return discard('outside-files', `${shown} is not in --files`);
    if (seen.has(where.rel)) return discard('duplicate-file', `${shown} is listed more than once`);
    seen.add(where.rel);
    const bytes = Buffer.byteLength(change.content, 'utf8');
    if (bytes > MAX_CONTENT_BYTES) return discard('too-large', `${shown} content is ${bytes} bytes (over ${MAX_CONTENT_BYTES})`);
    if (change.content.includes('\0')) return discard('binary', `${shown} content is binary (has a NUL byte)`);
    changes.push({ file: where.rel, content: change.content });
  }
  return { ok: true, changes };
}

function discard(reason: DiscardReason, message: string): { ok: false; discard: Discard } {
  return { ok: false, discard: { reason, message } };
}

/** POSIX or Windows-looking absolute paths: a model answering `C:\...` or `\\server\...` is refused too. */
export function isAbsolutePath(file: string): boolean {
  return file.startsWith('/') || file.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(file);
}
