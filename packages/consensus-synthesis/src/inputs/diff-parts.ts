// Which parts of the diff the reviewers get, from --chunks and --diff-budget: under --chunks 1 the
// seed's cut (the first budget's worth, with its note); otherwise the diff split into parts of at
// most the budget (chunk-diff.ts), the first n of them or all. Also how much of it that covers. Pure.

import { splitDiff, type DiffChunk } from './chunk-diff.js';
import { sectionFile } from './diff-order.js';
import { truncateUtf8 } from './truncate.js';

export interface DiffParts {
  requested: 'all' | number;
  budgetBytes: number;
  /** Every part of the diff; under --chunks 1, the one cut. */
  chunks: DiffChunk[];
  /** The first `sent` chunks go to the reviewers. */
  sent: number;
  /** The diff's size after redaction and --exclude. */
  diffBytes: number;
}

export function planDiffParts(diff: string, requested: 'all' | number, budgetBytes: number): DiffParts {
  const diffBytes = Buffer.byteLength(diff, 'utf8');
  if (requested === 1) {
    const cut = truncateUtf8(diff, budgetBytes);
    const files = [...cut.text.matchAll(/^diff --git .*$/gm)].map((m) => sectionFile(m[0]));
    const bytes = Buffer.byteLength(cut.text, 'utf8');
    return { requested, budgetBytes, chunks: [{ text: cut.text, files, bytes, coveredBytes: bytes, truncated: cut.truncated }], sent: 1, diffBytes };
  }
  const chunks = splitDiff(diff, budgetBytes);
  return { requested, budgetBytes, chunks, sent: requested === 'all' ? chunks.length : Math.min(requested, chunks.length), diffBytes };
}

/** Bytes of the diff the sent parts cover, and whether that is all of it. */
export function coverage(parts: DiffParts): { reviewedBytes: number; complete: boolean } {
  const sent = parts.chunks.slice(0, parts.sent);
  const reviewedBytes = Math.min(parts.diffBytes, sent.reduce((sum, c) => sum + c.coveredBytes, 0));
  return { reviewedBytes, complete: parts.sent === parts.chunks.length && sent.every((c) => !c.truncated) };
}

/** "10 KB", "2.5 KB": how the recommendation and the report say a size. */
export function kb(bytes: number): string {
  const k = Math.round((bytes / 1024) * 10) / 10;
  return `${k >= 10 || Number.isInteger(k) ? Math.round(k) : k.toFixed(1)} KB`;
}
