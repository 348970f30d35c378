// What goes to stdout without --json: a one-line headline, notes on degraded runs, the chairman's
// synthesis verbatim (every line; control characters made visible), the letter key, the gate line
// and the report path.

import type { ConsensusOutput } from './output-schema.js';
import { terminalSafe } from '@adlc/core';

export function headline(doc: Pick<ConsensusOutput, 'mode' | 'answered' | 'total' | 'chairman'>): string {
  const kind = doc.mode === 'code-review' ? 'code review' : 'general prompt';
  const chair = doc.chairman ? `, chaired by ${doc.chairman.name} (${doc.chairman.model})` : '';
  return `Consensus (${kind}) from ${doc.answered}/${doc.total} reviewers${chair}`;
}

export function renderText(doc: ConsensusOutput): string {
  if (doc.chairman === null) return terminalSafe([`Nothing to review: ${doc.gate.reason}.`, ...doc.warnings.map((w) => `Note: ${w}`), ...reviewLines(doc)].join('\n'));
  const lines = [headline(doc), ...partLines(doc), ...doc.warnings.map((w) => (w.startsWith('WARNING') ? w : `Note: ${w}`)), '', doc.synthesis.replace(/\s+$/, ''), ''];
  // The chairman's words stay verbatim above; a review that did not cover the diff says so here.
  if (doc.chunks && !doc.chunks.complete) lines.push(`Recommendation: ${doc.consensus.recommendationText}`);
  const lettered = doc.reviewers.filter((r) => r.letter !== null).sort((a, b) => a.letter!.localeCompare(b.letter!));
  if (lettered.length > 0) lines.push(`Reviewers: ${lettered.map((r) => `${r.letter} = ${r.name} (${r.model})`).join(', ')}`);
  if (doc.mode === 'code-review') lines.push(`Gate: ${doc.gate.failed ? 'FAIL' : 'pass'}: ${doc.gate.reason}`);
  if (doc.sarifPath) lines.push(`SARIF: ${doc.sarifPath}`);
  lines.push(...reviewLines(doc), `Detailed breakdown: ${doc.reportPath}`);
  return terminalSafe(`${lines.join('\n')}\n`);
}

/** What --github-review did, in a line (none without it). */
function reviewLines({ githubReview: review }: Pick<ConsensusOutput, 'githubReview'>): string[] {
  if (review === undefined) return [];
  if (review.status === 'posted') return [`Pull request review: ${review.url} (${review.comments} on lines, ${review.inBody} in the body)`];
  if (review.status === 'failed') return ['Pull request review: not posted (see the warning above)'];
  const done = [
    [review.removedComments, 'line comment(s) removed'],
    [review.supersededReviews, 'review(s) marked as no longer applying'],
    [review.minimizedReviews, 'review(s) hidden'],
  ].flatMap(([n, what]) => (n === 0 ? [] : [`${n} ${what}`]));
  return [`Pull request review: none posted, nothing to review${done.length === 0 ? '' : `; earlier ones retired: ${done.join(', ')}`}`];
}

/** A diff reviewed in parts: one line naming the files of each part. */
function partLines(doc: ConsensusOutput): string[] {
  const chunks = doc.chunks;
  if (!chunks || chunks.reviewed <= 1) return [];
  const parts = chunks.list.filter((p) => p.reviewed).map((p) => `${p.index}: ${p.files.join(', ')}`);
  return [`Reviewed in ${chunks.reviewed} of ${chunks.count} parts (at most ${chunks.budgetBytes} bytes each): ${parts.join('; ')}`];
}
