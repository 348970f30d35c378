// What a model must answer ({changes: [{file, content}]} or {changes: [{file, edits: [{search,
// replace}]}]}) and the rules a candidate must pass before anything is written: valid JSON, files
// inside the repository and inside --files, edits that apply, text only.

import * as z from 'zod';
import { JsonExtractError, extractJson } from '@adlc/core';
import { applyEdits, type EditProblem } from '../edits/apply.js';

const EditSchema = z.object({ search: z.string(), replace: z.string() });

/** One file's change: its whole new `content`, or `edits` to its current text; never both. */
export const ChangeAnswerSchema = z
  .object({ file: z.string().min(1), content: z.string().optional(), edits: z.array(EditSchema).min(1).optional() })
  .refine((c) => (c.content === undefined) !== (c.edits === undefined), 'a change gives either "content" or "edits", not both or neither');

export const CandidateSchema = z.object({
  changes: z.array(ChangeAnswerSchema).min(1, 'at least one change is needed'),
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
  | 'too-many-changed-lines'
  | 'truncated'
  | `edit: ${EditProblem}`
  | 'sliced-file-content';

export interface Discard {
  reason: DiscardReason;
  message: string;
  /** For an edit that does not apply: the file and the edit's position in its `edits` (0-based). */
  file?: string;
  editIndex?: number;
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

/** What edits apply to, and what the prompt showed. */
export interface ValidateContext {
  /** Repository-relative path → its current text (null or absent: the file does not exist yet). */
  originals?: ReadonlyMap<string, string | null>;
  /** Files the prompt showed only in slices: a whole `content` for them would be written blind. */
  sliced?: ReadonlyMap<string, string>;
}

/**
 * Checks every change: the path must land inside the repository (judged on disk by `resolve`), be
 * relative, be one of `allowed` (repository-relative) and appear once; edits must apply; the
 * resulting text must be under the size cap and not binary. Both answer formats end as whole files.
 */
export function validateCandidate(answer: CandidateAnswer, allowed: ReadonlySet<string>, resolve: ResolvePath, context: ValidateContext = {}): ValidatedCandidate {
  const seen = new Set<string>();
  const changes: ResolvedChange[] = [];
  for (const change of answer.changes) {
    const shown = JSON.stringify(change.file);
    const where = resolveChange(change.file, allowed, resolve);
    if (!where.ok) return where;
    if (seen.has(where.rel)) return discard('duplicate-file', `${shown} is listed more than once`);
    seen.add(where.rel);
    const content = contentOf(change, where.rel, context);
    if (!content.ok) return content;
    const bytes = Buffer.byteLength(content.text, 'utf8');
    if (bytes > MAX_CONTENT_BYTES) return discard('too-large', `${shown} content is ${bytes} bytes (over ${MAX_CONTENT_BYTES})`);
    if (content.text.includes('\0')) return discard('binary', `${shown} content is binary (has a NUL byte)`);
    changes.push({ file: where.rel, content: content.text });
  }
  return { ok: true, changes };
}

/** Where a change's path lands: a repository-relative path in `allowed`, or why not. */
function resolveChange(file: string, allowed: ReadonlySet<string>, resolve: ResolvePath): { ok: true; rel: string } | { ok: false; discard: Discard } {
  const shown = JSON.stringify(file);
  if (file.includes('\0')) return discard('outside-files', `${shown} is not a file name`);
  if (isAbsolutePath(file)) return discard('absolute-path', `${shown} is an absolute path; only the listed files may change`);
  const where = resolve(file);
  if (!where.ok) {
    if (where.reason === 'symlink-escape') return discard('symlink-escape', `${shown} goes through a symlink that leaves the repository`);
    if (where.reason === 'absolute') return discard('absolute-path', `${shown} is an absolute path outside the repository`);
    return discard('path-escape', `${shown} leaves the repository`);
  }
  if (!allowed.has(where.rel)) return discard('outside-files', `${shown} is not in --files`);
  return { ok: true, rel: where.rel };
}

/** The file's new text: the answer's `content`, or its edits applied in order to the current text. */
function contentOf(change: CandidateAnswer['changes'][number], rel: string, context: ValidateContext): { ok: true; text: string } | { ok: false; discard: Discard } {
  if (change.content !== undefined) {
    const shownLines = context.sliced?.get(rel);
    if (shownLines !== undefined) {
      const message = `${rel}: the answer gives its whole content, but the prompt showed only lines ${shownLines} of it; edits were asked for`;
      return { ok: false, discard: { reason: 'sliced-file-content', message, file: rel } };
    }
    return { ok: true, text: change.content };
  }
  const applied = applyEdits(context.originals?.get(rel) ?? null, change.edits ?? []);
  if (applied.ok) return { ok: true, text: applied.content };
  // The reason already names the kind (`edit: not found`, `edit: ambiguous`) and is printed before the message, so the message does not repeat it.
  const what = applied.problem === 'not found' ? 'its search text is not in the file' : 'its search text is found more than once';
  return {
    ok: false,
    discard: { reason: `edit: ${applied.problem}`, message: `edits[${applied.editIndex}] of ${rel}: ${what}`, file: rel, editIndex: applied.editIndex },
  };
}

function discard(reason: DiscardReason, message: string): { ok: false; discard: Discard } {
  return { ok: false, discard: { reason, message } };
}

/** POSIX or Windows-looking absolute paths: a model answering `C:\...` or `\\server\...` is refused too. */
export function isAbsolutePath(file: string): boolean {
  return file.startsWith('/') || file.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(file);
}
