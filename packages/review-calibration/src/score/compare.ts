// Several reviewers side by side, pure: one row per reviewer from its own summary, and the one
// document whose top-level fields are the first reviewer's while the gate is everyone's.

import type { CalibrationJson, ReviewerRowJson } from '../schema.js';
import type { ReviewerUsage } from '../review/parse-usage.js';
import { wilsonInterval } from './wilson.js';

export interface ReviewerRunStats {
  name: string;
  /** Redacted. */
  command: string;
  /** Runs of the reviewer (planted trials and decoys), their summed wall time, and the usage it reported. */
  runs: number;
  wallMs: number;
  usage: ReviewerUsage | null;
}

export function reviewerRow(doc: CalibrationJson, stats: ReviewerRunStats): ReviewerRowJson {
  return {
    name: stats.name,
    command: stats.command,
    recall: doc.recall,
    caught: doc.caught,
    total: doc.total,
    recallInterval: doc.recallInterval ?? wilsonInterval(doc.caught, doc.total),
    precision: doc.precision,
    truePositives: doc.truePositives,
    falsePositives: doc.falsePositives,
    decoyFindings: doc.decoy?.findings ?? null,
    runs: stats.runs,
    wallMs: stats.wallMs,
    usage: stats.usage,
    gatePass: doc.gatePass,
    gateReasons: doc.gateReasons,
  };
}

/**
 * The document for all reviewers: the first reviewer's fields (so a single reviewer's document is
 * what it always was), `reviewers[]`, and a gate that passes only when every reviewer's does.
 */
export function combine(docs: readonly CalibrationJson[], rows: readonly ReviewerRowJson[]): CalibrationJson {
  const [first] = docs;
  if (!first) throw new Error('combine needs at least one reviewer');
  if (docs.length === 1) return { ...first, reviewers: [...rows] };
  const gateReasons = rows.flatMap((r) => r.gateReasons.map((reason) => `${r.name}: ${reason}`));
  return {
    ...first,
    gatePass: rows.every((r) => r.gatePass),
    gateReasons,
    warnings: [...new Set(docs.flatMap((d) => d.warnings))],
    reviewers: [...rows],
  };
}
