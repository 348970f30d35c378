// @ts-check
// consensus-synthesis in a pull request: the command line from the inputs and the event, and the
// job summary and outputs from its --json document.

import { join } from 'node:path';
import { changeUnderReview } from './event.mjs';
import { ActionError, argLines, input, optional } from './inputs.mjs';
import { code, inline, place, table, warningLines } from './markdown.mjs';

/** @typedef {import('./tool.mjs').ToolContext} ToolContext */
/** @typedef {import('./tool.mjs').ToolReport} ToolReport */

const TIERS = /** @type {const} */ ([
  ['high', 'High Priority - Multiple Reviewers Agree'],
  ['medium', 'Medium Priority - Single Reviewer, Significant'],
  ['consider', 'Consider - Suggestions'],
]);

/**
 * Whether the CLI posts the consensus as a pull-request review: input `github-review` 'true' or
 * 'false', or empty (the default) for on when the event is a pull request and a token was passed.
 * @param {NodeJS.ProcessEnv} env
 * @param {Record<string, any>} event
 */
export function wantsGithubReview(env, event) {
  const given = input(env, 'github-review').toLowerCase();
  if (given === 'true') return true;
  if (given === 'false') return false;
  if (given !== '') throw new ActionError(`the input "github-review" is "${given}"; use true, false, or leave it empty`);
  return event.pull_request !== undefined && (env.GITHUB_TOKEN ?? '') !== '';
}

/**
 * @param {ToolContext} ctx
 * @returns {string[]}
 */
export function synthesisArgs(ctx) {
  const { env, event, runDir } = ctx;
  const change = changeUnderReview(event, { base: input(env, 'base-sha'), head: input(env, 'head-sha'), description: input(env, 'description') });
  return [
    '--mode=code-review',
    `--base-sha=${change.base}`,
    ...optional('--head-sha', change.head),
    ...optional('--description', change.description),
    `--fail-on=${input(env, 'fail-on') || 'high'}`,
    `--chunks=${chunksArg(input(env, 'chunks') || 'all', input(env, 'max-chunks'))}`,
    `--sarif=${join(runDir, 'consensus.sarif')}`,
    `--out=${join(runDir, 'consensus.md')}`,
    '--json',
    ...(wantsGithubReview(env, event) ? ['--github-review'] : []),
    ...argLines(input(env, 'args')),
  ];
}

/**
 * The --chunks value from the inputs: `chunks` (all or a number), capped by `max-chunks` when given.
 * @param {string} chunks
 * @param {string} maxChunks
 */
export function chunksArg(chunks, maxChunks) {
  const count = (/** @type {string} */ value, /** @type {string} */ name) => {
    if (!/^[1-9]\d*$/.test(value)) throw new ActionError(`the input "${name}" is ${JSON.stringify(value)}; expected ${name === 'chunks' ? '"all" or ' : ''}a whole number from 1`);
    return Number(value);
  };
  const wanted = chunks === 'all' ? Infinity : count(chunks, 'chunks');
  const cap = maxChunks === '' ? Infinity : count(maxChunks, 'max-chunks');
  const n = Math.min(wanted, cap);
  return n === Infinity ? 'all' : String(n);
}

/**
 * @param {{severity?: string | null, description: string, reviewers: string[], file?: string | null, line?: number | null, demoted?: {reason: string}}} item
 */
function itemLine(item) {
  const where = place(item);
  const parts = [`- **${inline(item.severity ?? 'ISSUE')}** ${inline(item.description)}`];
  if (where) parts.push(` at ${where}`);
  if (item.reviewers.length > 0) parts.push(` (${item.reviewers.map(inline).join(', ')})`);
  if (item.demoted) parts.push(`\n  - moved from High Priority: ${inline(item.demoted.reason)}`);
  return parts.join('');
}

/** @param {any} doc */
function reviewersTable(doc) {
  /** @type {any[]} */
  const reviewers = doc.reviewers ?? [];
  if (reviewers.length === 0) return '';
  const rows = reviewers.map((r) => [
    `${inline(r.name)}${r.letter ? ` (${inline(r.letter)})` : ''}`,
    code(r.model),
    inline(r.status === 'ok' ? 'ok' : `${r.status}: ${r.error ?? ''}`),
    inline(r.assessment ?? ''),
    String(r.findings?.length ?? 0),
  ]);
  return `\n${table(['Reviewer', 'Model', 'Status', 'Assessment', 'Findings'], rows)}`;
}

/**
 * The job summary and outputs of a consensus-synthesis --json document.
 * @param {any} doc
 * @param {number} exitCode
 * @returns {ToolReport}
 */
export function synthesisReport(doc, exitCode) {
  const consensus = doc.consensus;
  const chair = doc.chairman ? `, chaired by ${inline(doc.chairman.name)} (${code(doc.chairman.model)})` : '';
  const lines = [
    `## consensus-synthesis: ${exitCode === 0 ? 'pass' : 'gate fails'}`,
    '',
    doc.chairman === null ? 'Nothing to review: the change is empty.' : `Consensus from ${doc.answered}/${doc.total} reviewers${chair}.`,
    '',
    `**Gate:** ${doc.gate.failed ? 'FAIL' : 'pass'}: ${inline(doc.gate.reason)}`,
  ];
  if (doc.chunks && doc.chunks.count > 1) {
    const failed = doc.chunks.list.reduce((/** @type {number} */ n, /** @type {any} */ c) => n + c.failed.length, 0);
    lines.push('', `Reviewed ${doc.chunks.reviewed} of ${doc.chunks.count} parts of the diff${doc.chunks.complete ? '' : ' (not all of it)'}${failed > 0 ? `; ${failed} call(s) failed` : ''}.`);
  }
  for (const [key, title] of TIERS) {
    /** @type {any[]} */
    const items = consensus[key];
    lines.push('', `### ${title} (${items.length})`, '', ...(items.length === 0 ? ['None'] : items.map(itemLine)));
  }
  if (consensus.recommendationText) lines.push('', `**FINAL RECOMMENDATION:** ${inline(consensus.recommendationText)}`);
  const review = doc.githubReview;
  if (review?.status === 'posted') lines.push('', `**Pull request review:** ${inline(review.url ?? '')} (${review.comments} on lines, ${review.inBody} in the body)`);
  if (review?.status === 'failed') lines.push('', '**Pull request review:** not posted (the warning is above and in the log)');
  if (review?.status === 'skipped') {
    const hidden = review.minimizedReviews > 0 ? `; ${review.minimizedReviews} earlier review(s) retired and hidden` : '';
    lines.push('', `**Pull request review:** none posted, nothing to review${hidden}`);
  }
  lines.push(reviewersTable(doc));
  lines.push(...warningLines(doc.warnings));
  return {
    summary: lines.join('\n'),
    gateReason: doc.gate.reason,
    outputs: {
      'high-count': consensus.high.length,
      'medium-count': consensus.medium.length,
      'consider-count': consensus.consider.length,
      recommendation: consensus.recommendation,
    },
  };
}
