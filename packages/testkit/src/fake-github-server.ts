// A loopback fake of the part of GitHub's REST API that reviews pull requests: the pull request,
// its files (patches cut from a real `git diff`), reviews and review comments, kept in memory and
// recording every request; and of its GraphQL endpoint, enough to hide (minimize) a review. Like
// GitHub, it refuses a review comment on a line outside the diff (422) and a wrong token (401); a
// test can make any request fail with a status of its choosing. Tests point the real
// @octokit/rest at it through GITHUB_API_URL.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerGraphql, type Minimized } from './fake-github-graphql.js';
import { listenOnLoopback, readBody, sendJson } from './loopback.js';

export const FAKE_GITHUB_TOKEN = 'ghs_fakeGitHubTestToken000000000000000000';
export const FAKE_GITHUB_BOT = 'github-actions[bot]';

export interface GitHubRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface FakeReview {
  id: number;
  node_id: string;
  body: string;
  commit_id: string;
  event: string;
  user: { login: string };
  html_url: string;
  state: string;
}

export interface FakeReviewComment {
  id: number;
  node_id: string;
  pull_request_review_id: number;
  path: string;
  line: number;
  side: string;
  body: string;
  user: { login: string };
}

export interface FakeFailure {
  status: number;
  message?: string;
  headers?: Record<string, string>;
  /** Fail only this many matching requests, then answer as usual (default: every one). */
  times?: number;
}

export interface FakeGitHubServer {
  readonly url: string;
  readonly requests: GitHubRequest[];
  readonly reviews: FakeReview[];
  readonly comments: FakeReviewComment[];
  /** Reviews and comments hidden through GraphQL's minimizeComment, in order, by node id. */
  readonly minimized: Minimized[];
  /** A pull request of `owner/repo` whose files are the sections of `diff` (a `git diff` output). */
  addPullRequest(repository: string, number: number, pr: { headSha: string; diff: string }): void;
  /** A review already on the pull request, by `login` (someone other than the token's account, say). */
  addReview(repository: string, number: number, review: { login: string; body: string }): FakeReview;
  /** Requests matching `method` and `path` (a regex on the URL path) answer with this failure. */
  fail(method: string, path: RegExp, failure: FakeFailure): void;
  /** GITHUB_API_URL, GITHUB_TOKEN and GITHUB_REPOSITORY for a CLI run. Requests record the path as sent (with GitHub Enterprise's /api/v3). */
  env(repository: string): Record<string, string>;
  close(): Promise<void>;
}

interface PullRequest {
  headSha: string;
  files: Array<{ filename: string; status: string; patch?: string }>;
}

/** The per-file sections of a `git diff`: the new path and the patch from its first hunk on. */
export function splitGitDiff(diff: string): PullRequest['files'] {
  return diff
    .split(/^(?=diff --git )/m)
    .filter((section) => section.startsWith('diff --git '))
    .map((section) => {
      const header = /^diff --git a\/(.+?) b\/(.+)$/m.exec(section)!;
      const hunks = section.indexOf('\n@@');
      const patch = hunks === -1 ? undefined : section.slice(hunks + 1).replace(/\n$/, '');
      const status = /^new file mode/m.test(section) ? 'added' : /^deleted file mode/m.test(section) ? 'removed' : 'modified';
      return { filename: header[2]!, status, ...(patch === undefined ? {} : { patch }) };
    });
}

function rightLines(patch: string | undefined): Set<number> {
  const lines = new Set<number>();
  let next = 0;
  for (const row of (patch ?? '').split('\n')) {
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(row);
    if (hunk) next = Number(hunk[1]);
    else if (next > 0 && (row.startsWith('+') || row.startsWith(' '))) lines.add(next++);
  }
  return lines;
}

/** Where GitHub Enterprise Server keeps its APIs (github.com has them at the root). */
const ENTERPRISE_REST = '/api/v3';
const ENTERPRISE_GRAPHQL = '/api/graphql';

export interface FakeGitHubOptions {
  token?: string;
  /** Serve as GitHub Enterprise Server does: REST under /api/v3 (GITHUB_API_URL ends in it), GraphQL at /api/graphql. */
  enterprise?: boolean;
}

/** The route of a request's path: GitHub Enterprise's prefixes taken off; null for a path GitHub does not serve. */
function routeOf(pathname: string, enterprise: boolean): string | null {
  if (!enterprise) return pathname;
  if (pathname === ENTERPRISE_GRAPHQL) return '/graphql';
  return pathname.startsWith(`${ENTERPRISE_REST}/`) ? pathname.slice(ENTERPRISE_REST.length) : null;
}

