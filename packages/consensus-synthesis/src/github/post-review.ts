// Posts the consensus as one pull-request review through @octokit/rest (loaded only when a review is
// asked for), then retires the tool's earlier ones (retire-earlier.ts), so the pull request holds one
// current review from it. A run that found nothing to review posts none and retires the earlier ones
// all the same: their items were about code that is gone. A failure of GitHub's is a warning, never a
// verdict: the gate stays the exit code.

import type { Octokit } from '@octokit/rest';
import { redactSecrets } from '@adlc/core';
import type { ConsensusOutput, GitHubReview } from '../report/output-schema.js';
import { commentableLines } from './diff-lines.js';
import type { PullRequestTarget } from './pull-request-target.js';
import { hasMarker, NO_CHANGE, nodeStates, retire, SUPERSEDED, type Authored, type Warn } from './retire-earlier.js';
import { REVIEW_MARKER, reviewContent, type ReviewContent } from './review-content.js';

/** Bounds the whole exchange with GitHub (every request of it). */
const GITHUB_TIMEOUT_MS = 60_000;

export interface PostDeps {
  env: NodeJS.ProcessEnv;
  /** The commit that was reviewed; null for a working tree (then the pull request's head is trusted). */
  reviewedHead: string | null;
  version: string;
}

const SILENT_LOG = { debug() {}, info() {}, warn() {}, error() {} };

type HttpFailure = {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | undefined> };
  /** A GraphQL answer's errors (octokit's GraphqlResponseError), which come with status 200. */
  errors?: Array<{ message?: string }>;
};

/**
 * One sentence for a failed request: what GitHub said and what fixes it; never the token. `undone`
 * says what did not happen (by default, the review was not posted).
 */
export function describeFailure(error: unknown, target: PullRequestTarget, env: NodeJS.ProcessEnv, undone?: string): string {
  const e = (error ?? {}) as HttpFailure;
  const status = typeof e.status === 'number' ? e.status : 0;
  const where = `${target.owner}/${target.repo}#${target.number}`;
  const notPosted = undone ?? `the review of ${where} was not posted`;
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    const said = redactSecrets(e.errors.map((x) => String(x.message ?? '')).join('; ').slice(0, 300), env);
    return `GitHub's GraphQL API answered with an error (${said}); ${notPosted}`;
  }
  const said = redactSecrets(String(e.message ?? error).split('\n')[0]!.slice(0, 300), env);
  const rateLimited = status === 429 || (status === 403 && (e.response?.headers?.['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said)));
  if (rateLimited) {
    const reset = Number(e.response?.headers?.['x-ratelimit-reset']);
    const when = Number.isFinite(reset) && reset > 0 ? ` (it resets at ${new Date(reset * 1000).toISOString()})` : '';
    return `GitHub's rate limit was reached (${status})${when}; ${notPosted}`;
  }
  if (status === 401) return `GitHub refused the token (401: ${said}); check GITHUB_TOKEN; ${notPosted}`;
  if (status === 403) {
    return `GitHub forbade the review of ${where} (403: ${said}); the workflow needs "permissions: pull-requests: write", and a pull request from a fork gets a read-only token`;
  }
  if (status === 404) return `GitHub found no pull request ${where} (404: ${said}); check GITHUB_REPOSITORY, --github-pr and the token's access`;
  if (status === 422) return `GitHub refused the review of ${where} (422: ${said})`;
  // Octokit reports a connection failure or a timeout as a 500 that has no response.
  if (status === 500 && e.response === undefined) return `GitHub could not be reached at ${target.apiUrl} (${said}); ${notPosted}`;
  if (status === 0) return undone === undefined ? `the review of ${where} could not be posted (${said})` : `${said}; ${undone}`;
  return `GitHub answered ${status} (${said}); ${notPosted}`;
}

type PullParams = { owner: string; repo: string; pull_number: number };

async function client(target: PullRequestTarget, version: string): Promise<Octokit> {
  const { Octokit } = await import('@octokit/rest');
  // octokit.graphql derives its endpoint from baseUrl: <baseUrl>/graphql, or /api/graphql for GHES's /api/v3.
  return new Octokit({
    auth: target.token,
    baseUrl: target.apiUrl,
    userAgent: `adlc-consensus-synthesis/${version}`,
    log: SILENT_LOG,
    request: { signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS) },
  });
}

/** The result before anything was done, and the warning recorder that fills it. */
function start(target: PullRequestTarget, env: NodeJS.ProcessEnv) {
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
    minimizedReviews: 0,
    minimizeFailures: 0,
    warnings: [],
  };
  const warn: Warn = (error, prefix, undone) => void result.warnings.push(`${prefix}${describeFailure(error, target, env, undone)}`);
  return { pr, result, warn };
}

