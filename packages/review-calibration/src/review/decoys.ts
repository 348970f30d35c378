// Precision from clean changes: the reviewer runs again on the commit with no plants at all, so
// every finding it makes is a false positive by construction, wherever the plants happened to be.

import type { Reporter } from '@adlc/core';
import { parseFindings } from './parse-findings.js';
import { parseUsage, type ReviewerUsage } from './parse-usage.js';
import { runReviewCommand, type ReviewRunContext } from './run-reviewer.js';

export interface DecoyRun {
  /** The files named by its findings (as the reviewer wrote them), one entry per finding; null when unnamed. */
  files: Array<string | null>;
  wallMs: number;
  usage: ReviewerUsage | null;
}

export interface DecoySummary {
  runs: number;
  findings: number;
  findingsPerRun: number;
  /** Distinct files the clean runs' findings named. */
  filesFlagged: number;
}

/** Runs the reviewer `runs` times on the clean tree (the plants are out by then). */
export async function runDecoys(reviewCommand: string, runs: number, ctx: ReviewRunContext & { reporter: Reporter }): Promise<DecoyRun[]> {
  const out: DecoyRun[] = [];
  for (let i = 0; i < runs; i++) {
    ctx.reporter.progress(`decoys: clean run ${i + 1}/${runs}…`, 'decoys');
    const run = await runReviewCommand(reviewCommand, ctx);
    out.push({ files: parseFindings(run.stdout).findings.map((f) => f.file), wallMs: run.wallMs, usage: parseUsage(run.stdout) });
  }
  return out;
}

/** Each reviewer's clean runs in turn, after every planted run; null for each when `runs` is 0. */
export async function decoyRuns(
  reviewers: ReadonlyArray<{ command: string }>,
  runs: number,
  ctx: ReviewRunContext & { reporter: Reporter },
): Promise<Array<DecoyRun[] | null>> {
  const out: Array<DecoyRun[] | null> = [];
  for (const r of reviewers) out.push(runs > 0 ? await runDecoys(r.command, runs, ctx) : null);
  ctx.reporter.endProgress();
  return out;
}

export function summarizeDecoys(runs: readonly DecoyRun[]): DecoySummary {
  const findings = runs.reduce((n, r) => n + r.files.length, 0);
  const files = new Set(runs.flatMap((r) => r.files.filter((f): f is string => f !== null)));
  return { runs: runs.length, findings, findingsPerRun: runs.length === 0 ? 0 : findings / runs.length, filesFlagged: files.size };
}
