// The verdict is never "safe to merge" while part of the diff went unreviewed: an approval becomes
// approve-partial, and every recommendation says how much was reviewed ("first 10 KB reviewed of
// 42 KB"). The tiers and the gate are left as the chairman's report made them. Pure.

import { kb } from '../inputs/diff-parts.js';
import type { Chunks, Consensus } from '../report/output-schema.js';

export type Coverage = Pick<Chunks, 'requested' | 'count' | 'reviewed' | 'complete' | 'diffBytes' | 'reviewedBytes' | 'budgetBytes'>;

/** How much was reviewed, in words, or null when all of it was. */
export function coverageNote(c: Coverage): string | null {
  if (c.complete) return null;
  const amount = `${kb(c.reviewedBytes)} reviewed of ${kb(c.diffBytes)}`;
  // The seed's cut ends on a line boundary just short of the budget: it is "the first 10 KB".
  if (c.requested === 1) return `first ${kb(c.budgetBytes)} reviewed of ${kb(c.diffBytes)}`;
  if (c.reviewed < c.count) return `first ${amount} (${c.reviewed} of ${c.count} parts)`;
  return `only ${amount} (a line longer than --diff-budget was cut)`;
}

export function qualifyVerdict(consensus: Consensus, c: Coverage): { consensus: Consensus; warning: string | null } {
  const note = coverageNote(c);
  if (note === null) return { consensus, warning: null };
  const approve = consensus.recommendation === 'approve';
  const recommendationText = approve
    ? `Reviewers approve what they saw, ${note}: not safe to merge on this review (review the whole diff with --chunks all)`
    : `${consensus.recommendationText ?? 'No recommendation'} (${note})`;
  const warning = `${note.replace(/^first/, 'only the first')}; the rest of the diff was not reviewed: review it all with --chunks all`;
  return { consensus: { ...consensus, recommendation: approve ? 'approve-partial' : consensus.recommendation, recommendationText }, warning };
}