/** The pull request with the tool's earlier reviews and line comments (those carrying the marker). */
async function readPullRequest(octokit: Octokit, pr: PullParams) {
  const [{ data: pull }, reviews, comments] = await Promise.all([
    octokit.rest.pulls.get(pr),
    octokit.paginate(octokit.rest.pulls.listReviews, { ...pr, per_page: 100 }),
    octokit.paginate(octokit.rest.pulls.listReviewComments, { ...pr, per_page: 100 }),
  ]);
  return { pull, reviews: (reviews as Authored[]).filter(hasMarker), comments: (comments as Authored[]).filter(hasMarker) };
}

export async function postReview(target: PullRequestTarget, doc: ConsensusOutput, deps: PostDeps): Promise<GitHubReview> {
  const { pr, result, warn } = start(target, deps.env);
  try {
    const octokit = await client(target, deps.version);
    const [{ pull, reviews, comments }, files] = await Promise.all([
      readPullRequest(octokit, pr),
      octokit.paginate(octokit.rest.pulls.listFiles, { ...pr, per_page: 100 }),
    ]);
    // Line numbers are those of the commit reviewed; on another head they may point at other code.
    const moved = deps.reviewedHead !== null && deps.reviewedHead !== pull.head.sha;
    const note = moved ? `The pull request's head is now ${pull.head.sha.slice(0, 12)}; this review is of ${deps.reviewedHead!.slice(0, 12)}, so its items are listed here, not on lines.` : undefined;
    const { created, content } = await publish(octokit, pr, pull.head.sha, reviewContent(doc, moved ? null : commentableLines(files), note), () => reviewContent(doc, null), warn);
    Object.assign(result, { status: 'posted', reviewId: created.id, url: created.html_url, comments: content.comments.length, inBody: content.inBody });
    // The tool's own: same account as the new review (someone else's text may carry the marker).
    const login = created.user?.login;
    const mine = (x: Authored) => login !== undefined && x.user?.login === login && x.id !== created.id;
    await retire(octokit, pr, { reviews, comments }, mine, `${REVIEW_MARKER}\n${SUPERSEDED}: ${created.html_url}`, result, warn);
  } catch (error) {
    warn(error, '');
  }
  return result;
}

/**
 * A run that found nothing to review (an empty diff, or every file excluded): no review is posted, and
 * the tool's earlier ones are retired, since what they raised was about code no longer in the change.
 * Whose they are is asked of GraphQL (viewerDidAuthor), there being no new review to compare with.
 */
export async function retireReviews(target: PullRequestTarget, why: string, deps: PostDeps): Promise<GitHubReview> {
  const { pr, result, warn } = start(target, deps.env);
  const left = 'the earlier reviews were left as they were';
  try {
    const octokit = await client(target, deps.version);
    const { pull, reviews, comments } = await readPullRequest(octokit, pr);
    result.status = 'skipped';
    // A run of an older commit must not retire the review of a newer head.
    if (deps.reviewedHead !== null && deps.reviewedHead !== pull.head.sha) {
      result.warnings.push(`the pull request's head is now ${pull.head.sha.slice(0, 12)}, past the commit this run found nothing to review in (${deps.reviewedHead.slice(0, 12)}); ${left}`);
      return result;
    }
    if (reviews.length === 0 && comments.length === 0) return result;
    const states = await nodeStates(octokit, [...reviews, ...comments]);
    const mine = (x: Authored) => x.node_id !== undefined && states.get(x.node_id)?.viewerDidAuthor === true;
    const head = deps.reviewedHead ?? pull.head.sha;
    const body = `${REVIEW_MARKER}\n${NO_CHANGE} (at ${head.slice(0, 12)}: ${why}); the items this review raised no longer apply.`;
    await retire(octokit, pr, { reviews, comments }, mine, body, result, warn, states);
  } catch (error) {
    result.status = 'failed';
    warn(error, '', left);
  }
  return result;
}

/** Creates the review; when GitHub refuses its line comments (422), posts it again with every item in the body. */
async function publish(octokit: Octokit, pr: PullParams, commitId: string, content: ReviewContent, inBodyOnly: () => ReviewContent, warn: Warn) {
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
