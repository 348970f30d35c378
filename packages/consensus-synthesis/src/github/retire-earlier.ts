// Retires the tool's earlier reviews of a pull request: their line comments are deleted, their
// bodies replaced by a note (a link to the new review, or "no change left to review"), and the
// reviews hidden as outdated. REST can neither delete nor hide a submitted review; GraphQL's
// minimizeComment can hide one (a review is Minimizable), by the node id REST gives with it.
// Each step that fails is a warning and the next one is still tried.

import type { Octokit } from '@octokit/rest';
import type { GitHubReview } from '../report/output-schema.js';
import { REVIEW_MARKER } from './review-content.js';

export type Authored = { id: number; node_id?: string; user?: { login?: string } | null; body?: string | null };
/** Records a failed request as a warning: `prefix`, GitHub's cause, and what was left undone. */
export type Warn = (error: unknown, prefix: string, undone?: string) => void;
type Tally = Pick<GitHubReview, 'removedComments' | 'supersededReviews' | 'minimizedReviews' | 'minimizeFailures'>;
type PullParams = { owner: string; repo: string; pull_number: number };

/** Opens the body of a review replaced by a link to its successor. */
export const SUPERSEDED = 'Superseded by a newer consensus-synthesis review';
/** Opens the body of a review retired by a run that found nothing left to review. */
export const NO_CHANGE = 'The latest consensus-synthesis run found no change to review';

/** GraphQL's nodes(ids:) takes at most 100 ids a call. */
const NODES_PER_QUERY = 100;

const NODE_STATES = `query ($ids: [ID!]!) {
  nodes(ids: $ids) { id ... on Comment { viewerDidAuthor } ... on Minimizable { isMinimized } }
}`;
const MINIMIZE = `mutation ($id: ID!) {
  minimizeComment(input: { subjectId: $id, classifier: OUTDATED }) { minimizedComment { isMinimized } }
}`;

export interface NodeState {
  /** Written by the account of the token. */
  viewerDidAuthor: boolean;
  isMinimized: boolean;
}

export const hasMarker = (x: Authored) => (x.body ?? '').includes(REVIEW_MARKER);

/** A review an earlier run already retired (its body points on, or says nothing is left). */
const isRetired = (x: Authored) => (x.body ?? '').includes(SUPERSEDED) || (x.body ?? '').includes(NO_CHANGE);

/** Who wrote each node and whether it is hidden, asked of GraphQL by node id. */
export async function nodeStates(octokit: Octokit, nodes: readonly Authored[]): Promise<Map<string, NodeState>> {
  const ids = nodes.flatMap((x) => (x.node_id ? [x.node_id] : []));
  const states = new Map<string, NodeState>();
  for (let at = 0; at < ids.length; at += NODES_PER_QUERY) {
    const answer = await octokit.graphql<{ nodes: Array<({ id: string } & Partial<NodeState>) | null> }>(NODE_STATES, { ids: ids.slice(at, at + NODES_PER_QUERY) });
    for (const node of answer.nodes) {
      if (node) states.set(node.id, { viewerDidAuthor: node.viewerDidAuthor === true, isMinimized: node.isMinimized === true });
    }
  }
  return states;
}

/**
 * Retires the earlier reviews and comments that are the tool's (`mine`): comments deleted, bodies not
 * yet retired replaced by `body`, reviews hidden (`known`: their states, when already asked).
 */
export async function retire(
  octokit: Octokit,
  pr: PullParams,
  earlier: { reviews: readonly Authored[]; comments: readonly Authored[] },
  mine: (x: Authored) => boolean,
  body: string,
  tally: Tally,
  warn: Warn,
  known?: Map<string, NodeState>,
): Promise<void> {
  const reviews = earlier.reviews.filter(mine);
  await deleteComments(octokit, pr, earlier.comments.filter(mine), tally, warn);
  await rewriteBodies(octokit, pr, reviews.filter((r) => !isRetired(r)), body, tally, warn);
  await hideReviews(octokit, reviews, tally, warn, known);
}

async function deleteComments(octokit: Octokit, pr: PullParams, comments: readonly Authored[], tally: Tally, warn: Warn): Promise<void> {
  for (const comment of comments) {
    await octokit.rest.pulls.deleteReviewComment({ owner: pr.owner, repo: pr.repo, comment_id: comment.id }).then(
      () => void tally.removedComments++,
      (error: unknown) => warn(error, 'an earlier comment could not be removed: ', 'it stays on its line'),
    );
  }
}

/** Replaces each review's body by `body` (which carries the marker, so later runs still find it). */
async function rewriteBodies(octokit: Octokit, pr: PullParams, reviews: readonly Authored[], body: string, tally: Tally, warn: Warn): Promise<void> {
  for (const review of reviews) {
    await octokit.rest.pulls.updateReview({ ...pr, review_id: review.id, body }).then(
      () => void tally.supersededReviews++,
      (error: unknown) => warn(error, 'the body of an earlier review could not be replaced: ', 'it keeps its old one'),
    );
  }
}

/**
 * Hides the reviews not hidden yet as OUTDATED. Their state is asked first unless `known`, so a review
 * a failed run left visible is hidden by the next one, and one already hidden is not asked again.
 */
async function hideReviews(octokit: Octokit, reviews: readonly Authored[], tally: Tally, warn: Warn, known?: Map<string, NodeState>): Promise<void> {
  const withId = reviews.filter((r) => r.node_id);
  if (withId.length === 0) return;
  let states = known;
  if (states === undefined) {
    try {
      states = await nodeStates(octokit, withId);
    } catch (error) {
      tally.minimizeFailures += withId.length;
      warn(error, `the earlier review${withId.length === 1 ? '' : 's'} could not be hidden: `, withId.length === 1 ? 'it stays visible' : 'they stay visible');
      return;
    }
  }
  for (const review of withId.filter((r) => states.get(r.node_id!)?.isMinimized !== true)) {
    await octokit.graphql(MINIMIZE, { id: review.node_id }).then(
      () => void tally.minimizedReviews++,
      (error: unknown) => {
        tally.minimizeFailures++;
        warn(error, 'an earlier review could not be hidden: ', 'it stays visible');
      },
    );
  }
}
