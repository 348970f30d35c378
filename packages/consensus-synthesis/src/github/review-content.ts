// What the pull-request review says: one comment per consensus item that sits on a line of the diff
// (tier, severity, the reviewers who agree, their quotes), and a body with the recommendation, the
// gate and every item that has no line of the diff. Each carries a hidden marker so a later run finds
// and replaces them. Pure.

import type { Tier } from '../chair/parse-synthesis.js';
import type { ConsensusItem, ConsensusOutput, ReviewerResult } from '../report/output-schema.js';

/** Marks the tool's own review bodies and comments (invisible in the rendered Markdown). */
export const REVIEW_MARKER = '<!-- adlc:consensus-synthesis -->';

/** GitHub refuses bodies over 65,536 characters; stay clear of it. */
const MAX_BODY = 60_000;

const TIER_TITLE: Record<Tier, string> = { high: 'High Priority', medium: 'Medium Priority', consider: 'Consider' };

export interface ReviewComment {
  path: string;
  line: number;
  side: 'RIGHT';
  body: string;
}

export interface ReviewContent {
  body: string;
  comments: ReviewComment[];
  /** Items that went into the body because no line of the diff holds them. */
  inBody: number;
}

/** Model text made inert in a comment: no marker look-alikes, no @mentions that would notify people. */
export function inert(text: string): string {
  return text.replace(/<!--|-->/g, (m) => m.replace(/-/g, '\u2011')).replace(/@(?=[A-Za-z0-9])/g, '@\u200b');
}

function reviewerLabel(name: string, reviewers: readonly ReviewerResult[]): string {
  const r = reviewers.find((x) => x.name === name);
  return r ? `${r.letter ?? '?'} (${inert(r.name)}, \`${r.model}\`)` : inert(name);
}

function itemHeader(item: ConsensusItem, tier: Tier, reviewers: readonly ReviewerResult[]): string {
  const who = item.reviewers.length === 0 ? 'no reviewer named' : `raised by ${item.reviewers.map((n) => reviewerLabel(n, reviewers)).join(', ')}`;
  return [`**${TIER_TITLE[tier]}**`, item.severity ?? 'ISSUE', who].join(' · ');
}

function quoteLines(item: ConsensusItem): string[] {
  return (item.quotes ?? []).map((q) => `> ${inert(q)}`);
}

function commentBody(item: ConsensusItem, tier: Tier, reviewers: readonly ReviewerResult[]): string {
  const quotes = quoteLines(item);
  return [itemHeader(item, tier, reviewers), '', inert(item.description), ...(quotes.length > 0 ? ['', ...quotes] : []), '', REVIEW_MARKER].join('\n');
}

function bodyItem(item: ConsensusItem, tier: Tier, reviewers: readonly ReviewerResult[]): string {
  const where = item.file === null ? '' : ` (\`${item.file}${item.line === null ? '' : `:${item.line}`}\`)`;
  return [`- ${itemHeader(item, tier, reviewers)}: ${inert(item.description)}${where}`, ...quoteLines(item).map((q) => `  ${q}`)].join('\n');
}

/**
 * The review of a consensus. `lines` holds, per file, the lines of the diff a comment may sit on;
 * null puts every item in the body (the diff could not be matched to what was reviewed).
 */
export function reviewContent(doc: ConsensusOutput, lines: ReadonlyMap<string, ReadonlySet<number>> | null, note?: string): ReviewContent {
  const comments: ReviewComment[] = [];
  const elsewhere: string[] = [];
  for (const tier of ['high', 'medium', 'consider'] as const) {
    for (const item of doc.consensus[tier]) {
      if (item.file !== null && item.line !== null && lines?.get(item.file)?.has(item.line)) {
        comments.push({ path: item.file, line: item.line, side: 'RIGHT', body: commentBody(item, tier, doc.reviewers) });
      } else {
        elsewhere.push(bodyItem(item, tier, doc.reviewers));
      }
    }
  }
  const chair = doc.chairman ? `, chaired by ${inert(doc.chairman.name)} (\`${doc.chairman.model}\`)` : '';
  const recommendation = doc.consensus.recommendationText ?? doc.consensus.recommendation;
  const parts = [
    REVIEW_MARKER,
    `### consensus-synthesis: ${inert(recommendation)}`,
    '',
    `Consensus of ${doc.answered}/${doc.total} reviewers${chair}. Gate: ${doc.gate.failed ? 'FAIL' : 'pass'}: ${inert(doc.gate.reason)}.`,
  ];
  if (note) parts.push('', `> ${note}`);
  if (comments.length > 0) parts.push('', `${comments.length} item${comments.length === 1 ? '' : 's'} commented on ${comments.length === 1 ? 'its line' : 'their lines'}.`);
  if (elsewhere.length > 0) parts.push('', '#### Not on a line of the diff', '', ...elsewhere);
  if (comments.length === 0 && elsewhere.length === 0) parts.push('', 'No issues.');
  const letters = doc.reviewers.filter((r) => r.letter !== null).map((r) => `${r.letter} = ${inert(r.name)} (\`${r.model}\`)`);
  if (letters.length > 0) parts.push('', `Reviewers: ${letters.join(', ')}`);
  let body = parts.join('\n');
  if (body.length > MAX_BODY) body = `${body.slice(0, MAX_BODY)}\n\n[cut at ${MAX_BODY} characters; the full consensus is in the job's report]`;
  return { body, comments, inBody: elsewhere.length };
}
