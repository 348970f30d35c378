// Turns each completion into a candidate ready to run, or settles it before anything is written:
// a failed call, an answer cut off at the token limit, an invalid answer or edits that do not apply
// are discarded, a JS/TS file that no longer parses fails at
// stage `syntax` (under --normalize syntax), and the diff, changed-line count and agreement key are
// computed against the snapshot.

import { conformTextStyle, type FanResult } from '@adlc/core';
import { parseCandidate, validateCandidate, type ResolvePath } from './candidate.js';
import { countChangedLines, unifiedDiff } from './diff.js';
import { changesetKey, normalizeWhitespace } from './grouping.js';
import type { CandidateRecord, Normalize } from '../output/result.js';
import type { SyntaxTools } from './syntax.js';

export interface PrepareContext {
  /** Repository-relative path → the snapshot's text (null: the file does not exist). */
  originals: ReadonlyMap<string, string | null>;
  resolve: ResolvePath;
  maxChangedLines: number | undefined;
  normalize: Normalize;
  syntax: SyntaxTools | undefined;
  /** Shared between the candidates of a run: agreeing answers are often byte-identical, one `git diff` serves them all. */
  diffs?: Map<string, Promise<string>>;
  /** Files the prompt showed only in slices (file → the lines shown). */
  sliced?: ReadonlyMap<string, string>;
  /** The token limit of each answer, for the reason of a truncated one. */
  maxTokens?: number;
  /** The round of --rounds the completion answered (default 1). */
  round?: number;
}

export interface Prepared {
  record: CandidateRecord;
  /** True when the candidate still has to face the gates (its status says 'survived' until then). */
  runnable: boolean;
  /**
   * The record's `diff` and `changedLines`, filled in once `git diff` is done: without
   * --max-changed-lines nothing needs them before the gates, so they are computed while the gates run
   * (evaluate.ts awaits this before it settles the candidate).
   */
  details?: Promise<void>;
}

export async function prepareCandidate(slot: FanResult, ctx: PrepareContext): Promise<Prepared> {
  const base = { index: slot.slot, round: ctx.round ?? 1, provider: slot.provider, model: slot.model };
  const discarded = (discard: NonNullable<CandidateRecord['discard']>): Prepared => ({
    record: { ...base, status: 'discarded', discard },
    runnable: false,
  });
  if (!slot.ok) {
    return discarded({ reason: 'provider-error', message: slot.error.message, status: slot.error.status });
  }
  if (slot.completion.truncated) {
    // Cut off: even when what arrived parses, the rest of the answer is missing.
    const limit = ctx.maxTokens === undefined ? '' : ` (${ctx.maxTokens} tokens)`;
    return discarded({ reason: 'truncated', message: `the answer stopped at its token limit${limit} and is cut off` });
  }
  const parsed = parseCandidate(slot.completion.text);
  if (!parsed.ok) return discarded(parsed.discard);
  const validated = validateCandidate(parsed.answer, new Set(ctx.originals.keys()), ctx.resolve, { originals: ctx.originals, ...(ctx.sliced ? { sliced: ctx.sliced } : {}) });
  if (!validated.ok) return discarded(validated.discard);

  // What would be written: the model's text in the original's line endings and final-newline style.
  const changes = validated.changes.map((c) => ({ file: c.file, content: conformTextStyle(ctx.originals.get(c.file) ?? null, c.content) }));
  const diffing = diffOf(changes, ctx);
  if (ctx.maxChangedLines !== undefined) {
    const changedLines = countChangedLines(await diffing);
    if (changedLines > ctx.maxChangedLines) {
      return discarded({ reason: 'too-many-changed-lines', message: `${changedLines} changed lines (over --max-changed-lines ${ctx.maxChangedLines})` });
    }
  }
  // The record is filled in place (evaluate.ts sets the verdict on the same object).
  const record: CandidateRecord = { ...base, status: 'survived', changes, diff: '', changedLines: 0 };
  const details = diffing.then((diff) => {
    record.diff = diff;
    record.changedLines = countChangedLines(diff);
  });
  // Awaited by whoever settles the candidate; a run that stops before then must not die of an unhandled rejection.
  details.catch(() => undefined);

  if (ctx.syntax) {
    const broken = await firstUnparsable(changes, ctx.originals, ctx.syntax);
    if (broken !== null) {
      await details;
      return {
        record: { ...record, status: 'failed', failure: { stage: 'syntax', exitCode: null, outputTail: `${broken} does not parse` } },
        runnable: false,
      };
    }
  }
  const effective = changes.filter((c) => c.content !== (ctx.originals.get(c.file) ?? null));
  const normalized = await Promise.all(
    effective.map(async (c) => ({ file: c.file, normalized: await normalizeOne(c.file, c.content, ctx) })),
  );
  record.key = changesetKey(normalized);
  return { record, runnable: true, details };
}

/** A file that parsed before (or is new) and no longer does; null when all parse or cannot be judged. */
async function firstUnparsable(
  changes: ReadonlyArray<{ file: string; content: string }>,
  originals: ReadonlyMap<string, string | null>,
  syntax: SyntaxTools,
): Promise<string | null> {
  for (const change of changes) {
    if ((await syntax.parsesCleanly(change.file, change.content)) !== false) continue;
    const original = originals.get(change.file) ?? null;
    // A file the parser already rejects (Flow, a newer syntax) says nothing about the candidate.
    if (original === null || (await syntax.parsesCleanly(change.file, original)) === true) return change.file;
  }
  return null;
}

async function normalizeOne(file: string, content: string, ctx: PrepareContext): Promise<string> {
  if (ctx.normalize === 'syntax' && ctx.syntax) {
    const reprinted = await ctx.syntax.normalizeSyntax(file, content);
    if (reprinted !== null) return `syntax:${normalizeWhitespace(reprinted)}`;
  }
  return normalizeWhitespace(content);
}

function diffOf(changes: ReadonlyArray<{ file: string; content: string }>, ctx: PrepareContext): Promise<string> {
  const make = () => unifiedDiff(changes.map((c) => ({ file: c.file, before: ctx.originals.get(c.file) ?? null, after: c.content })));
  if (!ctx.diffs) return make();
  const key = JSON.stringify(changes.map((c) => [c.file, c.content]));
  let diff = ctx.diffs.get(key);
  if (!diff) {
    diff = make();
    ctx.diffs.set(key, diff);
  }
  return diff;
}
