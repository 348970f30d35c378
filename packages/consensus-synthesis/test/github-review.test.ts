// --github-review through the built CLI: the real @octokit/rest against the test kit's fake GitHub
// (GITHUB_API_URL), the reviewers and chairman against the fake provider server.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_GITHUB_TOKEN,
  makeTempRepo,
  startFakeGitHubServer,
  startFakeProviderServer,
  type FakeGitHubServer,
  type FakeProviderServer,
  type TempRepo,
} from '@adlc/testkit';
import { ConsensusOutputSchema, REVIEW_MARKER } from '../src/index.js';
import { cli, isChairman, reviewText } from './support.js';

const REPOSITORY = 'octo-org/app';
const PR = 7;

// Twelve lines: the change is on line 2, so line 12 lies outside every hunk of the diff.
const BEFORE = ['export function mean(xs) {', '  return 0;', '}', '', ...Array.from({ length: 7 }, (_, i) => `// note ${i + 1}`), 'export const unused = 1;', ''].join('\n');
const AFTER = BEFORE.replace('  return 0;', '  return xs.reduce((a, b) => a + b, 0) / xs.length;');

const SYNTHESIS = `## High Priority - Multiple Reviewers Agree
- [CRITICAL] Division by zero when xs is empty (src/app.js:2)
  - Reviewer A: "xs.length can be 0"
  - Reviewer B: "empty input divides by zero"

## Medium Priority - Single Reviewer, Significant
- [IMPORTANT] unused is never read @octocat (src/app.js:12)
  - Reviewer C: "dead export"

## Consider - Suggestions
- [SUGGESTION] Add a test for the empty list
  - Reviewer A: "no test covers []"

FINAL RECOMMENDATION: Address high priority issues before merging`;

let providers: FakeProviderServer;
let github: FakeGitHubServer;
let repo: TempRepo;
let base: string;
let head: string;
let scratch: string;

