// Posts the consensus as one pull-request review through @octokit/rest (loaded only when a review is
// asked for), then retires the tool's earlier ones: their line comments are deleted and their bodies
// replaced by a pointer to the new review, so the pull request holds one current review from it.
// A failure of GitHub's is a warning, never a verdict: the gate stays the exit code.

import { redactSecrets } from '@adlc/core';
import type { ConsensusOutput, GitHubReview } from '../report/output-schema.js';
import { commentableLines } from './diff-lines.js';
import type { PullRequestTarget } from './pull-request-target.js';
import { REVIEW_MARKER, reviewContent, type ReviewContent } from './review-content.js';

/** Bounds the whole exchange with GitHub (every request of it). */
const GITHUB_TIMEOUT_MS = 60_000;

export interface PostDeps {
  env: NodeJS.ProcessEnv;
  /** The commit that was reviewed; null for a working tree (then the pull request's head is trusted). */
  reviewedHead: string | null;
  version: string;
}

const SUPERSEDED = 'Superseded by a newer consensus-synthesis review';

const SILENT_LOG = { debug() {}, info() {}, warn() {}, error() {} };

type HttpFailure = { status?: number; message?: string; response?: { headers?: Record<string, string | undefined> } };

/** One sentence for a failed request: what GitHub said and what fixes it; never the token. */
export function describeFailure(error: unknown, target: PullRequestTarget, env: NodeJS.ProcessEnv): string {
  const e = (error ?? {}) as HttpFailure;
  const status = typeof e.status === 'number' ? e.status : 0;
  const said = redactSecrets(String(e.message ?? error).split('\n')[0]!.slice(0, 300), env);
  const where = `${target.owner}/${target.repo}#${target.number}`;
  const rateLimited = status === 429 || (status === 403 && (e.response?.headers?.['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said)));
  if (rateLimited) {
    const reset = Number(e.response?.headers?.['x-ratelimit-reset']);
    const when = Number.isFinite(reset) && reset > 0 ? ` (it resets at ${new Date(reset * 1000).toISOString()})` : '';
    return `GitHub's rate limit was reached (${status})${when}; the review of ${where} was not posted`;
  }
  if (status === 401) return `GitHub refused the token (401: ${said}); check GITHUB_TOKEN. The review of ${where} was not posted`;
  if (status === 403) {
    return `GitHub forbade the review of ${where} (403: ${said}); the workflow needs "permissions: pull-requests: write", and a pull request from a fork gets a read-only token`;
  }
  if (status === 404) return `GitHub found no pull request ${where} (404: ${said}); check GITHUB_REPOSITORY, --github-pr and the token's access`;
  if (status === 422) return `GitHub refused the review of ${where} (422: ${said})`;
  // Octokit reports a connection failure or a timeout as a 500 that has no response.
  if (status === 500 && e.response === undefined) return `GitHub could not be reached at ${target.apiUrl} (${said}); the review of ${where} was not posted`;
  if (status === 0) return `the review of ${where} could not be posted (${said})`;
  return `GitHub answered ${status} (${said}); the review of ${where} was not posted`;
}

type Client = InstanceType<(typeof import('@octokit/rest'))['Octokit']>;
type PullParams = { owner: string; repo: string; pull_number: number };
type Authored = { id: number; user?: { login?: string } | null; body?: string | null };

async function client(target: PullRequestTarget, version: string): Promise<Client> {
  const { Octokit } = await import('@octokit/rest');
  return new Octokit({
    auth: target.token,
    baseUrl: target.apiUrl,
    userAgent: `adlc-consensus-synthesis/${version}`,
    log: SILENT_LOG,
    request: { signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS) },
  });
}

export async function postReview(target: PullRequestTarget, doc: ConsensusOutput, deps: PostDeps): Promise<GitHubReview> {
  const pr: PullParams = { owner: target.owner, repo: target.repo, pull_number: target.number };
  const result: GitHubReview = {
    status: 'failed',
    repository: `${target.owner}/${target.repo}`,
    pullRequest: target.number,
    reviewId: null,
    url: null,
    comments: 0,
    inBody: 0,
    removedComments: 0,
    supersededReviews: 0,
    warnings: [],
  };
  const warn = (error: unknown, prefix = '') => void result.warnings.push(`${prefix}${describeFailure(error, target, deps.env)}`);
  try {
    const octokit = await client(target, deps.version);
    const { data: pull } = await octokit.rest.pulls.get(pr);
    const [files, earlierReviews, earlierComments] = await Promise.all([
      octokit.paginate(octokit.rest.pulls.listFiles, { ...pr, per_page: 100 }),
      octokit.paginate(octokit.rest.pulls.listReviews, { ...pr, per_page: 100 }),
      octokit.paginate(octokit.rest.pulls.listReviewComments, { ...pr, per_page: 100 }),
    ]);
    // Line numbers are those of the commit reviewed; on another head they may point at other code.
    const moved = deps.reviewedHead !== null && deps.reviewedHead !== pull.head.sha;
    const note = moved ? `The pull request's head is now ${pull.head.sha.slice(0, 12)}; this review is of ${deps.reviewedHead!.slice(0, 12)}, so its items are listed here, not on lines.` : undefined;
    const { created, content } = await publish(octokit, pr, pull.head.sha, reviewContent(doc, moved ? null : commentableLines(files), note), () => reviewContent(doc, null), warn);
    Object.assign(result, { status: 'posted', reviewId: created.id, url: created.html_url, comments: content.comments.length, inBody: content.inBody });
    await retireEarlier(octokit, pr, created, earlierReviews, earlierComments, result, warn);
  } catch (error) {
    warn(error);
  }
  return result;
}

/** Creates the review; when GitHub refuses its line comments (422), posts it again with every item in the body. */
async function publish(octokit: Client, pr: PullParams, commitId: string, content: ReviewContent, inBodyOnly: () => ReviewContent, warn: (error: unknown, prefix: string) => void) {
  const create = async (c: ReviewContent) =>
    (await octokit.rest.pulls.createReview({ ...pr, commit_id: commitId, event: 'COMMENT', body: c.body, comments: c.comments })).data;
  try {
    return { created: await create(content), content };
  } catch (error) {
    if ((error as HttpFailure).status !== 422 || content.comments.length === 0) throw error;
    warn(error, 'line comments refused, posting every item in the review body: ');
    const fallback = inBodyOnly();
    return { created: await create(fallback), content: fallback };
  }
}

/** The tool's earlier reviews on this pull request (by the same account, with the marker): comments deleted, bodies superseded. */
async function retireEarlier(
  octokit: Client,
  pr: PullParams,
  created: Authored & { html_url: string },
  reviews: Authored[],
  comments: Authored[],
  result: GitHubReview,
  warn: (error: unknown, prefix: string) => void,
): Promise<void> {
  const mine = (x: Authored) => (x.body ?? '').includes(REVIEW_MARKER) && x.user?.login !== undefined && x.user.login === created.user?.login;
  for (const comment of comments.filter(mine)) {
    await octokit.rest.pulls.deleteReviewComment({ owner: pr.owner, repo: pr.repo, comment_id: comment.id }).then(
      () => void result.removedComments++,
      (error: unknown) => warn(error, 'an earlier comment could not be removed: '),
    );
  }
  // One already superseded points at its successor, which points on: it need not be touched again.
  for (const review of reviews.filter((r) => r.id !== created.id && mine(r) && !(r.body ?? '').includes(SUPERSEDED))) {
    const body = `${REVIEW_MARKER}\n${SUPERSEDED}: ${created.html_url}`;
    await octokit.rest.pulls.updateReview({ ...pr, review_id: review.id, body }).then(
      () => void result.supersededReviews++,
      (error: unknown) => warn(error, 'an earlier review could not be marked superseded: '),
    );
  }
}