export async function startFakeGitHubServer(options: FakeGitHubOptions = {}): Promise<FakeGitHubServer> {
  const token = options.token ?? FAKE_GITHUB_TOKEN;
  const enterprise = options.enterprise ?? false;
  const requests: GitHubRequest[] = [];
  const reviews: FakeReview[] = [];
  const comments: FakeReviewComment[] = [];
  const minimized: Minimized[] = [];
  const pulls = new Map<string, PullRequest>();
  const failures: Array<{ method: string; path: RegExp; failure: FakeFailure }> = [];
  let nextId = 1000;
  let url = '';

  const addReview = (repository: string, number: number, pr: PullRequest, r: { login: string; body: string; commitId?: string; event?: string }) => {
    const id = nextId++;
    const review: FakeReview = {
      id,
      node_id: `PRR_fake${id}`,
      body: r.body,
      commit_id: r.commitId ?? pr.headSha,
      event: r.event ?? 'COMMENT',
      user: { login: r.login },
      html_url: `${url}/${repository}/pull/${number}#pullrequestreview-${id}`,
      state: (r.event ?? 'COMMENT') === 'COMMENT' ? 'COMMENTED' : String(r.event),
    };
    reviews.push(review);
    return review;
  };

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    const body = raw === '' ? null : JSON.parse(raw);
    requests.push({ method, path: pathname, headers: req.headers, body });
    const path = routeOf(pathname, enterprise);
    if (path === null) return sendJson(res, 404, { message: `GitHub Enterprise serves nothing at ${pathname}` });
    const failure = failures.find((f) => f.method === method && f.path.test(path) && (f.failure.times ?? 1) > 0)?.failure;
    if (failure) {
      if (failure.times !== undefined) failure.times--;
      res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
      return res.end(JSON.stringify({ message: failure.message ?? 'Failure', documentation_url: 'https://docs.github.com/rest' }));
    }
    // GitHub takes either scheme, in any case.
    const given = /^(?:token|bearer) (.*)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    if (given !== token) return sendJson(res, 401, { message: 'Bad credentials' });

    if (method === 'POST' && path === '/graphql') {
      const subjects = () => [...reviews, ...comments].map((x) => ({ nodeId: x.node_id, login: x.user.login }));
      return sendJson(res, 200, answerGraphql(body, { viewer: FAKE_GITHUB_BOT, subjects, minimized }));
    }

    const pullPath = /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)(\/.*)?$/.exec(path);
    const pr = pullPath ? pulls.get(`${pullPath[1]}#${pullPath[2]}`) : undefined;
    const rest = pullPath?.[3] ?? '';
    const number = Number(pullPath?.[2]);
    const reviewsOf = () => reviews.filter((r) => r.html_url.includes(`/pull/${number}#`));

    if (pullPath && !pr) return sendJson(res, 404, { message: 'Not Found' });
    if (pr && method === 'GET' && rest === '') return sendJson(res, 200, { number, head: { sha: pr.headSha }, state: 'open' });
    if (pr && method === 'GET' && rest === '/files') return sendJson(res, 200, pr.files);
    if (pr && method === 'GET' && rest === '/reviews') return sendJson(res, 200, reviewsOf());
    if (pr && method === 'GET' && rest === '/comments') {
      const ids = new Set(reviewsOf().map((r) => r.id));
      return sendJson(res, 200, comments.filter((c) => ids.has(c.pull_request_review_id)));
    }
    if (pr && method === 'POST' && rest === '/reviews') {
      const asked: Array<{ path: string; line: number; side?: string; body: string }> = body.comments ?? [];
      const outside = asked.find((c) => (c.side ?? 'RIGHT') !== 'RIGHT' || !rightLines(pr.files.find((f) => f.filename === c.path)?.patch).has(c.line));
      if (outside) {
        return sendJson(res, 422, { message: 'Unprocessable Entity', errors: [`Line could not be resolved: ${outside.path}:${outside.line}`] });
      }
      const review = addReview(pullPath![1]!, number, pr, { login: FAKE_GITHUB_BOT, body: body.body ?? '', commitId: body.commit_id, event: body.event });
      const id = review.id;
      for (const c of asked) {
        const commentId = nextId++;
        comments.push({ id: commentId, node_id: `PRRC_fake${commentId}`, pull_request_review_id: id, path: c.path, line: c.line, side: c.side ?? 'RIGHT', body: c.body, user: { login: FAKE_GITHUB_BOT } });
      }
      return sendJson(res, 200, review);
    }
    const reviewPath = /^\/reviews\/(\d+)$/.exec(rest);
    if (pr && method === 'PUT' && reviewPath) {
      const review = reviewsOf().find((r) => r.id === Number(reviewPath[1]));
      if (!review) return sendJson(res, 404, { message: 'Not Found' });
      review.body = body.body;
      return sendJson(res, 200, review);
    }
    const commentPath = /^\/repos\/[^/]+\/[^/]+\/pulls\/comments\/(\d+)$/.exec(path);
    if (commentPath && (method === 'DELETE' || method === 'PATCH')) {
      const index = comments.findIndex((c) => c.id === Number(commentPath[1]));
      if (index === -1) return sendJson(res, 404, { message: 'Not Found' });
      if (method === 'PATCH') {
        comments[index]!.body = body.body;
        return sendJson(res, 200, comments[index]);
      }
      comments.splice(index, 1);
      res.writeHead(204);
      return res.end();
    }
    return sendJson(res, 404, { message: `the fake has no route for ${method} ${path}` });
  };

  const server = await listenOnLoopback((req, res) => {
    answer(req, res).catch((error: unknown) => sendJson(res, 500, { message: String(error) }));
  });
  url = server.url;
  return {
    url,
    requests,
    reviews,
    comments,
    minimized,
    addPullRequest(repository, number, pr) {
      pulls.set(`${repository}#${number}`, { headSha: pr.headSha, files: splitGitDiff(pr.diff) });
    },
    addReview(repository, number, review) {
      const pr = pulls.get(`${repository}#${number}`);
      if (!pr) throw new Error(`the fake has no pull request ${repository}#${number}`);
      return addReview(repository, number, pr, review);
    },
    fail(method, path, failure) {
      failures.push({ method, path, failure: { ...failure } });
    },
    env: (repository) => ({ GITHUB_API_URL: enterprise ? `${url}${ENTERPRISE_REST}` : url, GITHUB_TOKEN: token, GITHUB_REPOSITORY: repository }),
    close: () => server.close(),
  };
}