beforeAll(async () => {
  providers = await startFakeProviderServer();
});
afterAll(async () => {
  await providers.close();
});
beforeEach(async () => {
  providers.reset();
  providers.handle((r) => (isChairman(r) ? SYNTHESIS : reviewText({ severity: 'CRITICAL', line: 2, description: 'Division by zero when xs is empty.' })));
  github = await startFakeGitHubServer();
  repo = makeTempRepo({ files: { 'src/app.js': BEFORE } });
  base = repo.git('rev-parse', 'HEAD').trim();
  head = repo.commit('compute the mean', { 'src/app.js': AFTER });
  github.addPullRequest(REPOSITORY, PR, { headSha: head, diff: repo.git('diff', base, head) });
  scratch = mkdtempSync(join(tmpdir(), 'cs-github-'));
  writeFileSync(join(scratch, 'event.json'), JSON.stringify({ action: 'synchronize', pull_request: { number: PR } }));
  writeFileSync(join(scratch, 'summary.md'), '');
});
afterEach(async () => {
  await github.close();
  repo.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

function review(extra: string[] = [], env: Record<string, string> = {}, at = head) {
  return cli(
    ['--mode=code-review', `--base-sha=${base}`, `--head-sha=${at}`, '--github-review', '--seed=1', ...extra],
    repo.dir,
    { ...providers.env(), ...github.env(REPOSITORY), GITHUB_EVENT_PATH: join(scratch, 'event.json'), GITHUB_STEP_SUMMARY: join(scratch, 'summary.md'), ...env },
  );
}

const posts = () => github.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/pulls/${PR}/reviews`));
const graphql = () => github.requests.filter((r) => r.path === '/graphql');
/** Requests that change something on GitHub (the GraphQL ones that minimize included). */
const writes = () => github.requests.filter((r) => (r.method !== 'GET' && r.path !== '/graphql') || /minimizeComment/.test(r.body?.query ?? ''));

describe('--github-review', () => {
  it('posts one COMMENT review: a comment per item on a diff line, the rest and the recommendation in the body', async () => {
    const result = await review(['--json']);
    expect(result.exitCode, result.stderr).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.githubReview).toMatchObject({ status: 'posted', repository: REPOSITORY, pullRequest: PR, comments: 1, inBody: 2, removedComments: 0, warnings: [] });

    expect(posts()).toHaveLength(1);
    const sent = posts()[0]!.body;
    expect(sent).toMatchObject({ event: 'COMMENT', commit_id: head });
    // Only line 2 is in the diff; line 12 and the item without a place go to the body.
    expect(sent.comments.map((c: { path: string; line: number; side: string }) => [c.path, c.line, c.side])).toEqual([['src/app.js', 2, 'RIGHT']]);
    const comment: string = sent.comments[0].body;
    expect(comment).toContain('**High Priority** · CRITICAL · raised by ');
    expect(comment).toMatch(/raised by [ABC] \((Claude|Gemini|Codex), `[^`]+`\), [ABC] \((Claude|Gemini|Codex), `[^`]+`\)/);
    expect(comment).toContain('Division by zero when xs is empty (src/app.js:2)');
    expect(comment).toContain('> Reviewer A: "xs.length can be 0"');
    expect(comment).toContain(REVIEW_MARKER);

    const body: string = sent.body;
    expect(body.startsWith(REVIEW_MARKER)).toBe(true);
    expect(body).toContain('### consensus-synthesis: Address high priority issues before merging');
    expect(body).toContain('Gate: FAIL: 1 High Priority issue (--fail-on high)');
    expect(body).toContain('#### Not on a line of the diff');
    expect(body).toContain('**Medium Priority** · IMPORTANT');
    expect(body).toContain('(`src/app.js:12`)');
    expect(body).toContain('**Consider** · SUGGESTION');
    expect(body).toContain('@\u200bocto'); // a model's @mention does not notify anyone
    expect(body).toMatch(/Reviewers: [ABC] = \w+ \(`[^`]+`\), /);
    // The token is sent to GitHub, never printed.
    expect(posts()[0]!.headers.authorization).toBe(`token ${FAKE_GITHUB_TOKEN}`);
    expect(result.stdout + result.stderr).not.toContain(FAKE_GITHUB_TOKEN);
  });

  it('a second run on the same pull request replaces the first review instead of piling up', async () => {
    const first = await review();
    expect(first.exitCode, first.stderr).toBe(2);
    expect(first.stdout).toMatch(/^Pull request review: http:\/\/127\.0\.0\.1:\d+\/octo-org\/app\/pull\/7#pullrequestreview-\d+ \(1 on lines, 2 in the body\)$/m);
    const [firstReview] = github.reviews;
    const firstComment = github.comments[0]!;
    // Nothing earlier to hide: no GraphQL at all.
    expect(graphql()).toHaveLength(0);

    const second = await review(['--json']);
    expect(second.exitCode, second.stderr).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(second.stdout));
    expect(doc.githubReview).toMatchObject({ status: 'posted', comments: 1, removedComments: 1, supersededReviews: 1, minimizedReviews: 1, minimizeFailures: 0, warnings: [] });
    // The first review is hidden as outdated, through GraphQL's minimizeComment with its node id.
    expect(github.minimized).toEqual([{ nodeId: firstReview!.node_id, classifier: 'OUTDATED' }]);
    // One line comment on the pull request, the new one; the first review now points at the second.
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.id).not.toBe(firstComment.id);
    expect(github.reviews).toHaveLength(2);
    expect(firstReview!.body).toBe(`${REVIEW_MARKER}\nSuperseded by a newer consensus-synthesis review: ${github.reviews[1]!.html_url}`);
    expect(github.reviews[1]!.body).toContain('### consensus-synthesis:');
    expect(github.requests.some((r) => r.method === 'DELETE' && r.path === `/repos/${REPOSITORY}/pulls/comments/${firstComment.id}`)).toBe(true);

    // A third run retires the second review and leaves the already superseded first alone.
    const third = await review(['--json']);
    expect(ConsensusOutputSchema.parse(JSON.parse(third.stdout)).githubReview).toMatchObject({ removedComments: 1, supersededReviews: 1, minimizedReviews: 1 });
    expect(github.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/reviews/${firstReview!.id}`))).toHaveLength(1);
    expect(github.comments).toHaveLength(1);
    // The first is already hidden, so only the second is minimized now.
    expect(github.minimized.map((m) => m.nodeId)).toEqual([firstReview!.node_id, github.reviews[1]!.node_id]);
    expect(graphql().filter((r) => /minimizeComment/.test(r.body.query))).toHaveLength(2);
  });

  it('on GitHub Enterprise (GITHUB_API_URL ending in /api/v3) the review is hidden through /api/graphql', async () => {
    const enterprise = await startFakeGitHubServer({ enterprise: true });
    try {
      enterprise.addPullRequest(REPOSITORY, PR, { headSha: head, diff: repo.git('diff', base, head) });
      const env = enterprise.env(REPOSITORY);
      expect(env.GITHUB_API_URL).toMatch(/\/api\/v3$/);
      expect((await review([], env)).exitCode).toBe(2);
      const second = await review(['--json'], env);
      expect(ConsensusOutputSchema.parse(JSON.parse(second.stdout)).githubReview).toMatchObject({ status: 'posted', minimizedReviews: 1, warnings: [] });
      expect(enterprise.minimized).toEqual([{ nodeId: enterprise.reviews[0]!.node_id, classifier: 'OUTDATED' }]);
      expect(new Set(enterprise.requests.map((r) => r.path.split('/').slice(0, 3).join('/')))).toEqual(new Set(['/api/v3', '/api/graphql']));
    } finally {
      await enterprise.close();
    }
  });

  it('a failure to hide the earlier review is a warning in --json; the next run hides it', async () => {
    const first = await review();
    expect(first.exitCode, first.stderr).toBe(2);
    const [firstReview] = github.reviews;
    github.fail('POST', /^\/graphql$/, { status: 502, message: 'Bad gateway', times: 1 });

    const second = await review(['--json']);
    expect(second.exitCode, second.stderr).toBe(2);
    const doc = ConsensusOutputSchema.parse(JSON.parse(second.stdout));
    expect(doc.githubReview).toMatchObject({ status: 'posted', removedComments: 1, supersededReviews: 1, minimizedReviews: 0, minimizeFailures: 1 });
    expect(doc.githubReview!.warnings).toHaveLength(1);
    expect(doc.githubReview!.warnings[0]).toMatch(/^the earlier review could not be hidden: GitHub answered 502 \(Bad gateway[^)]*\); it stays visible$/);
    expect(second.stderr).toMatch(/WARNING: the earlier review could not be hidden: GitHub answered 502 \(Bad gateway/);
    expect(readFileSync(join(scratch, 'summary.md'), 'utf8')).toContain('could not be hidden');
    expect(github.minimized).toEqual([]);
    expect(second.stdout + second.stderr).not.toContain(FAKE_GITHUB_TOKEN);

    // GraphQL is back: the third run hides the second review and the first, which the failure left visible.
    const third = await review(['--json']);
    expect(ConsensusOutputSchema.parse(JSON.parse(third.stdout)).githubReview).toMatchObject({ minimizedReviews: 2, minimizeFailures: 0, warnings: [] });
    expect(github.minimized.map((m) => m.nodeId).sort()).toEqual([firstReview!.node_id, github.reviews[1]!.node_id].sort());
  });

  it('a 403 is a warning on stderr and in the job summary; the exit code stays the gate, the token never shows', async () => {
    github.fail('POST', /\/pulls\/\d+\/reviews$/, { status: 403, message: 'Resource not accessible by integration' });
    const result = await review();
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/WARNING: GitHub forbade the review of octo-org\/app#7 \(403: Resource not accessible by integration[^)]*\); the workflow needs "permissions: pull-requests: write"/);
    expect(result.stdout).toContain('Pull request review: not posted (see the warning above)');
    const summary = readFileSync(join(scratch, 'summary.md'), 'utf8');
    expect(summary).toContain('### consensus-synthesis: GitHub review');
    expect(summary).toContain('403: Resource not accessible by integration');
    for (const text of [result.stdout, result.stderr, summary]) expect(text).not.toContain(FAKE_GITHUB_TOKEN);

    const json = await review(['--json']);
    expect(json.exitCode).toBe(2);
    expect(ConsensusOutputSchema.parse(JSON.parse(json.stdout)).githubReview).toMatchObject({ status: 'failed', reviewId: null });
  });

  it('a bad token (401), a rate limit and an unreachable GitHub are warnings with the cause; the verdict is unchanged', async () => {
    const badToken = await review([], { GITHUB_TOKEN: 'ghs_wrongTokenWrongToken0000000000000' });
    expect(badToken.exitCode).toBe(2);
    expect(badToken.stderr).toMatch(/WARNING: GitHub refused the token \(401: Bad credentials/);
    expect(badToken.stdout + badToken.stderr).not.toContain('ghs_wrongTokenWrongToken0000000000000');

    github.fail('GET', /\/pulls\/\d+$/, { status: 403, message: 'API rate limit exceeded', headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1900000000' } });
    const limited = await review();
    expect(limited.exitCode).toBe(2);
    expect(limited.stderr).toMatch(/WARNING: GitHub's rate limit was reached \(403\) \(it resets at 2030-03-17T17:46:40\.000Z\)/);

    // Nothing listening: GitHub cannot be reached.
    const down = await startFakeGitHubServer();
    await down.close();
    const unreachable = await review([], { GITHUB_API_URL: down.url });
    expect(unreachable.exitCode).toBe(2);
    expect(unreachable.stderr).toMatch(/WARNING: GitHub could not be reached at http:\/\/127\.0\.0\.1:\d+ \(/);
  });

  it('puts every item in the body when the pull request has moved past the reviewed commit', async () => {
    github.addPullRequest(REPOSITORY, PR, { headSha: 'f'.repeat(40), diff: repo.git('diff', base, head) });
    const result = await review(['--json']);
    const doc = ConsensusOutputSchema.parse(JSON.parse(result.stdout));
    expect(doc.githubReview).toMatchObject({ status: 'posted', comments: 0, inBody: 3 });
    expect(posts()[0]!.body.comments).toEqual([]);
    expect(posts()[0]!.body.body).toContain(`this review is of ${head.slice(0, 12)}`);
  });

  it('without a token or a pull request it exits 1 before any model is asked', async () => {
    const noToken = await review([], { GITHUB_TOKEN: '' });
    expect(noToken.exitCode).toBe(1);
    expect(noToken.stderr).toMatch(/^consensus-synthesis: error: --github-review needs GITHUB_TOKEN$/m);
    const noPr = await review([], { GITHUB_EVENT_PATH: '' });
    expect(noPr.exitCode).toBe(1);
    expect(noPr.stderr).toMatch(/--github-review needs the pull request/);
    expect(providers.requests).toHaveLength(0);
    expect(github.requests).toHaveLength(0);
    // --github-pr names it explicitly.
    const explicit = await review(['--github-pr', String(PR), '--json'], { GITHUB_EVENT_PATH: '' });
    expect(explicit.exitCode, explicit.stderr).toBe(2);
    expect(ConsensusOutputSchema.parse(JSON.parse(explicit.stdout)).githubReview?.status).toBe('posted');
  });

  it('a re-run with nothing left to review posts no review and retires the earlier one: comments deleted, body replaced, hidden', async () => {
    const first = await review();
    expect(first.exitCode, first.stderr).toBe(2);
    const [firstReview] = github.reviews;
    // Someone quoting the tool's review carries its marker; that review is not the tool's to retire.
    const quoted = github.addReview(REPOSITORY, PR, { login: 'octocat', body: `${REVIEW_MARKER}\nI agree with the bot` });
    // The change is reverted: the pull request's diff is now empty.
    const reverted = repo.commit('revert the mean', { 'src/app.js': BEFORE });
    github.addPullRequest(REPOSITORY, PR, { headSha: reverted, diff: repo.git('diff', base, reverted) });
    const before = github.requests.length;
    const asked = providers.requests.length;

    const empty = await review(['--json'], {}, reverted);
    expect(empty.exitCode, empty.stderr).toBe(0);
    const doc = ConsensusOutputSchema.parse(JSON.parse(empty.stdout));
    expect(doc.chairman).toBeNull();
    expect(doc.githubReview).toEqual({
      status: 'skipped',
      repository: REPOSITORY,
      pullRequest: PR,
      reviewId: null,
      url: null,
      comments: 0,
      inBody: 0,
      removedComments: 1,
      supersededReviews: 1,
      minimizedReviews: 1,
      minimizeFailures: 0,
      warnings: [],
    });
    expect(providers.requests).toHaveLength(asked);
    expect(posts()).toHaveLength(1);
    expect(github.comments).toEqual([]);
    expect(firstReview!.body).toBe(
      `${REVIEW_MARKER}\nThe latest consensus-synthesis run found no change to review (at ${reverted.slice(0, 12)}: the diff is empty); the items this review raised no longer apply.`,
    );
    expect(github.minimized).toEqual([{ nodeId: firstReview!.node_id, classifier: 'OUTDATED' }]);
    expect(quoted.body).toBe(`${REVIEW_MARKER}\nI agree with the bot`);
    expect(github.requests.slice(before).some((r) => r.path.includes(String(quoted.id)) || r.body?.variables?.id === quoted.node_id)).toBe(false);

    // Once retired, a further empty run finds nothing left to change.
    const again = await review([], {}, reverted);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain('Pull request review: none posted, nothing to review');
    const writesBefore = writes().length;
    const third = await review(['--json'], {}, reverted);
    expect(ConsensusOutputSchema.parse(JSON.parse(third.stdout)).githubReview).toMatchObject({ status: 'skipped', removedComments: 0, supersededReviews: 0, minimizedReviews: 0 });
    expect(writes()).toHaveLength(writesBefore);
    expect(empty.stdout + empty.stderr + again.stdout + again.stderr).not.toContain(FAKE_GITHUB_TOKEN);
  });

  it('every file excluded retires the earlier review too, unless the pull request has moved on; a GitHub failure is a warning', async () => {
    const first = await review();
    expect(first.exitCode, first.stderr).toBe(2);
    const [firstReview] = github.reviews;
    const diff = repo.git('diff', base, head);

    // A run of an older commit leaves the reviews of the newer head alone.
    github.addPullRequest(REPOSITORY, PR, { headSha: 'f'.repeat(40), diff });
    const moved = await review(['--exclude=src/**', '--json']);
    expect(moved.exitCode, moved.stderr).toBe(0);
    const movedReview = ConsensusOutputSchema.parse(JSON.parse(moved.stdout)).githubReview!;
    expect(movedReview).toMatchObject({ status: 'skipped', removedComments: 0, supersededReviews: 0, minimizedReviews: 0 });
    expect(movedReview.warnings).toEqual([`the pull request's head is now ffffffffffff, past the commit this run found nothing to review in (${head.slice(0, 12)}); the earlier reviews were left as they were`]);
    expect(github.comments).toHaveLength(1);

    // GraphQL down: nothing is retired (whose the reviews are is unknown), and the run still passes.
    github.addPullRequest(REPOSITORY, PR, { headSha: head, diff });
    github.fail('POST', /^\/graphql$/, { status: 403, message: 'Resource not accessible by integration' });
    const refused = await review(['--exclude=src/**']);
    expect(refused.exitCode, refused.stderr).toBe(0);
    expect(refused.stderr).toMatch(/WARNING: GitHub forbade the review of octo-org\/app#7 \(403: Resource not accessible by integration/);
    expect(refused.stdout).toContain('Pull request review: not posted (see the warning above)');
    expect(github.comments).toHaveLength(1);
    expect(firstReview!.body).toContain('### consensus-synthesis:');
  });

  it('every file excluded: the earlier review says why it no longer applies', async () => {
    await review();
    const [firstReview] = github.reviews;
    const result = await review(['--exclude=src/**']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('Pull request review: none posted, nothing to review; earlier ones retired: 1 line comment(s) removed, 1 review(s) marked as no longer applying, 1 review(s) hidden');
    expect(firstReview!.body).toContain(`found no change to review (at ${head.slice(0, 12)}: every changed file is excluded by --exclude)`);
    expect(github.comments).toEqual([]);
  });
});
