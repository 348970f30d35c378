// The side-by-side table of reviewers for the text report, pure: one row each with recall and its
// interval, precision, decoy findings, wall time, and tokens and cost when the reviewer reported them.

import type { ReviewerRowJson } from '../schema.js';

export function reviewerCells(r: ReviewerRowJson): string[] {
  return [
    r.name,
    `${pct(r.recall)} (${r.caught}/${r.total})`,
    `[${pct(r.recallInterval.low)}, ${pct(r.recallInterval.high)}]`,
    r.precision === null ? 'n/a' : pct(r.precision),
    r.decoyFindings === null ? '-' : String(r.decoyFindings),
    `${(r.wallMs / 1000).toFixed(1)}s`,
    r.usage ? `${r.usage.inputTokens}/${r.usage.outputTokens}` : '-',
    r.usage?.costUsd === undefined ? '-' : `$${r.usage.costUsd.toFixed(4)}`,
    r.gatePass ? 'pass' : 'FAIL',
  ];
}

export const REVIEWER_COLUMNS = ['reviewer', 'recall', '95% interval', 'precision', 'decoy findings', 'wall', 'tokens in/out', 'cost', 'gate'];

export function renderReviewers(rows: readonly ReviewerRowJson[]): string[] {
  const table = [REVIEWER_COLUMNS, ...rows.map(reviewerCells)];
  const widths = REVIEWER_COLUMNS.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  return table.map((row) => `  ${row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd()}`);
}

function pct(x: number): string {
  return `${(Math.round(x * 1000) / 10).toString()}%`;
}
