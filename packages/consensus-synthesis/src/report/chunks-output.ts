// The `chunks` object of --json (and of the report): the diff's parts, the files each held, which
// reviewers answered each and which calls failed; and the problems a run must state about them. Pure.

import type { PartCall } from '../panel/ask-in-parts.js';
import { coverage, type DiffParts } from '../inputs/diff-parts.js';
import type { Chunks } from './output-schema.js';

export function chunksOutput(parts: DiffParts, excluded: readonly string[], calls: readonly PartCall[]): Chunks {
  const { reviewedBytes, complete } = coverage(parts);
  return {
    requested: parts.requested,
    budgetBytes: parts.budgetBytes,
    count: parts.chunks.length,
    reviewed: parts.sent,
    complete,
    diffBytes: parts.diffBytes,
    reviewedBytes,
    excluded: [...excluded],
    list: parts.chunks.map((chunk, i) => {
      const mine = calls.filter((c) => c.part === i + 1);
      return {
        index: i + 1,
        files: chunk.files,
        bytes: chunk.bytes,
        reviewed: i < parts.sent,
        truncated: chunk.truncated,
        answered: mine.flatMap((c) => (c.settled.ok ? [c.reviewer] : [])),
        failed: mine.flatMap((c) => (c.settled.ok ? [] : [{ reviewer: c.reviewer, status: c.settled.status, error: c.settled.error }])),
      };
    }),
  };
}

const where = (chunk: Chunks['list'][number], count: number): string => `part ${chunk.index} of ${count} (${chunk.files.join(', ')})`;

/**
 * `unreviewed`: one line per part sent that no reviewer answered (the run must stop);
 * `missed`: one note per failed call of a reviewer that answered other parts (a reviewer that
 * answered none is already noted as not answering).
 */
export function partProblems(chunks: Chunks): { unreviewed: string[]; missed: string[] } {
  if (chunks.reviewed <= 1) return { unreviewed: [], missed: [] };
  const sent = chunks.list.filter((c) => c.reviewed);
  const answeredSome = new Set(sent.flatMap((c) => c.answered));
  const unreviewed = sent
    .filter((c) => c.answered.length === 0)
    .map((c) => `${where(c, chunks.count)} was not reviewed: every reviewer's call failed: ${c.failed.map((f) => `${f.reviewer}: ${f.error}`).join('; ')}`);
  const missed = sent.flatMap((c) => c.failed.filter((f) => answeredSome.has(f.reviewer)).map((f) => `${f.reviewer} did not review ${where(c, chunks.count)}: ${f.error}`));
  return { unreviewed, missed };
}
